// ARD2 3.8 Blowing Bridges (US only), as play: when the US player may try, the roll on
// the Bridge Blowing Table, and plungers the Germans overrun. The rule's conditions
// are status.h's (bridge_primed, blow_refusal, plunger_captured, resolve_blow).
//
// "At any moment" (decisions A35, T-blow in docs/rules/ard2.md): the US may try in every
// step where he has the move (Air Supply, US Barrage, his Movement, Combat and
// Exploitation), and in the German turn in a window frame opened at the start of the
// German Movement and Exploitation Phases and after each German move that ends within 3
// hexes of a bridge an attempt could blow.
#include <fmt/format.h>

#include <algorithm>

#include "core/dice.h"
#include "games/ard2/ard2_internal.h"

namespace ard2 {

namespace {

constexpr int kThreat = 3;  // a German unit this near a bridge opens a window

// Whether `unit` may try to blow the bridges of `plunger` now: some are primed and
// every primed one passes 3.8's conditions (one roll serves them all).
bool attempt_ok(const Position& p, Hex plunger, core::UnitId unit) {
  bool any = false;
  for (int b : bridges_of_plunger(p.board(), plunger)) {
    if (!bridge_primed(p, b)) continue;
    if (blow_refusal(p, b, unit)) return false;
    any = true;
  }
  return any;
}

}  // namespace

void Ard2Rules::legal_blows(const Position& p, core::ActionList& out) const {
  const core::State& s = p.state();
  for (Hex plunger : plungers_)
    for (core::UnitId u : p.on_map(kAllied))
      if (core::distance(s.units[u].hex, plunger) <= 2 && attempt_ok(p, plunger, u))
        out.push_back(core::Action{kBlowBridge, u, plunger, 0});
}

// ARD2 3.8: one die on the Bridge Blowing Table for the plunger; Blown or Tested on
// every bridge it serves; the US unit that made it possible stops for the phase.
void Ard2Rules::blow_bridge(core::State& s, core::UnitId unit, Hex plunger, core::Events& ev) const {
  const int die = core::roll_die(s, 6, ev, "bridge blowing at " + core::hex_name(*this, plunger));
  const bool blown = air_.blown_on[size_t(die)];
  resolve_blow(s, *board_, plunger, blown);
  s.units[unit].flags |= kStopped;
  ev.add("bridge", fmt::format("Bridge at {}: {}", core::hex_name(*this, plunger), blown ? "Blown" : "Tested"),
         {{"hex", core::hex_name(*this, plunger)}, {"roll", die}, {"result", blown ? "blown" : "tested"},
          {"unit", core::unit_name(*this, s, unit)}, {"rule", "ARD2 3.8"}});
}

// ARD2 3.8: a German unit in a primed plunger hex marks its bridges Tested, no roll.
void Ard2Rules::capture_plungers(core::State& s, core::Events& ev) const {
  const Position p = position(s);  // reads the bridge markers live; no unit moves here
  for (Hex plunger : plungers_) {
    const auto bridges = bridges_of_plunger(*board_, plunger);
    if (!std::any_of(bridges.begin(), bridges.end(), [&](int b) { return bridge_primed(p, b) && plunger_captured(p, b); }))
      continue;
    resolve_blow(s, *board_, plunger, false);
    ev.add("bridge", "Germans hold the plunger at " + core::hex_name(*this, plunger) + ": bridge Tested",
           {{"hex", core::hex_name(*this, plunger)}, {"result", "tested"}, {"rule", "ARD2 3.8"}});
  }
}

// An attempt is possible and a German unit (the one at `near`, or any) is within 3
// hexes of a primed bridge of that plunger.
bool Ard2Rules::bridge_threat(const core::State& s, std::optional<Hex> near) const {
  const Position p = position(s);
  for (Hex plunger : plungers_) {
    const auto us = p.on_map(kAllied);
    if (std::none_of(us.begin(), us.end(), [&](core::UnitId u) {
          return core::distance(s.units[u].hex, plunger) <= 2 && attempt_ok(p, plunger, u);
        }))
      continue;
    for (int b : bridges_of_plunger(*board_, plunger)) {
      if (!bridge_primed(p, b)) continue;
      for (Hex h : board_->bridges()[size_t(b)].side.hexes()) {
        if (near && core::distance(*near, h) <= kThreat) return true;
        if (!near)
          for (core::UnitId g : p.on_map(kGerman))
            if (core::distance(s.units[g].hex, h) <= kThreat) return true;
      }
    }
  }
  return false;
}

void Ard2Rules::open_bridge_window(core::State& s, std::optional<Hex> near) const {
  if (!plungers_.empty() && bridge_threat(s, near))
    core::push_frame(s, core::Frame{kBridgeWindow, int8_t(kAllied), 0, 0, 0});
}

}  // namespace ard2
