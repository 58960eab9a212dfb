// `hexfront arena`: one AI against another over many seeds, from both sides (or one), with
// win rates and Wilson 95% intervals, the results by victory level, the VP spread
// and (--plot) an SVG of the VP distribution. A thin shell over ai::run_match.
// Each game, as it ends, gets a line on stderr, so a long run shows its progress
// and a run stopped midway still leaves the games it finished. With `--from` the
// games start from saved positions (state JSON), each from every seed with fresh dice:
// a change measured on the stretch of a game where it acts, without the noise of the
// turns before.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "ai/arena.h"
#include "cli/build_source.h"
#include "cli/commands.h"
#include "cli/scenario_arg.h"
#include "cli/text_file.h"
#include "core/json_file.h"
#include "core/state_json.h"

namespace cli {

namespace {

struct ArenaOptions {
  std::string game = "toy";
  std::string scenario;
  std::string first = "search", second = "greedy";
  int seeds = 100;
  uint64_t seed = 1;
  int64_t iterations = 200;
  int64_t budget_ms = 0;
  int threads = 2;
  std::string side;  // empty: both sides
  std::string plot;
  std::string records;  // a directory: each game's record as <scenario>-<seed>-<side>.json
  std::string from;     // a state JSON, or a directory of them: play from these positions
};

// "seed 7, search as German: German won (German Victory), VP 12, 412 actions, 9.3 s thinking"
std::string game_line(const core::Rules& rules, const ArenaOptions& opt, const std::vector<ai::Position>& positions,
                      const ai::GameResult& r, int first_side) {
  const auto& sides = rules.info().sides;
  const std::string result = r.capped                       ? "cut at the action cap"
                             : r.winner == core::kNoSide    ? "no winner"
                                                            : sides[size_t(r.winner)] + " won";
  const std::string level = r.level_name.empty() ? "" : " (" + r.level_name + ")";
  const std::string from = r.position < 0 ? "" : " from " + positions[size_t(r.position)].name;
  return fmt::format("seed {}{}, {} as {}: {}{}, VP {:g}, {} actions, {:.1f} s thinking", r.seed, from, opt.first,
                     sides[size_t(first_side)], result, level, r.vp, r.actions,
                     double(r.think_ms[first_side]) / 1000.0);
}

// The positions of `--from`: the file, or every .json in the directory in name order.
// Each must load as a state of the game and be a game still being played; nullopt
// after naming on stderr the first that is not.
std::optional<std::vector<ai::Position>> load_positions(const core::Rules& rules, const std::string& from) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  std::error_code ec;
  if (fs::is_directory(from, ec)) {
    for (const auto& entry : fs::directory_iterator(from, ec))
      if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    if (files.empty()) {
      fmt::print(stderr, "--from {}: no .json position in the directory\n", from);
      return std::nullopt;
    }
  } else if (fs::is_regular_file(from, ec)) {
    files.push_back(from);
  } else {
    fmt::print(stderr, "--from {}: no such file or directory\n", from);
    return std::nullopt;
  }
  std::vector<ai::Position> positions;
  for (const fs::path& file : files) {
    std::string error;
    const auto json = core::read_json_file(file.string(), error);
    if (!json) {
      fmt::print(stderr, "--from {}\n", error);
      return std::nullopt;
    }
    core::Error err;
    auto state = core::state_from_json(rules, *json, err);
    if (!state) {
      fmt::print(stderr, "--from {}: not a position of {}: {}\n", file.string(), rules.info().id, err.message);
      return std::nullopt;
    }
    if (state->over) {
      fmt::print(stderr, "--from {}: the game there is over\n", file.string());
      return std::nullopt;
    }
    positions.push_back({file.filename().string(), std::move(*state)});
  }
  return positions;
}

// The game's record as DIR/<scenario>-<seed>-<side of the measured player>.json, for
// `hexfront replay` (from a position: <scenario>-<position's file stem>-<seed>-<side>.json);
// a record that cannot be written is named on stderr.
bool write_record(const core::Rules& rules, const std::string& dir, const std::vector<ai::Position>& positions,
                  const ai::GameResult& r, int first_side) {
  const std::string from =
      r.position < 0 ? "" : std::filesystem::path(positions[size_t(r.position)].name).stem().string() + "-";
  const std::string path = fmt::format("{}/{}-{}{}-{}.json", dir, r.record.value("scenario", ""), from, r.seed,
                                       rules.info().sides[size_t(first_side)]);
  const bool written = write_text_file(path, r.record.dump() + "\n");
  if (!written) fmt::print(stderr, "seed {}: cannot write the record {}\n", r.seed, path);
  return written;
}

int arena(const ArenaOptions& opt) {
  int code = 0;
  const auto arg = resolve_scenario(opt.game, opt.scenario, code);
  if (!arg) return code;
  const core::Rules* rules = arg->rules;
  const int scenario = arg->scenario;
  std::string error;
  for (const std::string& name : {opt.first, opt.second})
    if (!ai::make_player(name, *rules, 0, &error)) {
      fmt::print(stderr, "{}\n", error);
      return 2;
    }
  const int only_side = opt.side.empty() ? -1 : core::find_side(*rules, opt.side);
  if (!opt.side.empty() && only_side < 0) {
    fmt::print(stderr, "unknown side '{}': the sides are {}\n", opt.side, fmt::join(rules->info().sides, ", "));
    return 2;
  }
  ai::MatchConfig config{opt.first, opt.second, scenario, opt.seeds, opt.seed, ai::Budget{opt.budget_ms, opt.iterations},
                         opt.threads, only_side, !opt.records.empty()};
  if (!opt.records.empty()) {  // made before the games, so a bad path costs none of them
    std::error_code ec;
    std::filesystem::create_directories(opt.records, ec);
    if (ec) {
      fmt::print(stderr, "cannot make the records directory {}: {}\n", opt.records, ec.message());
      return 2;
    }
  }
  if (!opt.from.empty()) {
    auto positions = load_positions(*rules, opt.from);
    if (!positions) return 2;
    config.positions = std::move(*positions);
  }
  const int starts = std::max<int>(1, int(config.positions.size()));
  const int games = (only_side < 0 ? 2 : 1) * opt.seeds * starts;
  // First on stderr, so a file of the per-game lines names the binary that played them.
  fmt::print(stderr, "{}\n", version_line());
  const auto start = std::chrono::steady_clock::now();
  int finished = 0;  // run_match calls the progress hook under its lock
  int unwritten = 0;
  const auto report = [&](const ai::GameResult& r, int first_side) {
    fmt::print(stderr, "[{}/{}] {}\n", ++finished, games, game_line(*rules, opt, config.positions, r, first_side));
    if (!opt.records.empty() && !write_record(*rules, opt.records, config.positions, r, first_side)) ++unwritten;
  };
  const ai::MatchResult m = ai::run_match(*rules, config, report);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::string where = config.positions.empty()
                                ? "scenario " + rules->scenarios()[size_t(scenario)].id
                                : fmt::format("{} positions from {}", config.positions.size(), opt.from);
  fmt::print("game {} {}: {} games in {:.1f}s; {} thinks {:.1f} ms per decision; build: {}\n", opt.game, where,
             m.results.size(), secs, opt.first, double(m.think_ms) / double(std::max<int64_t>(1, m.decisions)),
             build_source());
  fmt::print("{}\n{}{}", ai::describe(*rules, m), ai::positions_table(*rules, m), ai::results_table(*rules, m.results));
  if (unwritten > 0) {
    fmt::print(stderr, "records not written {}\n", unwritten);
    code = 1;
  }
  if (!opt.plot.empty()) {
    const std::string title =
        fmt::format("{} vs {}: {} {}", opt.first, opt.second, opt.game, rules->scenarios()[size_t(scenario)].id);
    if (!write_text_file(opt.plot, ai::vp_plot_svg(m.results, title))) {
      fmt::print(stderr, "cannot write {}\n", opt.plot);
      return 1;
    }
  }
  return code;
}

}  // namespace

void register_arena(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("arena", "Play one AI against another from both sides; win rates with 95% CIs");
  auto opt = std::make_shared<ArenaOptions>();
  cmd->add_option("--game", opt->game, "Game id")->capture_default_str();
  auto* scenario = cmd->add_option("--scenario", opt->scenario, "Scenario id (default: the first)");
  cmd->add_option("--first", opt->first, "The player measured: " + ai::player_list())->capture_default_str();
  cmd->add_option("--second", opt->second, "Its opponent")->capture_default_str();
  cmd->add_option("--seeds", opt->seeds,
                  "Seeds; each is played from both sides, or from --side's (from each --from position)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--seed", opt->seed, "First seed")->capture_default_str();
  cmd->add_option("--iterations", opt->iterations, "Search decodes per planning (0: none)")->capture_default_str();
  cmd->add_option("--budget-ms", opt->budget_ms, "Search wall clock per game turn (0: none)")->capture_default_str();
  cmd->add_option("--threads", opt->threads, "Games played at once")->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--side", opt->side, "Play the measured player on this side only (default: both)");
  cmd->add_option("--plot", opt->plot, "Write an SVG of the VP distribution here");
  cmd->add_option("--from", opt->from,
                  "Play from these positions instead of the scenario's setup: a state JSON (as `replay --state` "
                  "writes) or a directory of them; each is played from every seed, its dice reseeded from the seed "
                  "and the position together")
      ->excludes(scenario);
  cmd->add_option("--records", opt->records,
                  "Write each game's record to this directory as <scenario>-<seed>-<side>.json, from a --from "
                  "position <scenario>-<position>-<seed>-<side>.json (for replay)");
  cmd->callback([opt, &exit_code] { exit_code = arena(*opt); });
}

}  // namespace cli
