#include "cli/scenario_arg.h"

#include <fmt/format.h>

#include "games/registry.h"

namespace cli {

std::optional<ScenarioArg> resolve_scenario(const std::string& game, const std::string& scenario, int& exit_code) {
  std::string error;
  const core::Rules* rules = games::find_game(game, &error);
  if (!rules) {
    fmt::print(stderr, "{}\n", error);
    exit_code = 1;
    return std::nullopt;
  }
  const auto& list = rules->scenarios();
  if (scenario.empty() && !list.empty()) return ScenarioArg{rules, 0};
  for (size_t i = 0; i < list.size(); ++i)
    if (list[i].id == scenario) return ScenarioArg{rules, int(i)};
  std::string ids;
  for (const core::ScenarioInfo& s : list) ids += (ids.empty() ? "" : ", ") + s.id;
  fmt::print(stderr, "\"{}\" is not a scenario of {} (scenarios: {})\n", scenario, game, ids);
  exit_code = 2;
  return std::nullopt;
}

}  // namespace cli
