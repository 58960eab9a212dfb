// AI speed and strength, on the toy game or (HEXFRONT_AI_GAME=ard2
// HEXFRONT_AI_SCENARIO=7.5) a scenario of another game.
//
//   hexfront_bench --benchmark_filter=AiSearchPlanning   iterations per second
//   hexfront_bench --benchmark_filter=AiStrength         win rates with Wilson 95% CIs
//
// The strength runs play search against greedy and against random, from both sides,
// over HEXFRONT_AI_SEEDS seeds (default 10, quick; the report uses 100) from
// HEXFRONT_AI_FIRST_SEED (default 100001, the seeds held out from tuning) with a budget
// of HEXFRONT_AI_ITERATIONS decodes per planning (default 200, deterministic). The
// table goes to stderr; the counters hold the win rates in percent. The table over
// every Ardennes II scenario comes from bench/ai_strength.sh (docs/ai.md).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <cstdlib>

#include "ai/arena.h"
#include "ai/players.h"
#include "games/registry.h"

namespace {

const core::Rules& toy() {
  static const core::Rules* rules = games::find_game("toy");
  return *rules;
}

// The game and scenario of the strength runs.
const core::Rules& game() {
  static const core::Rules* rules = games::find_game(std::getenv("HEXFRONT_AI_GAME") ? std::getenv("HEXFRONT_AI_GAME") : "toy");
  return rules ? *rules : toy();
}

int scenario() {
  const char* id = std::getenv("HEXFRONT_AI_SCENARIO");
  const auto& list = game().scenarios();
  for (size_t i = 0; id && i < list.size(); ++i)
    if (list[i].id == id) return int(i);
  return 0;
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

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// The German player turn of 7.1 (the campaign: the most units and moves) played by
// search with the default budget (5 s of wall clock per game turn), the US answers
// (its barrage inside the German turn) by greedy. Reports the wall and CPU time of the
// search's decisions and of the whole player turn (with the rules' own work).
void AiCampaignTurn(benchmark::State& state) {
  const core::Rules& ard2 = *games::find_game("ard2");
  const auto& steps = ard2.step_names();
  const uint16_t us_turn = uint16_t(std::find(steps.begin(), steps.end(), "us_barrage_removal") - steps.begin());
  const int budget_ms = env_int("HEXFRONT_AI_BUDGET_MS", 5000);
  for (auto _ : state) {
    core::State s = ard2.setup(0, 1);
    ai::SearchPlayer german(ard2, 1);
    auto us = ai::make_player("greedy", ard2, 2);
    core::Events none;
    const int turn = s.turn;
    int actions = 0;
    double think_wall = 0, think_cpu = 0;
    const auto start = std::chrono::steady_clock::now();
    const double cpu0 = cpu_seconds();
    while (!s.over && s.turn == turn && s.stack[0].step < us_turn) {
      const int side = ard2.to_act(s);
      if (side < 0) break;
      const auto t0 = std::chrono::steady_clock::now();
      const double c0 = cpu_seconds();
      const core::Action a = side == 1 ? german.act(ard2, s, ai::Budget{budget_ms, 0}) : us->act(ard2, s, ai::Budget{});
      if (side == 1) {
        think_wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        think_cpu += cpu_seconds() - c0;
      }
      ard2.apply(s, a, none);
      ++actions;
    }
    state.counters["turn_wall_s"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    state.counters["turn_cpu_s"] = cpu_seconds() - cpu0;
    state.counters["search_wall_s"] = think_wall;
    state.counters["search_cpu_s"] = think_cpu;
    state.counters["actions"] = actions;
  }
}
BENCHMARK(AiCampaignTurn)->Iterations(1)->Unit(benchmark::kSecond);

void AiStrength(benchmark::State& state, const char* opponent) {
  ai::MatchConfig config;
  config.first = "search";
  config.second = opponent;
  config.seeds = env_int("HEXFRONT_AI_SEEDS", 10);
  config.first_seed = uint64_t(env_int("HEXFRONT_AI_FIRST_SEED", 100001));
  config.budget = ai::Budget{0, env_int("HEXFRONT_AI_ITERATIONS", 200)};
  config.threads = env_int("HEXFRONT_AI_THREADS", 2);
  config.scenario = scenario();
  for (auto _ : state) {
    const ai::MatchResult m = ai::run_match(game(), config);
    std::fputs(ai::describe(game(), m).c_str(), stderr);
    for (int side = 0; side < 2; ++side) {
      const std::string who = game().info().sides[size_t(side)];
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
