#include "core/units.h"

#include <algorithm>
#include <stdexcept>

namespace core {

int UnitCatalog::value_index(std::string_view name) const {
  for (size_t i = 0; i < value_names_.size(); ++i)
    if (value_names_[i] == name) return int(i);
  return -1;
}

int UnitCatalog::add(UnitDef def) {
  if (find(def.id) >= 0) throw std::invalid_argument("duplicate unit id " + def.id);
  defs_.push_back(std::move(def));
  return int(defs_.size()) - 1;
}

int UnitCatalog::find(std::string_view id) const {
  for (size_t i = 0; i < defs_.size(); ++i)
    if (defs_[i].id == id) return int(i);
  return -1;
}

int UnitCatalog::value(int def, int steps_lost, int value_index) const {
  const auto& sides = defs_[size_t(def)].values;
  if (sides.empty()) return 0;
  const size_t side = std::min(size_t(steps_lost), sides.size() - 1);
  const auto& vals = sides[side];
  return size_t(value_index) < vals.size() ? vals[size_t(value_index)].value : 0;
}

}  // namespace core
