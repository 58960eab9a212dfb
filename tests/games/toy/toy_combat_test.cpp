// TOY 4, 5, 6: combat, results and the defender's interrupt, victory.
#include "core/dice.h"
#include "toy_fixture.h"

namespace toy::testing {
namespace {

core::State apply_all(core::State s, const std::vector<nlohmann::json>& actions) {
  core::Events none;
  for (const auto& j : actions) {
    EXPECT_TRUE(legal(s, j)) << j.dump();
    rules().apply(s, act(s, j), none);
  }
  return s;
}

// Blue B1 and B2 next to Red R3 (recon, defense 2) in clear terrain, Blue to attack.
nlohmann::json recon_fight(std::vector<int> dice) {
  const std::string target = "A6.02";
  nlohmann::json j = position({{"B1", next_to(target, 3)}, {"B2", next_to(target, 2)}, {"R3", target}, {"R1", "A8.08"}},
                              "combat");
  j["forced_dice"] = dice;
  return j;
}

const std::vector<nlohmann::json> kAttackR3 = {{{"type", "declare_attack"}, {"hex", "A6.02"}},
                                               {{"type", "add_attacker"}, {"unit", "B1"}},
                                               {{"type", "add_attacker"}, {"unit", "B2"}},
                                               {{"type", "resolve"}}};

TEST(ToyCombat, DefenderEliminatedOnADE) {
  // given 8 against 2 (2:1 after the cap) and a forced 6
  const core::State s = apply_all(load(recon_fight({6})), kAttackR3);
  // then R3 (one step) is gone, the roll was counted, and Blue is back in its combat phase
  EXPECT_EQ(s.units[core::find_unit(rules(), s, "R3")].where, core::Where::Eliminated);
  EXPECT_EQ(s.rolls, 1u);
  EXPECT_EQ(s.top().step, kCombat);
  EXPECT_EQ(rules().to_act(s), 0);
  EXPECT_EQ(s.ext<Ext>().steps_lost[1], 1);
}

TEST(ToyCombat, ADRPushesTheDefendersChoiceAndPopsBackToTheCombatPhase) {
  // given a forced 3 at 2:1: DR
  const core::State s = apply_all(load(recon_fight({3})), kAttackR3);
  // then Red must choose, on a frame above Blue's combat phase
  ASSERT_EQ(s.depth, 2);
  EXPECT_EQ(s.top().step, kDefenderChoice);
  EXPECT_EQ(rules().to_act(s), 1);
  EXPECT_TRUE(legal(s, {{"type", "take_loss"}, {"unit", "R3"}}));
  EXPECT_FALSE(legal(s, {{"type", "end_phase"}}));
  // retreating next to Blue's units is refused (TOY 5.1)
  const std::string into_zoc = next_to("A6.02", 3);
  EXPECT_FALSE(legal(s, {{"type", "retreat"}, {"hex", next_to(into_zoc, 5)}}));
  // when Red retreats away
  const std::string away = next_to("A6.02", 0);
  const core::State after = apply_all(s, {{{"type", "retreat"}, {"hex", away}}});
  // then R3 stands there and Blue's combat phase resumes
  EXPECT_EQ(core::hex_name(rules(), after.units[core::find_unit(rules(), after, "R3")].hex), away);
  EXPECT_EQ(after.depth, 1);
  EXPECT_EQ(rules().to_act(after), 0);
}

TEST(ToyCombat, EachHexIsAttackedOnceAndEachUnitAttacksOnce) {
  const core::State s = apply_all(load(recon_fight({3, 3})), kAttackR3);
  const core::State back = apply_all(s, {{{"type", "take_loss"}, {"unit", "R3"}}});
  EXPECT_EQ(back.units[core::find_unit(rules(), back, "R3")].where, core::Where::Eliminated);
  // R1 moved next to B1: B1 has attacked already, so nobody may attack R1
  nlohmann::json j = core::state_to_json(rules(), back);
  unit_json(j, "R1")["hex"] = next_to(unit_json(j, "B1")["hex"], 4);
  const core::State s2 = load(j);
  EXPECT_FALSE(legal(s2, {{"type", "declare_attack"}, {"hex", unit_json(j, "R1")["hex"]}}));
  EXPECT_EQ(rules().explain_illegal(s2, act(s2, {{"type", "declare_attack"}, {"hex", unit_json(j, "R1")["hex"]}})).rule,
            "TOY 4.2");
}

TEST(ToyCombat, AttacksBelowOneToOneAreRefusedWithTheRule) {
  // given B1 (attack 4) alone next to R1 in Toyville (defense 4, doubled)
  const core::State s = load(position({{"B1", next_to("A5.05", 3)}, {"R1", "A5.05"}}, "combat"));
  const nlohmann::json declare = {{"type", "declare_attack"}, {"hex", "A5.05"}};
  EXPECT_FALSE(legal(s, declare));
  const core::Error e = rules().explain_illegal(s, act(s, declare));
  EXPECT_EQ(e.code, "illegal_action");
  EXPECT_EQ(e.rule, "TOY 4.3");
  const auto odds = rules().odds(s, {core::find_unit(rules(), s, "B1")}, hex("A5.05"));
  EXPECT_EQ(odds["odds"], "below 1:1");
  EXPECT_EQ(odds["defense"], 8);
}

TEST(ToyCombat, AnALCostsTheFirstAttackerAStep) {
  const core::State s = apply_all(load(recon_fight({1})), kAttackR3);
  EXPECT_EQ(s.units[core::find_unit(rules(), s, "B1")].steps_lost, 1);
  EXPECT_EQ(s.units[core::find_unit(rules(), s, "B2")].steps_lost, 0);
}

TEST(ToyVictory, BlueWinsHoldingToyvilleAtTheEndOfTheLastTurn) {
  // given Red's combat phase of the last turn, Blue in Toyville
  nlohmann::json j = position({{"B1", "A5.05"}, {"R1", "A8.08"}}, "combat", "Red");
  j["turn"] = 3;
  const core::State s = apply_all(load(j), {{{"type", "end_phase"}}});
  EXPECT_TRUE(s.over);
  EXPECT_EQ(s.result_side, 0);
  EXPECT_EQ(rules().to_act(s), core::kNoSide);
  EXPECT_EQ(rules().outcome(s)["winner"], "Blue");
  core::ActionList none;
  rules().legal_actions(s, none);
  EXPECT_TRUE(none.empty());
}

TEST(ToyVictory, RedWinsOtherwiseAndTurnsAdvanceBeforeTheLast) {
  nlohmann::json j = position({{"B1", "A4.05"}, {"R1", "A8.08"}}, "combat", "Red");
  j["turn"] = 2;
  const core::State s = apply_all(load(j), {{{"type", "end_phase"}}});
  EXPECT_FALSE(s.over);
  EXPECT_EQ(s.turn, 3);
  j["turn"] = 3;
  EXPECT_EQ(apply_all(load(j), {{{"type", "end_phase"}}}).result_side, 1);
}

}  // namespace
}  // namespace toy::testing
