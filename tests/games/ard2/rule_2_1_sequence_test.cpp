// ARD2 2.1 (errata 3, 4) and 4.3: the sequence of play, and the edges of each phase.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/map.h"
#include "games/ard2/sequence.h"
#include "world.h"

namespace ard2::test {
namespace {

std::vector<Step> one_turn(int turn) {
  std::vector<Step> out{Step::Weather};
  for (Step s = next_step(Step::Weather, turn); s != Step::Weather; s = next_step(s, turn)) out.push_back(s);
  return out;
}

TEST(Rule_2_1, TurnOrderWithUsBarrageInsideTheGermanTurn) {
  const auto t2 = one_turn(2);
  EXPECT_EQ(t2.size(), size_t(Step::kCount));
  EXPECT_EQ(t2.front(), Step::Weather);
  EXPECT_EQ(t2.back(), Step::TurnEnd);
  auto at = [&](Step s) { return std::find(t2.begin(), t2.end(), s) - t2.begin(); };
  EXPECT_LT(at(Step::DgRemoval), at(Step::GermanBarrageRemoval));
  EXPECT_LT(at(Step::GermanHalfReconciliation), at(Step::UsBarrage));
  EXPECT_LT(at(Step::UsBarrage), at(Step::GermanCombat));
  EXPECT_LT(at(Step::GermanSupply), at(Step::UsBarrageRemoval));
  EXPECT_EQ(step_info(Step::UsBarrage).side, kAllied);
  EXPECT_EQ(phasing_side(Step::UsBarrage), kGerman);
  EXPECT_EQ(step_info(Step::GermanMovement).side, kGerman);
  EXPECT_EQ(step_info(Step::TurnEnd).side, core::kNoSide);
}

TEST(Rule_4_3, NoGermanExploitationOnTurnOne) {
  const auto t1 = one_turn(1);
  EXPECT_EQ(std::count(t1.begin(), t1.end(), Step::GermanExploitation), 0);
  EXPECT_EQ(std::count(t1.begin(), t1.end(), Step::UsExploitation), 1);
  EXPECT_EQ(next_step(Step::GermanCombat, 1), Step::GermanSupply);
  EXPECT_EQ(next_step(Step::GermanCombat, 2), Step::GermanExploitation);
}

TEST(Rule_3_5, BarrageOnlyInMovementAndUsBarragePhases) {
  EXPECT_TRUE(barrage_step(Step::GermanMovement));
  EXPECT_TRUE(barrage_step(Step::UsBarrage));
  EXPECT_TRUE(barrage_step(Step::UsMovement));
  EXPECT_FALSE(barrage_step(Step::GermanExploitation));
  EXPECT_FALSE(barrage_step(Step::UsCombat));
}

TEST(Rule_2_1, BeginPhaseSetsStartFlagsAndTrafficJamDg) {
  World w;
  w.s->turn = 1;
  w.board.add_terrain(H(1, 1), w.t.jam);
  const auto g = w.place(w.def(infantry(kGerman)), H(4, 4));
  const auto us = w.place(w.def(infantry(kAllied)), H(5, 4));
  const auto jammed = w.place(w.def(infantry(kGerman)), H(1, 1));
  const auto exempt = w.place(w.def(infantry(kGerman)), H(1, 1));
  w.marker(H(4, 4), kFullAllied, 1);
  w.s->units[g].flags = kMoved | kFired;
  w.s->units[g].spent = 7;
  begin_phase(*w.s, w.pos(), [&](core::UnitId u) { return u == exempt; });
  EXPECT_EQ(w.s->units[g].flags, uint32_t(kStartedAdjacent | kEnemyBarrage));
  EXPECT_EQ(w.s->units[g].spent, 0);
  EXPECT_TRUE(w.s->units[us].flags & kStartedAdjacent);
  EXPECT_FALSE(w.s->units[us].flags & kEnemyBarrage);  // German markers only hit US units
  EXPECT_TRUE(w.s->units[jammed].flags & kDG);
  EXPECT_FALSE(w.s->units[exempt].flags & kDG);  // A9: set-up exemption
}

TEST(Rule_3_4, EndPhaseDgAndSupplyPhase) {
  World w;
  for (int r = 0; r < 10; ++r) w.board.set_edges(H(9, r), core::kEdgeEast);
  w.board.set_road(H(9, 5), 3, scs::RoadKind::Road);
  const int d1 = w.def(infantry(kGerman, 3, 4, 8, 1)), d2 = w.def(infantry(kGerman, 3, 4, 8, 2));
  const auto a = w.place(d1, H(8, 5));
  const auto b = w.place(d2, H(8, 5));
  const auto far = w.place(d1, H(0, 0));
  EXPECT_EQ(end_phase_dg(*w.s, w.pos()).size(), 2u);
  EXPECT_TRUE(w.s->units[a].flags & kDG);
  EXPECT_TRUE(w.s->units[b].flags & kDG);
  const auto oos = supply_phase(*w.s, w.pos(), kGerman, default_sources(kGerman));
  EXPECT_EQ(oos, std::vector<core::UnitId>{far});
  EXPECT_TRUE(w.s->units[far].flags & (kDG | kOutOfSupply));
  EXPECT_FALSE(w.s->units[a].flags & kOutOfSupply);
  // the Pre-Turn DG removal: the mixed stack stays DG, the isolated unit too (A18)
  w.s->units[b].hex = H(8, 6);
  const auto choose = dg_removal(*w.s, w.pos(), default_sources(kGerman), default_sources(kAllied));
  EXPECT_TRUE(choose.empty());
  EXPECT_FALSE(w.s->units[a].flags & kDG);
  EXPECT_FALSE(w.s->units[b].flags & kDG);
  EXPECT_TRUE(w.s->units[far].flags & kDG);
}

}  // namespace
}  // namespace ard2::test
