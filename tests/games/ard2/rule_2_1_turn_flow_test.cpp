// ARD2 2.1 and 4.3 through the flow of play: no German Exploitation Phase on Turn 1,
// and the US Barrage Phase inside the German Player Turn (fire only, 3.6).
#include "rules_fixture.h"

namespace ard2::fixture {
namespace {

// A German Panzer unit free to exploit, a US tank two hexes away.
State combat_phase(int turn) {
  return position({{"9Arm.Tank.Harper", "B4.20"}, {"2Pz.Pz.I/3", "B8.20"}}, Step::GermanCombat, turn);
}

TEST(Rule_4_3, NoGermanExploitationPhaseOnTurnOne) {
  // given Turn 4, when the German Combat Phase ends, then the German exploits
  core::Game later(rules(), combat_phase(4));
  ASSERT_FALSE(later.apply(act(kEndPhase)));
  EXPECT_EQ(Step(later.state().stack[0].step), Step::GermanExploitation);
  EXPECT_GT(count_of(legal(later.state()), kMove), 0);
  // given Turn 1, then the US Movement Phase follows (German Supply and the US Barrage
  // Marker Removal run by themselves)
  core::Game first(rules(), combat_phase(1));
  ASSERT_FALSE(first.apply(act(kEndPhase)));
  EXPECT_EQ(Step(first.state().stack[0].step), Step::UsMovement);
  EXPECT_EQ(rules().to_act(first.state()), kAllied);
}

TEST(Rule_2_1, TheUsFiresInTheGermanTurnAndOnlyFires) {
  // given US corps artillery in range of a German unit, a US tank (the spotter) next to it
  core::Game g(rules(), position({{"Ind-A.Arty.333", "B2.20"}, {"9Arm.Tank.Harper", "B7.20"}, {"2Pz.Pz.I/3", "B8.20"}},
                                 Step::GermanMovement));
  const UnitId arty = unit(g.state(), "Ind-A.Arty.333"), tank = unit(g.state(), "9Arm.Tank.Harper");
  // when the German Movement Phase ends
  ASSERT_FALSE(g.apply(act(kEndPhase)));
  // then the US player acts in the US Barrage Phase: barrages, no moves
  ASSERT_EQ(Step(g.state().top().step), Step::UsBarrage);
  EXPECT_EQ(rules().to_act(g.state()), kAllied);
  const auto acts = legal(g.state());
  EXPECT_TRUE(has(acts, act(kBarrage, arty, hex("B8.20"))));
  EXPECT_EQ(count_of(acts, kMove), 0);
  EXPECT_EQ(count_of(acts, kOverrun), 0);
  const auto err = g.apply(act(kMove, tank, hex("B6.20")));
  ASSERT_TRUE(err);
  // when it fires (a 6), then with nothing left to fire the phase ends by itself, a
  // marker is on the target and the German Combat Phase follows
  ASSERT_FALSE(g.force_dice({6}));
  ASSERT_FALSE(g.apply(act(kBarrage, arty, hex("B8.20"))));
  EXPECT_EQ(Step(g.state().stack[0].step), Step::GermanCombat);
  EXPECT_GT(rules().position(g.state()).full_markers(hex("B8.20"), kAllied), 0);
  // and in the US Movement Phase of the same turn it may fire again (3.6)
  ASSERT_FALSE(g.apply(act(kEndPhase)));
  ASSERT_EQ(Step(g.state().stack[0].step), Step::UsMovement);
  EXPECT_TRUE(has(legal(g.state()), act(kBarrage, arty, hex("B8.20"))));
}

}  // namespace
}  // namespace ard2::fixture
