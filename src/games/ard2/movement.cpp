#include "games/ard2/movement.h"

#include <algorithm>

#include "games/ard2/zoc.h"
#include "series/scs/reach.h"

namespace ard2 {

Mover mover_of(const Position& p, core::UnitId u) {
  const UnitInfo& i = p.info(u);
  Mover m;
  m.side = i.side;
  m.type = i.move;
  m.artillery = i.artillery;
  m.self = u;
  // ARD2 4.2: on Turns 1-2 only, and only for a unit that began the phase adjacent to
  // the river (the caller sets started_adjacent_our from the phase-start position).
  m.rubber_boats = i.rubber_boats && p.turn() <= 2;
  return m;
}

MoveCache move_cache(const Position& p, int side) {
  MoveCache c;
  c.enemy_bonds = bond_hex_keys(p, other_side(side));
  return c;
}

bool traffic_jam_active(const Position& p, core::Hex h, int side) {
  // ARD2 3.1: Traffic Jams exist on Turns 1 and 2 only and touch German units only.
  return side == kGerman && p.turn() <= 2 && p.board().is_traffic_jam(h);
}

int step_cost(const Position& p, const MoveCache& c, const Mover& m, core::Hex from, core::Hex to) {
  const scs::Board& b = p.board();
  const int dir = core::direction_to(from, to);
  if (dir < 0 || !b.contains(to)) return scs::kProhibited;
  // SCS: no entering a hex held by the enemy (an Overrun is a separate action).
  if (p.has_enemy(to, m.side)) return scs::kProhibited;
  // ARD2 3.1: a German-held active Traffic Jam hex is closed to every other German.
  if (traffic_jam_active(p, to, m.side)) {
    for (core::UnitId u : p.units_at(to))
      if (u != m.self && p.info(u).side == kGerman) return scs::kProhibited;
  }
  // ARD2 3.6: artillery may not enter a hex adjacent to an enemy unit.
  if (m.artillery && p.adjacent_to_enemy(to, m.side)) return scs::kProhibited;

  int cost = 0;
  const scs::RoadKind road = p.effective_road(from, dir);
  if (road != scs::RoadKind::None) {
    // ARD2 1.3 a) exception: following a road ignores the hex's other terrain and the
    // hexside crossed (an operational bridge is always there).
    cost = b.tec().road_cost(road, m.type);
  } else {
    // ARD2 1.3 a): the costliest hex terrain plus the hexside. This is also the road
    // across water without an operational bridge (1.3): the hexside, then the far
    // hex at its non-road cost.
    int side = b.side_cost(from, dir, m.type);
    if (side == scs::kProhibited && m.rubber_boats && m.started_adjacent_our) side = scs::kAllMp;
    if (side == scs::kProhibited) return scs::kProhibited;
    const int hex = b.hex_cost(to, m.type);
    if (hex == scs::kProhibited) return scs::kProhibited;
    if (side == scs::kAllMp || hex == scs::kAllMp) return scs::kAllMp;
    cost = hex + side;
  }

  // ARD2 1.2 and TEC note 3: an enemy ZOC Bond hex has its own cost, which replaces
  // the adjacent-to-adjacent one. ASSUMED (A3): the +1 MP for moving from a hex
  // adjacent to an enemy unit to another applies to every move, as TEC note 3 reads,
  // not only to units that began the phase adjacent.
  if (contains_key(c.enemy_bonds, to)) {
    cost += b.tec().zoc_bond_cost;
  } else if (p.adjacent_to_enemy(from, m.side) && p.adjacent_to_enemy(to, m.side)) {
    cost += b.tec().adjacent_cost;
  }

  // ARD2 3.5 Barrage Hex Effects: enemy Full markers add 2 MP (one) or 4 MP (two or
  // more) to enter and again to leave; friendly ones add 1 MP to enter, whatever
  // their number (TEC note 4). ASSUMED (A7): Half markers have no movement effect;
  // they only await reconciliation at the end of their phase.
  auto enemy_extra = [&](core::Hex h) {
    const int n = p.full_markers(h, other_side(m.side));
    return n == 0 ? 0 : (n == 1 ? 2 : 4) * scs::kHalfMp;
  };
  cost += enemy_extra(to) + enemy_extra(from);
  if (p.full_markers(to, m.side) > 0) cost += 1 * scs::kHalfMp;
  return cost;
}

int allowance(const Position& p, core::UnitId u, bool dg) {
  const int ma = p.ma(u) * scs::kHalfMp;
  // ARD2 3.4: DG halves the MA; half MP units keep it exact.
  return dg ? ma / 2 : ma;
}

std::vector<core::Reach> move_range(const Position& p, core::UnitId u) {
  const core::UnitState& us = p.unit(u);
  const Mover m = mover_of(p, u);
  const MoveCache c = move_cache(p, m.side);
  const int spent = us.spent;
  const int full = allowance(p, u, false), half = allowance(p, u, true);
  auto allow = [&](uint8_t mode) { return mode ? half : full; };
  auto step = [&](core::Hex from, core::Hex to, uint8_t mode, int so_far) {
    scs::Step s;
    s.mode = mode;
    int cost = step_cost(p, c, m, from, to);
    if (cost == scs::kProhibited) return s;
    if (cost == scs::kAllMp) {
      // SCS "All": the unit's whole MA, so only as its first expense of the phase.
      if (so_far != 0) return s;
      cost = allow(mode);
      s.stop = true;
    }
    s.cost = cost;
    // ARD2 3.1/3.4: entering an active Traffic Jam makes the unit DG at once; its MA
    // halves and MP already spent are not prorated.
    if (traffic_jam_active(p, to, m.side)) s.mode = 1;
    return s;
  };
  return scs::reach(us.hex, uint8_t(p.dg(u) ? 1 : 0), spent, step, allow);
}

bool overstacked(const Position& p, core::Hex h, int side) { return p.count(h, side) > 3; }

bool violates_divisional_integrity(const Position& p, core::Hex h, int side) {
  int division = -1;
  for (core::UnitId u : p.units_at(h)) {
    const UnitInfo& i = p.info(u);
    if (i.side != side || i.division < 0 || (p.unit(u).flags & kInEntryArea)) continue;
    if (division >= 0 && division != i.division) return true;
    division = i.division;
  }
  return false;
}

}  // namespace ard2
