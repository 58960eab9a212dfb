// Shared set-up for tests on the toy game: the loaded rules, a fresh game, and
// positions edited through the state JSON (the test position format).
#pragma once

#include <gtest/gtest.h>

#include "core/state_json.h"
#include "games/registry.h"
#include "games/toy/toy.h"

namespace toy::testing {

inline const core::Rules& rules() {
  std::string error;
  const core::Rules* r = games::find_game("toy", &error);
  if (!r) throw std::runtime_error(error);
  return *r;
}

// The scenario's opening position as JSON, ready to edit.
inline nlohmann::json start_json(uint64_t seed = 1) { return core::state_to_json(rules(), rules().setup(0, seed)); }

inline nlohmann::json& unit_json(nlohmann::json& state, const std::string& id) {
  for (auto& u : state["units"])
    if (u["id"] == id) return u;
  throw std::runtime_error("no unit " + id);
}

inline core::State load(const nlohmann::json& j) {
  core::Error err;
  const auto s = core::state_from_json(rules(), j, err);
  if (!s) throw std::runtime_error(err.message);
  return *s;
}

inline core::Action act(const core::State& s, const nlohmann::json& j) {
  core::Error err;
  const auto a = rules().action_from_json(s, j, err);
  if (!a) throw std::runtime_error(err.message);
  return *a;
}

inline bool legal(const core::State& s, const nlohmann::json& j) {
  core::ActionList list;
  rules().legal_actions(s, list);
  const core::Action a = act(s, j);
  return std::find(list.begin(), list.end(), a) != list.end();
}

}  // namespace toy::testing

namespace toy::testing {

// The printed ID of the hex next to `id` in direction `dir`.
inline std::string next_to(const std::string& id, int dir) {
  const auto h = rules().map().ids().parse(id);
  return rules().map().ids().format(core::neighbor(*h, dir));
}

inline core::Hex hex(const std::string& id) { return *rules().map().ids().parse(id); }

// A position with the given units placed and every other unit eliminated, in
// `step` ("movement"/"combat") of `side`'s turn.
inline nlohmann::json position(const std::vector<std::pair<std::string, std::string>>& placed,
                               const std::string& step = "movement", const std::string& side = "Blue") {
  nlohmann::json j = start_json();
  for (auto& u : j["units"]) {
    u["where"] = "eliminated";
    u.erase("hex");
  }
  for (const auto& [id, at] : placed) {
    auto& u = unit_json(j, id);
    u["where"] = "map";
    u["hex"] = at;
  }
  j["flow"] = {{{"step", step}, {"side", side}}};
  return j;
}

}  // namespace toy::testing
