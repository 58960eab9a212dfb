// Wave of Terror: every hex the rules name (notes 002) carries the named place and
// the terrain or hexside feature its rule implies.
#include "map_checks.h"

namespace mapgen::testing {
namespace {

const core::Map& wot() { return map_of("wot"); }

// 2.3 and 4.5: Bastogne and St. Vith, cities for the 4.7 VP count.
TEST(WotMap, BastogneAndStVithAreCitiesInTheirHexes) {
  expect_place(wot(), "E2033", "Bastogne", {"city"});
  expect_place(wot(), "E3119", "St. Vith", {"city"});
}

// 3.9: bridges straddling the front line start blown, so each listed hexside pair
// (the adjacent ones: E3818/3911 and E3433/3539 are misprinted) has a bridge at or
// beside it. Not checked: E3028/E3128, which the geography puts three columns west
// of the Our with no river between (a misprint too, or a map that differs there).
TEST(WotMap, FrontLineBridgesThatStartBlownExist) {
  const std::vector<std::pair<const char*, const char*>> pairs{
      {"E3231", "E3330"}, {"E3232", "E3331"}, {"E3333", "E3433"}, {"E3436", "E3535"}, {"E3506", "E3607"},
      {"E3538", "E3638"}, {"E3537", "E3638"}, {"E3939", "E4040"}, {"E4039", "E4040"}, {"E4139", "E4140"}};
  for (const auto& [a, b] : pairs)
    EXPECT_TRUE(side_near(wot(), a, 1, "bridge") || side_near(wot(), b, 1, "bridge")) << a << "/" << b;
}

// 3.7: four POL markers go on distinct non-town road hexes within 3 of E2714.
TEST(WotMap, EnoughNonTownRoadHexesAroundThePolCentre) {
  int road_hexes = 0;
  for (const core::Hex h : core::area(hex(wot(), "E2714"), 3)) {
    if (!wot().contains(h) || wot().has_terrain(h, wot().terrain_bit("town")) ||
        wot().has_terrain(h, wot().terrain_bit("city")))
      continue;
    bool road = false;
    for (int dir = 0; dir < core::kDirections; ++dir) road = road || wot().has_side(h, dir, wot().side_feature_bit("road"));
    road_hexes += road ? 1 : 0;
  }
  EXPECT_GE(road_hexes, 4);
}

// 4.9, 4.10: the Meuse line runs from the south edge near W2343 to the north edge
// near E1800; the Meuse is a major river there.
TEST(WotMap, TheMeuseReachesBothEndsOfTheMeuseLine) {
  EXPECT_TRUE(side_near(wot(), "W2343", 2, "major"));
  EXPECT_TRUE(side_near(wot(), "E1800", 2, "major"));
}

// 3.5: the front line follows the Our down to E4239/E4240.
TEST(WotMap, TheOurIsARiverAtTheFrontLinesSouthernEnd) {
  EXPECT_TRUE(side_near(wot(), "E4239", 1, "minor") || side_near(wot(), "E4240", 1, "minor"));
}

// 8.2: the US and French entry edges N, W and S.
TEST(WotMap, EntryEdgesOfRule82Exist) {
  for (const char* e : {"entry:N", "entry:W", "entry:S"}) {
    const core::Area* a = wot().area(e);
    ASSERT_NE(a, nullptr) << e;
    EXPECT_GT(a->hexes.size(), 20u) << e;
  }
}

}  // namespace
}  // namespace mapgen::testing
