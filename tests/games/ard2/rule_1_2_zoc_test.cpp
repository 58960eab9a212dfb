// ARD2 1.2: ZOC Posts and Bonds.
#include <gtest/gtest.h>

#include "games/ard2/zoc.h"
#include "world.h"

namespace ard2::test {
namespace {

TEST(Rule_1_2, PostNeedsTwoStepsOfQualifyingInfantry) {
  World w;
  UnitInfo one_step = infantry(kAllied);
  one_step.steps = 1;
  UnitInfo pioneer = infantry(kAllied);
  pioneer.zoc_infantry = false;  // Pioneers, MG, Bicycle ... do not count
  const auto a = w.place(w.def(one_step), H(2, 2));
  EXPECT_FALSE(is_zoc_post(w.pos(), H(2, 2), kAllied));
  w.place(w.def(pioneer), H(2, 2));
  EXPECT_FALSE(is_zoc_post(w.pos(), H(2, 2), kAllied));
  w.place(w.def(one_step), H(2, 2));
  EXPECT_TRUE(is_zoc_post(w.pos(), H(2, 2), kAllied));
  // a two-step unit reduced to one step no longer suffices alone
  const auto b = w.place(w.def(infantry(kAllied)), H(4, 4));
  EXPECT_TRUE(is_zoc_post(w.pos(), H(4, 4), kAllied));
  w.s->units[b].steps_lost = 1;
  EXPECT_FALSE(is_zoc_post(w.pos(), H(4, 4), kAllied));
  (void)a;
}

TEST(Rule_1_2, NoPostInACity) {
  World w;
  w.board.add_terrain(H(2, 2), w.t.city);
  w.place(w.def(infantry(kAllied)), H(2, 2));
  EXPECT_FALSE(is_zoc_post(w.pos(), H(2, 2), kAllied));
}

TEST(Rule_1_2, StraightBondIsTheHexBetween) {
  World w;
  const int inf = w.def(infantry(kAllied));
  w.place(inf, H(2, 2));
  w.place(inf, H(4, 2));
  const auto bonds = zoc_bonds(w.pos(), kAllied);
  ASSERT_EQ(bonds.size(), 1u);
  EXPECT_EQ(bonds[0].bond, H(3, 2));
}

TEST(Rule_1_2, BondHexMustBeEmptyAndNotProhibited) {
  World w;
  const int inf = w.def(infantry(kAllied));
  w.place(inf, H(2, 2));
  w.place(inf, H(4, 2));
  const auto g = w.place(w.def(infantry(kGerman)), H(3, 2));
  EXPECT_TRUE(zoc_bonds(w.pos(), kAllied).empty());
  w.s->units[g].hex = H(8, 8);
  EXPECT_EQ(zoc_bonds(w.pos(), kAllied).size(), 1u);
  w.s->units[g].where = core::Where::Eliminated;
  // a Post two hexes apart with a prohibited middle has no Bond
  World v;
  const int vi = v.def(infantry(kAllied));
  v.place(vi, H(2, 2));
  v.place(vi, H(4, 2));
  v.board.add_terrain(H(3, 2), v.t.swamp);  // P for Mech only: still a Bond (Leg reading)
  EXPECT_EQ(zoc_bonds(v.pos(), kAllied).size(), 1u);
}

TEST(Rule_1_2, OfTwoPathwaysTheOneFurtherFromTheEnemy) {
  // given Posts at (2,2) and (3,3) (not in line): middles (3,2) and (2,3)
  World w;
  const int inf = w.def(infantry(kAllied));
  w.place(inf, H(2, 2));
  w.place(inf, H(3, 3));
  // and a German unit nearer (3,2)
  w.place(w.def(infantry(kGerman)), H(5, 1));
  const auto bonds = zoc_bonds(w.pos(), kAllied);
  ASSERT_EQ(bonds.size(), 1u);
  EXPECT_EQ(bonds[0].bond, H(2, 3));
}

TEST(Rule_1_2, APostSupportsAtMostTwoBonds) {
  // given a Post at the centre with three Posts around it at distance 2
  World w;
  const int inf = w.def(infantry(kAllied));
  w.place(inf, H(4, 4));
  w.place(inf, H(6, 4));
  w.place(inf, H(2, 4));
  w.place(inf, H(4, 6));
  const auto bonds = zoc_bonds(w.pos(), kAllied);
  int centre = 0;
  for (const auto& b : bonds)
    if (b.post_a == H(4, 4) || b.post_b == H(4, 4)) ++centre;
  EXPECT_EQ(centre, 2);
}

}  // namespace
}  // namespace ard2::test
