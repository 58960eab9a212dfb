#include "mapgen/draft.h"

namespace mapgen {

Draft::Draft(const core::HexIdScheme& ids) : ids_(ids), hexes_(ids.hexes()) {
  for (size_t i = 0; i < hexes_.size(); ++i) index_.emplace(hexes_[i], int(i));
}

const DraftHex* Draft::find(core::Hex h) const {
  const auto it = cells_.find(h);
  return it == cells_.end() ? nullptr : &it->second;
}

void Draft::add_side(core::Hex a, core::Hex b, const std::string& feature) {
  if (feature.empty() || (!on_map(a) && !on_map(b)) || core::direction_to(a, b) < 0) return;
  sides_[core::HexSide::between(a, b).key()].insert(feature);
}

const std::set<std::string>* Draft::side(core::HexSide s) const {
  const auto it = sides_.find(s.key());
  return it == sides_.end() ? nullptr : &it->second;
}

void Draft::add_side_attr(core::Hex a, core::Hex b, const std::string& key, const std::string& value) {
  if ((!on_map(a) && !on_map(b)) || core::direction_to(a, b) < 0) return;
  side_attrs_[core::HexSide::between(a, b).key()].emplace(key, value);
}

const std::map<std::string, std::string>* Draft::side_attrs(core::HexSide s) const {
  const auto it = side_attrs_.find(s.key());
  return it == side_attrs_.end() ? nullptr : &it->second;
}

}  // namespace mapgen
