// ARD2 4.1 vdH drop, 5.1 XVIII Abn Corps placement, OOA conditional arrivals (A41).
#include <gtest/gtest.h>

#include <algorithm>

#include "games/ard2/special.h"
#include "world.h"

namespace ard2::test {
namespace {

TEST(Rule_4_1, VdhDropsWithinOneOfTheCentreAvoidingUsUnits) {
  World w;
  w.place(w.def(infantry(kAllied)), H(5, 4));
  w.place(w.def(infantry(kGerman)), H(4, 5));
  const auto hexes = vdh_drop_hexes(w.pos(), H(4, 4));
  EXPECT_EQ(hexes.size(), 6u);  // 7 hexes within 1, less the US-held one
  EXPECT_EQ(std::count(hexes.begin(), hexes.end(), H(5, 4)), 0);
  EXPECT_EQ(std::count(hexes.begin(), hexes.end(), H(4, 5)), 1);
  // at the map's corner only the hexes on the map count
  EXPECT_EQ(vdh_drop_hexes(w.pos(), H(0, 0)).size(), 3u);
}

TEST(Rule_4_1, VdhSuccessTable) {
  EXPECT_FALSE(vdh_lands(1));
  EXPECT_FALSE(vdh_lands(2));
  EXPECT_TRUE(vdh_lands(3));
  EXPECT_TRUE(vdh_lands(6));
}

TEST(Rule_5_1, XviiiAbnWithinThreeOfEitherGroupHex) {
  World w;
  const std::vector<Hex> group{H(1, 1), H(8, 8)};
  EXPECT_TRUE(xviii_placement_ok(w.pos(), H(4, 1), group));
  EXPECT_TRUE(xviii_placement_ok(w.pos(), H(8, 5), group));
  EXPECT_FALSE(xviii_placement_ok(w.pos(), H(5, 1), group));
  w.place(w.def(infantry(kGerman)), H(4, 1));
  EXPECT_FALSE(xviii_placement_ok(w.pos(), H(4, 1), group));
}

TEST(Rule_OOA, ConditionalArrivalOnFivePlus) {
  EXPECT_FALSE(conditional_arrival(4, 5));
  EXPECT_TRUE(conditional_arrival(5, 5));
}

}  // namespace
}  // namespace ard2::test
