// Ardennes II random play speed: a full random playout of scenario 7.1 (16 turns,
// ~480 units) against replaying that playout's record with validation off, in the
// same run. The playout pays for listing the legal actions (a movement search per
// unit) and the legality check of core::Game::apply; the bare replay only applies.
// Goal (issue 3): the playout within 3x of the replay, and at most 100 ms.
//
//   hexfront_bench --benchmark_filter=Ard2
//
// Measured 2026-11-29 (RelWithDebInfo, a shared 2-core machine, thread CPU time): 7.1
// seed 1, 6509 actions: playout 3150 ms, replay 1061 ms, ratio 2.97; legal actions of
// a German Movement phase 121 us. Before the reach cache a 7.2 game of selfplay took
// ~190 s wall (10 actions/s); after, 1.8 s.
// Measured 2026-11-29 again, back to back on the same loaded machine (load ~8): 7.1
// seed 1, 7181 actions: before the supply trace cache and the other changes listed in
// docs/rules/ard2-engine.md (Speed) playout 5452 ms, replay 2088 ms, ratio 2.61; after,
// playout 3162 ms, replay 1233 ms, ratio 2.57; legal actions 140 us and 144 us.
#include <benchmark/benchmark.h>

#include <ctime>

#include "core/game.h"
#include "games/registry.h"

namespace {

const core::Rules& ard2() {
  static const core::Rules* rules = games::find_game("ard2");
  return *rules;
}

int scenario_index(const char* id) {
  const auto& list = ard2().scenarios();
  for (size_t i = 0; i < list.size(); ++i)
    if (list[i].id == id) return int(i);
  return 0;
}

// Thread CPU time in ms: the machine is shared, and wall time would count preemption.
double cpu_ms() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// The picker's generator, apart from the game's dice (SplitMix64, as selfplay's).
uint64_t next(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// One game to the end, each action uniform over the legal ones.
core::Game playout(int scenario, uint64_t seed, int64_t& legal_listed) {
  core::Game game(ard2(), scenario, seed);
  uint64_t picker = seed ^ 0x5DEECE66Dull;
  core::ActionList legal;
  while (!game.state().over) {
    ard2().legal_actions(game.state(), legal);
    if (legal.empty()) break;
    legal_listed += int64_t(legal.size());
    game.apply(legal[next(picker) % legal.size()]);
  }
  return game;
}

void Ard2PlayoutOverReplay(benchmark::State& st) {
  const int scenario = scenario_index("7.1");
  constexpr uint64_t kSeed = 1;
  double playout_ms = 0, replay_ms = 0;
  int64_t actions = 0, listed = 0;
  for (auto _ : st) {
    const double t0 = cpu_ms();
    const core::Game game = playout(scenario, kSeed, listed);
    const double t1 = cpu_ms();
    core::Error err;
    const auto again = core::Game::replay(ard2(), game.record(), false, err);
    const double t2 = cpu_ms();
    if (!again || again->hash() != game.hash()) st.SkipWithError("the replay differs from the playout");
    playout_ms += t1 - t0;
    replay_ms += t2 - t1;
    actions += game.entries();
  }
  const double n = double(st.iterations());
  st.counters["playout_ms"] = playout_ms / n;
  st.counters["replay_ms"] = replay_ms / n;
  st.counters["playout_over_replay"] = playout_ms / replay_ms;
  st.counters["actions"] = double(actions) / n;
  st.counters["legal_per_action"] = double(listed) / double(actions);
}
BENCHMARK(Ard2PlayoutOverReplay)->Unit(benchmark::kMillisecond)->Iterations(3);

// Listing the legal actions at the first German Movement phase of 7.1, on states
// that differ by one move each time (so a reach cache can keep only part of its work).
void Ard2LegalActionsMovement(benchmark::State& st) {
  core::Game game(ard2(), scenario_index("7.1"), 1);
  core::ActionList legal;
  ard2().legal_actions(game.state(), legal);
  std::vector<core::State> states{game.state()};
  uint64_t picker = 7;
  for (int i = 0; i < 16 && !legal.empty(); ++i) {
    game.apply(legal[next(picker) % (legal.size() > 1 ? legal.size() - 1 : 1)]);
    states.push_back(game.state());
    ard2().legal_actions(game.state(), legal);
  }
  size_t k = 0;
  for (auto _ : st) {
    ard2().legal_actions(states[k++ % states.size()], legal);
    benchmark::DoNotOptimize(legal.data());
  }
  st.counters["actions"] = double(legal.size());
}
BENCHMARK(Ard2LegalActionsMovement)->Unit(benchmark::kMicrosecond);

}  // namespace
