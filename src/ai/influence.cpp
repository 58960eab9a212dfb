#include "ai/influence.h"

#include <algorithm>

namespace ai {

ValueIndex::ValueIndex(const core::UnitCatalog& catalog)
    : attack(catalog.value_index("attack")), defense(catalog.value_index("defense")), ma(catalog.value_index("ma")) {}

int ValueIndex::strength(const core::UnitCatalog& c, const core::UnitState& u) const {
  if (attack < 0 && defense < 0) return c.value(u.def, u.steps_lost, 0);
  return get(c, u, attack) + get(c, u, defense);
}

InfluenceMap::InfluenceMap(const core::Rules& rules) : rules_(&rules), values_(rules.catalog()) {
  const core::Map& map = rules.map();
  hexes_.resize(size_t(map.size()));
  for (int i = 0; i < map.size(); ++i) hexes_[size_t(i)] = map.hex_at(i);
  for (auto& side : influence_) side.assign(hexes_.size(), 0.0f);
}

void InfluenceMap::compute(const core::State& s) {
  const core::UnitCatalog& catalog = rules_->catalog();
  for (auto& side : influence_) std::fill(side.begin(), side.end(), 0.0f);
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    const core::UnitState& us = s.units[u];
    if (us.where != core::Where::OnMap) continue;
    const int side = catalog[us.def].side;
    if (side < 0 || side > 1) continue;
    const float strength = float(values_.strength(catalog, us));
    // Reach: the move allowance (in hexes of the cheapest terrain) plus the attack.
    const int reach = std::clamp(values_.ma < 0 ? 4 : values_.get(catalog, us, values_.ma), 1, 20) + 1;
    std::vector<float>& out = influence_[size_t(side)];
    for (size_t i = 0; i < hexes_.size(); ++i) {
      const int d = core::distance(us.hex, hexes_[i]);
      if (d <= reach) out[i] += strength * float(reach + 1 - d) / float(reach + 1);
    }
  }
}

float InfluenceMap::at(int side, core::Hex h) const {
  const int i = rules_->map().index(h);
  return i < 0 ? 0.0f : at(side, i);
}

bool InfluenceMap::front(core::Hex h, float ratio) const {
  const float a = at(0, h), b = at(1, h);
  return a > 0 && b > 0 && a <= ratio * b && b <= ratio * a;
}

}  // namespace ai
