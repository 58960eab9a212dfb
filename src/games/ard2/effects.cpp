#include "games/ard2/effects.h"

#include <algorithm>

#include "games/ard2/movement.h"
#include "games/ard2/supply.h"

namespace ard2 {

bool take_step(core::State& s, const Position& p, core::UnitId u) {
  core::UnitState& us = s.units[u];
  if (us.where != core::Where::OnMap) return false;
  ++us.steps_lost;
  if (us.steps_lost >= p.info(u).steps) {
    us.where = core::Where::Eliminated;
    return true;
  }
  return false;
}

CombatOutcome resolve_combat(const Position& p, const scs::Crt& crt, const std::vector<core::UnitId>& attackers,
                             core::Hex defender, int roll) {
  CombatOutcome o;
  o.odds = compute_odds(p, crt, attackers, defender);
  o.result = crt.result(o.odds.column, roll);
  int att_steps = 0, def_steps = 0;
  for (core::UnitId u : attackers) att_steps += p.steps(u);
  const int defender_side = attackers.empty() ? kGerman : other_side(p.info(attackers[0]).side);
  for (core::UnitId u : p.units_at(defender))
    if (p.info(u).side == defender_side) def_steps += p.steps(u);
  o.attacker_steps = std::min(att_steps, o.result.attacker_eliminated ? att_steps : int(o.result.attacker_loss));
  o.defender_steps = std::min(def_steps, o.result.defender_eliminated ? def_steps : int(o.result.defender_loss));
  o.retreat = o.result.defender_retreat;
  return o;
}

void move_units(core::State& s, const std::vector<core::UnitId>& units, core::Hex to, int cost) {
  for (core::UnitId u : units) {
    core::UnitState& us = s.units[u];
    us.hex = to;
    us.spent = uint8_t(std::min(255, us.spent + cost));
    us.flags |= kMoved;
    us.flags &= ~kInEntryArea;
  }
}

bool artillery_dg_for_barrage(const Position& p, core::UnitId arty, const std::vector<uint8_t>& traced) {
  return p.info(arty).artillery && !in_supply(p, traced, arty);
}

void bug_out(core::State& s, core::UnitId arty, core::Hex to) {
  s.units[arty].hex = to;
  s.units[arty].flags |= kDG;
}

void pay_overrun(core::State& s, const std::vector<core::UnitId>& stack) {
  for (core::UnitId u : stack) {
    s.units[u].spent = uint8_t(std::min(255, s.units[u].spent + kOverrunCost));
    s.units[u].flags |= kOverran | kMoved;
    s.units[u].flags &= ~kInEntryArea;
  }
}

void enter_after_overrun(core::State& s, const std::vector<core::UnitId>& stack, core::Hex target) {
  for (core::UnitId u : stack) s.units[u].hex = target;
}

void retreat_to(core::State& s, const Position& p, const std::vector<core::UnitId>& stack, core::Hex to) {
  for (core::UnitId u : stack) {
    s.units[u].hex = to;
    if (p.info(u).artillery) s.units[u].flags |= kDG;
  }
}

void advance_to(core::State& s, const std::vector<core::UnitId>& units, core::Hex to) {
  for (core::UnitId u : units) s.units[u].hex = to;
}

void enter_effects(core::State& s, const Position& p, core::UnitId u, core::Hex h) {
  const int side = p.info(u).side;
  if (traffic_jam_active(p, h, side)) s.units[u].flags |= kDG;
  if (p.full_markers(h, other_side(side)) > 0) s.units[u].flags |= kEnemyBarrage;
}

}  // namespace ard2
