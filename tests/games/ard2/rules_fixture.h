// Ardennes II through core::Rules on a small hand-made map, for rule tests that need
// the whole flow of play (frames, prompts, dice): both sheets all Open, one Road along
// row 20 from the west edge (A1.20) to the east edge (B40.20), so both sides trace
// supply along it; Bastogne (B1.16) a City with a Stream between it and B2.16. A test
// takes the 7.5 scenario, keeps only the units it names, and puts them where it wants.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "games/ard2/ard2_rules.h"
#include "games/ard2/data.h"
#include "load_on_map.h"

namespace ard2::fixture {

using core::Action;
using core::Hex;
using core::State;
using core::UnitId;

// A Road hexside between two hexes of row 20.
inline std::string fmt_side(char a, int ca, char b, int cb) {
  return std::string("side ") + a + std::to_string(ca) + ".20 " + b + std::to_string(cb) + ".20 road\n";
}

inline std::string map_text() {
  std::string m =
      "hexfront-map 1\n"
      "game ard2\n"
      "ids scs A:40x0-54 B:40x0-54\n"
      "terrain open woods city\n"
      "sides road river stream\n"
      "default open\n"
      "hex B1.16 city \"Bastogne\" vp=3\n"
      "side B1.16 B2.16 stream\n"
      "side A36.15 A37.15 river\n";
  for (const char sheet : {'A', 'B'})
    for (int c = 1; c < 40; ++c) m += fmt_side(sheet, c, sheet, c + 1);
  m += "side A40.20 B1.20 road\n";
  return m;
}

inline const Ard2Rules& rules() {
  static const std::unique_ptr<Ard2Rules> r = test::load_on_map(map_text(), "fixture.map");
  return *r;
}

inline Hex hex(const char* id) { return *core::find_hex(rules(), id); }
inline UnitId unit(const State& s, const char* id) { return core::find_unit(rules(), s, id); }

// Scenario 7.5 with only `placed` (unit id, hex id) on the map, in `step` of `turn`.
inline State position(const std::vector<std::pair<const char*, const char*>>& placed, Step step, int turn = 4) {
  const auto& list = rules().scenarios();
  int sc = 0;
  while (list[size_t(sc)].id != "7.5") ++sc;
  State s = rules().setup(sc, 7);
  for (UnitId u = 0; u < s.unit_count; ++u) {
    s.units[u].where = core::Where::Eliminated;
    s.units[u].flags = 0;
  }
  for (const auto& [id, at] : placed) {
    const UnitId u = unit(s, id);
    EXPECT_NE(u, core::kNoUnit) << id;
    s.units[u] = core::UnitState{hex(at), core::Where::OnMap, 0, s.units[u].def, 0, 0, 0, 0};
  }
  s.turn = int16_t(turn);
  s.depth = 1;
  s.stack[0] = core::Frame{uint16_t(step), int8_t(step_info(step).side), 0, 0, 0};
  return s;
}

inline bool has(const core::ActionList& acts, const Action& a) {
  return std::find(acts.begin(), acts.end(), a) != acts.end();
}
inline core::ActionList legal(const State& s) {
  core::ActionList acts;
  rules().legal_actions(s, acts);
  return acts;
}
inline int count_of(const core::ActionList& acts, int type) {
  return int(std::count_if(acts.begin(), acts.end(), [&](const Action& a) { return a.type == type; }));
}
inline Action act(int type, UnitId u = core::kNoUnit, Hex h = {}) { return Action{uint16_t(type), u, h, 0}; }

}  // namespace ard2::fixture
