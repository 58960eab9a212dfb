// ARD2 3.6 Bugging Out in the flow of play (A19): the owner of the artillery places it
// when an enemy moves next to it or a phase begins with one there.
#include "rules_fixture.h"

namespace ard2::fixture {
namespace {

// US corps artillery on the Road at B8.20; a German unit three Road hexes east.
State guns(const char* german) {
  return position({{"Ind-A.Arty.333", "B8.20"}, {german, "B11.20"}}, Step::GermanMovement);
}

TEST(Rule_3_6_BugOut, AnEnemyMovingAdjacentMakesTheOwnerPlaceTheGuns) {
  core::Game g(rules(), guns("2Pz.Pz.I/3"));
  const UnitId arty = unit(g.state(), "Ind-A.Arty.333"), pz = unit(g.state(), "2Pz.Pz.I/3");
  // when a 5-x-x Panzer unit moves next to it
  ASSERT_FALSE(g.apply(act(kMove, pz, hex("B9.20"))));
  // then the US player, in the German phase, must place the artillery
  ASSERT_EQ(g.state().top().step, kBugOutStep);
  EXPECT_EQ(rules().to_act(g.state()), kAllied);
  const auto acts = legal(g.state());
  ASSERT_FALSE(acts.empty());
  for (const Action& a : acts) {
    EXPECT_EQ(a.type, kBugOut);
    EXPECT_EQ(a.unit, arty);
  }
  // only on the Road 8 or more hexes away inside the play area: A33.20-A40.20 (B1-B7
  // are 1-7 away; B13+ are outside 7.5's area)
  EXPECT_EQ(acts.size(), 8u);
  EXPECT_TRUE(has(acts, act(kBugOut, arty, hex("A40.20"))));
  EXPECT_FALSE(has(acts, act(kBugOut, arty, hex("B1.20"))));
  const auto err = g.apply(act(kBugOut, arty, hex("B1.20")));
  ASSERT_TRUE(err);
  EXPECT_EQ(err->rule, "ARD2 3.6");
  ASSERT_FALSE(g.apply(act(kBugOut, arty, hex("A40.20"))));
  // then it stands there Disorganized and the German phase goes on
  EXPECT_EQ(g.state().units[arty].hex, hex("A40.20"));
  EXPECT_TRUE(g.state().units[arty].flags & kDG);
  EXPECT_EQ(g.state().depth, 1);
  EXPECT_EQ(rules().to_act(g.state()), kGerman);
  EXPECT_TRUE(rules().check_invariants(g.state()).empty());
}

TEST(Rule_3_6_BugOut, AWeakEnemyDoesNotTriggerIt) {
  // given a German unit of printed Attack 1
  core::Game g(rules(), guns("26VG.Eng.26"));
  ASSERT_FALSE(g.apply(act(kMove, unit(g.state(), "26VG.Eng.26"), hex("B9.20"))));
  // then nothing happens to the artillery
  EXPECT_EQ(g.state().depth, 1);
  EXPECT_EQ(g.state().units[unit(g.state(), "Ind-A.Arty.333")].hex, hex("B8.20"));
  EXPECT_FALSE(g.state().units[unit(g.state(), "Ind-A.Arty.333")].flags & kDG);
}

TEST(Rule_3_6_BugOut, WithNowhereToGoItStaysDisorganized) {
  // given artillery far from any road (A19: no destination)
  core::Game g(rules(), position({{"Ind-A.Arty.333", "B8.24"}, {"2Pz.Pz.I/3", "B8.20"}}, Step::GermanMovement));
  const UnitId arty = unit(g.state(), "Ind-A.Arty.333");
  // when the Panzers move next to it
  ASSERT_FALSE(g.apply(act(kMove, unit(g.state(), "2Pz.Pz.I/3"), hex("B8.23"))));
  // then it stays where it is, DG, with no question asked
  EXPECT_EQ(g.state().units[arty].hex, hex("B8.24"));
  EXPECT_TRUE(g.state().units[arty].flags & kDG);
  EXPECT_EQ(g.state().depth, 1);
  EXPECT_EQ(rules().to_act(g.state()), kGerman);
}

TEST(Rule_3_6_BugOut, APhaseBeginningWithAnEnemyAdjacentTriggersIt) {
  // given a German unit already next to the guns (it got there without moving, e.g.
  // by an advance) in the German Movement Phase
  State s = guns("2Pz.Pz.I/3");
  s.units[unit(s, "2Pz.Pz.I/3")].hex = hex("B9.20");
  core::Game g(rules(), s);
  // when the German player ends the phase, the US Barrage Phase begins with it there
  ASSERT_FALSE(g.apply(act(kEndPhase)));
  // then the US player bugs out before anything else of that phase
  ASSERT_EQ(g.state().top().step, kBugOutStep);
  EXPECT_EQ(Step(g.state().stack[0].step), Step::UsBarrage);
  EXPECT_EQ(rules().to_act(g.state()), kAllied);
}

}  // namespace
}  // namespace ard2::fixture
