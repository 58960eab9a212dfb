// AI speed and strength on the toy game.
//
//   hexfront_bench --benchmark_filter=AiSearchPlanning   iterations per second
//   hexfront_bench --benchmark_filter=AiStrength         win rates with Wilson 95% CIs
//
// The strength runs play search against greedy and against random, from both sides,
// over HEXFRONT_AI_SEEDS seeds (default 10, quick; the report uses 100) with a budget
// of HEXFRONT_AI_ITERATIONS decodes per planning (default 200, deterministic). The
// table goes to stderr; the counters hold the win rates in percent.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

#include "ai/arena.h"
#include "ai/players.h"
#include "games/registry.h"

namespace {

const core::Rules& toy() {
  static const core::Rules* rules = games::find_game("toy");
  return *rules;
}

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}

// One planning of the opening Blue turn, a fixed number of decodes.
void AiSearchPlanning(benchmark::State& state) {
  const core::State s = toy().setup(0, 1);
  constexpr int kIterations = 200;
  int64_t decodes = 0;
  for (auto _ : state) {
    ai::SearchPlayer p(toy(), 1);
    benchmark::DoNotOptimize(p.act(toy(), s, ai::Budget{0, kIterations}));
    decodes += p.stats().iterations;
  }
  state.counters["decodes/s"] = benchmark::Counter(double(decodes), benchmark::Counter::kIsRate);
}
BENCHMARK(AiSearchPlanning)->Unit(benchmark::kMillisecond);

void AiStrength(benchmark::State& state, const char* opponent) {
  ai::MatchConfig config;
  config.first = "search";
  config.second = opponent;
  config.seeds = env_int("HEXFRONT_AI_SEEDS", 10);
  config.budget = ai::Budget{0, env_int("HEXFRONT_AI_ITERATIONS", 200)};
  config.threads = env_int("HEXFRONT_AI_THREADS", 2);
  for (auto _ : state) {
    const ai::MatchResult m = ai::run_match(toy(), config);
    std::fputs(ai::describe(toy(), m).c_str(), stderr);
    for (int side = 0; side < 2; ++side) {
      const std::string who = toy().info().sides[size_t(side)];
      const ai::Interval ci = ai::wilson(m.wins[side], m.games[side]);
      state.counters[who + "%"] = 100.0 * m.wins[side] / std::max(1, m.games[side]);
      state.counters[who + "_lo%"] = 100.0 * ci.low;
      state.counters[who + "_hi%"] = 100.0 * ci.high;
    }
    state.counters["ms/decision"] = double(m.think_ms) / double(std::max<int64_t>(1, m.decisions));
  }
}
BENCHMARK_CAPTURE(AiStrength, vs_random, "random")->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(AiStrength, vs_greedy, "greedy")->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace
