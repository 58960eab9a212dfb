// A map being generated: the game's hexes with terrain words, places, attributes and
// hexside features, before it is written in the map text format (map_text.h).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/hex.h"
#include "core/hex_id.h"

namespace mapgen {

struct DraftHex {
  std::set<std::string> terrain;
  std::string place;
  std::map<std::string, std::string> attrs;
};

class Draft {
 public:
  explicit Draft(const core::HexIdScheme& ids);

  const core::HexIdScheme& ids() const { return ids_; }
  const std::vector<core::Hex>& hexes() const { return hexes_; }
  bool on_map(core::Hex h) const { return index_.count(h) > 0; }
  core::Point centre(core::Hex h) const { return core::hex_to_point(h, ids_.orientation()); }
  core::Hex hex_at(core::Point p) const { return core::point_to_hex(p, ids_.orientation()); }

  DraftHex& cell(core::Hex h) { return cells_[h]; }
  const DraftHex* find(core::Hex h) const;

  // Hexside features, kept only for sides with at least one hex on the map.
  void add_side(core::Hex a, core::Hex b, const std::string& feature);
  const std::set<std::string>* side(core::HexSide s) const;
  std::map<uint64_t, std::set<std::string>>& sides() { return sides_; }
  // A hexside attribute; the first value given for a key stays.
  void add_side_attr(core::Hex a, core::Hex b, const std::string& key, const std::string& value);
  const std::map<std::string, std::string>* side_attrs(core::HexSide s) const;

 private:
  const core::HexIdScheme& ids_;
  std::vector<core::Hex> hexes_;
  std::unordered_map<core::Hex, int> index_;
  std::map<core::Hex, DraftHex> cells_;
  std::map<uint64_t, std::set<std::string>> sides_;
  std::map<uint64_t, std::map<std::string, std::string>> side_attrs_;
};

}  // namespace mapgen
