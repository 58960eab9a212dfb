#include "games/ard2/combat.h"

#include <algorithm>

#include "games/ard2/zoc.h"

namespace ard2 {

namespace {

// Multiplier in eighths from DG and the enemy's Full markers in the unit's hex.
int multiplier(const Position& p, core::UnitId u) {
  int m = scs::kEighths;
  if (p.dg(u)) m /= 2;
  return m * barrage_eighths(p.full_markers(p.unit(u).hex, other_side(p.info(u).side))) / scs::kEighths;
}

bool hex_terrain_applies(const scs::HexTerrainKind& k, int side) { return k.only_side < 0 || k.only_side == side; }

}  // namespace

int barrage_eighths(int enemy_full_markers) {
  return enemy_full_markers <= 0 ? scs::kEighths : enemy_full_markers == 1 ? scs::kEighths / 2 : scs::kEighths / 4;
}

int attack_eighths(const Position& p, core::UnitId u) { return p.attack(u) * multiplier(p, u); }
int defense_eighths(const Position& p, core::UnitId u) { return p.defense(u) * multiplier(p, u); }

bool can_attack_across(const Position& p, core::Hex from, core::Hex to, scs::MoveType type) {
  const int dir = core::direction_to(from, to);
  if (dir < 0 || !p.board().contains(to)) return false;
  const bool road = p.board().road(from, dir) != scs::RoadKind::None;
  if (p.board().side_cost(from, dir, type) == scs::kProhibited && !road) return false;
  if (p.board().hex_prohibited(to, type) && !road) return false;
  return true;
}

std::vector<ShiftPart> terrain_shift_parts(const Position& p, core::Hex defender, int defender_side,
                                           const std::vector<core::Hex>& attacker_hexes) {
  const scs::Board& b = p.board();
  const scs::Tec& tec = b.tec();
  std::vector<ShiftPart> out;
  // ARD2 1.2 example, 1.3 a): only the single best hex terrain of the defender counts.
  int best_hex = -1;
  const uint32_t m = b.terrain(defender);
  for (int k = 0; k < tec.hex_count(); ++k)
    if ((m >> k) & 1u && hex_terrain_applies(tec.hex(k), defender_side) &&
        (best_hex < 0 || tec.hex(k).shift > tec.hex(best_hex).shift))
      best_hex = k;
  if (best_hex >= 0 && tec.hex(best_hex).shift > 0)
    out.push_back({tec.hex(best_hex).name, tec.hex(best_hex).shift, defender, false});
  std::vector<core::Hex> stacks = attacker_hexes;
  std::sort(stacks.begin(), stacks.end());
  stacks.erase(std::unique(stacks.begin(), stacks.end()), stacks.end());
  for (core::Hex a : stacks) {
    const int dir = core::direction_to(a, defender);
    if (dir < 0) continue;
    // ASSUMED: a hexside with several features shifts by its single greatest one.
    int best = -1;
    const uint32_t s = b.side(a, dir);
    for (int k = 0; k < tec.side_count(); ++k)
      if ((s >> k) & 1u && (best < 0 || tec.side(k).shift > tec.side(best).shift)) best = k;
    if (best >= 0 && tec.side(best).shift > 0) out.push_back({tec.side(best).name, tec.side(best).shift, a, true});
  }
  return out;
}

int terrain_shift(const Position& p, core::Hex defender, int defender_side, const std::vector<core::Hex>& attacker_hexes) {
  int total = 0;
  for (const ShiftPart& s : terrain_shift_parts(p, defender, defender_side, attacker_hexes)) total += s.shift;
  return total;
}

OddsInfo compute_odds(const Position& p, const scs::Crt& crt, const std::vector<core::UnitId>& attackers, core::Hex defender) {
  OddsInfo o;
  std::vector<core::Hex> hexes;
  int defender_side = kAllied;
  for (core::UnitId u : attackers) {
    o.attack += attack_eighths(p, u);
    hexes.push_back(p.unit(u).hex);
    defender_side = other_side(p.info(u).side);
  }
  for (core::UnitId u : p.units_at(defender))
    if (p.info(u).side == defender_side) o.defense += defense_eighths(p, u);
  o.odds = scs::round_odds(o.attack, o.defense);
  o.base_column = crt.column(o.odds);
  if (crt.columns() > 0) o.declarable = crt.reaches_first_column(o.odds);
  o.shift = terrain_shift(p, defender, defender_side, hexes);
  o.column = crt.shifted(o.base_column, o.shift);
  return o;
}

const char* terrain_refusal(const Position& p, const std::vector<core::UnitId>& attackers, core::Hex defender) {
  for (core::UnitId u : attackers)
    if (p.unit(u).where == core::Where::OnMap && !can_attack_across(p, p.unit(u).hex, defender, p.info(u).move))
      return "attacks across or into Prohibited terrain need a road or track (TEC note 1)";
  return nullptr;
}

const char* attack_refusal(const Position& p, const std::vector<core::UnitId>& attackers, core::Hex defender) {
  if (attackers.empty()) return "an attack needs at least one attacking unit";
  const int side = p.info(attackers[0]).side;
  if (!p.has_enemy(defender, side)) return "the target hex holds no enemy unit";
  for (core::UnitId u : attackers) {
    if (p.info(u).side != side) return "attackers must all belong to one side";
    if (p.unit(u).where != core::Where::OnMap) return "an attacker is not on the map";
    if (core::distance(p.unit(u).hex, defender) != 1) return "each attacker must be adjacent to the target hex";
    if (p.attack(u) <= 0 || p.info(u).artillery) return "units without an attack strength cannot attack";
    if (p.unit(u).flags & kAttacked) return "a unit attacks only once per phase";
  }
  if (const char* why = terrain_refusal(p, attackers, defender)) return why;
  for (core::UnitId u : p.units_at(defender))
    if (p.unit(u).flags & kDefended) return "the hex was already attacked this phase";
  return nullptr;
}

bool hold_mandatory(const Position& p, core::Hex defender, int defender_side) {
  if (p.board().is_city(defender)) return true;
  if (p.full_markers(defender, other_side(defender_side)) > 0) return true;
  for (core::UnitId u : p.units_at(defender)) {
    if (p.info(u).side != defender_side) continue;
    if (p.dg(u)) return true;
    if (p.info(u).move == scs::MoveType::Leg) return true;
  }
  return false;
}

std::vector<core::UnitId> loss_candidates(const Position& p, const std::vector<core::UnitId>& units, bool attacker, int taken) {
  std::vector<core::UnitId> alive;
  for (core::UnitId u : units)
    if (p.unit(u).where == core::Where::OnMap && p.steps(u) > 0) alive.push_back(u);
  if (taken > 0 || alive.empty()) return alive;
  auto strength = [&](core::UnitId u) { return attacker ? p.attack(u) : p.defense(u); };
  int best = 0;
  for (core::UnitId u : alive) best = std::max(best, strength(u));
  std::vector<core::UnitId> out;
  for (core::UnitId u : alive)
    if (strength(u) == best) out.push_back(u);
  return out;
}

namespace {

// Terrain alone (no MP, no enemy adjacency): may a unit moving as `m` go from a to b?
bool terrain_passable(const Position& p, const Mover& m, core::Hex a, core::Hex b) {
  const int dir = core::direction_to(a, b);
  if (dir < 0 || !p.board().contains(b)) return false;
  if (traffic_jam_active(p, b, m.side))
    for (core::UnitId u : p.units_at(b))
      if (u != m.self && p.info(u).side == kGerman) return false;
  if (p.effective_road(a, dir) != scs::RoadKind::None) return true;
  return p.board().side_cost(a, dir, m.type) != scs::kProhibited && !p.board().hex_prohibited(b, m.type);
}

}  // namespace

std::vector<core::Hex> retreat_options(const Position& p, const std::vector<core::UnitId>& stack, core::Hex origin,
                                       core::Hex at, int done) {
  std::vector<core::Hex> out;
  if (stack.empty()) return out;
  const int side = p.info(stack[0]).side;
  for (int d = 0; d < core::kDirections; ++d) {
    const core::Hex to = core::neighbor(at, d);
    if (core::distance(origin, to) != done + 1) continue;
    if (!p.board().contains(to) || p.has_enemy(to, side)) continue;
    bool ok = true;
    for (core::UnitId u : stack)
      if (!terrain_passable(p, mover_of(p, u), at, to)) ok = false;
    if (ok) out.push_back(to);
  }
  return out;
}

bool retreat_stops_at(const Position& p, core::Hex h, int retreating_side) {
  return contains_key(bond_hex_keys(p, other_side(retreating_side)), h);
}

bool exploit_capable(const Position& p, core::UnitId u) {
  const UnitInfo& i = p.info(u);
  if (!i.exploit || p.dg(u)) return false;
  if (p.unit(u).flags & kEnemyBarrage) return false;
  // ARD2 1.2, 4.3: no German exploitation on Turn 1.
  if (i.side == kGerman && p.turn() == 1) return false;
  return true;
}

bool may_exploit(const Position& p, core::UnitId u) {
  return exploit_capable(p, u) && !(p.unit(u).flags & kStartedAdjacent);
}

int advance_limit(const Position& p, core::UnitId u, int retreat_length, bool overrun) {
  if (overrun) return 0;  // ARD2 3.3: overrunners move on instead (or enter the hex)
  if (exploit_capable(p, u) && retreat_length >= 2) return 2;
  return 1;
}

bool advance_step_ok(const Position& p, core::UnitId u, core::Hex defender, int step, core::Hex from, core::Hex to) {
  const int side = p.info(u).side;
  if (core::distance(from, to) != 1 || p.has_enemy(to, side)) return false;
  const Mover m = mover_of(p, u);
  if (step == 0) return to == defender && terrain_passable(p, m, from, to);
  // The second hex must follow a road out of the defender's hex.
  if (step == 1 && from == defender) return p.effective_road(from, core::direction_to(from, to)) != scs::RoadKind::None;
  return false;
}

std::vector<core::Hex> advance_hexes(const Position& p, core::UnitId u, core::Hex defender, int retreat_length) {
  const int side = p.info(u).side;
  const core::Hex at = p.unit(u).hex;
  std::vector<core::Hex> out;
  if (p.unit(u).where != core::Where::OnMap || p.has_enemy(defender, side)) return out;
  auto room = [&](core::Hex h) { return p.count(h, side) < kStackLimit; };
  if (at != defender) {
    if (advance_step_ok(p, u, defender, 0, at, defender) && room(defender)) out.push_back(defender);
    return out;
  }
  if (advance_limit(p, u, retreat_length, false) < 2) return out;
  for (int d = 0; d < core::kDirections; ++d) {
    const core::Hex to = core::neighbor(at, d);
    if (p.board().contains(to) && advance_step_ok(p, u, defender, 1, at, to) && room(to)) out.push_back(to);
  }
  return out;
}

bool may_overrun(const Position& p, core::UnitId u) {
  const uint32_t f = p.unit(u).flags;
  return p.info(u).move == scs::MoveType::Mech && !p.dg(u) && !(f & (kStartedAdjacent | kOverran | kEnemyBarrage)) &&
         !p.info(u).artillery && p.attack(u) > 0;
}

const char* overrun_refusal(const Position& p, const std::vector<core::UnitId>& stack, core::Hex target) {
  if (stack.empty()) return "an Overrun needs at least one unit";
  const core::Hex from = p.unit(stack[0]).hex;
  const int side = p.info(stack[0]).side;
  const int dir = core::direction_to(from, target);
  if (dir < 0) return "the Overrun target must be adjacent";
  if (!p.has_enemy(target, side)) return "the Overrun target holds no enemy unit";
  if (p.effective_road(from, dir) == scs::RoadKind::None)
    return "an Overrun must follow a contiguous road or track into the target (3.3, TEC note 2)";
  for (core::UnitId u : stack) {
    if (p.unit(u).hex != from) return "overrunning units move as one stack";
    if (!may_overrun(p, u))
      return "only Mech MA units not DG, not starting adjacent to the enemy, not hit by enemy Barrage and "
             "not having overrun this phase may Overrun (3.3)";
    const int left = allowance(p, u, p.dg(u)) - p.unit(u).spent;
    const int need = kOverrunCost + p.board().tec().road_cost(p.effective_road(from, dir), p.info(u).move);
    if (left < need) return "an Overrun needs +2 MP and the road cost into the target left (3.3, A34)";
  }
  return nullptr;
}

}  // namespace ard2
