// `hexfront replay FILE`: plays a game record again, checking every state hash.
// `--at TURN[:STEP]` stops where that turn (and step) begins, and `--state OUT` writes
// the position there as a state JSON, which the protocol's `load` takes: a way to look
// at a recorded game at one moment, or to turn it into a test position.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <iostream>

#include "cli/commands.h"
#include "cli/text_file.h"
#include "core/game.h"
#include "core/json_file.h"
#include "core/state_json.h"
#include "games/registry.h"

namespace cli {

namespace {

struct Options {
  std::string file;
  bool fast = false;
  std::string at;     // "TURN" or "TURN:STEP"
  std::string state;  // where the state JSON goes ("-": stdout)
};

// A stop point: the first moment of `turn` at which `step` (if any) is on the flow stack.
struct StopPoint {
  int turn = 0;
  int step = -1;
  std::string text;
};

std::optional<StopPoint> parse_stop(const core::Rules& rules, const std::string& at, std::string& error) {
  StopPoint p{0, -1, at};
  const std::string turn = at.substr(0, at.find(':'));
  const auto [end, ec] = std::from_chars(turn.data(), turn.data() + turn.size(), p.turn);
  if (ec != std::errc() || end != turn.data() + turn.size() || p.turn < 1) {
    error = fmt::format("--at \"{}\": the turn must be a whole number from 1", at);
    return std::nullopt;
  }
  if (at.find(':') == std::string::npos) return p;
  const std::string step = at.substr(at.find(':') + 1);
  const auto& names = rules.step_names();
  const auto it = std::find(names.begin(), names.end(), step);
  if (it == names.end()) {
    error = fmt::format("--at \"{}\": \"{}\" is not a step of {}; its steps are {}", at, step, rules.info().id,
                        fmt::join(names, ", "));
    return std::nullopt;
  }
  p.step = int(it - names.begin());
  return p;
}

bool reached(const core::State& s, const StopPoint& p) {
  if (s.turn != p.turn) return false;
  return p.step < 0 || std::any_of(s.stack.begin(), s.stack.end(),
                                   [&](const core::Frame& f) { return int(f.step) == p.step; });
}

bool write_state(const core::Rules& rules, const core::State& s, const std::string& path) {
  const std::string text = core::state_to_json(rules, s).dump(2) + "\n";
  if (path == "-") {
    std::cout << text;
    return bool(std::cout);
  }
  return write_text_file(path, text);
}

int replay_file(const Options& opt) {
  std::string error;
  const auto record = core::read_json_file(opt.file, error);
  if (!record) {
    fmt::print(stderr, "{}\n", error);
    return 1;
  }
  const std::string id = record->is_object() ? record->value("game", "") : "";
  const core::Rules* rules = games::find_game(id, &error);
  if (!rules) {
    fmt::print(stderr, "{}: {}\n", opt.file, error);
    return 1;
  }
  std::optional<StopPoint> stop;
  if (!opt.at.empty() && !(stop = parse_stop(*rules, opt.at, error))) {
    fmt::print(stderr, "{}\n", error);
    return 1;
  }
  core::Error err;
  int first_turn = -1;
  auto stop_at = [&](const core::State& s) {
    if (first_turn < 0) first_turn = s.turn;
    return stop && reached(s, *stop);
  };
  const auto game = core::Game::replay(*rules, *record, !opt.fast, err, stop_at);
  if (!game) {
    fmt::print(stderr, "{}: {}\n", opt.file, err.message);
    return 1;
  }
  const core::State& s = game->state();
  // Where the replay ended is the stop point, whether it broke off there or the stop
  // is first reached after the last action.
  const bool stopped = stop && reached(s, *stop);
  // The human-facing lines go to stderr when the state JSON goes to stdout.
  std::FILE* talk = opt.state == "-" ? stderr : stdout;
  if (stop && !stopped) {
    fmt::print(stderr, "{}: --at {} never comes: the record runs from turn {} to turn {} ({})\n", opt.file,
               stop->text, first_turn < 0 ? s.turn : first_turn, s.turn,
               s.over ? "the game over" : rules->prompt(s).phase);
    return 1;
  }
  const size_t total = (*record)["actions"].size();
  if (stop)
    fmt::print(talk, "{}: stopped at --at {} after {} of {} entries, every hash matches so far; hash {}\n", opt.file,
               stop->text, game->entries(), total, core::hash_string(game->hash()));
  else
    fmt::print(talk, "{}: {} entries replayed, every hash matches; final hash {}\n", opt.file, game->entries(),
               core::hash_string(game->hash()));
  fmt::print(talk, "turn {}, {}\n", s.turn, s.over ? rules->outcome(s).dump() : rules->prompt(s).phase);
  if (!opt.state.empty() && !write_state(*rules, s, opt.state)) {
    fmt::print(stderr, "{}: cannot write the state\n", opt.state);
    return 1;
  }
  return 0;
}

}  // namespace

void register_replay(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("replay", "Replay a game record and check its state hashes");
  auto opt = std::make_shared<Options>();
  cmd->add_option("FILE", opt->file, "Game record (JSON, as the protocol's \"record\" gives it)")->required();
  cmd->add_flag("--no-validate", opt->fast, "Skip the legality check of each action (faster)");
  cmd->add_option("--at", opt->at,
                  "Stop where TURN begins, or with TURN:STEP where that step of the turn begins "
                  "(a step name of the game's flow, as the state JSON spells it)");
  cmd->add_option("--state", opt->state, "Write the state JSON where the replay ends to this file (- for stdout)");
  cmd->callback([opt, &exit_code] { exit_code = replay_file(*opt); });
}

}  // namespace cli
