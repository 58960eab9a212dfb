// `hexfront replay FILE`: plays a game record again, checking every state hash.
#include <fmt/format.h>

#include "cli/commands.h"
#include "core/game.h"
#include "core/json_file.h"
#include "core/state_json.h"
#include "games/registry.h"

namespace cli {

namespace {

int replay_file(const std::string& path, bool validate) {
  std::string error;
  const auto record = core::read_json_file(path, error);
  if (!record) {
    fmt::print(stderr, "{}\n", error);
    return 1;
  }
  const std::string id = record->is_object() ? record->value("game", "") : "";
  const core::Rules* rules = games::find_game(id, &error);
  if (!rules) {
    fmt::print(stderr, "{}: {}\n", path, error);
    return 1;
  }
  core::Error err;
  const auto game = core::Game::replay(*rules, *record, validate, err);
  if (!game) {
    fmt::print(stderr, "{}: {}\n", path, err.message);
    return 1;
  }
  const core::State& s = game->state();
  fmt::print("{}: {} entries replayed, every hash matches; final hash {}\n", path, game->entries(),
             core::hash_string(game->hash()));
  fmt::print("turn {}, {}\n", s.turn, s.over ? rules->outcome(s).dump() : rules->prompt(s).phase);
  return 0;
}

}  // namespace

void register_replay(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("replay", "Replay a game record and check its state hashes");
  struct Options {
    std::string file;
    bool fast = false;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("FILE", opt->file, "Game record (JSON, as the protocol's \"record\" gives it)")->required();
  cmd->add_flag("--no-validate", opt->fast, "Skip the legality check of each action (faster)");
  cmd->callback([opt, &exit_code] { exit_code = replay_file(opt->file, !opt->fast); });
}

}  // namespace cli
