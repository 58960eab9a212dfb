// ARD2 7.x: each scenario's supply sources (3.7), exits and exit VP (7.2, 7.3, 7.5),
// and the victory level every outcome names (6.0, 7.x).
#include "turn_world.h"

#include "games/ard2/markers.h"
#include "games/ard2/supply.h"

namespace ard2::test {
namespace {

using core::State;

bool supplied(const State& s, int side, const char* hex) {
  return turn_rules().traced(s, side)[size_t(turn_rules().board().index(hx(hex)))] != 0;
}

TEST(Rule_7_5, GermanSupplyFromTheListedHexes) {
  // Given 7.5, whose Germans trace to B4.24, B12.20 and B12.22 (L1154), on a map with no
  // roads near them, then a hex 5 from B12.20 is supplied and one 6 away is not.
  const State s = bare("7.5", Step::GermanSupply, 6);
  EXPECT_TRUE(supplied(s, kGerman, "B12.15"));
  EXPECT_FALSE(supplied(s, kGerman, "B12.14"));
  // In 7.1 the same hex is not: the Germans trace to the east map edge (1.3).
  const State c = bare("7.1", Step::GermanSupply, 6);
  EXPECT_FALSE(supplied(c, kGerman, "B12.15"));
}

TEST(Rule_7_5, AlliedSupplyFromRoadsLeavingTheWestLimitAndLaterTheSouth) {
  // A Road leaves the 7.5 area west from A33.20 on the test map.
  const State s = bare("7.5", Step::UsSupply, 6);
  EXPECT_TRUE(supplied(s, kAllied, "A38.20"));   // 5 from A33.20
  EXPECT_FALSE(supplied(s, kAllied, "A39.20"));  // 6
  EXPECT_EQ(turn_rules().sources(s, kAllied).size(), 1u);
  State later = s;
  later.turn = 11;  // the Allied reinforcements arrive: Map A's south limit joins (A27)
  EXPECT_EQ(turn_rules().sources(later, kAllied).size(), 2u);
}

TEST(Rule_7_5, AListedFormationExitsFromTheWestLimit) {
  // Given 7.5's German Movement Phase with 2 Pz and 26 VG units on the west limit (A33),
  State s = bare("7.5", Step::GermanMovement, 7);
  const auto pz = put(s, "2Pz.Pz.I/3", "A33.15");
  const auto vg = put(s, "26VG.Inf.77", "A33.16");
  const auto inland = put(s, "2Pz.PG.Gutmn", "A34.16");
  // then only the 2 Pz unit on the edge may exit (26 VG is not counted, A34 is inland).
  EXPECT_TRUE(offers(s, act(kExit, pz)));
  EXPECT_FALSE(offers(s, act(kExit, vg)));
  EXPECT_FALSE(offers(s, act(kExit, inland)));
  // The one-unit query a planner asks after a move (core::Rules::exits) agrees.
  core::ActionList one;
  for (const core::UnitId u : {pz, vg, inland}) turn_rules().exits(s, u, one);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one.front(), act(kExit, pz));
  // So does the hex query a planner asks of a unit's reach (core::Rules::exit_hex):
  // the edge is an exit for 2 Pz wherever the unit stands, never for 26 VG, and A34
  // is none.
  EXPECT_TRUE(turn_rules().exit_hex(s, inland, hx("A33.16")));
  EXPECT_FALSE(turn_rules().exit_hex(s, inland, hx("A34.16")));
  EXPECT_FALSE(turn_rules().exit_hex(s, vg, hx("A33.16")));
  core::Game g(turn_rules(), s);
  ASSERT_FALSE(g.apply(act(kExit, pz)));
  EXPECT_EQ(g.state().units[pz].where, core::Where::Exited);
  EXPECT_EQ(g.state().ext<Ext>().exit_turn[pz], 7);
  EXPECT_TRUE(turn_rules().check_invariants(g.state()).empty());
  // Not in the other side's phase.
  State us = bare("7.5", Step::UsMovement, 7);
  put(us, "2Pz.Pz.I/3", "A33.15");
  EXPECT_FALSE(offers(us, act(kExit, pz)));
}

// 7.5 at its end with `pz` 2 Pz units and `lehr` Lehr units exited on `turn`, the
// Germans holding Bastogne.
nlohmann::json outcome_75(int pz, int lehr, int turn) {
  State s = bare("7.5", Step::TurnEnd, 11);
  int n_pz = 0, n_lehr = 0;
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    const std::string& f = turn_rules().catalog()[s.units[u].def].formation;
    if (f == "2Pz" && n_pz < pz) ++n_pz, s.ext<Ext>().exit_turn[u] = uint8_t(turn);
    if (f == "LehrPz" && n_lehr < lehr) ++n_lehr, s.ext<Ext>().exit_turn[u] = uint8_t(turn);
  }
  set_marker(s, hx("B1.16"), kControl, kGerman + 1);
  return turn_rules().outcome(s);
}

TEST(Rule_7_5, VictoryNeedsBastogneAndTheExitsByTurnEight) {
  EXPECT_EQ(outcome_75(7, 4, 8)["winner_side"], kGerman);
  EXPECT_EQ(outcome_75(7, 4, 8)["level"], "German Victory");
  EXPECT_EQ(outcome_75(7, 4, 9)["winner_side"], kAllied);  // too late (A27)
  EXPECT_EQ(outcome_75(6, 4, 8)["winner_side"], kAllied);  // too few
}

TEST(Rule_7_3, ExitVpAddToTheGreatestVpTotal) {
  State s = bare("7.3", Step::TurnEnd, 6);
  const int before = turn_rules().outcome(s)["vp"].get<int>();
  int n = 0;
  for (core::UnitId u = 0; u < s.unit_count && n < 7; ++u)
    if (turn_rules().catalog()[s.units[u].def].formation == "1SS") s.ext<Ext>().exit_turn[u] = 4, ++n;
  ASSERT_EQ(n, 7);
  const auto o = turn_rules().outcome(s);
  EXPECT_EQ(o["exit_vp"], 1);
  EXPECT_EQ(o["vp"].get<int>(), before + 1);
}

TEST(Rule_7, EveryScenarioNamesItsVictoryLevel) {
  for (const auto& info : turn_rules().scenarios()) {
    const State s = turn_rules().setup(scenario_of(info.id), 3);
    const auto o = turn_rules().outcome(s);
    ASSERT_TRUE(o.contains("level")) << info.id;
    EXPECT_FALSE(o["level"].get<std::string>().empty()) << info.id;
  }
}

TEST(Rule_7, ExitsSurviveTheStateJson) {
  State s = bare("7.5", Step::GermanMovement, 7);
  s.ext<Ext>().exit_turn[3] = 7;
  s.ext<Ext>().freeze = 1;
  s.ext<Ext>().air_strikes = 2;
  const auto j = turn_rules().ext_to_json(s);
  State t = bare("7.5", Step::GermanMovement, 7);
  core::Error err;
  ASSERT_TRUE(turn_rules().ext_from_json(t, j, err)) << err.message;
  EXPECT_EQ(t.ext<Ext>().exit_turn[3], 7);
  EXPECT_EQ(t.ext<Ext>().freeze, 1);
  EXPECT_EQ(t.ext<Ext>().air_strikes, 2);
  nlohmann::json bad = j;
  bad["air_strikes"] = -1;
  EXPECT_FALSE(turn_rules().ext_from_json(t, bad, err));
}

}  // namespace
}  // namespace ard2::test
