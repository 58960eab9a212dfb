// Toy rules: sequence of play, movement, combat, victory (data/games/toy/README.md).
#include "games/toy/toy.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/dice.h"
#include "core/map.h"

namespace toy {

using core::Action;
using core::Error;
using core::Events;
using core::Frame;
using core::Hex;
using core::State;
using core::UnitId;
using core::UnitState;
using core::Where;
using nlohmann::json;

namespace {

constexpr uint32_t kAllFlags = kMoved | kAttacked | kAttacking;

bool on_map(const UnitState& u) { return u.where == Where::OnMap; }

Hex frame_hex(const Frame& f) { return Hex::from_key(uint32_t(f.a)); }

}  // namespace

// --- Vocabulary ------------------------------------------------------------------

const std::vector<std::string>& ToyRules::action_names() const {
  static const std::vector<std::string> kNames{"move",    "declare_attack", "add_attacker", "resolve",
                                               "retreat", "take_loss",      "end_phase"};
  return kNames;
}

uint8_t ToyRules::action_operands(int type) const {
  switch (type) {
    case kMove: return core::kUnitOperand | core::kHexOperand;
    case kDeclareAttack: return core::kHexOperand;
    case kAddAttacker: return core::kUnitOperand;
    case kRetreat: return core::kHexOperand;
    case kTakeLoss: return core::kUnitOperand;
    default: return core::kNoOperand;
  }
}

const std::vector<std::string>& ToyRules::unit_flag_names() const {
  static const std::vector<std::string> kNames{"moved", "attacked", "attacking"};
  return kNames;
}

const std::vector<std::string>& ToyRules::hex_marker_names() const {
  static const std::vector<std::string> kNames{"attacked"};
  return kNames;
}

const std::vector<std::string>& ToyRules::side_marker_names() const {
  static const std::vector<std::string> kNone;
  return kNone;
}

const std::vector<std::string>& ToyRules::step_names() const {
  static const std::vector<std::string> kNames{"movement", "combat", "attack", "defender_choice"};
  return kNames;
}

// --- Set-up and queries ----------------------------------------------------------

State ToyRules::setup(int scenario, uint64_t seed) const {
  const Scenario& sc = scenario_list_.at(size_t(scenario));
  State s{};
  core::seed_rng(s, seed);
  s.scenario = uint16_t(scenario);
  s.turn = int16_t(sc.info.first_turn);
  for (const auto& [def, hex] : sc.setup) {
    UnitState& u = s.units[s.unit_count++];
    u.def = uint16_t(def);
    u.where = Where::OnMap;
    u.hex = hex;
  }
  core::push_frame(s, Frame{kMovement, 0, 0, 0, 0});
  return s;
}

int ToyRules::to_act(const State& s) const { return s.over || !s.has_frame() ? core::kNoSide : s.top().side; }

core::Prompt ToyRules::prompt(const State& s) const {
  if (s.over) return {core::kNoSide, "Game over", "The game is over."};
  const Frame& f = s.top();
  const std::string& side = info_.sides[size_t(f.side)];
  switch (f.step) {
    case kMovement: return {f.side, side + " Movement Phase", "Move units; end the phase when done."};
    case kCombat: return {f.side, side + " Combat Phase", "Declare attacks on adjacent enemy hexes; end the phase when done."};
    case kAttack: return {f.side, side + " Combat Phase", "Add attackers against " + core::hex_name(*this, frame_hex(f)) + ", then resolve."};
    default: return {f.side, side + " Combat Phase", "Retreat from " + core::hex_name(*this, frame_hex(f)) + " or take a step loss."};
  }
}

int ToyRules::value(const State& s, UnitId u, int index) const {
  return catalog_.value(s.units[u].def, s.units[u].steps_lost, index);
}

int ToyRules::count_in(const State& s, Hex h, int side) const {
  int n = 0;
  for (UnitId i = 0; i < s.unit_count; ++i)
    if (on_map(s.units[i]) && s.units[i].hex == h && (side < 0 || side_of(s, i) == side)) ++n;
  return n;
}

bool ToyRules::enemy_adjacent(const State& s, Hex h, int side) const {
  for (UnitId i = 0; i < s.unit_count; ++i)
    if (on_map(s.units[i]) && side_of(s, i) != side && core::distance(s.units[i].hex, h) == 1) return true;
  return false;
}

// TOY 4.3: defense is the hex's total times the terrain's factor.
int ToyRules::defense_of(const State& s, Hex h) const {
  int total = 0;
  for (UnitId i = 0; i < s.unit_count; ++i)
    if (on_map(s.units[i]) && s.units[i].hex == h) total += value(s, i, defense_);
  return total * defense_factor_[size_t(map_->index(h))];
}

// TOY 4.2: a unit attacks an adjacent enemy hex at most once per phase.
bool ToyRules::eligible_attacker(const State& s, UnitId u, Hex target) const {
  const UnitState& us = s.units[u];
  return on_map(us) && side_of(s, u) == s.top().side && !(us.flags & kAttacked) &&
         core::distance(us.hex, target) == 1;
}

int ToyRules::attack_of(const State& s, Hex target, bool committed_only) const {
  int total = 0;
  for (UnitId i = 0; i < s.unit_count; ++i) {
    const bool counts = committed_only ? (s.units[i].flags & kAttacking) != 0 : eligible_attacker(s, i, target);
    if (counts) total += value(s, i, attack_);
  }
  return total;
}

// TOY 4.3: odds rounded down in the defender's favour, capped at the CRT's last row.
int ToyRules::odds_ratio(int attack, int defense) const {
  if (defense <= 0) return crt_.back().odds;
  return std::min(attack / defense, crt_.back().odds);
}

bool ToyRules::can_retreat_to(const State& s, Hex from, Hex to, int side) const {
  // TOY 5.1: one hex, not into enemy units or their zone of control, no overstack.
  return core::distance(from, to) == 1 && map_->contains(to) && count_in(s, to, 1 - side) == 0 &&
         !enemy_adjacent(s, to, side) && count_in(s, to, side) + count_in(s, from, side) <= stacking_;
}

// TOY 3: the cost policy for one unit's move, over the scratch's occupancy arrays.
void ToyRules::moves(const State& s, UnitId unit, MoveScratch& scratch, std::vector<core::Reach>& out) const {
  out.clear();
  if (unit >= s.unit_count || !on_map(s.units[unit])) return;
  const int side = side_of(s, unit);
  std::fill(scratch.occupant.begin(), scratch.occupant.end(), int8_t(-1));
  std::fill(scratch.zoc.begin(), scratch.zoc.end(), uint8_t(0));
  for (UnitId i = 0; i < s.unit_count; ++i) {
    if (!on_map(s.units[i])) continue;
    const int at = graph_->index(s.units[i].hex);
    const int8_t owner = int8_t(side_of(s, i));
    scratch.occupant[size_t(at)] = owner;
    if (owner == side) continue;
    for (int d = 0; d < core::kDirections; ++d) {
      const int n = graph_->neighbor_index(at, d);
      if (n >= 0) scratch.zoc[size_t(n)] = 1;
    }
  }
  const int mp = 2 * value(s, unit, ma_);  // costs are in half MP
  const uint32_t road = road_bit_ < 0 ? 0 : 1u << road_bit_, river = river_bit_ < 0 ? 0 : 1u << river_bit_;
  auto cost = [&](const core::PathStep& st) {
    // TOY 3.1: never into an enemy-held hex.
    const int8_t occupant = scratch.occupant[size_t(st.to_index)];
    if (occupant >= 0 && occupant != side) return core::StepCost{};
    const uint32_t sides = side_mask_[size_t(st.from_index) * core::kDirections + size_t(st.dir)];
    int c = (sides & road) ? road_move_ : enter_cost_[size_t(st.to_index)];
    if ((sides & river) && !(sides & road)) c += river_extra_;
    // TOY 3.2: entering an enemy zone of control ends the move.
    return core::StepCost{c, scratch.zoc[size_t(st.to_index)] != 0};
  };
  scratch.finder.range(s.units[unit].hex, mp, cost, out);
}

std::vector<core::Reach> ToyRules::moves(const State& s, UnitId unit) const {
  MoveScratch scratch(*graph_);
  std::vector<core::Reach> out;
  moves(s, unit, scratch, out);
  // TOY 2: a move ends within the stacking limit; staying put is no move.
  const int side = unit < s.unit_count ? side_of(s, unit) : 0;
  std::erase_if(out, [&](const core::Reach& r) {
    return r.hex == s.units[unit].hex || count_in(s, r.hex, side) >= stacking_;
  });
  return out;
}

json ToyRules::odds(const State& s, const std::vector<UnitId>& attackers, Hex defender) const {
  int attack = 0;
  for (UnitId u : attackers)
    if (u < s.unit_count && on_map(s.units[u])) attack += value(s, u, attack_);
  const int defense = defense_of(s, defender);
  const int ratio = odds_ratio(attack, defense);
  json j = {{"attack", attack}, {"defense", defense}, {"rule", "TOY 4.3"}};
  if (ratio < 1) {
    j["odds"] = "below 1:1";
    j["allowed"] = false;
    return j;
  }
  j["odds"] = fmt::format("{}:1", ratio);
  j["allowed"] = true;
  json results = json::array();
  constexpr const char* kNames[] = {"AL", "NE", "DR", "DE"};
  for (Result r : crt_[size_t(ratio - 1)].results) results.push_back(kNames[int(r)]);
  j["results"] = results;
  return j;
}

json ToyRules::supply(const State& s, int side) const {
  json units = json::array();
  for (UnitId i = 0; i < s.unit_count; ++i)
    if (on_map(s.units[i]) && side_of(s, i) == side) units.push_back(core::unit_name(*this, s, i));
  return {{"side", info_.sides.at(size_t(side))}, {"in_supply", units}, {"out_of_supply", json::array()},
          {"note", "the toy game has no supply rules"}};
}

json ToyRules::outcome(const State& s) const {
  if (!s.over) return {{"over", false}};
  return {{"over", true},
          {"winner", s.result_side >= 0 ? json(info_.sides[size_t(s.result_side)]) : json(nullptr)},
          {"level", "Victory"},
          {"town_held_by", count_in(s, town_, 0) > 0 ? info_.sides[0] : info_.sides[1]}};
}

json ToyRules::ext_to_json(const State& s) const {
  const Ext& e = s.ext<Ext>();
  return {{"attacks", e.attacks}, {"steps_lost", {e.steps_lost[0], e.steps_lost[1]}}};
}

bool ToyRules::ext_from_json(State& s, const json& j, Error& err) const {
  const bool ok = j.is_object() && j.size() == 2 && j.contains("attacks") && j["attacks"].is_number_integer() &&
                  j.contains("steps_lost") && j["steps_lost"].is_array() && j["steps_lost"].size() == 2 &&
                  j["steps_lost"][0].is_number_integer() && j["steps_lost"][1].is_number_integer();
  if (!ok) {
    err = {"bad_state", "want {\"attacks\": n, \"steps_lost\": [n, n]}", ""};
    return false;
  }
  Ext& e = s.ext<Ext>();
  e.attacks = j["attacks"].get<int32_t>();
  e.steps_lost = {j["steps_lost"][0].get<int32_t>(), j["steps_lost"][1].get<int32_t>()};
  return true;
}

std::vector<std::string> ToyRules::check_invariants(const State& s) const {
  std::vector<std::string> out;
  if (!s.over && (!s.has_frame() || s.stack[0].step > kCombat)) out.push_back("the flow stack has no phase at its bottom");
  if (s.over && s.depth != 0) out.push_back("a finished game has frames left");
  for (int i = 0; i < s.depth; ++i)
    if (s.stack[i].step > kDefenderChoice || s.stack[i].side < 0 || s.stack[i].side > 1)
      out.push_back(fmt::format("frame {} has a bad step or side", i));
  for (UnitId i = 0; i < s.unit_count; ++i) {
    const UnitState& u = s.units[i];
    const std::string name = core::unit_name(*this, s, i);
    if (on_map(u) && !map_->contains(u.hex)) out.push_back(name + " is off the map");
    if (!on_map(u) && u.hex != Hex{}) out.push_back(name + " is not on the map but keeps a hex");
    if (u.flags & ~kAllFlags) out.push_back(name + " has unknown flags");
    if (u.where == Where::Pool || u.where == Where::Exited) out.push_back(name + " is neither on the map nor eliminated");
    if (on_map(u) && count_in(s, u.hex, 1 - side_of(s, i)) > 0) out.push_back(name + " shares a hex with the enemy");
    if (on_map(u) && count_in(s, u.hex, -1) > stacking_) out.push_back(name + " is overstacked (TOY 2)");
  }
  return out;
}

// --- Legal actions -----------------------------------------------------------------

void ToyRules::legal_actions(const State& s, core::ActionList& out) const {
  if (s.over || !s.has_frame()) return;
  const Frame& f = s.top();
  const int side = f.side;
  switch (f.step) {
    case kMovement:
      for (UnitId i = 0; i < s.unit_count; ++i) {
        if (!on_map(s.units[i]) || side_of(s, i) != side || (s.units[i].flags & kMoved)) continue;
        for (const core::Reach& r : moves(s, i)) out.push_back(Action{kMove, i, r.hex, 0});
      }
      out.push_back(Action{kEndPhase, core::kNoUnit, {}, 0});
      break;
    case kCombat: {
      std::vector<Hex> seen;
      for (UnitId i = 0; i < s.unit_count; ++i) {
        if (!on_map(s.units[i]) || side_of(s, i) == side) continue;
        const Hex h = s.units[i].hex;
        if (std::find(seen.begin(), seen.end(), h) != seen.end()) continue;
        seen.push_back(h);
        if (core::find_hex_marker(s, h, kAttackedHex) >= 0) continue;
        if (odds_ratio(attack_of(s, h, false), defense_of(s, h)) >= 1) out.push_back(Action{kDeclareAttack, core::kNoUnit, h, 0});
      }
      out.push_back(Action{kEndPhase, core::kNoUnit, {}, 0});
      break;
    }
    case kAttack: {
      const Hex target = frame_hex(f);
      for (UnitId i = 0; i < s.unit_count; ++i)
        if (eligible_attacker(s, i, target)) out.push_back(Action{kAddAttacker, i, {}, 0});
      if (odds_ratio(attack_of(s, target, true), defense_of(s, target)) >= 1)
        out.push_back(Action{kResolve, core::kNoUnit, {}, 0});
      break;
    }
    case kDefenderChoice: {
      const Hex from = frame_hex(f);
      for (int d = 0; d < core::kDirections; ++d) {
        const Hex to = core::neighbor(from, d);
        if (can_retreat_to(s, from, to, side)) out.push_back(Action{kRetreat, core::kNoUnit, to, 0});
      }
      for (UnitId i = 0; i < s.unit_count; ++i)
        if (on_map(s.units[i]) && s.units[i].hex == from) out.push_back(Action{kTakeLoss, i, {}, 0});
      break;
    }
  }
}

// --- Apply -------------------------------------------------------------------------

void ToyRules::apply(State& s, const Action& a, Events& ev) const {
  const Frame f = s.top();
  switch (a.type) {
    case kMove: {
      UnitState& u = s.units[a.unit];
      ev.add("move", fmt::format("{} moves {} to {}", core::unit_name(*this, s, a.unit), core::hex_name(*this, u.hex),
                                 core::hex_name(*this, a.hex)),
             {{"unit", core::unit_name(*this, s, a.unit)}, {"from", core::hex_name(*this, u.hex)},
              {"to", core::hex_name(*this, a.hex)}});
      u.hex = a.hex;
      u.flags |= kMoved;
      break;
    }
    case kDeclareAttack:
      core::add_hex_marker(s, core::HexMarker{a.hex, kAttackedHex, 0});
      core::push_frame(s, Frame{kAttack, f.side, 0, int32_t(a.hex.key()), 0});
      ev.add("attack", fmt::format("{} attacks {}", info_.sides[size_t(f.side)], core::hex_name(*this, a.hex)),
             {{"hex", core::hex_name(*this, a.hex)}});
      break;
    case kAddAttacker:
      s.units[a.unit].flags |= kAttacked | kAttacking;
      break;
    case kResolve:
      resolve(s, ev);
      break;
    case kRetreat: {
      // TOY 5.1: the whole hex retreats together.
      const Hex from = frame_hex(f);
      for (UnitId i = 0; i < s.unit_count; ++i)
        if (on_map(s.units[i]) && s.units[i].hex == from) s.units[i].hex = a.hex;
      ev.add("retreat", fmt::format("{} retreats from {} to {}", info_.sides[size_t(f.side)], core::hex_name(*this, from),
                                    core::hex_name(*this, a.hex)),
             {{"from", core::hex_name(*this, from)}, {"to", core::hex_name(*this, a.hex)}});
      core::pop_frame(s);
      break;
    }
    case kTakeLoss:
      lose_step(s, a.unit, ev);
      core::pop_frame(s);
      break;
    case kEndPhase:
      end_phase(s, ev);
      break;
  }
}

// TOY 5.2: a step loss; the last step eliminates.
void ToyRules::lose_step(State& s, UnitId u, Events& ev) const {
  UnitState& us = s.units[u];
  const int side = side_of(s, u);
  ++s.ext<Ext>().steps_lost[size_t(side)];
  if (us.steps_lost + 1 >= catalog_[us.def].steps) {
    ev.add("eliminated", core::unit_name(*this, s, u) + " is eliminated", {{"unit", core::unit_name(*this, s, u)}});
    us.where = Where::Eliminated;
    us.hex = Hex{};
    us.flags = 0;
  } else {
    ++us.steps_lost;
    ev.add("loss", core::unit_name(*this, s, u) + " loses a step", {{"unit", core::unit_name(*this, s, u)}});
  }
}

// TOY 4.4, 5: roll on the CRT and apply the result.
void ToyRules::resolve(State& s, Events& ev) const {
  const Frame f = s.top();
  const Hex target = frame_hex(f);
  const int ratio = odds_ratio(attack_of(s, target, true), defense_of(s, target));
  const CrtRow& row = crt_[size_t(ratio - 1)];
  const int roll = core::roll_die(s, die_, ev, fmt::format("combat {}:1", ratio));
  const Result result = row.results[size_t(roll - 1)];
  constexpr const char* kNames[] = {"AL", "NE", "DR", "DE"};
  ev.add("combat", fmt::format("{}:1 against {}, rolled {}: {}", ratio, core::hex_name(*this, target), roll, kNames[int(result)]),
         {{"odds", fmt::format("{}:1", ratio)}, {"hex", core::hex_name(*this, target)}, {"roll", roll},
          {"result", kNames[int(result)]}});
  ++s.ext<Ext>().attacks;
  UnitId first_attacker = core::kNoUnit;
  for (UnitId i = 0; i < s.unit_count; ++i)
    if (s.units[i].flags & kAttacking) {
      if (first_attacker == core::kNoUnit) first_attacker = i;
      s.units[i].flags &= ~uint32_t(kAttacking);
    }
  core::pop_frame(s);
  switch (result) {
    case Result::AL: lose_step(s, first_attacker, ev); break;
    case Result::NE: break;
    case Result::DR:
      // The defender's choice interrupts the combat phase (TOY 5.1).
      core::push_frame(s, Frame{kDefenderChoice, int8_t(1 - f.side), 0, f.a, 0});
      break;
    case Result::DE:
      for (UnitId i = 0; i < s.unit_count; ++i)
        if (on_map(s.units[i]) && s.units[i].hex == target) lose_step(s, i, ev);
      break;
  }
}

// TOY 1: movement -> combat for one side, then the other side, then the next turn;
// TOY 6 after the last turn.
void ToyRules::end_phase(State& s, Events& ev) const {
  const Frame f = s.top();
  const uint32_t clear = f.step == kMovement ? kMoved : kAttacked;
  for (UnitId i = 0; i < s.unit_count; ++i) s.units[i].flags &= ~clear;
  while (s.hex_marker_count > 0) core::remove_hex_marker(s, s.hex_marker_count - 1);
  if (f.step == kMovement) {
    core::goto_frame(s, Frame{kCombat, f.side, 0, 0, 0});
  } else if (f.side == 0) {
    core::goto_frame(s, Frame{kMovement, 1, 0, 0, 0});
  } else if (s.turn < scenario_list_[s.scenario].info.last_turn) {
    ++s.turn;
    core::goto_frame(s, Frame{kMovement, 0, 0, 0, 0});
    ev.add("turn", fmt::format("turn {}", s.turn), {{"turn", s.turn}});
  } else {
    core::pop_frame(s);
    s.over = 1;
    s.result_side = int8_t(count_in(s, town_, 0) > 0 ? 0 : 1);
    s.result_level = 1;
    ev.add("over", info_.sides[size_t(s.result_side)] + " wins", outcome(s));
    return;
  }
  ev.add("phase", prompt(s).phase, {{"phase", prompt(s).phase}});
}

// --- Refusals ------------------------------------------------------------------------

Error ToyRules::explain_illegal(const State& s, const Action& a) const {
  auto refuse = [](std::string msg, std::string rule) { return Error{"illegal_action", std::move(msg), std::move(rule)}; };
  if (s.over || !s.has_frame()) return refuse("the game is over", "TOY 1");
  const Frame& f = s.top();
  const std::string& names = a.type < action_names().size() ? action_names()[a.type] : "?";
  static constexpr uint16_t kStepOf[] = {kMovement, kCombat, kAttack, kAttack, kDefenderChoice, kDefenderChoice, kMovement};
  const bool phase_ok = a.type < std::size(kStepOf) &&
                        (kStepOf[a.type] == f.step || (a.type == kEndPhase && f.step == kCombat));
  if (!phase_ok) return refuse(fmt::format("\"{}\" is not possible now: {}", names, prompt(s).text), "TOY 1");
  const bool unit_ok = a.unit < s.unit_count;
  switch (a.type) {
    case kMove: {
      if (!unit_ok || !on_map(s.units[a.unit])) return refuse("that unit is not on the map", "TOY 3");
      if (side_of(s, a.unit) != f.side) return refuse("that unit is not yours", "TOY 3");
      if (s.units[a.unit].flags & kMoved) return refuse("that unit has already moved this phase", "TOY 3");
      if (count_in(s, a.hex, 1 - f.side) > 0) return refuse("a unit never enters an enemy-held hex", "TOY 3.1");
      if (a.hex == s.units[a.unit].hex) return refuse("the unit is already there", "TOY 3");
      if (count_in(s, a.hex, f.side) >= stacking_)
        return refuse(fmt::format("at most {} units may stack in a hex", stacking_), "TOY 2");
      return refuse(fmt::format("{} is out of reach: too far for its movement allowance, or past an enemy zone of control",
                                core::hex_name(*this, a.hex)),
                    "TOY 3.2");
    }
    case kDeclareAttack:
      if (count_in(s, a.hex, 1 - f.side) == 0) return refuse("there is no enemy unit there", "TOY 4.1");
      if (core::find_hex_marker(s, a.hex, kAttackedHex) >= 0) return refuse("that hex was already attacked this phase", "TOY 4.1");
      if (attack_of(s, a.hex, false) == 0) return refuse("none of your units that may still attack is adjacent", "TOY 4.2");
      return refuse("even every adjacent unit together would attack below 1:1", "TOY 4.3");
    case kAddAttacker:
      if (!unit_ok || side_of(s, a.unit) != f.side) return refuse("that unit is not yours", "TOY 4.2");
      if (s.units[a.unit].flags & kAttacked) return refuse("that unit has already attacked this phase", "TOY 4.2");
      return refuse("that unit is not adjacent to the defender", "TOY 4.2");
    case kResolve:
      return refuse("the attack is below 1:1: add attackers first", "TOY 4.3");
    case kRetreat:
      return refuse(core::hex_name(*this, a.hex) + " is not a retreat hex: one hex, free of enemy units and zones of control, within stacking",
                    "TOY 5.1");
    case kTakeLoss:
      return refuse("that unit is not in the defending hex", "TOY 5.1");
    default:
      return refuse("\"" + names + "\" is not possible now", "TOY 1");
  }
}

}  // namespace toy
