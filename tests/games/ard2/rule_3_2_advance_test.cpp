// ARD2 3.2 Advance after Combat (with 1.2 Exploit Capable, A12, A13, S-advance): who
// may advance, how far, and the advance as a choice of the attacker after the retreat.
#include <gtest/gtest.h>

#include "games/ard2/combat.h"
#include "rules_fixture.h"
#include "world.h"

namespace ard2 {
namespace {

using test::H;
using test::World;

// An exploit-capable tank at (4,4) whose defender in (5,4) has gone; a road runs
// (5,4) -> (6,4).
struct Vacated {
  World w;
  core::UnitId tank;
  Vacated() {
    w.board.set_road(H(5, 4), core::direction_to(H(5, 4), H(6, 4)), scs::RoadKind::Road);
    tank = w.place(w.def(test::armor(kGerman)), H(4, 4));
  }
};

TEST(Rule_3_2_Advance, ExploitCapableAttackerGoesTwoHexesTheSecondByRoad) {
  Vacated v;
  // given a retreat of 2: first the defender's hex, nothing else
  EXPECT_EQ(advance_hexes(v.w.pos(), v.tank, H(5, 4), 2), std::vector<core::Hex>{H(5, 4)});
  // when it stands in the defender's hex, then only the road hex follows
  v.w.s->units[v.tank].hex = H(5, 4);
  EXPECT_EQ(advance_hexes(v.w.pos(), v.tank, H(5, 4), 2), std::vector<core::Hex>{H(6, 4)});
  // with a retreat of 1 (or none), then no second hex
  EXPECT_TRUE(advance_hexes(v.w.pos(), v.tank, H(5, 4), 1).empty());
  // DG revokes exploit capability (1.2): no second hex
  v.w.s->units[v.tank].flags |= kDG;
  EXPECT_TRUE(advance_hexes(v.w.pos(), v.tank, H(5, 4), 5).empty());
}

TEST(Rule_3_2_Advance, OthersGoOneHexOnly) {
  World w;
  w.board.set_road(H(5, 4), core::direction_to(H(5, 4), H(6, 4)), scs::RoadKind::Road);
  const auto inf = w.place(w.def(test::infantry(kGerman)), H(4, 4));
  w.s->units[inf].hex = H(5, 4);
  // given a non-exploit unit in the defender's hex after a 5-hex retreat, then no more
  EXPECT_TRUE(advance_hexes(w.pos(), inf, H(5, 4), 5).empty());
  // given German armor on Turn 1 (1.2, 4.3), then one hex too
  Vacated v;
  v.w.s->turn = 1;
  v.w.s->units[v.tank].hex = H(5, 4);
  EXPECT_TRUE(advance_hexes(v.w.pos(), v.tank, H(5, 4), 5).empty());
}

TEST(Rule_3_2_Advance, NoAdvanceIntoAnOccupiedOrFullHex) {
  Vacated v;
  // given a defender still in its hex, then no advance
  const auto us = v.w.place(v.w.def(test::infantry(kAllied)), H(5, 4));
  EXPECT_TRUE(advance_hexes(v.w.pos(), v.tank, H(5, 4), 2).empty());
  // given the hex empty of enemies but holding three German units, then none either
  v.w.s->units[us].hex = H(9, 9);
  for (int i = 0; i < kStackLimit; ++i) v.w.place(v.w.def(test::infantry(kGerman)), H(5, 4));
  EXPECT_TRUE(advance_hexes(v.w.pos(), v.tank, H(5, 4), 2).empty());
}

}  // namespace

namespace fixture {
namespace {

TEST(Rule_3_2_Advance, AfterAChosenRetreatTheAttackerAdvancesTwoHexesAlongTheRoad) {
  // given a German tank at B7.20 attacking a lone US tank in B6.20 on the Road
  core::Game g(rules(), position({{"9Arm.Tank.Harper", "B6.20"}, {"2Pz.Pz.I/3", "B7.20"}}, Step::GermanCombat));
  const UnitId us = unit(g.state(), "9Arm.Tank.Harper"), ger = unit(g.state(), "2Pz.Pz.I/3");
  ASSERT_FALSE(g.apply(act(kDeclareAttack, core::kNoUnit, hex("B6.20"))));
  ASSERT_FALSE(g.apply(act(kAddAttacker, ger)));
  ASSERT_FALSE(g.apply(act(kResolveAttack)));
  // when the US retreats 5 hexes (3.2: no dice) away from the Road's west side
  ASSERT_FALSE(g.apply(act(kRetreat)));
  for (int i = 0; i < kVoluntaryRetreat; ++i) {
    const auto acts = legal(g.state());
    ASSERT_FALSE(acts.empty());
    ASSERT_EQ(acts.back().type, kRetreatTo);
    ASSERT_FALSE(g.apply(acts.back()));
  }
  // then the German player is asked to advance, first into B6.20 only
  ASSERT_EQ(g.state().top().step, kAdvanceStep);
  EXPECT_EQ(rules().to_act(g.state()), kGerman);
  auto acts = legal(g.state());
  EXPECT_TRUE(has(acts, act(kAdvance, ger, hex("B6.20"))));
  EXPECT_TRUE(has(acts, act(kEndAdvance)));
  EXPECT_EQ(count_of(acts, kAdvance), 1);
  const auto refused = g.apply(act(kAdvance, ger, hex("B5.20")));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->rule, "ARD2 3.2");
  ASSERT_FALSE(g.apply(act(kAdvance, ger, hex("B6.20"))));
  // then a second hex along the Road (the retreat was 5; Turn 4; not DG)
  acts = legal(g.state());
  EXPECT_TRUE(has(acts, act(kAdvance, ger, hex("B5.20"))));
  EXPECT_FALSE(has(acts, act(kAdvance, ger, hex("B6.21"))));  // no road that way
  ASSERT_FALSE(g.apply(act(kAdvance, ger, hex("B5.20"))));
  // and the combat ends by itself: no more advances, back in the Combat Phase
  EXPECT_EQ(g.state().units[ger].hex, hex("B5.20"));
  EXPECT_EQ(g.state().units[ger].spent, 0);  // advancing costs no MP
  EXPECT_EQ(g.state().depth, 1);
  EXPECT_EQ(core::distance(g.state().units[us].hex, hex("B6.20")), kVoluntaryRetreat);
  EXPECT_TRUE(rules().check_invariants(g.state()).empty());
}

TEST(Rule_3_2_Advance, TheAttackerMayDecline) {
  core::Game g(rules(), position({{"9Arm.Tank.Harper", "B6.20"}, {"2Pz.Pz.I/3", "B7.20"}}, Step::GermanCombat));
  const UnitId ger = unit(g.state(), "2Pz.Pz.I/3");
  ASSERT_FALSE(g.apply(act(kDeclareAttack, core::kNoUnit, hex("B6.20"))));
  ASSERT_FALSE(g.apply(act(kAddAttacker, ger)));
  ASSERT_FALSE(g.apply(act(kResolveAttack)));
  ASSERT_FALSE(g.apply(act(kRetreat)));
  while (g.state().top().step == kRetreatStep) ASSERT_FALSE(g.apply(legal(g.state()).front()));
  ASSERT_EQ(g.state().top().step, kAdvanceStep);
  ASSERT_FALSE(g.apply(act(kEndAdvance)));
  EXPECT_EQ(g.state().units[ger].hex, hex("B7.20"));
  EXPECT_EQ(g.state().depth, 1);
  EXPECT_FALSE(g.state().units[ger].flags & kCombatFlags);
}

}  // namespace
}  // namespace fixture
}  // namespace ard2
