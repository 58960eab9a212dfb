// The Ardennes II evaluator's cost per evaluation, and what its exit routes add.
//
//   hexfront_bench --benchmark_filter=Ard2Evaluate
//
// Five positions, read against each other in the same run:
//  - 7.4's set-up: no exit goal, so no route (the peer);
//  - 7.5's set-up, the same position each time: the routes of 2 Pz and Lehr are
//    computed once and then read (a Movement Phase's search, where the enemy stands);
//  - 7.5's set-up with an Allied unit stepping between two hexes every call: the
//    routes are recomputed each time (greedy's Allies weighing each of their moves);
//  - the set-ups of 7.2 (all of Map B, eight VP-only exit goals) and 7.6 (no exit
//    goal), with the enemy moving: what greedy pays per move it weighs there; and
//    7.2's set-up put on Turn 5, where the routes need searching only as far as two
//    turns of march.
//
// Measured 2026-12-01 (RelWithDebInfo, 2 cores, two arena runs beside it, mean of 3
// repetitions, both builds in turn): index_stacks walked the whole array of 512 hex
// markers rather than the ones in use; reading only those took 7.4 from 3.05 us to
// 2.13 us and 7.6 from 6.16 us to 5.06 us.
#include <benchmark/benchmark.h>

#include <string>

#include "ai/ard2_evaluator.h"
#include "games/registry.h"

namespace {

const core::Rules& ard2() {
  static const core::Rules* rules = games::find_game("ard2");
  return *rules;
}

int scenario(const std::string& id) {
  const auto& list = ard2().scenarios();
  for (size_t i = 0; i < list.size(); ++i)
    if (list[i].id == id) return int(i);
  return 0;
}

// The first Allied unit on the map.
core::UnitId first_allied(const core::State& s) {
  for (core::UnitId u = 0; u < s.unit_count; ++u)
    if (s.units[u].where == core::Where::OnMap && ard2().catalog()[s.units[u].def].side == 0) return u;
  return core::kNoUnit;
}

void Ard2Evaluate(benchmark::State& state, const char* id, bool enemy_moves, int turn = 0) {
  core::State s = ard2().setup(scenario(id), 1);
  if (turn > 0) s.turn = int16_t(turn);  // the same units, fewer turns left to the deadline
  ai::Ard2Evaluator eval(ard2());
  const core::UnitId u = first_allied(s);
  const core::Hex a = s.units[u].hex, b = core::neighbor(a, 0);
  bool at_b = false;
  for (auto _ : state) {
    if (enemy_moves) {
      at_b = !at_b;
      s.units[u].hex = at_b ? b : a;
    }
    benchmark::DoNotOptimize(eval.evaluate(s, 1));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(Ard2Evaluate, no_exit_goal_7_4, "7.4", false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Ard2Evaluate, routes_read_7_5, "7.5", false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Ard2Evaluate, routes_recomputed_7_5, "7.5", true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Ard2Evaluate, enemy_moves_7_2, "7.2", true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Ard2Evaluate, enemy_moves_7_2_turn_5, "7.2", true, 5)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Ard2Evaluate, enemy_moves_7_6, "7.6", true)->Unit(benchmark::kMicrosecond);

}  // namespace
