// ARD2 3.3 Overruns (with TEC note 2, A34, S-overrun) as a legal action of the Movement
// and Exploitation Phases: when it is offered, the Hold/Retreat choice, the entry into
// a vacated hex and moving on afterwards.
#include "rules_fixture.h"

namespace ard2::fixture {
namespace {

// A German Panzer battalion four Road hexes east of a US tank, Turn 4 German Movement;
// a second US tank off the road next to the Panzers' approach hex B7.20.
struct Approach {
  core::Game g{rules(), position({{"9Arm.Tank.Harper", "B6.20"},
                                  {"10Arm.Tank.Cherry", "B7.21"},
                                  {"2Pz.Pz.I/3", "B11.20"}},
                                 Step::GermanMovement)};
  UnitId pz = unit(g.state(), "2Pz.Pz.I/3");
  UnitId harper = unit(g.state(), "9Arm.Tank.Harper");
  // The Panzers drive up the Road to B7.20.
  void drive() { ASSERT_FALSE(g.apply(act(kMove, pz, hex("B7.20")))); }
};

TEST(Rule_3_3_Overrun, OfferedAlongARoadToAMechUnitThatDidNotStartAdjacent) {
  Approach a;
  a.drive();
  const auto acts = legal(a.g.state());
  // given the Road from B7.20 into B6.20, then the Overrun is offered there
  EXPECT_TRUE(has(acts, act(kOverrun, a.pz, hex("B6.20"))));
  // but not into B7.21: no road joins the two hexes (TEC note 2)
  EXPECT_FALSE(has(acts, act(kOverrun, a.pz, hex("B7.21"))));
  const auto err = a.g.apply(act(kOverrun, a.pz, hex("B7.21")));
  ASSERT_TRUE(err);
  EXPECT_EQ(err->rule, "ARD2 3.3");
  EXPECT_NE(err->message.find("road"), std::string::npos) << err->message;
}

TEST(Rule_3_3_Overrun, NotAfterStartingAdjacentNorWhenDgNorWithoutTheMp) {
  for (int c = 0; c < 3; ++c) {
    Approach a;
    a.drive();
    State s = a.g.state();
    if (c == 0) s.units[a.pz].flags |= kStartedAdjacent;  // 1.2, 3.3
    if (c == 1) s.units[a.pz].flags |= kDG;               // 3.3, 3.4
    if (c == 2) s.units[a.pz].spent = uint8_t(2 * 12 - 4);  // 2 MP left: 2 + 1/2 needed (A34)
    EXPECT_EQ(count_of(legal(s), kOverrun), 0) << c;
    EXPECT_EQ(rules().explain_illegal(s, act(kOverrun, a.pz, hex("B6.20"))).rule, "ARD2 3.3") << c;
  }
}

TEST(Rule_3_3_Overrun, AWinEntersTheHexFreeAndTheStackMovesOnButNeverOverrunsAgain) {
  // given the Panzers next to the US tank after their move
  Approach a;
  a.drive();
  const int spent = a.g.state().units[a.pz].spent;
  // when they overrun and the US tank (Mech, Open, not DG) chooses to retreat
  ASSERT_FALSE(a.g.apply(act(kOverrun, a.pz, hex("B6.20"))));
  ASSERT_EQ(a.g.state().top().step, kAttackStep);
  ASSERT_FALSE(a.g.apply(act(kResolveAttack)));
  ASSERT_EQ(a.g.state().top().step, kDefenderChoice);  // 3.3: the same Hold or Retreat
  EXPECT_EQ(rules().to_act(a.g.state()), kAllied);
  ASSERT_FALSE(a.g.apply(act(kRetreat)));
  while (a.g.state().top().step == kRetreatStep) ASSERT_FALSE(a.g.apply(legal(a.g.state()).front()));
  // then the Panzers are in B6.20 at no cost beyond the Overrun's 2 MP
  const State& s = a.g.state();
  EXPECT_EQ(s.units[a.pz].hex, hex("B6.20"));
  EXPECT_EQ(s.units[a.pz].spent, spent + kOverrunCost);
  EXPECT_EQ(s.depth, 1);
  EXPECT_EQ(Step(s.top().step), Step::GermanMovement);
  // and they may go on moving, but not Overrun again this phase
  const auto acts = legal(s);
  EXPECT_GT(std::count_if(acts.begin(), acts.end(), [&](const Action& x) { return x.type == kMove && x.unit == a.pz; }), 0);
  State next = s;
  next.units[a.harper].hex = hex("B5.20");
  EXPECT_FALSE(has(legal(next), act(kOverrun, a.pz, hex("B5.20"))));
  EXPECT_TRUE(rules().check_invariants(s).empty());
}

TEST(Rule_3_3_Overrun, ADefenderThatStaysLeavesTheStackWhereItWas) {
  Approach a;
  a.drive();
  ASSERT_FALSE(a.g.apply(act(kOverrun, a.pz, hex("B6.20"))));
  ASSERT_FALSE(a.g.apply(act(kResolveAttack)));
  // when the US tank holds and the dice total 6 (5 to 3 is 1:1: A1D1)
  ASSERT_FALSE(a.g.force_dice({3, 3}));
  ASSERT_FALSE(a.g.apply(act(kHold)));
  // then both lose a step, the Panzers stay in B7.20 and may still move
  const State& s = a.g.state();
  EXPECT_EQ(s.units[a.pz].steps_lost, 1);
  EXPECT_EQ(s.units[a.harper].steps_lost, 1);
  EXPECT_EQ(s.units[a.pz].hex, hex("B7.20"));
  EXPECT_TRUE(s.units[a.pz].flags & kOverran);
  EXPECT_FALSE(s.units[a.pz].flags & kMoved);
  EXPECT_EQ(s.depth, 1);
  // and the hex may be overrun again by another stack (3.3), nor is its regular attack used
  EXPECT_FALSE(s.units[a.harper].flags & kDefended);
}

TEST(Rule_3_3_Overrun, AStackOverrunsTogether) {
  core::Game g(rules(), position({{"9Arm.Tank.Harper", "B6.20"},
                                  {"2Pz.Pz.I/3", "B8.20"},
                                  {"2Pz.Recon.vBohm", "B8.20"},
                                  {"26VG.Inf.77", "B7.20"}},
                                 Step::GermanMovement));
  const UnitId pz = unit(g.state(), "2Pz.Pz.I/3"), recon = unit(g.state(), "2Pz.Recon.vBohm"),
               inf = unit(g.state(), "26VG.Inf.77");
  ASSERT_FALSE(g.apply(act(kMove, pz, hex("B7.20"))));
  ASSERT_FALSE(g.apply(act(kMove, recon, hex("B7.20"))));
  ASSERT_FALSE(g.apply(act(kOverrun, pz, hex("B6.20"))));
  // the Recon in the same hex may join; the Leg infantry there may not (3.3: Mech MA only)
  const auto acts = legal(g.state());
  EXPECT_TRUE(has(acts, act(kAddAttacker, recon)));
  EXPECT_FALSE(has(acts, act(kAddAttacker, inf)));
  EXPECT_TRUE(has(acts, act(kResolveAttack)));
  ASSERT_FALSE(g.apply(act(kAddAttacker, recon)));
  ASSERT_FALSE(g.apply(act(kResolveAttack)));
  ASSERT_FALSE(g.apply(act(kRetreat)));
  while (g.state().top().step == kRetreatStep) ASSERT_FALSE(g.apply(legal(g.state()).front()));
  EXPECT_EQ(g.state().units[pz].hex, hex("B6.20"));
  EXPECT_EQ(g.state().units[recon].hex, hex("B6.20"));
  EXPECT_EQ(g.state().units[inf].hex, hex("B7.20"));
}

}  // namespace
}  // namespace ard2::fixture
