// Ardennes II Bug Out (ARD2 3.6): listing every hex an artillery unit may go to against
// asking only whether it has one, in the same run. The rules ask the second each time
// they check whether a Bug Out step plays itself (no destination); while they listed
// every destination for it, that check was 26% of a 7.4 search game's time (perf, the
// German search by a 1.5 s clock against greedy-vp, seed 3).
//
//   hexfront_bench --benchmark_filter=Ard2BugOut
//
// Measured 2026-12-01 (RelWithDebInfo, 2 cores, idle, mean of 3 repetitions): 7.4's US
// Arty 174 at B20.34, 1156 destinations: every one 51.7 us, any one 0.61 us (ratio 85).
// Four selfplay games of 7.4 (German search at 20 decodes against greedy-vp, seeds 1-4,
// beside one other run) took 21.0 s before and 15.8 s after, the records identical
// byte for byte.
#include <benchmark/benchmark.h>

#include "core/rules.h"
#include "games/ard2/ard2_rules.h"
#include "games/ard2/status.h"
#include "games/registry.h"

namespace {

struct BugOutCase {
  const ard2::Ard2Rules* rules = nullptr;
  core::State state;
  core::UnitId arty = core::kNoUnit;
  std::vector<uint8_t> traced;
};

// 7.4's set-up (with its errata, the US Arty 174 at B20.34) and that unit's side's
// supply trace.
const BugOutCase& goose_egg() {
  static const BugOutCase c = [] {
    BugOutCase out;
    out.rules = dynamic_cast<const ard2::Ard2Rules*>(games::find_game("ard2"));
    const auto& list = out.rules->scenarios();
    for (size_t i = 0; i < list.size(); ++i)
      if (list[i].id == "7.4") out.state = out.rules->setup(int(i), 1);
    out.arty = core::find_unit(*out.rules, out.state, "Ind-A.Arty.174");
    out.traced = out.rules->traced(out.state, out.rules->catalog()[out.state.units[out.arty].def].side);
    return out;
  }();
  return c;
}

void run(benchmark::State& bench, size_t limit) {
  const BugOutCase& c = goose_egg();
  if (!c.rules || c.arty == core::kNoUnit) {
    bench.SkipWithError("no 7.4 or no Ind-A.Arty.174");
    return;
  }
  const ard2::Position p = c.rules->position(c.state);
  size_t found = 0;
  for (auto _ : bench) {
    const auto out = ard2::bug_out_destinations(p, c.arty, c.traced, {}, limit);
    found = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  bench.counters["destinations"] = double(found);
}

void BM_Ard2BugOutEveryDestination(benchmark::State& bench) { run(bench, SIZE_MAX); }
void BM_Ard2BugOutAnyDestination(benchmark::State& bench) { run(bench, 1); }

BENCHMARK(BM_Ard2BugOutEveryDestination)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Ard2BugOutAnyDestination)->Unit(benchmark::kMicrosecond);

}  // namespace
