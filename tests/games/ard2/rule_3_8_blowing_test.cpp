// ARD2 3.8 Bridges in play: US bridge blowing (when, the roll, Blown/Tested, the unit
// that stops, plungers the Germans take) and German-built bridges by their day.
#include "turn_world.h"

#include "games/ard2/markers.h"

namespace ard2::test {
namespace {

using core::State;

// The test map's primed bridge: the north hexside of the plunger hex B30.30.
core::HexSide bridge() { return core::HexSide::of(hx("B30.30"), 2); }
bool marked(const State& s, uint16_t kind) { return turn_rules().position(s).side_marker(bridge(), kind); }

// The US Movement Phase of Turn 5 in 7.1 with a US unit 2 hexes from the plunger.
State us_turn(core::UnitId* us) {
  State s = bare("7.1", Step::UsMovement, 5);
  *us = put(s, "9Arm.Tank.Harper", "B30.28");
  put(s, "2Pz.Pz.I/3", "B35.40");
  return s;
}

TEST(Rule_3_8, UsBlowsAPrimedBridgeAndTheUnitStops) {
  core::UnitId us = 0;
  const State s = us_turn(&us);
  ASSERT_TRUE(offers(s, act(kBlowBridge, us, hx("B30.30"))));
  core::Game g(turn_rules(), s);
  // When the attempt rolls 1 (1-4 blows, tables/bridge_blowing),
  ASSERT_FALSE(g.force_dice({1}));
  ASSERT_FALSE(g.apply(act(kBlowBridge, us, hx("B30.30"))));
  // then the bridge is Blown, the road across it is cut, the unit may not move on, and
  // there is no second attempt.
  EXPECT_TRUE(marked(g.state(), kBridgeBlown));
  EXPECT_FALSE(turn_rules().position(g.state()).road_open(bridge().hex, bridge().dir));
  EXPECT_TRUE(g.state().units[us].flags & kStopped);
  for (const core::Action& a : legal(g.state())) {
    EXPECT_FALSE(a.type == kMove && a.unit == us);
    EXPECT_NE(a.type, kBlowBridge);
  }
  const core::Error e = turn_rules().explain_illegal(g.state(), act(kMove, us, hx("B30.27")));
  EXPECT_EQ(e.rule, "ARD2 3.8");
}

TEST(Rule_3_8, AFailedAttemptMarksTheBridgeTested) {
  core::UnitId us = 0;
  core::Game g(turn_rules(), us_turn(&us));
  ASSERT_FALSE(g.force_dice({6}));
  ASSERT_FALSE(g.apply(act(kBlowBridge, us, hx("B30.30"))));
  EXPECT_TRUE(marked(g.state(), kBridgeTested));
  EXPECT_FALSE(marked(g.state(), kBridgeBlown));
  EXPECT_TRUE(turn_rules().position(g.state()).road_open(bridge().hex, bridge().dir));
}

TEST(Rule_3_8, NoAttemptWithAGermanOnTheBridgeOrTooFar) {
  core::UnitId us = 0;
  State s = us_turn(&us);
  put(s, "2Pz.PG.Gutmn", "B30.31");  // the far hex of the bridge
  EXPECT_FALSE(offers(s, act(kBlowBridge, us, hx("B30.30"))));
  const core::Error e = turn_rules().explain_illegal(s, act(kBlowBridge, us, hx("B30.30")));
  EXPECT_NE(e.message.find("German unit occupies"), std::string::npos) << e.message;
  State far = us_turn(&us);
  far.units[us].hex = hx("B30.27");  // 3 hexes from the plunger
  EXPECT_FALSE(offers(far, act(kBlowBridge, us, hx("B30.30"))));
}

TEST(Rule_3_8, GermansEnteringThePlungerHexMarkItTested) {
  // Given the German Movement Phase with a German tank next to the plunger,
  State s = bare("7.1", Step::GermanMovement, 5);
  const auto ger = put(s, "2Pz.Pz.I/3", "B30.29");
  core::Game g(turn_rules(), s);
  // when it moves into the plunger hex, then the bridge is Tested with no roll.
  std::vector<core::Event> ev;
  ASSERT_FALSE(g.apply(act(kMove, ger, hx("B30.30")), &ev));
  EXPECT_TRUE(marked(g.state(), kBridgeTested));
  EXPECT_TRUE(std::none_of(ev.begin(), ev.end(), [](const core::Event& e) { return e.kind == "roll"; }));
}

TEST(Rule_3_8, AGermanMoveNearABridgeOpensAUsWindow) {
  // Given a US unit by the plunger and a German tank 5 hexes from the bridge,
  State s = bare("7.1", Step::GermanMovement, 5);
  const auto us = put(s, "9Arm.Tank.Harper", "B30.28");
  const auto ger = put(s, "2Pz.Pz.I/3", "B30.36");
  core::Game g(turn_rules(), s);
  // when the tank moves to 3 hexes from the bridge,
  ASSERT_FALSE(g.apply(act(kMove, ger, hx("B30.34"))));
  // then the US player may blow it or let the Germans go on.
  EXPECT_EQ(g.state().top().step, kBridgeWindow);
  EXPECT_EQ(turn_rules().to_act(g.state()), kAllied);
  EXPECT_TRUE(offers(g.state(), act(kBlowBridge, us, hx("B30.30"))));
  ASSERT_FALSE(g.apply(kEnd));
  EXPECT_EQ(Step(g.state().top().step), Step::GermanMovement);
  EXPECT_EQ(g.state().depth, 1);
  EXPECT_TRUE(turn_rules().check_invariants(g.state()).empty());
}

TEST(Rule_3_8, GermanBridgeExistsFromItsDay) {
  // data/games/ard2/map_additions.json: Gemuend B22.15/B23.16 from 17 Dec (Turn 2).
  const core::Hex a = hx("B22.15"), b = hx("B23.16");
  int dir = -1;
  for (int d = 0; d < core::kDirections; ++d)
    if (core::neighbor(a, d) == b) dir = d;
  ASSERT_GE(dir, 0);
  const int k = turn_rules().board().bridge_at(core::HexSide::of(a, dir));
  ASSERT_GE(k, 0);
  EXPECT_EQ(turn_rules().board().bridges()[size_t(k)].built_turn, 2);
  State s = bare("7.1", Step::GermanMovement, 1);
  EXPECT_FALSE(turn_rules().position(s).road_open(a, dir));
  s.turn = 2;
  EXPECT_TRUE(turn_rules().position(s).road_open(a, dir));
}

}  // namespace
}  // namespace ard2::test
