// Reinforcements placed by choice: ARD2 4.1 von der Heydte's drop and 5.1 the XVIII Abn
// Corps (decisions A22, A23).
#include "turn_world.h"

namespace ard2::test {
namespace {

using core::State;

// 7.1 at the end of `turn` - 1 with only `pool` units still to arrive (on their turn).
State before_turn(int turn, Step step, const std::vector<const char*>& pool) {
  State s = bare("7.1", step, turn);
  for (const char* id : pool) {
    const auto u = unit_of(s, id);
    s.units[u].where = core::Where::Pool;
  }
  return s;
}

TEST(Rule_4_1, VdhPicksItsDropHexThenRolls) {
  // Given the end of Turn 1 with vdH due on Turn 2 and a US unit on B17.50,
  State s = before_turn(1, Step::UsExploitation, {"Ind-G.FJ.vdH"});
  put(s, "9Arm.Tank.Harper", "B17.50");
  const auto vdh = unit_of(s, "Ind-G.FJ.vdH");
  core::Game g(turn_rules(), s);
  ASSERT_FALSE(g.force_dice({1}));  // Air Strike die: none
  ASSERT_FALSE(g.apply(kEnd));
  // then in the Reinforcement step the German player picks a hex within 1 of B17.49
  // with no US unit (A22).
  ASSERT_EQ(g.state().top().step, kPlaceStep);
  EXPECT_EQ(turn_rules().to_act(g.state()), kGerman);
  const auto acts = legal(g.state());
  EXPECT_EQ(acts.size(), 6u);  // 7 hexes less the US-held one
  EXPECT_TRUE(offers(g.state(), act(kPlace, core::kNoUnit, hx("B17.49"))));
  EXPECT_FALSE(offers(g.state(), act(kPlace, core::kNoUnit, hx("B17.50"))));
  EXPECT_FALSE(offers(g.state(), act(kPlace, core::kNoUnit, hx("B17.52"))));
  // When it drops on B17.49 and rolls 3, it lands.
  core::Game lands(turn_rules(), g.state());
  ASSERT_FALSE(lands.force_dice({3}));
  ASSERT_FALSE(lands.apply(act(kPlace, core::kNoUnit, hx("B17.49"))));
  EXPECT_EQ(lands.state().units[vdh].where, core::Where::OnMap);
  EXPECT_EQ(lands.state().units[vdh].hex, hx("B17.49"));
  EXPECT_LT(lands.state().top().step, uint16_t(Step::kCount));  // back in the sequence
  // On a 2 it is removed from play.
  ASSERT_FALSE(g.force_dice({2}));
  ASSERT_FALSE(g.apply(act(kPlace, core::kNoUnit, hx("B17.49"))));
  EXPECT_EQ(g.state().units[vdh].where, core::Where::Exited);
  EXPECT_TRUE(turn_rules().check_invariants(g.state()).empty());
}

TEST(Rule_5_1, XviiiAbnPlacedInTheUsMovementPhaseNearOneGroup) {
  // Given Turn 3's German Exploitation Phase ending, with two 82 Abn units and one 101
  // Abn unit due,
  State s = before_turn(3, Step::GermanExploitation, {"82Abn.Abn.A/504", "82Abn.Abn.B/504", "101Abn.Abn.A/501"});
  put(s, "2Pz.Pz.I/3", "B3.16");
  core::Game g(turn_rules(), s);
  ASSERT_FALSE(g.apply(kEnd));
  // then the US player places them at the start of his Movement Phase,
  ASSERT_EQ(g.state().top().step, kPlaceStep);
  EXPECT_EQ(Step(g.state().stack[0].step), Step::UsMovement);
  EXPECT_EQ(turn_rules().to_act(g.state()), kAllied);
  // within 3 of a group hex, not in a German-held hex.
  EXPECT_TRUE(offers(g.state(), act(kPlace, core::kNoUnit, hx("B1.19"))));
  EXPECT_TRUE(offers(g.state(), act(kPlace, core::kNoUnit, hx("A10.43"))));
  EXPECT_FALSE(offers(g.state(), act(kPlace, core::kNoUnit, hx("B3.16"))));
  EXPECT_FALSE(offers(g.state(), act(kPlace, core::kNoUnit, hx("B1.20"))));
  // When the first 82 Abn unit goes near Bastogne (Group 2),
  ASSERT_FALSE(g.apply(act(kPlace, core::kNoUnit, hx("B1.19"))));
  // then the second must follow its Division's group,
  ASSERT_EQ(g.state().top().step, kPlaceStep);
  EXPECT_TRUE(offers(g.state(), act(kPlace, core::kNoUnit, hx("A38.18"))));
  EXPECT_FALSE(offers(g.state(), act(kPlace, core::kNoUnit, hx("A10.43"))));
  ASSERT_FALSE(g.apply(act(kPlace, core::kNoUnit, hx("A38.18"))));
  // while the 101st picks its own group.
  EXPECT_TRUE(offers(g.state(), act(kPlace, core::kNoUnit, hx("A10.43"))));
  ASSERT_FALSE(g.apply(act(kPlace, core::kNoUnit, hx("A10.43"))));
  // Placed, they may move in this phase.
  EXPECT_EQ(Step(g.state().top().step), Step::UsMovement);
  const auto a501 = unit_of(g.state(), "101Abn.Abn.A/501");
  EXPECT_EQ(g.state().units[a501].where, core::Where::OnMap);
  const auto acts = legal(g.state());
  EXPECT_TRUE(std::any_of(acts.begin(), acts.end(), [&](const core::Action& a) { return a.type == kMove && a.unit == a501; }));
  EXPECT_TRUE(turn_rules().check_invariants(g.state()).empty());
}

TEST(Rule_5_1, GroupOneIsAnyTwoMapAVpHexes) {
  // Ciney A10.40 and Marche A20.40 are the test map's Map A VP hexes: a Division may
  // spread over both, but not over Ciney and Bastogne.
  State s = before_turn(3, Step::GermanExploitation, {"82Abn.Abn.A/504", "82Abn.Abn.B/504", "82Abn.Abn.A/505"});
  core::Game g(turn_rules(), s);
  ASSERT_FALSE(g.apply(kEnd));
  ASSERT_FALSE(g.apply(act(kPlace, core::kNoUnit, hx("A10.43"))));
  EXPECT_TRUE(offers(g.state(), act(kPlace, core::kNoUnit, hx("A20.42"))));
  EXPECT_FALSE(offers(g.state(), act(kPlace, core::kNoUnit, hx("B1.17"))));
  ASSERT_FALSE(g.apply(act(kPlace, core::kNoUnit, hx("A20.42"))));
  EXPECT_TRUE(offers(g.state(), act(kPlace, core::kNoUnit, hx("A10.41"))));
}

}  // namespace
}  // namespace ard2::test
