// ARD2 3.2 step 5 with SCS 8.0 (S-loss): the owner of the units chooses which unit
// takes each step of a loss, within the first-step rule; no question when only one
// unit may take it.
#include "rules_fixture.h"

namespace ard2::fixture {
namespace {

// Declares an attack on `target` by `attackers`, holds, and rolls `dice`.
void attack_and_hold(core::Game& g, const char* target, const std::vector<const char*>& attackers,
                     std::vector<int> dice) {
  ASSERT_FALSE(g.apply(act(kDeclareAttack, core::kNoUnit, hex(target))));
  for (const char* a : attackers) ASSERT_FALSE(g.apply(act(kAddAttacker, unit(g.state(), a))));
  ASSERT_FALSE(g.apply(act(kResolveAttack)));
  ASSERT_EQ(g.state().top().step, kDefenderChoice);
  ASSERT_FALSE(g.force_dice(dice));
  ASSERT_FALSE(g.apply(act(kHold)));
}

TEST(Rule_3_2_Losses, TheDefenderChoosesBetweenEquallyStrongUnits) {
  // given two US 2-2 Mech units attacked at 8 to 4 (2:1) by a 5 and a 3
  core::Game g(rules(), position({{"10Arm.MechInf.Desobry", "B6.20"},
                                  {"10Arm.MechInf.O'Hara", "B6.20"},
                                  {"2Pz.Pz.I/3", "B7.20"},
                                  {"2Pz.Recon.vBohm", "B6.21"}},
                                 Step::GermanCombat));
  // when the dice total 5 (2:1: A1D1)
  attack_and_hold(g, "B6.20", {"2Pz.Pz.I/3", "2Pz.Recon.vBohm"}, {2, 3});
  // then the attacker's step fell on its strongest unit without a question (SCS 8.0)
  const State& s = g.state();
  EXPECT_EQ(s.units[unit(s, "2Pz.Pz.I/3")].steps_lost, 1);
  EXPECT_EQ(s.units[unit(s, "2Pz.Recon.vBohm")].steps_lost, 0);
  // and the US player, not the German, picks which 2-2 unit loses its step
  ASSERT_EQ(s.top().step, kLossStep);
  EXPECT_EQ(rules().to_act(s), kAllied);
  const auto acts = legal(s);
  EXPECT_EQ(acts.size(), 2u);
  EXPECT_TRUE(has(acts, act(kTakeLoss, unit(s, "10Arm.MechInf.O'Hara"))));
  EXPECT_TRUE(has(acts, act(kTakeLoss, unit(s, "10Arm.MechInf.Desobry"))));
  // a German unit is no candidate
  const auto err = g.apply(act(kTakeLoss, unit(s, "2Pz.Recon.vBohm")));
  ASSERT_TRUE(err);
  EXPECT_EQ(err->rule, "SCS 8.0");
  ASSERT_FALSE(g.apply(act(kTakeLoss, unit(g.state(), "10Arm.MechInf.O'Hara"))));
  EXPECT_EQ(g.state().units[unit(g.state(), "10Arm.MechInf.O'Hara")].steps_lost, 1);
  EXPECT_EQ(g.state().units[unit(g.state(), "10Arm.MechInf.Desobry")].steps_lost, 0);
  // the combat is over: no frame of it is left, nor any combat mark
  EXPECT_EQ(g.state().depth, 1);
  for (UnitId u = 0; u < g.state().unit_count; ++u) EXPECT_FALSE(g.state().units[u].flags & kCombatFlags);
  EXPECT_TRUE(rules().check_invariants(g.state()).empty());
}

TEST(Rule_3_2_Losses, TheAttackerChoosesBetweenEquallyStrongAttackers) {
  // given two German 5-x attackers against a lone US 4-3 (10 to 3: 3:1)
  core::Game g(rules(), position({{"9Arm.Tank.Harper", "B6.20"},
                                  {"2Pz.Pz.I/3", "B7.20"},
                                  {"LehrPz.PG.901", "B6.21"}},
                                 Step::GermanCombat));
  // when the dice total 5 (3:1: A1D1)
  attack_and_hold(g, "B6.20", {"2Pz.Pz.I/3", "LehrPz.PG.901"}, {1, 4});
  // then the German player is asked first, between the two 5s
  const State& s = g.state();
  ASSERT_EQ(s.top().step, kLossStep);
  EXPECT_EQ(rules().to_act(s), kGerman);
  const auto acts = legal(s);
  EXPECT_EQ(count_of(acts, kTakeLoss), 2);
  ASSERT_FALSE(g.apply(act(kTakeLoss, unit(s, "LehrPz.PG.901"))));
  // and the lone defender took its step by itself
  EXPECT_EQ(g.state().units[unit(g.state(), "LehrPz.PG.901")].steps_lost, 1);
  EXPECT_EQ(g.state().units[unit(g.state(), "9Arm.Tank.Harper")].steps_lost, 1);
  EXPECT_EQ(g.state().depth, 1);
}

TEST(Rule_3_2_Losses, TheSecondStepIsTheOwnersFreeChoice) {
  // given a US 4-3 and a 2-2 attacked at 13 to 5 (2:1)
  core::Game g(rules(), position({{"9Arm.Tank.Harper", "B6.20"},
                                  {"10Arm.MechInf.Desobry", "B6.20"},
                                  {"2Pz.Pz.I/3", "B7.20"},
                                  {"LehrPz.PG.901", "B6.21"},
                                  {"2Pz.Recon.vBohm", "B6.19"}},
                                 Step::GermanCombat));
  // when the dice total 11 (2:1: D2r2)
  attack_and_hold(g, "B6.20", {"2Pz.Pz.I/3", "LehrPz.PG.901", "2Pz.Recon.vBohm"}, {5, 6});
  // then the first step fell on the 3-defense tank by rule, and the second is asked
  const State& s = g.state();
  EXPECT_EQ(s.units[unit(s, "9Arm.Tank.Harper")].steps_lost, 1);
  ASSERT_EQ(s.top().step, kLossStep);
  EXPECT_EQ(rules().to_act(s), kAllied);
  EXPECT_EQ(count_of(legal(s), kTakeLoss), 2);  // the reduced tank (2) or the 2-2
  ASSERT_FALSE(g.apply(act(kTakeLoss, unit(s, "10Arm.MechInf.Desobry"))));
  EXPECT_EQ(g.state().units[unit(g.state(), "10Arm.MechInf.Desobry")].steps_lost, 1);
  // then the survivors owe their 2-hex retreat
  EXPECT_EQ(g.state().top().step, kRetreatStep);
  EXPECT_EQ(rules().to_act(g.state()), kAllied);
}

}  // namespace
}  // namespace ard2::fixture
