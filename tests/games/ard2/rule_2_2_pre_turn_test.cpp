// ARD2 2.2 Weather, Air Strike Availability, Air Supply Allocation; 2.2/3.5 Air Strikes;
// 3.7 Air Supply markers.
#include "turn_world.h"

#include "games/ard2/markers.h"

namespace ard2::test {
namespace {

using core::Action;
using core::State;

int rolls_named(const std::vector<core::Event>& ev, const std::string& what) {
  return int(std::count_if(ev.begin(), ev.end(), [&](const core::Event& e) {
    return e.kind == "roll" && e.text.find(what) != std::string::npos;
  }));
}

// Ends the US Exploitation Phase of `turn`, so that the next turn's Pre-Turn runs with
// the forced dice.
core::Game next_turn(State s, const std::vector<int>& dice, std::vector<core::Event>* ev) {
  core::Game g(turn_rules(), s);
  EXPECT_FALSE(g.force_dice(dice));
  EXPECT_FALSE(g.apply(kEnd, ev));
  return g;
}

TEST(Rule_2_2, NoWeatherRollBeforeTurnEight) {
  // Given turn 6 ending in 7.1 with a US unit on the map,
  State s = bare("7.1", Step::UsExploitation, 6);
  put(s, "9Arm.Tank.Harper", "B6.17");
  std::vector<core::Event> ev;
  // when Turn 7's Pre-Turn runs with a 6 for the Air Strike die,
  const core::Game g = next_turn(s, {6}, &ev);
  // then no weather die was rolled, the no-Freeze column gives 2 strikes and the US
  // player is asked where to place Air Supply.
  EXPECT_EQ(rolls_named(ev, "weather"), 0);
  EXPECT_EQ(g.state().ext<Ext>().freeze, 0);
  EXPECT_EQ(g.state().ext<Ext>().air_strikes, 2);
  EXPECT_EQ(Step(g.state().top().step), Step::AirSupply);
  EXPECT_EQ(turn_rules().to_act(g.state()), kAllied);
}

TEST(Rule_2_2, FreezeFromTurnEightStaysAndPicksTheColumn) {
  State s = bare("7.1", Step::UsExploitation, 7);
  put(s, "9Arm.Tank.Harper", "B6.17");
  std::vector<core::Event> ev;
  // Given Turn 8's weather roll of 4 (Freeze) and an Air Strike die of 1,
  core::Game g = next_turn(s, {4, 1}, &ev);
  // then Freeze has set in and the Freeze column gives 2 strikes (no-Freeze gives 0).
  EXPECT_EQ(rolls_named(ev, "weather"), 1);
  EXPECT_EQ(g.state().ext<Ext>().freeze, 1);
  EXPECT_EQ(g.state().ext<Ext>().air_strikes, 2);
  // When a later turn starts, no weather die is rolled and Freeze stays (A33).
  State later = g.state();
  later.depth = 1;
  later.stack[0] = core::Frame{uint16_t(Step::UsExploitation), kAllied, 0, 0, 0};
  ev.clear();
  const core::Game h = next_turn(later, {1}, &ev);
  EXPECT_EQ(rolls_named(ev, "weather"), 0);
  EXPECT_EQ(h.state().ext<Ext>().freeze, 1);
  EXPECT_EQ(h.state().ext<Ext>().air_strikes, 2);
}

TEST(Rule_2_2, NoFreezeRollKeepsClearWeather) {
  State s = bare("7.1", Step::UsExploitation, 8);
  put(s, "9Arm.Tank.Harper", "B6.17");
  const core::Game g = next_turn(s, {3, 6}, nullptr);
  EXPECT_EQ(g.state().ext<Ext>().freeze, 0);
  EXPECT_EQ(g.state().ext<Ext>().air_strikes, 2);
}

TEST(Rule_2_2, SmallScenariosHalveTheStrikes) {
  // Given 7.5 (strikes halved, rounded down) and an Air Strike die of 6 (2 strikes),
  State s = bare("7.5", Step::UsExploitation, 5);
  put(s, "9Arm.Tank.Harper", "B6.17");
  const core::Game g = next_turn(s, {6}, nullptr);
  // then one strike is left.
  EXPECT_EQ(g.state().ext<Ext>().air_strikes, 1);
  // and with a die of 4 (1 strike) none.
  const core::Game h = next_turn(s, {4}, nullptr);
  EXPECT_EQ(h.state().ext<Ext>().air_strikes, 0);
  EXPECT_NE(Step(h.state().top().step), Step::AirSupply);  // nothing to allocate
}

TEST(Rule_3_7, AirSupplyMarkerPlacedSuppliesAndGoesAtUsTurnEnd) {
  // Given the Air Supply step with one strike and a US unit far from any road,
  State s = bare("7.1", Step::AirSupply, 9);
  s.ext<Ext>().air_strikes = 1;
  const auto us = put(s, "9Arm.Tank.Harper", "B20.30");
  // then hexes within 5 of it are offered and far ones are not.
  EXPECT_TRUE(offers(s, act(kPlaceAirSupply, core::kNoUnit, hx("B20.35"))));
  EXPECT_FALSE(offers(s, act(kPlaceAirSupply, core::kNoUnit, hx("B20.36"))));
  core::Game g(turn_rules(), s);
  // When it is placed 5 hexes away,
  ASSERT_FALSE(g.apply(act(kPlaceAirSupply, core::kNoUnit, hx("B20.35"))));
  // then the strike is spent, the marker is there, the step has ended by itself,
  EXPECT_EQ(g.state().ext<Ext>().air_strikes, 0);
  const Position p = turn_rules().position(g.state());
  EXPECT_EQ(p.marker(hx("B20.35"), kAirSupply), 1);
  EXPECT_NE(Step(g.state().top().step), Step::AirSupply);
  // and the unit is in supply by it (no road leads anywhere on this map).
  EXPECT_TRUE(in_supply(p, turn_rules().traced(g.state(), kAllied), us));
  // When the US Player Turn ends, the marker is removed.
  State end = g.state();
  end.depth = 1;
  end.stack[0] = core::Frame{uint16_t(Step::UsExploitation), kAllied, 0, 0, 0};
  core::Game h(turn_rules(), end);
  ASSERT_FALSE(h.force_dice({1}));
  ASSERT_FALSE(h.apply(kEnd));
  EXPECT_EQ(turn_rules().position(h.state()).marker(hx("B20.35"), kAirSupply), 0);
  EXPECT_FALSE(h.state().units[us].flags & kOutOfSupply);  // it was supplied in the US Supply Phase
}

TEST(Rule_3_7, AirSupplyRefusedWithoutStrikes) {
  State s = bare("7.1", Step::AirSupply, 9);
  put(s, "9Arm.Tank.Harper", "B20.30");
  EXPECT_FALSE(offers(s, act(kPlaceAirSupply, core::kNoUnit, hx("B20.31"))));
  const core::Error e = turn_rules().explain_illegal(s, act(kPlaceAirSupply, core::kNoUnit, hx("B20.31")));
  EXPECT_NE(e.message.find("no Air Strike"), std::string::npos) << e.message;
}

TEST(Rule_2_2, AirStrikeIsABarrageAndTheSecondNeedsASpotter) {
  // Given the US Barrage Phase with 2 strikes and a lone German unit in Open, no US unit
  // within 2 of it,
  State s = bare("7.5", Step::UsBarrage, 6);
  s.ext<Ext>().air_strikes = 2;
  const auto ger = put(s, "2Pz.Pz.I/3", "B8.18");
  put(s, "2Pz.PG.Gutmn", "B10.22");  // a second target keeps the phase open
  put(s, "9Arm.Tank.Harper", "B4.18");
  ASSERT_TRUE(offers(s, act(kAirStrike, core::kNoUnit, hx("B8.18"))));
  core::Game g(turn_rules(), s);
  // when a strike rolls 6 (Open: 5-6 places a Full marker),
  ASSERT_FALSE(g.force_dice({6}));
  ASSERT_FALSE(g.apply(act(kAirStrike, core::kNoUnit, hx("B8.18"))));
  // then a US Full marker is in the hex and one strike is left,
  EXPECT_EQ(turn_rules().position(g.state()).full_markers(hx("B8.18"), kAllied), 1);
  EXPECT_EQ(g.state().ext<Ext>().air_strikes, 1);
  EXPECT_EQ(g.state().units[ger].steps_lost, 0);  // barrages cause no losses
  // and a second strike on that hex needs a spotter (A6).
  EXPECT_FALSE(offers(g.state(), act(kAirStrike, core::kNoUnit, hx("B8.18"))));
  const core::Error e = turn_rules().explain_illegal(g.state(), act(kAirStrike, core::kNoUnit, hx("B8.18")));
  EXPECT_NE(e.rule.find("A6"), std::string::npos) << e.rule;
  State spotted = g.state();
  put(spotted, "9Arm.MechInf.Booth", "B6.18");
  EXPECT_TRUE(offers(spotted, act(kAirStrike, core::kNoUnit, hx("B8.18"))));
}

TEST(Rule_2_2, NoAirStrikesInTheGermansPhases) {
  State s = bare("7.5", Step::GermanMovement, 6);
  s.ext<Ext>().air_strikes = 2;
  put(s, "2Pz.Pz.I/3", "B8.18");
  put(s, "9Arm.Tank.Harper", "B7.18");
  for (const Action& a : legal(s)) EXPECT_NE(a.type, kAirStrike);
}

}  // namespace
}  // namespace ard2::test
