// `hexfront selfplay`: whole games to the end, each side played by an AI player named
// by the game's side names (`--allied search --german greedy`; random by default), on
// several threads. It is a fuzzer too (after Rally the Troops' fuzzer): it reports dead
// ends (nothing legal before the game is over), runaway games (over the action cap),
// broken invariants and records that do not replay to the same hashes. Then the
// results by victory level, the VP spread with a histogram, and (--plot) an SVG of it.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <mutex>
#include <thread>

#include "ai/arena.h"
#include "ai/simulator.h"
#include "cli/build_source.h"
#include "cli/commands.h"
#include "cli/scenario_arg.h"
#include "cli/text_file.h"
#include "core/game.h"

namespace cli {

namespace {

struct Options {
  std::string game = "toy";
  std::string scenario;
  uint64_t seed = 1;
  int games = 10;
  int max_actions = 10000;
  int threads = 1;
  int64_t iterations = 0;
  int64_t budget_ms = 1000;
  bool progress = false;
  std::string plot;
  std::string records;  // a directory: each game's record as <scenario>-<seed>.json
  std::vector<std::string> extras;  // --<side> <player>, checked against the game's sides
};

struct Tally {
  int finished = 0, dead_ends = 0, runaways = 0, invariant_breaks = 0, replay_mismatches = 0, unwritten_records = 0;
  long actions = 0;
  std::vector<ai::GameResult> results;
  std::vector<std::string> problems;
};

// One game with `names[side]` playing each side; the fuzzer's checks on the way.
void play_one(const core::Rules& rules, int scenario, uint64_t seed, const Options& opt,
              const std::vector<std::string>& names, Tally& t, std::mutex& mutex) {
  core::Game game(rules, scenario, seed);
  std::vector<std::unique_ptr<ai::Player>> players;
  for (size_t side = 0; side < names.size(); ++side)
    players.push_back(ai::make_player(names[side], rules, ai::mix(seed * 2 + 1 + side)));
  const ai::Budget budget{opt.budget_ms, opt.iterations};
  ai::GameResult r;
  r.seed = seed;
  std::string problem;
  int n = 0;
  for (; n < opt.max_actions && !game.state().over; ++n) {
    const int side = rules.to_act(game.state());
    if (side < 0 || size_t(side) >= players.size()) {
      problem = fmt::format("seed {}: dead end after {} actions at {}", seed, n, rules.prompt(game.state()).phase);
      break;
    }
    const core::Action a = players[size_t(side)]->act(rules, game.state(), budget);
    if (auto e = game.apply(a)) {
      problem = fmt::format("seed {}: {} played a refused action: {}", seed, names[size_t(side)], e->message);
      break;
    }
    const auto broken = rules.check_invariants(game.state());
    if (!broken.empty()) {
      problem = fmt::format("seed {}: after action {}: {}", seed, n + 1, broken.front());
      break;
    }
  }
  // The record is written before the lock is taken; a failed write is a problem of
  // the run, so a full disk cannot leave records out unnoticed.
  std::string unwritten;
  if (!opt.records.empty()) {
    const std::string path =
        fmt::format("{}/{}-{}.json", opt.records, rules.scenarios()[size_t(scenario)].id, seed);
    if (!write_text_file(path, game.record().dump() + "\n"))
      unwritten = fmt::format("seed {}: cannot write the record {}", seed, path);
  }
  const std::lock_guard lock(mutex);
  t.actions += n;
  if (!unwritten.empty()) {
    ++t.unwritten_records;
    t.problems.push_back(unwritten);
  }
  if (!problem.empty()) {
    (problem.find("after action") != std::string::npos ? t.invariant_breaks : t.dead_ends) += 1;
    t.problems.push_back(problem);
    return;
  }
  if (!game.state().over) {
    ++t.runaways;
    t.problems.push_back(fmt::format("seed {}: still running after {} actions", seed, n));
    return;
  }
  ++t.finished;
  const auto outcome = rules.outcome(game.state());
  r.actions = n;
  r.winner = game.state().result_side;
  r.level = game.state().result_level;
  if (outcome.contains("level") && outcome["level"].is_string()) r.level_name = outcome["level"].get<std::string>();
  if (outcome.contains("vp") && outcome["vp"].is_number()) r.vp = outcome["vp"].get<double>();
  t.results.push_back(r);
  core::Error err;
  const auto again = core::Game::replay(rules, game.record(), true, err);
  if (!again || again->hash() != game.hash()) {
    ++t.replay_mismatches;
    t.problems.push_back(fmt::format("seed {}: replay differs: {}", seed, again ? "final hash" : err.message));
  }
}

void progress_bar(int done, int total) {
  constexpr int kWidth = 30;
  const int filled = total ? done * kWidth / total : kWidth;
  fmt::print(stderr, "\r[{}{}] {}/{}", std::string(size_t(filled), '#'), std::string(size_t(kWidth - filled), ' '),
             done, total);
  if (done == total) fmt::print(stderr, "\n");
}

// The player of each side: `--<side name, lowercased> <player>`, random when not named.
bool side_players(const core::Rules& rules, const std::vector<std::string>& extras, std::vector<std::string>& names) {
  const auto& sides = rules.info().sides;
  names.assign(sides.size(), "random");
  for (size_t i = 0; i < extras.size(); ++i) {
    size_t side = sides.size();
    for (size_t k = 0; k < sides.size(); ++k) {
      std::string lower = sides[k];
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
      if (extras[i] == "--" + lower) side = k;
    }
    if (side == sides.size() || i + 1 >= extras.size()) {
      std::string flags;
      for (const std::string& s : sides) flags += " --" + s;
      fmt::print(stderr, "unknown option \"{}\": sides of {} are set with{} <player>\n", extras[i], rules.info().id,
                 flags);
      return false;
    }
    names[side] = extras[++i];
    std::string error;
    if (!ai::make_player(names[side], rules, 0, &error)) {
      fmt::print(stderr, "{}\n", error);
      return false;
    }
  }
  return true;
}

int selfplay(const Options& opt) {
  int code = 0;
  const auto arg = resolve_scenario(opt.game, opt.scenario, code);
  if (!arg) return code;
  const core::Rules& rules = *arg->rules;
  std::vector<std::string> names;
  if (!side_players(rules, opt.extras, names)) return 2;
  const bool bar = opt.progress || isatty(STDERR_FILENO);
  Tally t;
  std::mutex mutex;
  std::atomic<int> next{0}, done{0};
  const auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    for (int g = next++; g < opt.games; g = next++) {
      play_one(rules, arg->scenario, opt.seed + uint64_t(g), opt, names, t, mutex);
      const int finished = ++done;
      if (bar) {
        const std::lock_guard lock(mutex);
        progress_bar(finished, opt.games);
      }
    }
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < std::min(opt.threads, opt.games); ++i) pool.emplace_back(worker);
  worker();
  for (auto& th : pool) th.join();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::string& id = rules.scenarios()[size_t(arg->scenario)].id;
  std::string who;
  for (size_t side = 0; side < names.size(); ++side)
    who += fmt::format("{}{} {}", side ? ", " : "", rules.info().sides[side], names[side]);
  fmt::print("game {} scenario {}: {} games from seed {} in {:.2f}s ({}); build: {}\n", opt.game, id, opt.games,
             opt.seed, secs, who, build_source());
  fmt::print("finished {}, dead ends {}, runaways {}, invariant breaks {}, replay mismatches {}\n", t.finished,
             t.dead_ends, t.runaways, t.invariant_breaks, t.replay_mismatches);
  if (t.unwritten_records) fmt::print("records not written {}\n", t.unwritten_records);
  fmt::print("actions per game {:.1f}, actions per second {:.0f}\n", opt.games ? double(t.actions) / opt.games : 0.0,
             secs > 0 ? double(t.actions) / secs : 0.0);
  std::sort(t.results.begin(), t.results.end(), [](const auto& a, const auto& b) { return a.seed < b.seed; });
  fmt::print("{}{}", ai::results_table(rules, t.results), ai::vp_histogram(t.results));
  for (const std::string& p : t.problems) fmt::print("problem: {}\n", p);
  if (!opt.plot.empty()) {
    const std::string title = fmt::format("selfplay {} {}: {}", opt.game, id, who);
    if (!write_text_file(opt.plot, ai::vp_plot_svg(t.results, title))) {
      fmt::print(stderr, "cannot write {}\n", opt.plot);
      return 1;
    }
  }
  return t.problems.empty() ? 0 : 1;
}

}  // namespace

void register_selfplay(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "selfplay", "Play whole games (AI or random) to the end, check them (a fuzzer) and tabulate the results");
  auto opt = std::make_shared<Options>();
  cmd->add_option("--game", opt->game, "Game id")->capture_default_str();
  cmd->add_option("--scenario", opt->scenario, "Scenario id (default: the first)");
  cmd->add_option("--seed", opt->seed, "Seed of the first game; game i uses seed + i")->capture_default_str();
  cmd->add_option("--games", opt->games, "Number of games")->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--max-actions", opt->max_actions, "Actions after which a game counts as runaway")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--threads", opt->threads, "Games played at once")->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--iterations", opt->iterations, "Search decodes per planning (0: none)")->capture_default_str();
  cmd->add_option("--budget-ms", opt->budget_ms, "Search wall clock per game turn (0: none)")->capture_default_str();
  cmd->add_flag("--progress", opt->progress, "Show a progress bar even when stderr is not a terminal");
  cmd->add_option("--plot", opt->plot, "Write an SVG of the VP distribution here");
  cmd->add_option("--records", opt->records, "Write each game's record to DIR/<scenario>-<seed>.json")
      ->check(CLI::ExistingDirectory);
  cmd->footer(
      "Each side's player is set with its side name in lower case, e.g. --allied search --german greedy "
      "(ard2) or --blue greedy (toy): one of " +
      ai::player_list() + "; random when not given.");
  cmd->allow_extras();
  cmd->callback([opt, cmd, &exit_code] {
    opt->extras = cmd->remaining();
    exit_code = selfplay(*opt);
  });
}

}  // namespace cli
