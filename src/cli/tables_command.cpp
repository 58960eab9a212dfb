// `hexfront tables GAME`: every table of a game with the provenance of each cell.
#include <fmt/format.h>

#include "cli/commands.h"
#include "games/registry.h"

namespace cli {

namespace {

// A cell is a plain value (a row's key) or {"value":..., "source":{"kind","note"}}.
std::string cell_text(const nlohmann::json& c) {
  if (!c.is_object() || !c.contains("value")) return c.is_string() ? c.get<std::string>() : c.dump();
  const nlohmann::json& v = c["value"];
  std::string text = v.is_string() ? v.get<std::string>() : v.dump();
  if (c.contains("source")) {
    const auto& s = c["source"];
    text += fmt::format(" [{}{}{}]", s.value("kind", "?"), s.value("note", "").empty() ? "" : ": ", s.value("note", ""));
  }
  return text;
}

int print_tables(const std::string& id) {
  std::string error;
  const core::Rules* rules = games::find_game(id, &error);
  if (!rules) {
    fmt::print(stderr, "{}\n", error);
    return 1;
  }
  for (const auto& table : rules->tables()) {
    fmt::print("== {} ==\n", table.value("name", "?"));
    const auto& columns = table["columns"];
    for (const auto& row : table["rows"]) {
      fmt::print("{}\n", cell_text(row[0]));
      for (size_t k = 1; k < row.size(); ++k) {
        const std::string column = k < columns.size() ? columns[k].get<std::string>() : std::to_string(k);
        fmt::print("  {}: {}\n", column, cell_text(row[k]));
      }
    }
    fmt::print("\n");
  }
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
