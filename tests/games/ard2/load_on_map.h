// The Ardennes II game data loaded on a hand-made test map: every rule fixture parses its
// map text and calls Ard2Rules::load_with_map the same way, so it is written once here.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/map.h"
#include "games/ard2/ard2_rules.h"
#include "games/ard2/data.h"
#include "games/registry.h"

namespace ard2::test {

// data/games/ard2 on the map `text` (called `name` in messages); a bad map or bad data
// fails the calling test with the first error and gives null.
inline std::unique_ptr<Ard2Rules> load_on_map(const std::string& text, const char* name = "test.map") {
  std::vector<core::MapIssue> issues;
  auto map = core::Map::parse(text, name, issues);
  EXPECT_NE(map, nullptr) << (issues.empty() ? "" : issues[0].to_string());
  if (!map) return nullptr;
  std::string error;
  auto loaded = Ard2Rules::load_with_map(data_root() + "/games/ard2", std::move(map), error);
  EXPECT_NE(loaded, nullptr) << error;
  return loaded;
}

// The game as players get it: the real map and data (tests of map data such as Entry
// Areas, and of whole scenarios).
inline const Ard2Rules& real_rules() {
  static const auto* rules = dynamic_cast<const Ard2Rules*>(games::find_game("ard2"));
  EXPECT_NE(rules, nullptr);
  return *rules;
}

// The index of scenario `id` ("7.5") in `rules`, -1 when there is none.
inline int scenario_index(const Ard2Rules& rules, const std::string& id) {
  const auto& list = rules.scenarios();
  for (size_t i = 0; i < list.size(); ++i)
    if (list[i].id == id) return int(i);
  return -1;
}

}  // namespace ard2::test
