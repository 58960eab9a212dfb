// ARD2 3.5 Barrage (with 2.2 Air Strikes and the errata's marker removal).
#include <gtest/gtest.h>

#include <map>

#include "games/ard2/barrage.h"
#include "world.h"

namespace ard2::test {
namespace {

TEST(Rule_3_5, RequirementsRangeSpotterMovedDgExploitation) {
  World w;
  const auto a = w.place(w.def(artillery(kGerman, 4)), H(0, 0));
  const auto spotter = w.place(w.def(infantry(kGerman)), H(3, 2));
  w.place(w.def(infantry(kAllied)), H(4, 0));
  // in range (4), spotted from (3,2) (distance 2)
  EXPECT_EQ(barrage_refusal(w.pos(), a, H(4, 0), false), nullptr);
  EXPECT_NE(barrage_refusal(w.pos(), a, H(4, 0), true), nullptr);  // Exploitation
  EXPECT_NE(barrage_refusal(w.pos(), a, H(5, 0), false), nullptr);  // out of range
  w.s->units[spotter].hex = H(3, 5);
  EXPECT_NE(barrage_refusal(w.pos(), a, H(4, 0), false), nullptr);  // no spotter
  // self-spotting works on a target within 2
  EXPECT_EQ(barrage_refusal(w.pos(), a, H(2, 0), false), nullptr);
  w.s->units[a].flags = kMoved;
  EXPECT_NE(barrage_refusal(w.pos(), a, H(2, 0), false), nullptr);
  w.s->units[a].flags = kDG;
  EXPECT_NE(barrage_refusal(w.pos(), a, H(2, 0), false), nullptr);
  w.s->units[a].flags = kFired;
  EXPECT_NE(barrage_refusal(w.pos(), a, H(2, 0), false), nullptr);
}

TEST(Rule_3_5, DivartyNeedsItsOwnDivisionSpotter) {
  World w;
  const auto a = w.place(w.def(artillery(kAllied, 7, 16, 28)), H(0, 0));
  w.place(w.def(infantry(kAllied, 3, 4, 8, 99)), H(5, 0));
  EXPECT_NE(barrage_refusal(w.pos(), a, H(6, 0), false), nullptr);
  w.place(w.def(infantry(kAllied, 3, 4, 8, 28)), H(6, 1));
  EXPECT_EQ(barrage_refusal(w.pos(), a, H(6, 0), false), nullptr);
}

TEST(Rule_3_5, DrmsAddUnitsAndSubtractEnemyMarkersAtTheGuns) {
  World w;
  const int inf = w.def(infantry(kAllied));
  for (int i = 0; i < 3; ++i) w.place(inf, H(4, 4));
  EXPECT_EQ(barrage_drm(w.pos(), H(4, 4), kGerman, std::nullopt), 2);
  EXPECT_EQ(barrage_drm(w.pos(), H(5, 5), kGerman, std::nullopt), 0);
  w.marker(H(0, 0), kFullAllied, 1);
  w.marker(H(0, 0), kFullGerman, 1);  // friendly markers: no effect
  EXPECT_EQ(barrage_drm(w.pos(), H(4, 4), kGerman, H(0, 0)), 1);
}

TEST(Rule_3_5, SuccessRollUsesTheHardestTerrain) {
  // Open (3-4) 5-6, Woods (4-5) 6 in the test chart
  World w;
  EXPECT_EQ(barrage_outcome(w.board, H(1, 1), 2), BarrageResult::None);
  EXPECT_EQ(barrage_outcome(w.board, H(1, 1), 3), BarrageResult::Half);
  EXPECT_EQ(barrage_outcome(w.board, H(1, 1), 5), BarrageResult::Full);
  EXPECT_EQ(barrage_outcome(w.board, H(1, 1), 8), BarrageResult::Full);
  w.board.add_terrain(H(1, 1), w.t.woods);
  EXPECT_EQ(barrage_outcome(w.board, H(1, 1), 3), BarrageResult::None);
  EXPECT_EQ(barrage_outcome(w.board, H(1, 1), 5), BarrageResult::Half);
  // a Traffic Jam row is "ot": the other terrain decides
  w.board.add_terrain(H(2, 2), w.t.jam);
  EXPECT_EQ(barrage_outcome(w.board, H(2, 2), 5), BarrageResult::Full);
}

TEST(Rule_2_2, AirStrikeWithoutSpotterOncePerHex) {
  World w;
  EXPECT_TRUE(air_strike_allowed(w.pos(), H(5, 5), 0));
  EXPECT_FALSE(air_strike_allowed(w.pos(), H(5, 5), 1));
  w.place(w.def(infantry(kAllied)), H(5, 7));
  EXPECT_TRUE(air_strike_allowed(w.pos(), H(5, 5), 3));
}

TEST(Rule_3_5, HalfReconciliation) {
  World w;
  place_barrage(*w.s, H(1, 1), kGerman, BarrageResult::Half);
  place_barrage(*w.s, H(1, 1), kGerman, BarrageResult::Half);
  place_barrage(*w.s, H(1, 1), kGerman, BarrageResult::Half);  // three Halves -> one Full
  place_barrage(*w.s, H(2, 2), kGerman, BarrageResult::Half);  // lone: rolls 4 -> Full
  place_barrage(*w.s, H(3, 3), kGerman, BarrageResult::Half);  // lone: rolls 3 -> gone
  place_barrage(*w.s, H(3, 3), kGerman, BarrageResult::Full);  // ignored by reconciliation
  place_barrage(*w.s, H(4, 4), kAllied, BarrageResult::Half);  // the other side's: untouched
  std::map<uint32_t, int> rolls{{H(2, 2).key(), 4}, {H(3, 3).key(), 3}};
  int rolled = 0;
  reconcile_halves(*w.s, kGerman, [&](Hex h) {
    ++rolled;
    return rolls.at(h.key());
  });
  const Position p = w.pos();
  EXPECT_EQ(rolled, 2);
  EXPECT_EQ(p.full_markers(H(1, 1), kGerman), 1);
  EXPECT_EQ(p.full_markers(H(2, 2), kGerman), 1);
  EXPECT_EQ(p.full_markers(H(3, 3), kGerman), 1);
  EXPECT_EQ(p.half_markers(H(1, 1), kGerman) + p.half_markers(H(2, 2), kGerman) + p.half_markers(H(3, 3), kGerman), 0);
  EXPECT_EQ(p.half_markers(H(4, 4), kAllied), 1);
  // ERRATA 3/4: the Barrage Marker Removal of each Player Turn clears everything
  remove_all_barrage(*w.s);
  EXPECT_EQ(w.s->hex_marker_count, 0);
}

}  // namespace
}  // namespace ard2::test
