// TOY 2, 3: stacking and movement.
#include "toy_fixture.h"

namespace toy::testing {
namespace {

int cost_to(const std::vector<core::Reach>& reach, const std::string& id) {
  for (const core::Reach& r : reach)
    if (r.hex == hex(id)) return r.cost;
  return -1;
}

TEST(ToyMovement, RoadAcrossTheBridgeIsCheapAndTheRiverCostsExtra) {
  // given B1 west of the bridge, the enemy far away
  const core::State s = load(position({{"B1", "A3.05"}, {"R1", "A8.08"}}));
  // when its moves are listed
  const auto reach = rules().moves(s, core::find_unit(rules(), s, "B1"));
  // then the bridge costs the road rate and a plain river crossing clear + 2
  EXPECT_EQ(cost_to(reach, "A4.05"), 1);
  EXPECT_EQ(cost_to(reach, "A4.04"), 3);  // over the bridge, then clear
  EXPECT_EQ(cost_to(reach, "A3.05"), -1);  // staying put is not a move
  for (const core::Reach& r : reach) EXPECT_LE(r.cost, 8);
  // and far from the bridge a crossing is clear + 2
  const core::State far = load(position({{"B1", "A3.02"}, {"R1", "A8.08"}}));
  EXPECT_EQ(cost_to(rules().moves(far, core::find_unit(rules(), far, "B1")), "A4.02"), 4);
}

TEST(ToyMovement, EnemyHexesAreNeverEnteredAndZonesOfControlStopTheMove) {
  // given B4 (MA 6) near R1 in Toyville
  const core::State s = load(position({{"B4", "A3.05"}, {"R1", "A5.05"}}));
  const auto reach = rules().moves(s, core::find_unit(rules(), s, "B4"));
  const core::Hex enemy = hex("A5.05");
  ASSERT_FALSE(reach.empty());
  for (const core::Reach& r : reach) {
    // then the enemy hex is never listed...
    EXPECT_NE(r.hex, enemy);
    // ...and no path goes on from a hex next to the enemy (TOY 3.2)
    if (r.from != hex("A3.05")) {
      EXPECT_NE(core::distance(r.from, enemy), 1) << core::hex_name(rules(), r.hex);
    }
  }
  EXPECT_GE(cost_to(reach, "A4.05"), 0);  // entered, then stopped
  EXPECT_EQ(cost_to(reach, "A6.05"), -1);  // only reachable through the zone of control
}

TEST(ToyMovement, StackingLimitRefusesAThirdUnitAndNamesTheRule) {
  const core::State s = load(position({{"B1", "A2.04"}, {"B2", "A2.05"}, {"B3", "A2.05"}, {"R1", "A8.08"}}));
  EXPECT_FALSE(legal(s, {{"type", "move"}, {"unit", "B1"}, {"hex", "A2.05"}}));
  EXPECT_TRUE(legal(s, {{"type", "move"}, {"unit", "B1"}, {"hex", "A2.03"}}));
  const core::Error e = rules().explain_illegal(s, act(s, {{"type", "move"}, {"unit", "B1"}, {"hex", "A2.05"}}));
  EXPECT_EQ(e.rule, "TOY 2");
}

TEST(ToyMovement, EachUnitMovesOncePerPhaseAndOnlyOnItsSidesTurn) {
  core::State s = load(position({{"B1", "A2.04"}, {"R1", "A8.08"}}));
  core::Events none;
  rules().apply(s, act(s, {{"type", "move"}, {"unit", "B1"}, {"hex", "A2.03"}}), none);
  EXPECT_FALSE(legal(s, {{"type", "move"}, {"unit", "B1"}, {"hex", "A2.02"}}));
  EXPECT_EQ(rules().explain_illegal(s, act(s, {{"type", "move"}, {"unit", "B1"}, {"hex", "A2.02"}})).rule, "TOY 3");
  EXPECT_EQ(rules().explain_illegal(s, act(s, {{"type", "move"}, {"unit", "R1"}, {"hex", "A8.07"}})).message,
            "that unit is not yours");
}

}  // namespace
}  // namespace toy::testing
