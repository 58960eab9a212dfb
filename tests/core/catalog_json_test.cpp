#include "core/catalog_json.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/table.h"

namespace core {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using nlohmann::json;

const std::vector<std::string> kArd2Flags{"exploit", "zoc_infantry"};

// Two counters in the Ardennes II spelling; tests break one field at a time.
json small_counters() {
  return json::parse(R"J({
    "schema": "hexfront.test.counters/1", "game": "test", "value_names": ["attack", "defense"],
    "types": [{"type": "Pz", "symbol": "armour"}, {"type": "Inf", "symbol": "infantry"}],
    "formations": [{"id": "1Pz"}],
    "units": [
      {"id": "1Pz.Pz.I", "name": "Pz Bn (I)", "side": 1, "nationality": "Heer", "formation": "1Pz", "type": "Pz",
       "size": "Bn", "move_class": ["Mech", "assumed", "M1"], "steps": [2, "assumed", "S1"],
       "exploit": [true, "assumed", "X1"], "zoc_infantry": [false, "seed", "L1"],
       "values": [{"attack": [6, "seed", "L10"], "defense": [4, "seed", "L10"]},
                  {"attack": [3, "assumed", "V1"], "defense": [2, "assumed", "V1"]}]},
      {"id": "1Pz.Inf.A", "side": 1, "formation": "1Pz", "type": "Inf",
       "move_class": ["Leg", "assumed", "M3"], "steps": [1, "assumed", "S1"],
       "exploit": [false, "assumed", "X1"], "zoc_infantry": [true, "seed", "L2"],
       "values": [{"attack": [1, "seed", "L11"], "defense": [3, "seed", "L11"]}]}
    ]})J");
}

std::vector<std::string> errors_of(const json& j) {
  std::vector<std::string> errors;
  EXPECT_FALSE(counters_from_json(j, "counters.json", kArd2Flags, errors));
  return errors;
}

TEST(CatalogJsonTest, LoadsTheArdennesCounters) {
  std::vector<std::string> errors;
  const auto set = load_counters(std::string(HEXFRONT_DATA_DIR) + "/games/ard2/counters.json", "counters.json",
                                 kArd2Flags, errors);
  ASSERT_TRUE(set) << errors[0];
  EXPECT_EQ(set->game, "ard2");
  const UnitCatalog& c = set->catalog;
  EXPECT_EQ(c.size(), 479);
  EXPECT_THAT(c.value_names(), ElementsAre("attack", "defense", "ma", "range"));
  // given the 12 SS Pz Bn I/12, printed 6-4-12 in the seed, reduced side assumed
  const int u = c.find("12SS.Pz.I/12");
  ASSERT_GE(u, 0);
  const UnitDef& d = c[u];
  EXPECT_EQ(d.side, 1);
  EXPECT_EQ(d.nationality, "SS");
  EXPECT_EQ(d.formation, "12SS");
  EXPECT_EQ(d.type, "Pz");
  EXPECT_EQ(d.symbol, "armour");
  EXPECT_EQ(d.move_class, "Mech");
  EXPECT_EQ(d.steps, 2);
  EXPECT_EQ(d.flags, 1u);  // exploit, not ZOC infantry
  EXPECT_EQ(c.value(u, 0, c.value_index("attack")), 6);
  EXPECT_EQ(c.value(u, 0, c.value_index("ma")), 12);
  EXPECT_EQ(d.values[0][0].source.kind, Provenance::Seed);
  EXPECT_THAT(d.values[0][0].source.note, HasSubstr("L695"));
  EXPECT_EQ(c.value(u, 1, c.value_index("defense")), 2);
  EXPECT_EQ(d.values[1][1].source.kind, Provenance::Assumed);
  EXPECT_EQ(set->attribute_sources[size_t(u)].at("move_class").kind, Provenance::Assumed);
  EXPECT_EQ(set->attribute_sources[size_t(u)].at("zoc_infantry").kind, Provenance::Seed);
  const UnitDef& werfer = c[c.find("Ind-G.Arty.Werfer 7")];
  EXPECT_EQ(werfer.steps, 1);
  EXPECT_EQ(werfer.values.size(), 1u);
}

TEST(CatalogJsonTest, SmallFileReadsEveryField) {
  std::vector<std::string> errors;
  const auto set = counters_from_json(small_counters(), "counters.json", kArd2Flags, errors);
  ASSERT_TRUE(set) << errors[0];
  const UnitDef& inf = set->catalog[1];
  EXPECT_EQ(inf.move_class, "Leg");
  EXPECT_EQ(inf.flags, 2u);  // zoc_infantry
  EXPECT_EQ(inf.symbol, "infantry");
  EXPECT_EQ(set->flag_bit("zoc_infantry"), 1);
  EXPECT_EQ(set->flag_bit("nope"), -1);
}

TEST(CatalogJsonTest, NamesTheUnitAndFieldOfEveryDefect) {
  json j = small_counters();
  json& pz = j["units"][0];
  pz["values"][1]["attack"] = {3, "guess", "V1"};
  pz["values"][0]["defense"] = 4;
  pz["move_class"] = {7, "assumed", "M1"};
  j["units"][1]["id"] = "1Pz.Pz.I";
  j["units"][1]["type"] = "Tank";
  j["units"][1]["values"][0]["speed"] = {1, "seed", ""};
  j["units"][1].erase("exploit");
  EXPECT_THAT(errors_of(j),
              ElementsAre("counters.json: units[0] (1Pz.Pz.I): move_class: value 7 is not a string",
                          "counters.json: units[0] (1Pz.Pz.I): values[0].defense: not [value, kind, note]",
                          "counters.json: units[0] (1Pz.Pz.I): values[1].attack: kind \"guess\" is not seed, public, "
                          "assumed or owner",
                          "counters.json: units[1] (1Pz.Pz.I): id: another unit has this id",
                          "counters.json: units[1] (1Pz.Pz.I): type: \"Tank\" is not listed in the file's types",
                          "counters.json: units[1] (1Pz.Pz.I): exploit: missing",
                          "counters.json: units[1] (1Pz.Pz.I): values[0].speed: not one of value_names"));
}

TEST(CatalogJsonTest, StepsAndSidesMustAgree) {
  json j = small_counters();
  j["units"][0]["steps"] = {3, "assumed", "S1"};
  j["units"][1]["steps"] = {0, "assumed", "S1"};
  j["units"][1].erase("side");
  j["units"][1].erase("id");
  EXPECT_THAT(errors_of(j), ElementsAre("counters.json: units[0] (1Pz.Pz.I): values: 2 sides for 3 steps",
                                        "counters.json: units[1]: id: missing",
                                        "counters.json: units[1]: side: missing or not a side number",
                                        "counters.json: units[1]: steps: 0 is not 1..16"));
}

TEST(CatalogJsonTest, ReportsHeaderDefects) {
  json j = small_counters();
  j["schema"] = "hexfront.other.counters/1";
  j["value_names"] = {"attack", "attack"};
  j.erase("units");
  EXPECT_THAT(errors_of(j), ElementsAre("counters.json: schema: want \"hexfront.test.counters/1\"",
                                        "counters.json: value_names: repeated name \"attack\"",
                                        "counters.json: units: missing list of counters"));
  std::vector<std::string> errors;
  EXPECT_FALSE(load_counters("/nonexistent/counters.json", "counters.json", kArd2Flags, errors));
  EXPECT_THAT(errors, ElementsAre("counters.json:0: cannot read the file"));
}

TEST(CatalogJsonTest, CountersAsATableWithProvenance) {
  std::vector<std::string> errors;
  const auto set = counters_from_json(small_counters(), "counters.json", kArd2Flags, errors);
  ASSERT_TRUE(set);
  const json j = to_json(*set);
  EXPECT_EQ(j["columns"], json({"attack", "defense", "move_class", "steps", "exploit", "zoc_infantry"}));
  ASSERT_EQ(j["rows"].size(), 3u);  // two sides of the Pz, one of the Inf
  EXPECT_EQ(j["rows"][1]["label"], "1Pz.Pz.I@1");
  const json& reduced_attack = j["rows"][1]["cells"][0];
  EXPECT_EQ(reduced_attack["value"], 3);
  EXPECT_EQ(reduced_attack["kind"], "assumed");
  EXPECT_EQ(j["sources"][reduced_attack["source"].get<std::string>()]["note"], "V1");
  const std::string text = format_tables(j);
  EXPECT_THAT(text, HasSubstr("  1Pz.Pz.I@1  3ᵃ      2ᵃ       Mechᵃ       2ᵃ     trueᵃ    falseˢ"));
}

}  // namespace
}  // namespace core
