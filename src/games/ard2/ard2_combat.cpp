// Ardennes II combat as frames on the flow stack (ARD2 3.2, 3.3, 3.6; SCS 8.0). A
// resolved attack leaves, top first: the attackers' losses, the defenders' losses, the
// defenders' retreat, then the advance after combat (for an Overrun, the entry into a
// vacated hex). Each frame asks its owner only when there is a choice, else runs by
// itself. Bug Outs interrupt whatever runs when an enemy moves next to artillery or a
// phase begins with one there.
#include <fmt/format.h>

#include <algorithm>

#include "core/dice.h"
#include "games/ard2/ard2_internal.h"
#include "games/ard2/effects.h"
#include "games/ard2/movement.h"
#include "games/ard2/status.h"
#include "games/ard2/supply.h"

namespace ard2 {

namespace {

bool overrun_frame(const Frame& f) { return f.flags & kOverrunFrame; }

}  // namespace

// --- Units of the combat ------------------------------------------------------------

std::vector<UnitId> Ard2Rules::committed(const State& s) const { return flagged(s, kCommitted, -1); }

std::vector<UnitId> Ard2Rules::flagged(const State& s, uint32_t flag, int side) const {
  std::vector<UnitId> out;
  for (UnitId u = 0; u < s.unit_count; ++u)
    if (on_map(s.units[u]) && (s.units[u].flags & flag) && (side < 0 || side_of(s, u) == side)) out.push_back(u);
  return out;
}

std::vector<UnitId> Ard2Rules::defenders(const State& s, Hex h, int side) const {
  std::vector<UnitId> out;
  for (UnitId u = 0; u < s.unit_count; ++u)
    if (on_map(s.units[u]) && s.units[u].hex == h && side_of(s, u) == side) out.push_back(u);
  return out;
}

// --- Declaring and resolving ----------------------------------------------------------

// ARD2 3.2 steps 1-2, 3.3: the attackers are fixed (kCommitted becomes kAttacker; an
// Overrun pays its +2 MP now), the defending stack is marked kCommitted, and the
// defender chooses Hold or Retreat unless a Hold is mandated. An Overrun does not use
// up the hex's one regular attack of the phase (3.3: a hex may be overrun again).
void Ard2Rules::start_combat(State& s, Events& ev) const {
  const Frame f = s.top();
  const Hex target = key_hex(f.a);
  const int defender_side = other_side(f.side);
  const auto att = committed(s);
  if (overrun_frame(f)) pay_overrun(s, att);
  for (UnitId u : att) s.units[u].flags = (s.units[u].flags & ~kCommitted) | kAttacker;
  for (UnitId u : defenders(s, target, defender_side))
    s.units[u].flags |= kCommitted | (overrun_frame(f) ? 0u : uint32_t(kDefended));
  if (hold_mandatory(position(s), target, defender_side)) {
    resolve_attack(s, ev);
  } else {
    core::goto_frame(s, Frame{kDefenderChoice, int8_t(defender_side), f.flags, f.a, f.b});
  }
}

// ARD2 3.2 steps 3-7: two dice on the final column; then the frames of steps 5-7.
// ASSUMED (A12): the advance reads the result's printed retreat even when the defender
// is destroyed.
void Ard2Rules::resolve_attack(State& s, Events& ev) const {
  const Frame f = s.top();
  const Hex target = key_hex(f.a);
  const auto att = flagged(s, kAttacker, f.side);
  const int defender_side = other_side(f.side);
  const int roll = core::roll_dice(s, 2, 6, ev, "combat");
  const CombatOutcome o = resolve_combat(position(s), crt_, att, target, roll);
  ++s.ext<Ext>().attacks;
  ev.add("combat",
         fmt::format("{}{} against {}, rolled {}: {}", overrun_frame(f) ? "Overrun, " : "",
                     crt_.column_name(o.odds.column), core::hex_name(*this, target), roll, scs::to_string(o.result)),
         {{"hex", core::hex_name(*this, target)}, {"column", crt_.column_name(o.odds.column)}, {"roll", roll},
          {"result", scs::to_string(o.result)}, {"overrun", overrun_frame(f)}});
  core::goto_frame(s, Frame{kAdvanceStep, f.side, uint8_t(f.flags & kOverrunFrame), f.a, o.result.defender_retreat});
  if (o.retreat > 0)
    core::push_frame(s, Frame{kRetreatStep, int8_t(defender_side), uint8_t(o.retreat << 4), f.a, f.a});
  if (o.defender_steps > 0) core::push_frame(s, Frame{kLossStep, int8_t(defender_side), 0, o.defender_steps, 0});
  if (o.attacker_steps > 0) core::push_frame(s, Frame{kLossStep, f.side, 1, o.attacker_steps, 0});
}

// ARD2 3.2: a chosen Retreat of 5 hexes replaces the combat: no dice are rolled, and
// the attackers may then advance.
void Ard2Rules::choose_retreat(State& s, Events& ev) const {
  const Frame f = s.top();
  ev.add("retreat", info_.sides[size_t(f.side)] + " chooses to retreat from " + core::hex_name(*this, key_hex(f.a)),
         {{"hex", core::hex_name(*this, key_hex(f.a))}});
  core::goto_frame(s, Frame{kAdvanceStep, int8_t(other_side(f.side)), uint8_t(f.flags & kOverrunFrame), f.a,
                            kVoluntaryRetreat});
  core::push_frame(s, Frame{kRetreatStep, f.side, uint8_t(kVoluntaryRetreat << 4), f.a, f.a});
}

// --- Losses (SCS 8.0) ---------------------------------------------------------------

void Ard2Rules::take_loss(State& s, UnitId u, Events& ev) const {
  const std::string name = core::unit_name(*this, s, u);
  if (take_step(s, position(s), u)) {
    s.units[u].flags = 0;
    ev.add("eliminated", name + " is eliminated", {{"unit", name}});
  } else {
    ev.add("loss", name + " loses a step", {{"unit", name}});
  }
  Frame& f = s.top();
  --f.a;
  ++f.b;
}

// --- Retreats (ARD2 3.2) ------------------------------------------------------------

std::vector<Hex> Ard2Rules::retreat_hexes(const State& s) const {
  const Frame& f = s.top();
  std::vector<Hex> out = retreat_options(position(s), committed(s), key_hex(f.a), key_hex(f.b), f.flags & 15);
  std::erase_if(out, [&](Hex h) { return !in_play(s, h); });
  return out;
}

// ARD2 3.2, A11: a blocked retreat, or one stopped in an enemy Bond hex, costs the
// stack one step, its owner choosing the unit under SCS 8.0 (a loss frame).
void Ard2Rules::end_retreat(State& s, bool lose_step, Events&) const {
  const int side = s.top().side;
  const bool any = !committed(s).empty();
  core::pop_frame(s);
  if (lose_step && any) core::push_frame(s, Frame{kLossStep, int8_t(side), 0, 1, 0});
}

// ARD2 3.2: one hex of the retreat; an enemy Bond hex ends it with a step lost.
void Ard2Rules::retreat_step(State& s, Hex to, Events& ev) const {
  Frame& f = s.top();
  const auto stack = committed(s);
  retreat_to(s, position(s), stack, to);
  ev.add("retreat", fmt::format("{} retreats to {}", info_.sides[size_t(f.side)], core::hex_name(*this, to)),
         {{"hex", core::hex_name(*this, to)}});
  f.b = int32_t(to.key());
  f.flags = uint8_t(f.flags + 1);
  const int done = f.flags & 15, length = f.flags >> 4;
  if (retreat_stops_at(position(s), to, f.side)) {
    end_retreat(s, true, ev);
  } else if (done >= length) {
    end_retreat(s, false, ev);
  }
}

// --- Advance after combat (ARD2 3.2) and the Overrun's entry (3.3) ----------------------

std::vector<Action> Ard2Rules::advances(const State& s) const {
  std::vector<Action> out;
  const Frame& f = s.top();
  if (overrun_frame(f)) return out;
  const Position p = position(s);
  for (UnitId u : flagged(s, kAttacker, f.side))
    for (Hex h : advance_hexes(p, u, key_hex(f.a), f.b))
      if (in_play(s, h)) out.push_back(Action{kAdvance, u, h, 0});
  return out;
}

// Ends the combat. ARD2 3.3: overrunners that won (the defender's hex is empty) must
// enter it at no MP; win or not, they may go on moving with the MP they have left, but
// may not Overrun again (kOverran). ASSUMED: the entry is movement with the unit's own
// MP (it paid the Overrun's 2 MP) and so can make enemy artillery Bug Out (3.6).
void Ard2Rules::finish_advance(State& s, Events& ev) const {
  const Frame f = s.top();
  const Hex target = key_hex(f.a);
  if (overrun_frame(f)) {
    const auto stack = flagged(s, kAttacker, f.side);
    if (!stack.empty() && !position(s).has_enemy(target, f.side)) {
      for (UnitId u : stack) enter_effects(s, position(s), u, target);
      enter_after_overrun(s, stack, target);
      ev.add("advance", info_.sides[size_t(f.side)] + " overruns into " + core::hex_name(*this, target),
             {{"hex", core::hex_name(*this, target)}});
      for (UnitId u : stack) after_move(s, u, {core::Reach{target, 0, target}}, ev);
    }
    for (UnitId u : stack) s.units[u].flags &= ~kMoved;
  }
  for (UnitId u = 0; u < s.unit_count; ++u) s.units[u].flags &= ~(kCommitted | kAttacker);
  core::pop_frame(s);
}

// --- Bug Out (ARD2 3.6) -------------------------------------------------------------

std::vector<Hex> Ard2Rules::bug_out_hexes(const State& s, UnitId arty, size_t limit) const {
  const Position p = position(s);
  const int side = side_of(s, arty);
  return bug_out_destinations(p, arty, traced(s, side), [&](Hex h) { return in_play(s, h); }, limit);
}

// ARD2 3.6: a phase begins: every artillery unit with a threatening enemy next to it
// must Bug Out.
void Ard2Rules::mark_phase_bug_outs(State& s) const {
  const Position p = position(s);
  for (UnitId u = 0; u < s.unit_count; ++u) {
    s.units[u].flags &= ~kBuggedOut;
    if (must_bug_out(p, u)) s.units[u].flags |= kBugOutDue;
  }
}

// Pushes a Bug Out frame for the owner of the first artillery unit that owes one.
void Ard2Rules::schedule_bug_outs(State& s) const {
  if (s.over || !s.has_frame() || s.top().step == kBugOutStep) return;
  const auto due = flagged(s, kBugOutDue, -1);
  if (!due.empty()) core::push_frame(s, Frame{kBugOutStep, int8_t(side_of(s, due[0])), 0, 0, 0});
}

// After unit `u` moved along the cheapest path of `range` (start first) to where it
// stands now. ARD2 3.5: entering an enemy Full marker hex on the way ends its Overrun
// and Exploit abilities for the phase. ARD2 3.6: enemy artillery next to any hex of
// the path that it threatens must Bug Out. ASSUMED: a move of one action follows the
// path the engine reports for it (core::Reach::from), so that path is what it passed.
void Ard2Rules::after_move(State& s, UnitId u, const std::vector<core::Reach>& range, Events&) const {
  // The hex each hex was entered from (its first listing, if listed twice), by key.
  std::vector<std::pair<uint32_t, Hex>> from;
  for (const core::Reach& r : range) from.emplace_back(r.hex.key(), r.from);
  std::stable_sort(from.begin(), from.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  const auto entered_from = [&](Hex h) -> const Hex* {
    const auto it = std::lower_bound(from.begin(), from.end(), h.key(), [](const auto& e, uint32_t k) { return e.first < k; });
    return it != from.end() && it->first == h.key() ? &it->second : nullptr;
  };
  const Hex start = range.empty() ? s.units[u].hex : range.front().hex;
  std::vector<Hex> path;
  for (Hex h = s.units[u].hex; path.size() <= range.size(); h = *entered_from(h)) {
    path.push_back(h);
    if (h == start || !entered_from(h)) break;
  }
  if (path.size() > 1) path.pop_back();  // the start hex was not entered
  const Position p = position(s);
  const int side = side_of(s, u);
  for (Hex h : path) {
    if (p.full_markers(h, other_side(side)) > 0) s.units[u].flags |= kEnemyBarrage;
    for (int d = 0; d < core::kDirections; ++d)
      for (UnitId a : p.units_at(core::neighbor(h, d)))
        if (p.info(a).artillery && !p.dg(a) && threatens(p, u, h, a)) s.units[a].flags |= kBugOutDue;
  }
}

// --- Overruns (ARD2 3.3) ------------------------------------------------------------

// The units of `from` that may join an Overrun of `target` now.
std::vector<UnitId> Ard2Rules::overrun_stack(const Position& p, Hex from, Hex target, bool exploitation) const {
  std::vector<UnitId> out;
  const State& s = p.state();
  for (UnitId u : p.units_at(from)) {
    if (side_of(s, u) != s.stack[0].side || (s.units[u].flags & (kFired | kSpotted | kStopped | kCommitted))) continue;
    if (exploitation && !may_exploit(p, u)) continue;
    if (!overrun_refusal(p, {u}, target)) out.push_back(u);
  }
  return out;
}

void Ard2Rules::legal_overruns(const Position& p, bool exploitation, core::ActionList& out) const {
  const State& s = p.state();
  const int side = s.top().side;
  for (UnitId u : p.on_map(side)) {
    if (!may_overrun(p, u)) continue;
    const Hex from = s.units[u].hex;
    for (int d = 0; d < core::kDirections; ++d) {
      const Hex target = core::neighbor(from, d);
      if (!in_play(s, target) || !p.has_enemy(target, side)) continue;
      const auto stack = overrun_stack(p, from, target, exploitation);
      // Offered only when the whole stack could reach the CRT, so the frame never
      // dead-ends with attackers that cannot resolve.
      if (std::find(stack.begin(), stack.end(), u) != stack.end() && compute_odds(p, crt_, stack, target).declarable)
        out.push_back(Action{kOverrun, u, target, 0});
    }
  }
}

// --- The frames ---------------------------------------------------------------------

void Ard2Rules::legal_combat_frame(const State& s, core::ActionList& out) const {
  const Frame& f = s.top();
  switch (f.step) {
    case kAttackStep: {  // an Overrun being built
      const Position p = position(s);
      const Hex target = key_hex(f.a);
      for (UnitId u : overrun_stack(p, key_hex(f.b), target, is_exploitation(Step(s.stack[0].step))))
        out.push_back(Action{kAddAttacker, u, {}, 0});
      const auto att = committed(s);
      if (!att.empty() && compute_odds(p, crt_, att, target).declarable)
        out.push_back(Action{kResolveAttack, core::kNoUnit, {}, 0});
      return;
    }
    case kLossStep: {
      const auto pool = flagged(s, (f.flags & 1) ? kAttacker : kCommitted, f.side);
      for (UnitId u : loss_candidates(position(s), pool, f.flags & 1, f.b)) out.push_back(Action{kTakeLoss, u, {}, 0});
      return;
    }
    case kAdvanceStep: {
      const auto adv = advances(s);
      out.insert(out.end(), adv.begin(), adv.end());
      out.push_back(Action{kEndAdvance, core::kNoUnit, {}, 0});
      return;
    }
    case kBugOutStep:
      for (UnitId u : flagged(s, kBugOutDue, f.side))
        for (Hex h : bug_out_hexes(s, u)) out.push_back(Action{kBugOut, u, h, 0});
      return;
    default: return;
  }
}

bool Ard2Rules::combat_automatic(const State& s) const {
  const Frame& f = s.top();
  switch (f.step) {
    case kLossStep: {
      if (f.a <= 0) return true;
      const auto pool = flagged(s, (f.flags & 1) ? kAttacker : kCommitted, f.side);
      return loss_candidates(position(s), pool, f.flags & 1, f.b).size() <= 1;  // SCS 8.0: no choice
    }
    case kAdvanceStep: return overrun_frame(f) || advances(s).empty();
    case kBugOutStep: {
      const auto due = flagged(s, kBugOutDue, f.side);
      return due.empty() || std::any_of(due.begin(), due.end(), [&](UnitId u) { return !can_bug_out(s, u); });
    }
    default: return false;
  }
}

void Ard2Rules::run_combat_frame(State& s, Events& ev) const {
  const Frame& f = s.top();
  switch (f.step) {
    case kLossStep: {
      const auto pool = flagged(s, (f.flags & 1) ? kAttacker : kCommitted, f.side);
      const auto cands = loss_candidates(position(s), pool, f.flags & 1, f.b);
      if (f.a <= 0 || cands.empty()) {
        core::pop_frame(s);
      } else {
        take_loss(s, cands[0], ev);
      }
      return;
    }
    case kAdvanceStep: finish_advance(s, ev); return;
    case kBugOutStep: {
      const auto due = flagged(s, kBugOutDue, f.side);
      if (due.empty()) {
        core::pop_frame(s);
        return;
      }
      // ASSUMED (A19): with no legal destination the artillery stays, and is DG.
      for (UnitId u : due)
        if (!can_bug_out(s, u)) {
          bug_out(s, u, s.units[u].hex);
          s.units[u].flags &= ~kBugOutDue;
          const std::string name = core::unit_name(*this, s, u);
          ev.add("bug_out", name + " has nowhere to Bug Out to: it stays, Disorganized (ARD2 3.6)", {{"unit", name}});
          return;
        }
      return;
    }
    default: return;
  }
}

void Ard2Rules::apply_combat(State& s, const Action& a, Events& ev) const {
  const Frame f = s.top();
  switch (a.type) {
    case kOverrun:
      core::push_frame(s, Frame{kAttackStep, f.side, kOverrunFrame, int32_t(a.hex.key()), int32_t(s.units[a.unit].hex.key())});
      s.units[a.unit].flags |= kCommitted;
      ev.add("attack", fmt::format("{} overruns {}", info_.sides[size_t(f.side)], core::hex_name(*this, a.hex)),
             {{"hex", core::hex_name(*this, a.hex)}, {"overrun", true}});
      return;
    case kTakeLoss: take_loss(s, a.unit, ev); return;
    case kAdvance: {
      const std::string name = core::unit_name(*this, s, a.unit);
      enter_effects(s, position(s), a.unit, a.hex);
      advance_to(s, {a.unit}, a.hex);
      ev.add("advance", name + " advances to " + core::hex_name(*this, a.hex),
             {{"unit", name}, {"hex", core::hex_name(*this, a.hex)}});
      // Done unless it stands in the defender's hex with a second hex still allowed.
      if (a.hex != key_hex(f.a) || advance_limit(position(s), a.unit, f.b, false) < 2)
        s.units[a.unit].flags &= ~kAttacker;
      return;
    }
    case kEndAdvance: finish_advance(s, ev); return;
    case kBugOut: {
      const std::string name = core::unit_name(*this, s, a.unit);
      bug_out(s, a.unit, a.hex);
      s.units[a.unit].flags = (s.units[a.unit].flags & ~kBugOutDue) | kBuggedOut;
      ev.add("bug_out", name + " bugs out to " + core::hex_name(*this, a.hex) + " and is Disorganized (ARD2 3.6)",
             {{"unit", name}, {"hex", core::hex_name(*this, a.hex)}});
      return;
    }
    default: return;
  }
}

// --- Refusals and prompts -----------------------------------------------------------

Error Ard2Rules::explain_combat(const State& s, const Action& a) const {
  auto refuse = [](std::string msg, std::string rule) { return Error{"illegal_action", std::move(msg), std::move(rule)}; };
  const Frame& f = s.top();
  const std::string name = action_names()[a.type];
  const auto not_now = [&] { return refuse(fmt::format("\"{}\" is not possible now: {}", name, prompt(s).text), "ARD2 2.1"); };
  const bool unit_ok = a.unit < s.unit_count && on_map(s.units[a.unit]);
  switch (a.type) {
    case kOverrun: {
      const bool seq = sequence_step(f.step);
      if (!seq || !(is_movement(Step(f.step)) || is_exploitation(Step(f.step)))) return not_now();
      if (!unit_ok) return refuse("that unit is not on the map", "ARD2 3.3");
      if (side_of(s, a.unit) != f.side) return refuse("that unit is not yours", "ARD2 3.3");
      if (!in_play(s, a.hex)) return refuse(core::hex_name(*this, a.hex) + " is outside the play area", "ARD2 7.0");
      const Position p = position(s);
      if (is_exploitation(Step(f.step)) && !may_exploit(p, a.unit))
        return refuse("only Exploit Capable units act in the Exploitation Phase", "ARD2 1.2");
      if (s.units[a.unit].flags & (kFired | kSpotted | kStopped))
        return refuse("that unit may not move further this phase", "ARD2 3.5");
      if (const char* why = overrun_refusal(p, {a.unit}, a.hex)) return refuse(why, "ARD2 3.3");
      return refuse("the overrunning stack cannot reach odds of 1:4 there", "ARD2 3.2");
    }
    case kTakeLoss:
      if (f.step != kLossStep) return not_now();
      return refuse("that unit may not take this loss: losses fall on units of the combat, the first on the "
                    "strongest of them",
                    "SCS 8.0");
    case kAdvance:
      if (f.step != kAdvanceStep) return not_now();
      if (overrun_frame(f)) return refuse("overrunners do not advance after combat", "ARD2 3.3");
      return refuse("that advance is not allowed: only attackers of this combat, first into the emptied defender's "
                    "hex, a second hex only along a road for an Exploit Capable unit after a retreat of 2 or more, "
                    "and never past 3 units in a hex",
                    "ARD2 3.2");
    case kEndAdvance: return not_now();
    case kBugOut:
      if (f.step != kBugOutStep) return not_now();
      if (!unit_ok || !(s.units[a.unit].flags & kBugOutDue)) return refuse("that unit does not have to Bug Out", "ARD2 3.6");
      return refuse(core::hex_name(*this, a.hex) +
                        " is not a Bug Out hex: in supply, open to Mech, not in or next to an enemy, 8 or more "
                        "road hexes away",
                    "ARD2 3.6");
    default: return not_now();
  }
}

core::Prompt Ard2Rules::combat_prompt(const State& s) const {
  const Frame& f = s.top();
  const std::string side = info_.sides[size_t(f.side)];
  switch (f.step) {
    case kLossStep:
      return {f.side, side + " losses", fmt::format("Choose the unit that loses the next step ({} left).", f.a)};
    case kAdvanceStep:
      return {f.side, side + " advance", "Advance attackers into " + core::hex_name(*this, key_hex(f.a)) + ", or stop."};
    default: return {f.side, side + " Bug Out", "Place each threatened artillery unit 8 or more road hexes away."};
  }
}

// --- The odds panel -----------------------------------------------------------------

// ARD2 3.2 step 4: each result of the final column with its chance on two dice, runs
// of equal results merged ("rolls": "2-4"); and every column shift with its cause.
json Ard2Rules::odds_detail(const OddsInfo& o, const Position& p, const std::vector<UnitId>& attackers,
                            Hex defender) const {
  json results = json::array();
  for (int lo = 2; lo <= 12;) {
    const scs::CombatResult& r = crt_.result(o.column, lo);
    int hi = lo, ways = scs::two_dice_ways(lo);
    while (hi < 12 && crt_.result(o.column, hi + 1) == r) ways += scs::two_dice_ways(++hi);
    results.push_back({{"result", scs::to_string(r)},
                       {"probability", ways / 36.0},
                       {"rolls", lo == hi ? std::to_string(lo) : fmt::format("{}-{}", lo, hi)}});
    lo = hi + 1;
  }
  std::vector<Hex> hexes;
  int defender_side = kAllied;
  for (UnitId u : attackers) {
    hexes.push_back(p.unit(u).hex);
    defender_side = other_side(p.info(u).side);
  }
  json shifts = json::array();
  for (const ShiftPart& sp : terrain_shift_parts(p, defender, defender_side, hexes))
    shifts.push_back({{"why", sp.hexside ? fmt::format("{} hexside, attacking from {}", sp.why, core::hex_name(*this, sp.stack))
                                         : sp.why + " in the defender's hex"},
                      {"shift", sp.shift},
                      {"direction", "left"},
                      {"rule", "ARD2 1.3"}});
  return {{"results", results}, {"shifts", shifts}};
}

}  // namespace ard2
