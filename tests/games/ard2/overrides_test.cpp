// Owner overrides (docs/overrides.md) reach the Ardennes II rules: an overridden CRT
// cell changes the combat result, an overridden counter value changes the odds, each
// overridden value shows provenance "owner", and a broken file is refused with
// "file:line: reason".
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "core/map.h"
#include "games/ard2/ard2_rules.h"
#include "games/ard2/data.h"

namespace ard2 {
namespace {

namespace fs = std::filesystem;

std::string game_dir() { return data_root() + "/games/ard2"; }

// The rules with `text` as the owner override file ("" = none: a file of just the header).
std::unique_ptr<Ard2Rules> load_with(const std::string& text, std::string& error) {
  const fs::path file = fs::temp_directory_path() / ("ard2_owner_" + std::to_string(::getpid()) + ".override");
  std::ofstream(file) << "hexfront-override 1\ngame ard2\n" << text;
  std::vector<core::MapIssue> issues;
  const std::string maps = data_root() + "/maps/";
  auto map = core::Map::load(maps + "ard2.map", issues, fs::exists(maps + "ard2.override") ? maps + "ard2.override" : "");
  if (!map) {
    error = "map: " + (issues.empty() ? std::string("unreadable") : issues[0].to_string());
    return nullptr;
  }
  auto rules = Ard2Rules::load_with_map(game_dir(), std::move(map), error, file.string());
  fs::remove(file);
  return rules;
}

// Two adjacent board hexes.
std::pair<core::Hex, core::Hex> adjacent_pair(const scs::Board& b) {
  for (int i = 0; i < b.size(); ++i)
    for (int d = 0; d < core::kDirections; ++d)
      if (b.contains(core::neighbor(b.hex_at(i), d))) return {b.hex_at(i), core::neighbor(b.hex_at(i), d)};
  return {};
}

const nlohmann::json* table_cell(const nlohmann::json& tables, const std::string& id, const std::string& row, int column) {
  for (const auto& t : tables["tables"])
    if (t["id"] == id)
      for (const auto& r : t["rows"])
        if (r["label"] == row) return &r["cells"][size_t(column)];
  return nullptr;
}

TEST(Ard2Overrides, CrtCellChangesTheCombatResult) {
  // given the shipped CRT, where 3:1 at a roll of 7 is not an attacker loss of two
  std::string error;
  const auto base = load_with("", error);
  ASSERT_NE(base, nullptr) << error;
  const int col = base->crt().column(scs::Odds{3, 1});
  ASSERT_NE(scs::to_string(base->crt().result(col, 7)), "A2");
  // when the owner sets that cell to A2
  const auto owned = load_with("table crt \"7\" \"3:1\" = A2\n", error);
  ASSERT_NE(owned, nullptr) << error;
  // then the rules resolve a 3:1 attack rolling 7 as A2, and the table shows the owner
  EXPECT_EQ(scs::to_string(owned->crt().result(col, 7)), "A2");
  EXPECT_EQ(owned->crt().result(col, 8), base->crt().result(col, 8));
  const nlohmann::json tables = owned->tables();
  const nlohmann::json* cell = table_cell(tables, "crt", "7", col);
  ASSERT_NE(cell, nullptr);
  EXPECT_EQ((*cell)["value"], "A2");
  EXPECT_EQ((*cell)["kind"], "owner");
}

TEST(Ard2Overrides, CounterAttackChangesTheOddsAndShowsOwner) {
  std::string error;
  const auto base = load_with("", error);
  ASSERT_NE(base, nullptr) << error;
  const auto owned = load_with("unit 12SS.Pz.I/12 attack = 9\n", error);
  ASSERT_NE(owned, nullptr) << error;
  // given a 12 SS Pz battalion next to a US infantry battalion
  const int pz = base->catalog().find("12SS.Pz.I/12"), inf = base->catalog().find("Ind-A.Inf.99");
  ASSERT_GE(pz, 0);
  ASSERT_GE(inf, 0);
  const auto [a, d] = adjacent_pair(base->board());
  core::State s{};
  s.turn = 3;
  s.unit_count = 2;
  s.units[0] = core::UnitState{a, core::Where::OnMap, 0, uint16_t(pz), 0, 0, 0, 0};
  s.units[1] = core::UnitState{d, core::Where::OnMap, 0, uint16_t(inf), 0, 0, 0, 0};
  // when the owner prints its attack as 9 instead of 6, then the attack strength is 9
  const double before = base->odds(s, {0}, d)["attack"].get<double>();
  const double after = owned->odds(s, {0}, d)["attack"].get<double>();
  EXPECT_DOUBLE_EQ(before, 6.0);
  EXPECT_DOUBLE_EQ(after, 9.0);
  // and the catalog carries the owner's provenance for that value only
  const int attack = owned->catalog().value_index("attack");
  const core::UnitDef& def = owned->catalog()[pz];
  EXPECT_EQ(def.values[0][size_t(attack)].source.kind, core::Provenance::Owner);
  EXPECT_NE(def.values[0][size_t(attack)].source.note.find(":3"), std::string::npos);
  EXPECT_EQ(def.values[1][size_t(attack)].source.kind, core::Provenance::Assumed);
  EXPECT_EQ(base->catalog()[pz].values[0][size_t(attack)].source.kind, core::Provenance::Seed);
}

TEST(Ard2Overrides, BrokenFileIsRefusedWithFileAndLine) {
  // given an override naming a CRT result the rules cannot read, on line 3
  std::string error;
  const auto rules = load_with("table crt \"7\" \"3:1\" = Q7\n", error);
  // then nothing loads and the error names the file and the line
  EXPECT_EQ(rules, nullptr);
  EXPECT_NE(error.find(".override:3: "), std::string::npos) << error;
  EXPECT_NE(error.find("Q7"), std::string::npos) << error;
}

}  // namespace
}  // namespace ard2
