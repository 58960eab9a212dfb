#include "ai/player.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "ai/players.h"

namespace ai {

const std::vector<std::string>& player_names() {
  static const std::vector<std::string> kNames{"random", "greedy-vp", "greedy", "search"};
  return kNames;
}

std::string player_list() { return fmt::format("{}", fmt::join(player_names(), ", ")); }

std::unique_ptr<Player> make_player(std::string_view name, const core::Rules& rules, uint64_t seed,
                                    std::string* error) {
  if (name == "random") return std::make_unique<RandomPlayer>(rules, seed);
  if (name == "greedy") return std::make_unique<GreedyPlayer>(rules, seed);
  if (name == "greedy-vp") return std::make_unique<GreedyPlayer>(rules, seed, true);
  if (name == "search") return std::make_unique<SearchPlayer>(rules, seed);
  if (error) *error = "no AI player \"" + std::string(name) + "\" (" + player_list() + ")";
  return nullptr;
}

bool ai_action(const core::Rules& rules, const core::State& s, std::string_view name, int64_t budget_ms,
               uint64_t seed, std::unique_ptr<Player>& player, core::Action& out, std::string* error) {
  if (s.over || rules.to_act(s) == core::kNoSide) {
    if (error) *error = "the game is over";
    return false;
  }
  if (!player || player->name() != name) player = make_player(name, rules, seed, error);
  if (!player) return false;
  out = player->act(rules, s, Budget{budget_ms, 0});
  return true;
}

}  // namespace ai
