#include "ai/evaluator.h"

#include "ai/ard2_evaluator.h"

#include <algorithm>

namespace ai {

GenericEvaluator::GenericEvaluator(const core::Rules& rules)
    : rules_(rules), values_(rules.catalog()), vp_hexes_(rules.vp_hexes()) {}

double GenericEvaluator::final_value(const core::State& s, int side) {
  if (s.result_side == core::kNoSide) return 0.0;
  const double margin = kWin + 100.0 * s.result_level;
  return s.result_side == side ? margin : -margin;
}

double GenericEvaluator::material(const core::State& s) const {
  const core::UnitCatalog& catalog = rules_.catalog();
  double total = 0;
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    const core::UnitState& us = s.units[u];
    if (us.where == core::Where::Eliminated) continue;
    const int side = catalog[us.def].side;
    const double v = values_.strength(catalog, us);
    total += side == 0 ? v : side == 1 ? -v : 0.0;
  }
  return total;
}

double GenericEvaluator::evaluate(const core::State& s, int side) {
  if (s.over) return final_value(s, side);
  double v = material(s);
  // A VP hex counts for the side with a unit in it (ASSUMED: occupation as a
  // stand-in for control, which each game defines in its own way).
  const core::UnitCatalog& catalog = rules_.catalog();
  for (const core::VpHex& vh : vp_hexes_) {
    for (core::UnitId u = 0; u < s.unit_count; ++u) {
      const core::UnitState& us = s.units[u];
      if (us.where != core::Where::OnMap || us.hex != vh.hex) continue;
      v += catalog[us.def].side == 0 ? 4.0 * vh.vp : -4.0 * vh.vp;
      break;
    }
  }
  return side == 0 ? v : -v;
}

ToyEvaluator::ToyEvaluator(const core::Rules& rules) : GenericEvaluator(rules), influence_(rules) {
  const core::Map& map = rules.map();
  const int town = map.terrain_bit("town");
  for (int i = 0; i < map.size(); ++i)
    if (map.has_terrain(map.hex_at(i), town)) town_ = map.hex_at(i);
}

double ToyEvaluator::evaluate(const core::State& s, int side) {
  if (s.over) return final_value(s, side);
  const core::UnitCatalog& catalog = rules_.catalog();
  const int last = rules_.scenarios()[s.scenario].last_turn;
  // Holding the town matters more as the last turn nears (TOY 6 judges it only then).
  const double hold = 6.0 + 10.0 * std::max(0, 3 - (last - s.turn));
  double v = material(s);
  int blue_in_town = 0, red_in_town = 0;
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    const core::UnitState& us = s.units[u];
    if (us.where != core::Where::OnMap) continue;
    const int d = std::min(core::distance(us.hex, town_), 8);
    if (catalog[us.def].side == 0) {
      blue_in_town += d == 0;
      v -= 1.0 * d;  // Blue must get there
    } else {
      red_in_town += d == 0;
      v += 0.5 * d;  // Red defends there
    }
  }
  if (blue_in_town) v += hold;
  if (red_in_town) v -= 0.5 * hold;
  // Whoever dominates the town's surroundings can take or keep it next turn.
  influence_.compute(s);
  v += 0.2 * std::clamp(double(influence_.balance(0, town_)), -20.0, 20.0);
  return side == 0 ? v : -v;
}

std::unique_ptr<Evaluator> make_evaluator(const core::Rules& rules) {
  if (rules.info().id == "toy") return std::make_unique<ToyEvaluator>(rules);
  if (rules.info().id == "ard2") return std::make_unique<Ard2Evaluator>(rules);
  return std::make_unique<GenericEvaluator>(rules);
}

}  // namespace ai
