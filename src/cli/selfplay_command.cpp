// `hexfront selfplay`: random legal play to the end, as a fuzzer (after Rally the
// Troops' fuzzer): reports dead ends (nothing legal before the game is over), runaway
// games (over the action cap), broken invariants and records that do not replay to
// the same hashes.
#include <fmt/format.h>

#include <chrono>
#include <map>

#include "cli/commands.h"
#include "core/game.h"
#include "core/state_json.h"
#include "games/registry.h"

namespace cli {

namespace {

struct Options {
  std::string game = "toy";
  std::string scenario;
  uint64_t seed = 1;
  int games = 10;
  int max_actions = 10000;
};

struct Tally {
  int finished = 0, dead_ends = 0, runaways = 0, invariant_breaks = 0, replay_mismatches = 0;
  long actions = 0;
  std::map<std::string, int> results;
  std::vector<std::string> problems;
};

// The picker's own generator, apart from the game's dice (SplitMix64).
uint64_t next(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

void play_one(const core::Rules& rules, int scenario, uint64_t seed, const Options& opt, Tally& t) {
  core::Game game(rules, scenario, seed);
  uint64_t picker = seed ^ 0x5DEECE66Dull;
  core::ActionList legal;
  int n = 0;
  for (; n < opt.max_actions && !game.state().over; ++n) {
    legal.clear();
    rules.legal_actions(game.state(), legal);
    if (legal.empty()) {
      ++t.dead_ends;
      t.problems.push_back(fmt::format("seed {}: dead end after {} actions at {}", seed, n, rules.prompt(game.state()).phase));
      return;
    }
    if (auto e = game.apply(legal[next(picker) % legal.size()])) {
      t.problems.push_back(fmt::format("seed {}: a listed action was refused: {}", seed, e->message));
      ++t.dead_ends;
      return;
    }
    const auto broken = rules.check_invariants(game.state());
    if (!broken.empty()) {
      ++t.invariant_breaks;
      t.problems.push_back(fmt::format("seed {}: after action {}: {}", seed, n + 1, broken.front()));
      return;
    }
  }
  t.actions += n;
  if (!game.state().over) {
    ++t.runaways;
    t.problems.push_back(fmt::format("seed {}: still running after {} actions", seed, n));
    return;
  }
  ++t.finished;
  const auto outcome = rules.outcome(game.state());
  ++t.results[outcome.contains("winner") && outcome["winner"].is_string() ? outcome["winner"].get<std::string>() : "draw"];
  core::Error err;
  const auto again = core::Game::replay(rules, game.record(), true, err);
  if (!again || again->hash() != game.hash()) {
    ++t.replay_mismatches;
    t.problems.push_back(fmt::format("seed {}: replay differs: {}", seed, again ? "final hash" : err.message));
  }
}

void progress(int done, int total) {
  constexpr int kWidth = 30;
  const int filled = total ? done * kWidth / total : kWidth;
  fmt::print(stderr, "\r[{}{}] {}/{}", std::string(size_t(filled), '#'), std::string(size_t(kWidth - filled), ' '), done, total);
  if (done == total) fmt::print(stderr, "\n");
}

int selfplay(const Options& opt) {
  std::string error;
  const core::Rules* rules = games::find_game(opt.game, &error);
  if (!rules) {
    fmt::print(stderr, "{}\n", error);
    return 1;
  }
  int scenario = opt.scenario.empty() ? 0 : -1;
  for (size_t i = 0; i < rules->scenarios().size(); ++i)
    if (rules->scenarios()[i].id == opt.scenario) scenario = int(i);
  if (scenario < 0) {
    fmt::print(stderr, "\"{}\" is not a scenario of {}\n", opt.scenario, opt.game);
    return 2;
  }
  Tally t;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < opt.games; ++i) {
    play_one(*rules, scenario, opt.seed + uint64_t(i), opt, t);
    progress(i + 1, opt.games);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print("game {} scenario {}: {} games from seed {} in {:.2f}s\n", opt.game, rules->scenarios()[size_t(scenario)].id,
             opt.games, opt.seed, secs);
  fmt::print("finished {}, dead ends {}, runaways {}, invariant breaks {}, replay mismatches {}\n", t.finished,
             t.dead_ends, t.runaways, t.invariant_breaks, t.replay_mismatches);
  fmt::print("actions per game {:.1f}, actions per second {:.0f}\n", opt.games ? double(t.actions) / opt.games : 0.0,
             secs > 0 ? double(t.actions) / secs : 0.0);
  std::string spread;
  for (const auto& [who, n] : t.results) spread += fmt::format(" {} {} ({:.0f}%)", who, n, 100.0 * n / std::max(1, t.finished));
  fmt::print("results:{}\n", spread.empty() ? " none" : spread);
  for (const std::string& p : t.problems) fmt::print("problem: {}\n", p);
  return t.problems.empty() ? 0 : 1;
}

}  // namespace

void register_selfplay(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("selfplay", "Play random legal games to the end and check them (a fuzzer)");
  auto opt = std::make_shared<Options>();
  cmd->add_option("--game", opt->game, "Game id")->capture_default_str();
  cmd->add_option("--scenario", opt->scenario, "Scenario id (default: the first)");
  cmd->add_option("--seed", opt->seed, "Seed of the first game; game i uses seed + i")->capture_default_str();
  cmd->add_option("--games", opt->games, "Number of games")->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--max-actions", opt->max_actions, "Actions after which a game counts as runaway")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->callback([opt, &exit_code] { exit_code = selfplay(*opt); });
}

}  // namespace cli
