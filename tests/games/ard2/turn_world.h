// Ardennes II rules on a test map for the turn-level rule tests: both sheets, all Open,
// with a few named VP hexes, one primed bridge and a Road leaving the 7.5 play area
// west. States are the scenarios' with every unit off the map except those a test puts.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "core/game.h"
#include "games/ard2/ard2_rules.h"
#include "games/ard2/data.h"
#include "load_on_map.h"

namespace ard2::test {

inline const char* kTurnMap =
    "hexfront-map 1\n"
    "game ard2\n"
    "ids scs A:40x0-54 B:40x0-54\n"
    "terrain open woods city\n"
    "sides road track river\n"
    "default open\n"
    "hex B1.16 city \"Bastogne\" vp=3\n"
    "hex A38.16 open \"Senonchamps\"\n"
    "hex A10.40 city \"Ciney\" vp=2\n"
    "hex A20.40 city \"Marche\" vp=2\n"
    "hex B30.30 open plunger=1\n"
    "side B30.30 n river road\n"
    "side A33.20 nw road\n"
    "side A33.20 sw road\n";

inline const Ard2Rules& turn_rules() {
  static const std::unique_ptr<Ard2Rules> r = load_on_map(kTurnMap, "turn.map");
  return *r;
}

inline int scenario_of(const std::string& id) { return scenario_index(turn_rules(), id); }

inline core::Hex hx(const char* id) { return *core::find_hex(turn_rules(), id); }
inline core::UnitId unit_of(const core::State& s, const char* id) { return core::find_unit(turn_rules(), s, id); }

// Scenario `id` at `step` of `turn` (the side of the step acting), no unit on the map,
// no markers, a clean ext.
inline core::State bare(const char* id, Step step, int turn) {
  core::State s = turn_rules().setup(scenario_of(id), 7);
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    s.units[u].where = core::Where::Eliminated;
    s.units[u].flags = 0;
  }
  s.hex_marker_count = 0;
  s.side_marker_count = 0;
  s.ext<Ext>() = Ext{};
  s.turn = int16_t(turn);
  s.depth = 1;
  s.stack[0] = core::Frame{uint16_t(step), int8_t(step_info(step).side), 0, 0, 0};
  return s;
}

// Puts the scenario's counter `unit` on the map at `hex`.
inline core::UnitId put(core::State& s, const char* unit, const char* hex) {
  const core::UnitId u = unit_of(s, unit);
  EXPECT_NE(u, core::kNoUnit) << unit;
  s.units[u].where = core::Where::OnMap;
  s.units[u].hex = hx(hex);
  s.units[u].flags = 0;
  s.units[u].steps_lost = 0;
  s.units[u].spent = 0;
  return u;
}

inline core::ActionList legal(const core::State& s) {
  core::ActionList out;
  turn_rules().legal_actions(s, out);
  return out;
}

inline bool offers(const core::State& s, const core::Action& a) {
  const auto acts = legal(s);
  return std::find(acts.begin(), acts.end(), a) != acts.end();
}

inline core::Action act(uint16_t type, core::UnitId u = core::kNoUnit, core::Hex h = {}) {
  return core::Action{type, u, h, 0};
}

inline const core::Action kEnd{kEndPhase, core::kNoUnit, {}, 0};

}  // namespace ard2::test
