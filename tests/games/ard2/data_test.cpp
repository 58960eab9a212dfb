// Loading data/games/ard2 into the rule functions' types, and a board from map text.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/map.h"
#include "games/ard2/data.h"
#include "games/ard2/movement.h"
#include "games/ard2/status.h"

namespace ard2 {
namespace {

nlohmann::json load(const std::string& rel) {
  nlohmann::json j;
  std::string err;
  EXPECT_TRUE(read_json(data_root() + "/games/ard2/" + rel, j, err)) << err;
  return j;
}

TEST(Ard2Data, TecRowsAndCosts) {
  scs::Tec tec;
  std::string err;
  ASSERT_TRUE(tec_from_table(load("tables/tec.json"), tec, err)) << err;
  const int open = tec.find_hex("Open"), woods = tec.find_hex("Woods"), city = tec.find_hex("City");
  ASSERT_GE(open, 0);
  ASSERT_GE(woods, 0);
  ASSERT_GE(city, 0);
  EXPECT_EQ(tec.default_hex, open);
  EXPECT_EQ(tec.hex(open).cost[0], 4);    // Leg 2 MP
  EXPECT_EQ(tec.hex(open).cost[1], 6);    // Mech 3 MP
  EXPECT_EQ(tec.hex(woods).cost[1], 12);  // Mech 6 MP (1.3)
  EXPECT_EQ(tec.hex(open).barrage.half_lo, 3);
  EXPECT_EQ(tec.hex(open).barrage.full_lo, 5);
  EXPECT_TRUE(tec.hex(city).city);
  EXPECT_EQ(tec.hex(city).shift, 2);
  EXPECT_EQ(tec.road_cost(scs::RoadKind::Road, scs::MoveType::Mech), 1);
  EXPECT_EQ(tec.road_cost(scs::RoadKind::Track, scs::MoveType::Mech), 4);
  EXPECT_EQ(tec.road_cost(scs::RoadKind::Track, scs::MoveType::Leg), 2);
  const int stream = tec.find_side("Stream");
  ASSERT_GE(stream, 0);
  EXPECT_EQ(tec.side(stream).cost[1], 4);  // +2 MP Mech
  EXPECT_EQ(tec.side(stream).shift, 1);
  EXPECT_TRUE(tec.side(stream).water);
  EXPECT_EQ(tec.side(tec.find_side("River")).cost[0], scs::kProhibited);
  EXPECT_EQ(tec.zoc_bond_cost, 4);
  EXPECT_EQ(tec.adjacent_cost, 2);
  EXPECT_EQ(tec.hex(tec.find_hex("West Wall")).only_side, kGerman);
  EXPECT_TRUE(tec.hex(tec.find_hex("Traffic Jam hex")).traffic_jam);
}

TEST(Ard2Data, CrtFromTheTable) {
  scs::Crt crt;
  std::string err;
  ASSERT_TRUE(scs::crt_from_table(load("tables/crt.json"), crt, err)) << err;
  EXPECT_EQ(crt.columns(), 10);
  EXPECT_EQ(crt.column({7, 1}), 9);
  // A1 (docs/rules/ard2.md): 7:1+ on a 4 is D1r1
  EXPECT_EQ(scs::to_string(crt.result(9, 4)), "D1r1");
  EXPECT_EQ(scs::to_string(crt.result(0, 2)), "A2");
}

TEST(Ard2Data, VictoryLevels) {
  std::vector<VictoryLevel> levels;
  std::string err;
  ASSERT_TRUE(levels_from_table(load("tables/victory_levels.json"), levels, err)) << err;
  EXPECT_EQ(level_for(levels, 26).name, "Draw");
  EXPECT_EQ(level_for(levels, 40).winner, kGerman);
  EXPECT_EQ(level_for(levels, 3).winner, kAllied);
}

TEST(Ard2Data, Counters) {
  std::vector<UnitInfo> units;
  std::vector<std::string> errors;
  const auto counters = core::load_counters(data_root() + "/games/ard2/counters.json", "counters.json",
                                            {"exploit", "zoc_infantry"}, errors);
  ASSERT_TRUE(counters) << errors.front();
  std::string err;
  ASSERT_TRUE(units_from_catalog(*counters, load("counters.json")["formations"], units, err)) << err;
  EXPECT_EQ(units.size(), 479u);
  auto find = [&](const std::string& id) -> const UnitInfo& {
    const int i = counters->catalog.find(id);
    EXPECT_GE(i, 0) << id;
    return units[size_t(i)];
  };
  const UnitInfo& arty = find("Ind-A.Arty.406");
  EXPECT_TRUE(arty.artillery);
  EXPECT_FALSE(arty.divarty);
  EXPECT_EQ(arty.range[0], 9);
  EXPECT_EQ(arty.side, kAllied);
  const UnitInfo& divarty = find("2Inf.Arty.DIVARTY");
  EXPECT_TRUE(divarty.divarty);
  const UnitInfo& pz = find("12SS.Pz.I/12");
  EXPECT_EQ(pz.side, kGerman);
  EXPECT_EQ(pz.move, scs::MoveType::Mech);
  EXPECT_EQ(pz.attack[0], 6);
  EXPECT_TRUE(find("2Pz.PG.Gutmn").rubber_boats);
  EXPECT_FALSE(find("2Pz.Pz.I/3").rubber_boats);
}

TEST(Ard2Data, BoardFromMapText) {
  const char* text =
      "hexfront-map 1\n"
      "game ard2\n"
      "ids scs A:6x6\n"
      "terrain clear woods city trafficjam westwall\n"
      "sides road track stream river\n"
      "default clear\n"
      "hex A2.02 woods\n"
      "hex A3.03 city \"Town\" vp=3\n"
      "side A2.02 A2.03 road stream plunger=A2.04\n"
      "side A4.04 A4.05 track river built=18Dec\n"
      "area trafficjam A5.05\n";
  std::vector<core::MapIssue> issues;
  const auto map = core::Map::parse(text, "test.map", issues);
  ASSERT_NE(map, nullptr) << (issues.empty() ? "" : issues[0].to_string());
  scs::Tec tec;
  std::string err;
  ASSERT_TRUE(tec_from_table(load("tables/tec.json"), tec, err)) << err;
  std::vector<std::string> unknown;
  const scs::Board b = scs::board_from_map(*map, tec, &unknown);
  EXPECT_TRUE(unknown.empty()) << unknown[0];
  EXPECT_EQ(b.size(), 36);
  const auto id = [&](const char* s) { return *map->ids().parse(s); };
  EXPECT_TRUE(b.has_terrain(id("A2.02"), b.tec().find_hex("Woods")));
  EXPECT_TRUE(b.is_city(id("A3.03")));
  EXPECT_EQ(b.vp(id("A3.03")), 3);
  EXPECT_TRUE(b.is_traffic_jam(id("A5.05")));
  EXPECT_TRUE(b.has_terrain(id("A1.01"), b.tec().find_hex("Open")));
  const int d = core::direction_to(id("A2.02"), id("A2.03"));
  EXPECT_EQ(b.road(id("A2.02"), d), scs::RoadKind::Road);
  EXPECT_TRUE(b.side_has_water(id("A2.02"), d));
  ASSERT_EQ(b.bridges().size(), 2u);
  int plunger = -1, built = -1;
  for (size_t i = 0; i < b.bridges().size(); ++i) (b.bridges()[i].plunger ? plunger : built) = int(i);
  EXPECT_EQ(*b.bridges()[size_t(plunger)].plunger, id("A2.04"));
  EXPECT_EQ(b.bridges()[size_t(built)].built_turn, 3);
  EXPECT_EQ(scs::turn_of_date("20Dec"), 5);
  EXPECT_EQ(scs::turn_of_date("7"), 7);
  EXPECT_EQ(scs::turn_of_date("x"), 0);
}

}  // namespace
}  // namespace ard2

namespace ard2 {
namespace {

TEST(Ard2Data, PlungerHexWiresTheBridgesBesideIt) {
  const char* text =
      "hexfront-map 1\n"
      "game ard2\n"
      "ids scs A:6x6\n"
      "terrain open woods\n"
      "sides road stream bridge border\n"
      "default open\n"
      "hex A3.03 open plunger=1\n"
      "hex A5.05 open plunger=1\n"
      "side A3.03 A3.04 road stream bridge\n"
      "side A3.03 A3.02 road stream bridge\n"
      "side A5.04 A5.03 road stream bridge\n"
      "side A1.01 A1.02 border\n";
  std::vector<core::MapIssue> issues;
  const auto map = core::Map::parse(text, "test.map", issues);
  ASSERT_NE(map, nullptr) << (issues.empty() ? "" : issues[0].to_string());
  scs::Tec tec;
  std::string err;
  nlohmann::json j;
  ASSERT_TRUE(read_json(data_root() + "/games/ard2/tables/tec.json", j, err)) << err;
  ASSERT_TRUE(tec_from_table(j, tec, err)) << err;
  std::vector<std::string> unknown;
  const scs::Board b = scs::board_from_map(*map, tec, &unknown);
  EXPECT_TRUE(unknown.empty()) << unknown[0];  // "border" is the National Border row
  const auto id = [&](const char* s) { return *map->ids().parse(s); };
  ASSERT_EQ(b.bridges().size(), 3u);
  EXPECT_EQ(bridges_of_plunger(b, id("A3.03")).size(), 2u);
  EXPECT_EQ(bridges_of_plunger(b, id("A5.05")).size(), 1u);  // the neighbour's bridge
}

}  // namespace
}  // namespace ard2
