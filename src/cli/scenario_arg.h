// The `--game G --scenario S` pair that several subcommands take, resolved once: the
// game's rules from the registry and the scenario's index (the first when S is empty).
#pragma once

#include <optional>
#include <string>

#include "core/rules.h"

namespace cli {

struct ScenarioArg {
  const core::Rules* rules = nullptr;
  int scenario = 0;
};

// The game and scenario named, or nullopt after printing why not to stderr and setting
// `exit_code` (1: the game does not load, 2: no such scenario).
std::optional<ScenarioArg> resolve_scenario(const std::string& game, const std::string& scenario, int& exit_code);

}  // namespace cli
