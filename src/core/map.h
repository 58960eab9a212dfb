// A game map: which hexes exist, their terrain, hexside features, named places, map
// edges and named areas (entry areas, playing areas, zones). Loaded from the
// versioned text format in docs/map-format.md; immutable once loaded. Terrain and
// hexside vocabularies are the game's own and are declared in the file.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/hex.h"
#include "core/hex_id.h"

namespace core {

using TerrainMask = uint32_t;  // bit i = terrain kind i of the map's vocabulary
using SideMask = uint32_t;     // bit i = hexside feature i of the map's vocabulary

enum EdgeBits : uint8_t { kEdgeNorth = 1, kEdgeEast = 2, kEdgeSouth = 4, kEdgeWest = 8 };

struct Area {
  std::string name;  // "entry:A", "play:7.3", "trafficjam"
  std::vector<Hex> hexes;
};

// One problem found while reading or validating a map file: "file:line: reason".
struct MapIssue {
  std::string file;
  int line = 0;
  std::string reason;
  std::string to_string() const;
};

class Map {
 public:
  // Reads a map file (and, if given, an owner override file that wins over it).
  // Returns nullptr and fills `issues` with every defect found when anything is wrong.
  static std::unique_ptr<Map> load(const std::string& path, std::vector<MapIssue>& issues,
                                   const std::string& override_path = "");
  static std::unique_ptr<Map> parse(std::string_view text, const std::string& file_name, std::vector<MapIssue>& issues);
  // The same with an override text (file name used in its issues).
  static std::unique_ptr<Map> parse(std::string_view text, const std::string& file_name, std::string_view override_text,
                                    const std::string& override_name, std::vector<MapIssue>& issues);
  // The map in the text format, deterministic (parse(save()) gives an equal map).
  std::string save() const;

  const std::string& game() const;
  const HexIdScheme& ids() const;

  // Hexes. index() is dense in [0, size()) and -1 off the map.
  int size() const;
  bool contains(Hex h) const;
  int index(Hex h) const;
  Hex hex_at(int index) const;

  // Vocabularies.
  const std::vector<std::string>& terrain_names() const;
  const std::vector<std::string>& side_feature_names() const;
  int terrain_bit(std::string_view name) const;       // -1 when not in the vocabulary
  int side_feature_bit(std::string_view name) const;  // -1 when not in the vocabulary

  // Per hex and hexside. A side is known from both its hexes, and a side between a
  // map hex and an off-map hex (a road leaving the edge) can carry features too.
  TerrainMask terrain(Hex h) const;  // 0 off the map
  bool has_terrain(Hex h, int bit) const { return bit >= 0 && (terrain(h) >> bit) & 1u; }
  SideMask side(HexSide s) const;
  SideMask side(Hex h, int dir) const;  // the side of h in direction dir
  bool has_side(Hex h, int dir, int bit) const { return bit >= 0 && (side(h, dir) >> bit) & 1u; }
  // EdgeBits of the map edges this hex lies on: computed from the sheets' outline
  // unless the file declares them.
  uint8_t edges(Hex h) const;
  int elevation(Hex h) const;  // 0 unless declared

  // Free-form attributes, e.g. a bridge's build date or a VP value: "vp=3".
  std::string_view attr(Hex h, std::string_view key) const;  // "" when absent
  std::string_view attr(HexSide s, std::string_view key) const;

  // Named places.
  std::string_view place(Hex h) const;  // "" when none
  std::optional<Hex> find_place(std::string_view name) const;
  std::vector<std::pair<Hex, std::string>> places() const;

  // Named areas.
  const std::vector<Area>& areas() const;
  const Area* area(std::string_view name) const;

  // Same scheme, vocabularies, hexes, sides, places, attributes, edges and areas.
  friend bool operator==(const Map& a, const Map& b);

  ~Map();

 private:
  // The map generator writes the text format and calls parse(), so the content stays
  // private to map.cpp.
  struct Impl;
  friend class MapReader;
  explicit Map(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Validates a map file (and optional override file) and returns every issue found.
std::vector<MapIssue> validate_map_file(const std::string& path, const std::string& override_path = "");

}  // namespace core
