// ARD2 1.2 step losses, 3.2 steps 3-5 (resolution), 3.4 artillery DG, 3.6 Bug Out.
#include <gtest/gtest.h>

#include "games/ard2/effects.h"
#include "world.h"

namespace ard2::test {
namespace {

scs::Crt crt() {
  scs::Crt c({{1, 4}, {1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {7, 1}});
  const std::vector<std::string> row{"A2", "A1", "A1", "A1D1", "A1D1", "D1r2", "D2r2", "D2r3", "D3r4", "Ae"};
  EXPECT_TRUE(c.set_rows(2, 12, row));
  return c;
}

TEST(Rule_1_2, StepLossesFlipThenEliminate) {
  World w;
  const auto two = w.place(w.def(infantry(kGerman)), H(1, 1));
  UnitInfo single = infantry(kGerman);
  single.steps = 1;
  const auto one = w.place(w.def(single), H(1, 1));
  EXPECT_FALSE(take_step(*w.s, w.pos(), two));
  EXPECT_EQ(w.s->units[two].steps_lost, 1);
  EXPECT_EQ(w.pos().attack(two), 2);  // the reduced side
  EXPECT_TRUE(take_step(*w.s, w.pos(), two));
  EXPECT_EQ(w.s->units[two].where, core::Where::Eliminated);
  EXPECT_TRUE(take_step(*w.s, w.pos(), one));
  EXPECT_FALSE(take_step(*w.s, w.pos(), one));  // already dead: nothing more
}

TEST(Rule_3_2, ResolutionReadsTheShiftedColumnAndCapsLosses) {
  // given 12 against 4 (3:1) into a City (2 left: 1:1)
  World w;
  w.board.add_terrain(H(5, 4), w.t.city);
  const auto a = w.place(w.def(armor(kGerman, 12, 4)), H(4, 4));
  UnitInfo single = infantry(kAllied, 2, 4);
  single.steps = 1;
  w.place(w.def(single), H(5, 4));
  const auto o = resolve_combat(w.pos(), crt(), {a}, H(5, 4), 7);
  EXPECT_EQ(o.odds.column, 3);
  EXPECT_EQ(scs::to_string(o.result), "A1D1");
  EXPECT_EQ(o.attacker_steps, 1);
  EXPECT_EQ(o.defender_steps, 1);
  // at 7:1+ with no terrain: "Ae" takes every attacking step; D3r4 is capped at 1 step
  World v;
  const auto b = v.place(v.def(armor(kGerman, 28, 4)), H(4, 4));
  v.place(v.def(single), H(5, 4));
  const auto o2 = resolve_combat(v.pos(), crt(), {b}, H(5, 4), 7);
  EXPECT_EQ(o2.odds.column, 9);
  EXPECT_EQ(o2.attacker_steps, 2);
}

TEST(Rule_3_1, MovingUnitsSpendsAndMarks) {
  World w;
  const auto g = w.place(w.def(infantry(kGerman)), H(1, 1));
  w.s->units[g].flags |= kInEntryArea;
  move_units(*w.s, {g}, H(2, 1), 4);
  EXPECT_EQ(w.s->units[g].hex, H(2, 1));
  EXPECT_EQ(w.s->units[g].spent, 4);
  EXPECT_TRUE(w.s->units[g].flags & kMoved);
  EXPECT_FALSE(w.s->units[g].flags & kInEntryArea);
}

TEST(Rule_3_4, ArtilleryDgWhenBarragingOutOfSupplyAndAfterBugOut) {
  World w;
  const auto gun = w.place(w.def(artillery(kAllied)), H(1, 1));
  std::vector<uint8_t> none(size_t(w.board.size()), 0), all(size_t(w.board.size()), 1);
  EXPECT_TRUE(artillery_dg_for_barrage(w.pos(), gun, none));
  EXPECT_FALSE(artillery_dg_for_barrage(w.pos(), gun, all));
  bug_out(*w.s, gun, H(8, 8));
  EXPECT_EQ(w.s->units[gun].hex, H(8, 8));
  EXPECT_TRUE(w.s->units[gun].flags & kDG);
}

TEST(Rule_3_3, OverrunPaysTwoAndEntersFreeWhenTheDefenderLeaves) {
  World w;
  w.board.set_road(H(4, 4), 0, scs::RoadKind::Road);
  const auto pz = w.place(w.def(armor(kGerman, 6, 4, 12)), H(4, 4));
  const auto us = w.place(w.def(armor(kAllied)), H(5, 4));
  ASSERT_EQ(overrun_refusal(w.pos(), {pz}, H(5, 4)), nullptr);
  pay_overrun(*w.s, {pz});
  EXPECT_EQ(w.s->units[pz].spent, 4);
  // the defender retreats: the overrunner enters at no cost and may not overrun again
  retreat_to(*w.s, w.pos(), {us}, H(6, 4));
  enter_after_overrun(*w.s, {pz}, H(5, 4));
  EXPECT_EQ(w.s->units[pz].hex, H(5, 4));
  EXPECT_EQ(w.s->units[pz].spent, 4);
  w.place(w.def(armor(kAllied)), H(6, 3));
  w.board.set_road(H(5, 4), 1, scs::RoadKind::Road);
  EXPECT_NE(overrun_refusal(w.pos(), {pz}, H(6, 3)), nullptr);
}

TEST(Rule_3_2, RetreatingArtilleryBecomesDgAdvanceSpendsNothing) {
  World w;
  const auto gun = w.place(w.def(artillery(kAllied)), H(5, 4));
  const auto inf = w.place(w.def(infantry(kAllied)), H(5, 4));
  retreat_to(*w.s, w.pos(), {gun, inf}, H(6, 4));
  EXPECT_TRUE(w.s->units[gun].flags & kDG);
  EXPECT_FALSE(w.s->units[inf].flags & kDG);
  const auto g = w.place(w.def(infantry(kGerman)), H(4, 4));
  advance_to(*w.s, {g}, H(5, 4));
  EXPECT_EQ(w.s->units[g].hex, H(5, 4));
  EXPECT_EQ(w.s->units[g].spent, 0);
}

}  // namespace
}  // namespace ard2::test
