// ARD2 3.6 Bug Out.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/ard2/status.h"
#include "world.h"

namespace ard2::test {
namespace {

TEST(Rule_3_6, BugOutTrigger) {
  World w;
  const auto gun = w.place(w.def(artillery(kAllied)), H(4, 4));
  // an adjacent enemy of printed attack 1 does not trigger it
  const auto weak = w.place(w.def(infantry(kGerman, 1, 2)), H(5, 4));
  EXPECT_FALSE(must_bug_out(w.pos(), gun));
  // attack 2 does, even when reduced (printed full-strength value)
  const auto strong = w.place(w.def(infantry(kGerman, 2, 2)), H(4, 5));
  w.s->units[strong].steps_lost = 1;
  EXPECT_TRUE(must_bug_out(w.pos(), gun));
  // not across a hexside it could not attack over
  w.board.add_side_feature(H(4, 5), 2, w.t.river);
  EXPECT_FALSE(must_bug_out(w.pos(), gun));
  // DG artillery cannot Bug Out
  w.s->units[weak].hex = H(8, 8);
  w.board.set_road(H(4, 5), 2, scs::RoadKind::Road);
  EXPECT_TRUE(must_bug_out(w.pos(), gun));
  w.s->units[gun].flags |= kDG;
  EXPECT_FALSE(must_bug_out(w.pos(), gun));
}

TEST(Rule_3_6, BugOutDestinationsAtLeastEightRoadHexesAway) {
  // given a road along row 0 from q=0 to q=11
  World w(12, 6);
  for (int q = 0; q < 11; ++q) w.board.set_road(H(q, 0), 0, scs::RoadKind::Road);
  const auto gun = w.place(w.def(artillery(kAllied)), H(0, 0));
  std::vector<uint8_t> all(size_t(w.board.size()), 1);
  auto dest = bug_out_destinations(w.pos(), gun, all);
  std::sort(dest.begin(), dest.end());
  EXPECT_EQ(dest, (std::vector<Hex>{H(8, 0), H(9, 0), H(10, 0), H(11, 0)}));
  // not next to an enemy, and only in supply
  w.place(w.def(infantry(kGerman)), H(10, 1));
  std::vector<uint8_t> some = all;
  some[size_t(w.board.index(H(8, 0)))] = 0;
  dest = bug_out_destinations(w.pos(), gun, some);
  std::sort(dest.begin(), dest.end());
  EXPECT_EQ(dest, (std::vector<Hex>{H(9, 0)}));
}

TEST(Rule_3_6, AskedForFewerDestinationsTheWalkGivesTheNearestByRoadAndHonoursTheExtraTest) {
  // given a road along row 0 from q=0 to q=11 and artillery at its west end
  World w(12, 6);
  for (int q = 0; q < 11; ++q) w.board.set_road(H(q, 0), 0, scs::RoadKind::Road);
  const auto gun = w.place(w.def(artillery(kAllied)), H(0, 0));
  std::vector<uint8_t> all(size_t(w.board.size()), 1);
  // when only one destination is asked for, it is the nearest by road (8 hexes)
  EXPECT_EQ(bug_out_destinations(w.pos(), gun, all, {}, 1), (std::vector<Hex>{H(8, 0)}));
  // and an extra test (the play area's, in the rules) passes over the hexes it refuses
  auto beyond_nine = [](Hex h) { return h.q > 9; };
  EXPECT_EQ(bug_out_destinations(w.pos(), gun, all, beyond_nine, 1), (std::vector<Hex>{H(10, 0)}));
  auto dest = bug_out_destinations(w.pos(), gun, all, beyond_nine);
  std::sort(dest.begin(), dest.end());
  EXPECT_EQ(dest, (std::vector<Hex>{H(10, 0), H(11, 0)}));
  // and none passes a test no hex passes
  EXPECT_TRUE(bug_out_destinations(w.pos(), gun, all, [](Hex) { return false; }, 1).empty());
}

TEST(Rule_3_6, OffRoadArtilleryCountsFromAnAdjacentRoadHex) {
  World w(12, 6);
  for (int q = 0; q < 11; ++q) w.board.set_road(H(q, 0), 0, scs::RoadKind::Road);
  const auto gun = w.place(w.def(artillery(kAllied)), H(0, 1));  // next to (0,0) and (1,0)
  std::vector<uint8_t> all(size_t(w.board.size()), 1);
  auto dest = bug_out_destinations(w.pos(), gun, all);
  std::sort(dest.begin(), dest.end());
  // (0,0) and (1,0) count 1; the shortest road path makes (8,0) the first at 8
  EXPECT_EQ(dest.front(), H(8, 0));
}

}  // namespace
}  // namespace ard2::test
