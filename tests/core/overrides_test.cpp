#include "core/overrides.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace core {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using nlohmann::json;

const std::string kGame = std::string(HEXFRONT_DATA_DIR) + "/games/ard2";

// The Ardennes II data, read once: each test works on its own copy.
class OverridesTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::vector<std::string> errors;
    base_tables_ = new TableSet(*TableSet::load(kGame + "/tables", errors));
    base_counters_ = new CounterSet(*load_counters(kGame + "/counters.json", "counters.json", {"exploit", "zoc_infantry"}, errors));
    ASSERT_THAT(errors, ElementsAre());
  }
  static void TearDownTestSuite() {
    delete base_tables_;
    delete base_counters_;
  }

  // Applies `body` after the header; returns the issues as "file:line: reason".
  std::vector<std::string> apply(const std::string& body, const TableValueCheck& check = {}) {
    std::vector<OverrideIssue> issues;
    const bool ok = apply_overrides("hexfront-override 1\ngame ard2\n" + body, "owner.override", tables_, counters_, issues, check);
    std::vector<std::string> out;
    for (const OverrideIssue& i : issues) out.push_back(i.to_string());
    EXPECT_EQ(ok, out.empty());
    return out;
  }

  const UnitDef& unit(std::string_view id) { return counters_.catalog[counters_.catalog.find(id)]; }
  const TableCell& cell(std::string_view table, std::string_view row, std::string_view col) {
    return *tables_.find(table)->find(row, col);
  }

  static TableSet* base_tables_;
  static CounterSet* base_counters_;
  TableSet tables_ = *base_tables_;
  CounterSet counters_ = *base_counters_;
};

TableSet* OverridesTest::base_tables_ = nullptr;
CounterSet* OverridesTest::base_counters_ = nullptr;

TEST_F(OverridesTest, TableCellsTakeTheOwnersValue) {
  // given an assumed CRT cell and TEC cell
  EXPECT_EQ(cell("crt", "7", "3:1").text(), "D1r1");
  EXPECT_EQ(cell("crt", "7", "3:1").source.kind, Provenance::Assumed);
  // when the owner types in the printed ones
  EXPECT_THAT(apply("table crt \"7\" \"3:1\" = D2r2   # from my Tables sheet\n"
                    "table tec Woods leg_mp = 2\n"
                    "table vp_hexes \"St. Vith\" hex = B10.20\n"
                    "table vp_hexes Hotton vp = 2\n"
                    "table turn_record 3 flags = freeze_roll,rubber_boats\n"
                    "table victory_levels 33+ result = \"Decisive German Victory\"\n"),
              ElementsAre());
  // then they win and say where they came from
  const TableCell& crt = cell("crt", "7", "3:1");
  EXPECT_EQ(crt.text(), "D2r2");
  EXPECT_EQ(crt.source.kind, Provenance::Owner);
  EXPECT_EQ(crt.source.note, "owner.override:3");
  EXPECT_EQ(cell("tec", "Woods", "leg_mp").value, "2");  // a text column stays text
  EXPECT_EQ(cell("vp_hexes", "St. Vith", "hex").text(), "B10.20");
  EXPECT_EQ(cell("vp_hexes", "Hotton", "vp").value, 2);
  EXPECT_EQ(cell("turn_record", "3", "flags").value, json({"freeze_roll", "rubber_boats"}));
  EXPECT_EQ(cell("victory_levels", "33+", "result").text(), "Decisive German Victory");
  EXPECT_EQ(cell("crt", "7", "2:1").source.kind, Provenance::Assumed);  // the rest is untouched
  const json j = to_json(*tables_.find("crt"));
  EXPECT_EQ(j["rows"][4]["cells"][5], json({{"value", "D2r2"}, {"kind", "owner"}, {"source", "owner.override:3"}}));
  EXPECT_EQ(j["sources"]["owner.override:3"]["kind"], "owner");
  EXPECT_THAT(format_tables(j), HasSubstr("D2r2ᵒ"));
}

TEST_F(OverridesTest, CounterValuesAndAttributesTakeTheOwnersValue) {
  EXPECT_THAT(apply("unit 12SS.Pz.I/12 attack = 7\n"
                    "unit 12SS.Pz.I/12 defense@1 = 3\n"
                    "unit \"Ind-G.Arty.Werfer 7\" move_class = Leg\n"
                    "unit 12SS.Pz.I/12 exploit = false\n"
                    "unit 12SS.Pz.I/12 name = \"SS Pz Bn I/12\"\n"),
              ElementsAre());
  const UnitDef& pz = unit("12SS.Pz.I/12");
  EXPECT_EQ(pz.values[0][0].value, 7);
  EXPECT_EQ(pz.values[0][0].source.kind, Provenance::Owner);
  EXPECT_EQ(pz.values[0][0].source.note, "owner.override:3");
  EXPECT_EQ(pz.values[1][1].value, 3);
  EXPECT_EQ(pz.values[1][1].source.note, "owner.override:4");
  EXPECT_EQ(pz.values[1][0].source.kind, Provenance::Assumed);  // untouched
  EXPECT_EQ(pz.flags & 1u, 0u);
  EXPECT_EQ(pz.name, "SS Pz Bn I/12");
  EXPECT_EQ(unit("Ind-G.Arty.Werfer 7").move_class, "Leg");
  const int werfer = counters_.catalog.find("Ind-G.Arty.Werfer 7");
  EXPECT_EQ(counters_.attribute_sources[size_t(werfer)].at("move_class").note, "owner.override:5");
}

TEST_F(OverridesTest, AStepMoreNeedsItsWholeSide) {
  EXPECT_THAT(apply("unit Ind-A.Inf.99 steps = 2\n"
                    "unit Ind-A.Inf.99 attack@1 = 1\n"
                    "unit Ind-A.Inf.99 defense@1 = 2\n"
                    "unit Ind-A.Inf.99 ma@1 = 16\n"
                    "unit Ind-A.Inf.99 range@1 = 0\n"
                    "unit 12SS.Pz.I/12 steps = 1\n"),
              ElementsAre());
  const UnitDef& inf = unit("Ind-A.Inf.99");
  EXPECT_EQ(inf.steps, 2);
  ASSERT_EQ(inf.values.size(), 2u);
  EXPECT_EQ(counters_.catalog.value(counters_.catalog.find("Ind-A.Inf.99"), 1, 1), 2);
  EXPECT_EQ(unit("12SS.Pz.I/12").values.size(), 1u);  // one step: the reduced side goes
}

TEST_F(OverridesTest, SidesMustMatchTheSteps) {
  EXPECT_THAT(apply("unit Ind-A.Inf.99 steps = 2\n"
                    "unit Ind-A.Inf.99 attack@1 = 1\n"
                    "unit 12SS.Pz.I/12 defense@2 = 1\n"),
              ElementsAre("owner.override:3: unit \"Ind-A.Inf.99\": side @1 is not printed in the data; give "
                          "defense@1, ma@1, range@1",
                          "owner.override:5: unit \"12SS.Pz.I/12\" has 2 step(s): no side @2"));
}

TEST_F(OverridesTest, EveryDefectIsReportedWithItsLine) {
  EXPECT_THAT(
      apply("table crtx \"7\" \"3:1\" = D2r2\n"
            "table crt \"13\" \"3:1\" = D2r2\n"
            "table crt \"7\" \"9:1\" = D2r2\n"
            "table crt \"7\" \"3:1\" D2r2\n"
            "table vp_hexes Hotton vp = two\n"
            "unit 12SS.Pz.I/99 attack = 5\n"
            "unit 12SS.Pz.I/12 speed = 5\n"
            "unit 12SS.Pz.I/12 attack = five\n"
            "unit 12SS.Pz.I/12 move_class = Mehc\n"
            "unit 12SS.Pz.I/12 exploit = yes\n"
            "unit 12SS.Pz.I/12 steps = 0\n"
            "unit 12SS.Pz.I/12 move_class@1 = Leg\n"
            "unit 12SS.Pz.I/12 attack@x = 5\n"
            "unit \"12SS.Pz.I/12 attack = 5\n"
            "hex A1.01 woods\n"
            "game ard2\n"
            "table turn_record 3 flags = a,,b\n"),
      ElementsAre("owner.override:3: unknown table \"crtx\" (tables: air_strikes, air_supply_artillery, "
                  "barrage_effects, bridge_blowing, crt, dg_effects, friendly_map_edges, half_reconciliation, tec, "
                  "turn_record, vdh_success, victory_levels, victory_levels_7_3, vp_hexes, weather)",
                  "owner.override:4: table crt has no row \"13\"",
                  "owner.override:5: table crt has no column \"9:1\" (columns: 1:4, 1:3, 1:2, 1:1, 2:1, 3:1, 4:1, "
                  "5:1, 6:1, 7:1+)",
                  "owner.override:6: want: table <table> <row> <column> = <value>",
                  "owner.override:7: column \"vp\" of vp_hexes holds integers: \"two\" is not one",
                  "owner.override:8: unknown unit \"12SS.Pz.I/99\"",
                  "owner.override:9: unknown field \"speed\" (want attack, defense, ma, range, name, type, size, "
                  "nationality, formation, move_class, steps, exploit, zoc_infantry)",
                  "owner.override:10: \"five\" is not an integer",
                  "owner.override:11: move_class \"Mehc\": no counter has it",
                  "owner.override:12: exploit \"yes\": want true or false",
                  "owner.override:13: steps \"0\": want 1..16",
                  "owner.override:14: \"move_class@1\": only values (attack, defense, ma, range) have sides",
                  "owner.override:15: \"@x\": a side is the number of steps lost, 0..15",
                  "owner.override:16: unterminated quote",
                  "owner.override:17: unknown keyword \"hex\" (want table or unit)",
                  "owner.override:18: game: once, before any table or unit line",
                  "owner.override:19: \"a,,b\": an empty item in a list (want words separated by commas)"));
}

TEST_F(OverridesTest, HeaderGameAndRepeats) {
  std::vector<OverrideIssue> issues;
  EXPECT_FALSE(apply_overrides("hexfront-override 2\ngame ard3\n", "o.override", tables_, counters_, issues));
  ASSERT_EQ(issues.size(), 2u);
  EXPECT_EQ(issues[0].to_string(), "o.override:1: want \"hexfront-override 1\" as the first line");
  EXPECT_EQ(issues[1].to_string(), "o.override:2: game \"ard3\": these data are for \"ard2\"");
  issues.clear();
  EXPECT_FALSE(apply_overrides("# nothing\n\n", "o.override", tables_, counters_, issues));
  EXPECT_EQ(issues.at(0).to_string(), "o.override:1: empty file: want \"hexfront-override 1\" first");
  EXPECT_THAT(apply("unit 12SS.Pz.I/12 attack = 7\nunit 12SS.Pz.I/12 attack@0 = 8\n"),
              ElementsAre("owner.override:4: unit \"12SS.Pz.I/12\" attack@0 is already set on line 3"));
}

TEST_F(OverridesTest, AnInvalidFileChangesNothing) {
  const json tables_before = to_json(tables_);
  const std::string before = unit("12SS.Pz.I/12").values[0][0].source.note;
  EXPECT_THAT(apply("table crt \"7\" \"3:1\" = D2r2\n"
                    "unit 12SS.Pz.I/12 attack = 7\n"
                    "unit 12SS.Pz.I/12 steps = 1\n"
                    "unit nobody attack = 1\n"),
              ElementsAre("owner.override:6: unknown unit \"nobody\""));
  EXPECT_EQ(to_json(tables_), tables_before);
  EXPECT_EQ(unit("12SS.Pz.I/12").values[0][0].value, 6);
  EXPECT_EQ(unit("12SS.Pz.I/12").values[0][0].source.note, before);
  EXPECT_EQ(unit("12SS.Pz.I/12").values.size(), 2u);
}

TEST_F(OverridesTest, TheGameChecksItsOwnValues) {
  // e.g. Ardennes II accepts only results its CRT reader understands
  const TableValueCheck crt_results = [](const Table& t, int, int, const json& v) -> std::string {
    return t.id() == "crt" && v.get<std::string>().find('D') == std::string::npos ? "not a result" : "";
  };
  EXPECT_THAT(apply("table crt \"7\" \"3:1\" = X9\ntable crt \"7\" \"4:1\" = D2r2\n", crt_results),
              ElementsAre("owner.override:3: table crt \"7\" \"3:1\": not a result"));
}

TEST_F(OverridesTest, TheShippedFileChangesNothing) {
  const json before = to_json(tables_);
  std::vector<OverrideIssue> issues;
  EXPECT_TRUE(apply_override_file(kGame + "/owner.override", tables_, counters_, issues));
  EXPECT_TRUE(issues.empty());
  EXPECT_EQ(to_json(tables_), before);
  EXPECT_FALSE(apply_override_file(kGame + "/missing.override", tables_, counters_, issues));
  EXPECT_EQ(issues.at(0).to_string(), "missing.override:0: cannot read the file");
}

TEST_F(OverridesTest, ExamplesOfTheShippedFileAreValid) {
  // the commented examples of data/games/ard2/owner.override, uncommented
  std::ifstream in(kGame + "/owner.override");
  std::string body, line;
  while (std::getline(in, line))
    if (line.rfind("#   table ", 0) == 0 || line.rfind("#   unit ", 0) == 0) body += line.substr(4) + "\n";
  EXPECT_THAT(body, HasSubstr("unit Ind-A.Inf.99 steps = 2"));
  EXPECT_THAT(apply(body), ElementsAre());
}

TEST_F(OverridesTest, ExamplesOfTheDocumentationAreValid) {
  std::ifstream in(std::string(HEXFRONT_DATA_DIR) + "/../docs/overrides.md");
  std::string body, line;
  while (std::getline(in, line))
    if ((line.rfind("table ", 0) == 0 || line.rfind("unit ", 0) == 0) && line.find('<') == std::string::npos)
      body += line + "\n";
  EXPECT_THAT(body, HasSubstr("table crt \"7\" \"3:1\" = D2r2"));
  EXPECT_THAT(apply(body), ElementsAre());
}

TEST(LoadGameDataTest, LoadsTablesCountersAndTheOwnersFile) {
  std::vector<std::string> errors;
  auto data = load_game_data(kGame, {"exploit", "zoc_infantry"}, "", errors);
  ASSERT_TRUE(data) << errors.at(0);
  EXPECT_EQ(data->tables.tables().size(), 15u);
  EXPECT_EQ(data->counters.catalog.size(), 479);
  // a player's own file replaces the shipped one
  const auto path = std::filesystem::temp_directory_path() / "hexfront_mine.override";
  std::ofstream(path) << "hexfront-override 1\ntable crt 12 1:4 = D1r1\n";
  data = load_game_data(kGame, {"exploit", "zoc_infantry"}, path.string(), errors);
  ASSERT_TRUE(data);
  EXPECT_EQ(data->tables.find("crt")->find("12", "1:4")->source.note, "hexfront_mine.override:2");
  std::ofstream(path) << "hexfront-override 1\ntable crt 13 1:4 = D1r1\n";
  EXPECT_FALSE(load_game_data(kGame, {"exploit", "zoc_infantry"}, path.string(), errors));
  EXPECT_THAT(errors, ElementsAre("hexfront_mine.override:2: table crt has no row \"13\""));
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace core
