// `hexfront tables GAME`: every table of a game with the provenance of each cell.
#include <fmt/format.h>

#include "cli/commands.h"
#include "core/table.h"
#include "games/registry.h"

namespace cli {

namespace {

int print_tables(const std::string& id) {
  std::string error;
  const core::Rules* rules = games::find_game(id, &error);
  if (!rules) {
    fmt::print(stderr, "{}\n", error);
    return 1;
  }
  fmt::print("{}", core::format_tables(rules->tables()));
  return 0;
}

}  // namespace

void register_tables(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("tables", "Print every table of a game with the provenance of each cell");
  auto game = std::make_shared<std::string>();
  cmd->add_option("GAME", *game, "Game id (see the protocol's \"games\")")->required();
  cmd->callback([game, &exit_code] { exit_code = print_tables(*game); });
}

}  // namespace cli
