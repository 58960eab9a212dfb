// The AI on Ardennes II: the evaluator's objectives learned from outcome(), what it
// values, legal play by every player, and the search's wall clock on the campaign.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <fstream>
#include <optional>
#include <set>
#include <utility>

#include <nlohmann/json.hpp>

#include "ai/ard2_evaluator.h"
#include "ai/arena.h"
#include "ai/players.h"
#include "ai/simulator.h"
#include "core/state_json.h"
#include "games/registry.h"
#include "series/scs/board.h"

namespace ai {
namespace {

const core::Rules& ard2() {
  const core::Rules* r = games::find_game("ard2");
  EXPECT_NE(r, nullptr);
  return *r;
}

int scenario(const std::string& id) {
  const auto& list = ard2().scenarios();
  for (size_t i = 0; i < list.size(); ++i)
    if (list[i].id == id) return int(i);
  ADD_FAILURE() << "no scenario " << id;
  return 0;
}

core::Hex hex(const std::string& id) { return *core::find_hex(ard2(), id); }

// The first unit of `formation` on the map, or kNoUnit.
core::UnitId first_on_map(const core::State& s, const std::string& formation) {
  for (core::UnitId i = 0; i < s.unit_count; ++i)
    if (s.units[i].where == core::Where::OnMap && ard2().catalog()[s.units[i].def].formation == formation) return i;
  return core::kNoUnit;
}

int side_of(const core::State& s, core::UnitId u) { return ard2().catalog()[s.units[u].def].side; }

// The hex marker kind called `name`; the test fails when the game has none.
uint16_t marker_kind(const char* name) {
  const auto& kinds = ard2().hex_marker_names();
  const auto it = std::find(kinds.begin(), kinds.end(), name);
  EXPECT_NE(it, kinds.end()) << name;
  return uint16_t(it - kinds.begin());
}

// Marks hex `id` German (its control marker's value is side 1 + 1), in place of any
// marker it had.
void mark_german(core::State& s, const char* id) {
  const uint16_t control = marker_kind("control");
  if (const int at = core::find_hex_marker(s, hex(id), control); at >= 0) core::remove_hex_marker(s, at);
  EXPECT_TRUE(core::add_hex_marker(s, {hex(id), control, 2})) << id;
}

// The bit of unit flag `name`; the test fails when the game has no such flag.
uint32_t flag_bit(const char* name) {
  const auto& flags = ard2().unit_flag_names();
  const auto it = std::find(flags.begin(), flags.end(), name);
  EXPECT_NE(it, flags.end()) << name;
  return uint32_t(1) << (it - flags.begin());
}

// The index of step `name` of the game's flow; the test fails when there is none.
uint16_t step_index(const char* name) {
  const auto& steps = ard2().step_names();
  const auto it = std::find(steps.begin(), steps.end(), name);
  EXPECT_NE(it, steps.end()) << name;
  return uint16_t(it - steps.begin());
}

// Puts `s` in step `name` of turn `turn`, played by `side`.
void at_turn(core::State& s, int turn, const char* name, int side) {
  s.turn = int16_t(turn);
  s.depth = 1;
  s.stack[0] = core::Frame{step_index(name), int8_t(side), 0, 0, 0};
}

// Puts `s` in step `name` of the last turn of scenario `id`, played by `side`.
void at_last_turn(core::State& s, const std::string& id, const char* name, int side) {
  at_turn(s, ard2().scenarios()[size_t(scenario(id))].last_turn, name, side);
}

// Every unit on the map put back in the pool, to build a position unit by unit.
void clear_map(core::State& s) {
  for (core::UnitId i = 0; i < s.unit_count; ++i)
    if (s.units[i].where == core::Where::OnMap) s.units[i].where = core::Where::Pool;
}

// Marks units of `keep`'s formation exited until one more exit completes its exit goal,
// so that `keep` alone can complete it: on the deadline's turn a goal its formation
// cannot complete pays nothing (Ard2Evaluator::exit_terms).
void leave_one_to_exit(core::State& s, core::UnitId keep) {
  Ard2Evaluator probe(ard2());
  const std::string& formation = ard2().catalog()[s.units[keep].def].formation;
  int need = 0;
  for (const auto& goal : probe.goals(s.scenario).exits)
    if (goal.formation == formation) need = goal.need;
  ASSERT_GT(need, 0) << formation << " has no exit goal";
  auto of_formation = [&](core::UnitId u) { return ard2().catalog()[s.units[u].def].formation == formation; };
  int out = 0;
  for (core::UnitId u = 0; u < s.unit_count; ++u) out += of_formation(u) && s.units[u].where == core::Where::Exited;
  for (core::UnitId u = 0; u < s.unit_count && out < need - 1; ++u)
    if (u != keep && of_formation(u) && s.units[u].where != core::Where::Exited) {
      s.units[u].where = core::Where::Exited;
      ++out;
    }
  ASSERT_EQ(out, need - 1);
}

// Puts `unit` on the map in hex `at`; the test fails when the game has no such unit.
core::UnitId place(core::State& s, const char* unit, core::Hex at) {
  const core::UnitId u = core::find_unit(ard2(), s, unit);
  EXPECT_NE(u, core::kNoUnit) << unit;
  if (u == core::kNoUnit) return u;
  s.units[u].where = core::Where::OnMap;
  s.units[u].hex = at;
  return u;
}

TEST(AiArd2Evaluator, LearnsTheObjectivesOfEachScenarioFromItsOutcome) {
  Ard2Evaluator eval(ard2());
  auto weight_of = [&](const std::string& id, const char* h) {
    for (const auto& o : eval.objectives(scenario(id)))
      if (o.hex == hex(h)) return o.weight;
    return 0.0;
  };
  // 7.4: the Germans win by holding all of St. Vith, Berg Reuland and Vielsalm, so
  // each decides the winner: its VP plus 6.
  EXPECT_GE(weight_of("7.4", "B21.33"), 6.0);
  EXPECT_GE(weight_of("7.4", "B11.34"), 6.0);
  // 7.5: Bastogne decides the winner once the exits are made.
  EXPECT_GE(weight_of("7.5", "B1.16"), 6.0);
  // 7.6: the Germans win by holding six of the area's eight VP hexes, a count no one
  // hex decides alone; each of them can turn it, so 1-VP Hotton and LaRoche weigh as
  // deciders too, and Dinant by its VP more.
  EXPECT_EQ(eval.objectives(scenario("7.6")).size(), 8u);
  EXPECT_GE(weight_of("7.6", "A27.33"), 6.0);
  EXPECT_GE(weight_of("7.6", "A34.27"), 6.0);
  EXPECT_GT(weight_of("7.6", "A2.32"), weight_of("7.6", "A27.33"));
  // 7.1: every VP hex of the map counts, at least by its VP.
  EXPECT_GE(weight_of("7.1", "A1.46"), 3.0);
  EXPECT_EQ(weight_of("7.1", "A20.20"), 0.0);  // not a VP hex
  // A VP hex outside the play area never changes hands: no objective, even where the
  // outcome's VP total counts it (7.4 is Map B's east part, 7.5 its corner of both maps)
  EXPECT_EQ(eval.objectives(scenario("7.4")).size(), 3u);
  EXPECT_EQ(weight_of("7.4", "A1.46"), 0.0);
  // 7.5's corner also holds Houffalize and Wiltz, whose VP its victory does not count
  EXPECT_EQ(eval.objectives(scenario("7.5")).size(), 1u);
  // 7.3 (Map B from row 36 on): the five VP towns of its area (decision A47), each by
  // its VP toward the schedule
  EXPECT_EQ(eval.objectives(scenario("7.3")).size(), 5u);
  EXPECT_GE(weight_of("7.3", "B12.41"), 2.0);
  EXPECT_EQ(weight_of("7.3", "B21.33"), 0.0);  // St. Vith: outside the area
}

TEST(AiArd2Evaluator, ReadsTheCoverOfEachObjectivesHexTerrainAsOdds) {
  Ard2Evaluator eval(ard2());
  auto cover_of = [&](const char* h, int side) {
    for (const auto& o : eval.objectives(scenario("7.4")))
      if (o.hex == hex(h)) return o.cover[side];
    ADD_FAILURE() << "no objective " << h;
    return 0.0f;
  };
  // Vielsalm and St. Vith are Cities (two columns left, ARD2 TEC): a garrison there
  // counts as 5:1 where open ground needs 3:1, for either side
  for (int side = 0; side < 2; ++side) {
    EXPECT_FLOAT_EQ(cover_of("B11.34", side), 5.0f / 3.0f);
    EXPECT_FLOAT_EQ(cover_of("B21.33", side), 5.0f / 3.0f);
    // and Berg Reuland, a Village, shifts nothing (its river hexsides are the
    // attacker's, not the hex's)
    EXPECT_FLOAT_EQ(cover_of("B22.28", side), 1.0f);
  }
}

// 7.4 with only these on the map: St. Vith (B21.33) German and held, a German regiment
// next to an empty Berg Reuland (B22.28), which meets its call, a US tank (defense 3)
// in Vielsalm (B11.34), and one more German regiment, returned in `spare`.
core::State three_towns_and_a_spare(core::UnitId& spare) {
  core::State s = ard2().setup(scenario("7.4"), 1);
  clear_map(s);
  place(s, "18VG.Inf.294", hex("B21.33"));
  place(s, "62VG.Inf.164", hex("B22.29"));
  place(s, "7Arm.Tank.Erlen", hex("B11.34"));
  spare = place(s, "62VG.Inf.190", hex("B21.31"));
  mark_german(s, "B21.33");
  return s;
}

// The Germans' rating of the spare marching toward Vielsalm (B18.34: 7 from it, 8 from
// Berg Reuland) and toward Berg Reuland (B24.33: 6 from it, 13 from Vielsalm), both
// beyond the reach of its threat and 3 from St. Vith.
std::pair<double, double> march_on_vielsalm_and_on_berg_reuland(const core::State& s, core::UnitId spare) {
  Ard2Evaluator eval(ard2());
  core::State west = s, east = s;
  west.units[spare].hex = hex("B18.34");
  east.units[spare].hex = hex("B24.33");
  return {eval.evaluate(west, 1), eval.evaluate(east, 1)};
}

TEST(AiArd2Evaluator, ACityObjectiveCallsForMoreAttackersThanItsGarrisonsStrengthAlone) {
  // given three_towns_and_a_spare(), with German attack 11 next to Vielsalm (a City),
  // enough for 3:1 on open ground against the tank's 3 (10) and short of it behind the
  // City's two columns (16)
  core::UnitId spare = core::kNoUnit;
  core::State s = three_towns_and_a_spare(spare);
  place(s, "9SS.Pz.I/9", core::neighbor(hex("B11.34"), 0));   // attack 5
  place(s, "9SS.Pz.II/9", core::neighbor(hex("B11.34"), 0));  // 4
  place(s, "62VG.Inf.183", core::neighbor(hex("B11.34"), 1));  // 2
  // when the spare marches toward Vielsalm rather than toward Berg Reuland
  const auto [vielsalm, berg_reuland] = march_on_vielsalm_and_on_berg_reuland(s, spare);
  // then the Germans rate the march on Vielsalm higher: the City's garrison still calls
  // for attackers, where read without its terrain the unit was spare and drawn to the
  // nearest objective lacked
  EXPECT_GT(vielsalm, berg_reuland);
}

TEST(AiGreedyVpBaseline, CountsTheVpHexesOfTheVpTableNotOnlyThoseTheMapMarks) {
  // given 7.6's set-up with Hotton (A27.33), a VP hex of the VP table that the
  // generated map does not mark, emptied of its US battalion, and a German unit
  core::State s = ard2().setup(scenario("7.6"), 1);
  const core::UnitId us = core::find_unit(ard2(), s, "84Inf.Inf.B/334");
  ASSERT_NE(us, core::kNoUnit);
  ASSERT_EQ(s.units[us].hex, hex("A27.33"));
  s.units[us].hex = hex("A27.38");
  const core::UnitId u = first_on_map(s, "2Pz");
  ASSERT_NE(u, core::kNoUnit);
  ASSERT_EQ(side_of(s, u), 1);
  GenericEvaluator plain(ard2());
  core::State beside = s, inside = s;
  beside.units[u].hex = hex("A26.32");
  inside.units[u].hex = hex("A27.33");
  // when it stands in Hotton rather than next to it, then the plain evaluator (the
  // greedy-vp baseline's) rates the Germans higher, by Hotton's VP
  EXPECT_GT(plain.evaluate(inside, 1), plain.evaluate(beside, 1));
}

TEST(AiArd2Evaluator, TakingAnObjectiveThisPhaseDoesNotCostTheApproachOfTheUnitsAroundIt) {
  // given 7.6's set-up late in the game: Marche and Dinant already German (their
  // markers), Hotton (A27.33, an objective) emptied of its US battalion, and the
  // Germans of 2 Pz around it, the next objective they lack far off (Ciney, 16 hexes)
  core::State s = ard2().setup(scenario("7.6"), 1);
  for (const char* id : {"A23.31", "A2.32"}) mark_german(s, id);
  // (the US units in Hotton, Marche and Dinant stand back, far from them)
  const char* back[] = {"A27.40", "A28.40", "A29.40"};
  int k = 0;
  for (const char* id : {"A27.33", "A23.31", "A2.32"})
    for (core::UnitId i = 0; i < s.unit_count; ++i)
      if (s.units[i].where == core::Where::OnMap && s.units[i].hex == hex(id)) s.units[i].hex = hex(back[k++ % 3]);
  std::vector<core::UnitId> germans;
  for (core::UnitId i = 0; i < s.unit_count; ++i)
    if (s.units[i].where == core::Where::OnMap && side_of(s, i) == 1 &&
        ard2().catalog()[s.units[i].def].formation == "2Pz")
      germans.push_back(i);
  ASSERT_GE(germans.size(), 7u);
  for (int dir = 0; dir < core::kDirections; ++dir)
    s.units[germans[size_t(dir)]].hex = core::neighbor(hex("A27.33"), dir);
  Ard2Evaluator eval(ard2());
  const double around = eval.evaluate(s, 1);
  // when one of them steps into Hotton, which the phase's end will make German
  core::State taken = s;
  taken.units[germans[0]].hex = hex("A27.33");
  // then the Germans rate it higher: the objective counts, and the others still have
  // their approach until the markers change
  EXPECT_GT(eval.evaluate(taken, 1), around);
}

TEST(AiArd2Evaluator, SendsTheUnitsBeyondWhatANearObjectiveCallsForOnToAFarOne) {
  // given three_towns_and_a_spare()
  core::UnitId spare = core::kNoUnit;
  const core::State s = three_towns_and_a_spare(spare);
  // when the spare marches toward Vielsalm rather than toward Berg Reuland
  const auto [vielsalm, berg_reuland] = march_on_vielsalm_and_on_berg_reuland(s, spare);
  // then the Germans rate the march on Vielsalm higher: Berg Reuland has the unit it
  // calls for, and the nearest objective lacked no longer draws every unit
  EXPECT_GT(vielsalm, berg_reuland);
}

TEST(AiArd2Evaluator, AnObjectiveBeyondTheMarchOfTheTurnsLeftDrawsNoUnit) {
  // given 7.4 with only a US tank in Vielsalm (B11.34) and a German regiment of MA 8
  // north of it, out of its threat's reach at 7 (B12.28) or 8 hexes (B12.27)
  core::State s = ard2().setup(scenario("7.4"), 1);
  clear_map(s);
  const core::UnitId tank = core::find_unit(ard2(), s, "7Arm.Tank.Erlen");
  const core::UnitId regiment = core::find_unit(ard2(), s, "62VG.Inf.190");
  ASSERT_NE(tank, core::kNoUnit);
  ASSERT_NE(regiment, core::kNoUnit);
  s.units[tank].where = s.units[regiment].where = core::Where::OnMap;
  s.units[tank].hex = hex("B11.34");
  Ard2Evaluator eval(ard2());
  auto rated = [&](int turn, const char* at) {
    core::State t = s;
    t.turn = int16_t(turn);
    t.units[regiment].hex = hex(at);
    return eval.evaluate(t, 1);
  };
  // when it stands a hex nearer, on the first turn of five it is rated higher
  EXPECT_GT(rated(3, "B12.28"), rated(3, "B12.27"));
  // and on the last turn, when its march (4 hexes a turn as the evaluator reads an MA
  // of 8) cannot bring it there, the hex makes no difference
  EXPECT_NEAR(rated(7, "B12.28"), rated(7, "B12.27"), 1e-9);
}

TEST(AiArd2Evaluator, ReadsAUnitNextToAnObjectiveAcrossAHexsideItCannotAttackOverAsFarther) {
  // given three_towns_and_a_spare(): a US tank in Vielsalm (B11.34, a City on the
  // Salm), and the spare, a regiment of foot (Leg MA)
  core::UnitId spare = core::kNoUnit;
  const core::State s = three_towns_and_a_spare(spare);
  Ard2Evaluator eval(ard2());
  const auto& objectives = eval.objectives(scenario("7.4"));
  const auto vielsalm = std::find_if(objectives.begin(), objectives.end(),
                                     [](const Ard2Evaluator::Objective& o) { return o.hex == hex("B11.34"); });
  ASSERT_NE(vielsalm, objectives.end());
  // then from B10.34, across the Salm where no road crosses, no unit may attack it (ARD2
  // TEC note 1: a River hexside is Prohibited, an attack across it needs a road), and
  // from B11.33, south of it, one may
  const int west = core::direction_to(hex("B11.34"), hex("B10.34"));
  const int south = core::direction_to(hex("B11.34"), hex("B11.33"));
  ASSERT_GE(west, 0);
  ASSERT_GE(south, 0);
  for (int type = 0; type < scs::kMoveTypes; ++type) {
    EXPECT_TRUE((vielsalm->no_attack_from[type] >> west) & 1) << type;
    EXPECT_FALSE((vielsalm->no_attack_from[type] >> south) & 1) << type;
  }
  // and when the spare stands next to Vielsalm in B11.33 rather than across the river
  // in B10.34 (both a hex from it, far from the other towns and every other unit), the
  // Germans rate it higher: the threat and the approach read the unit across the river
  // as two steps off, a step to a hex its attack may come from and the attack
  core::State open = s, across = s;
  open.units[spare].hex = hex("B11.33");
  across.units[spare].hex = hex("B10.34");
  EXPECT_GT(eval.evaluate(open, 1), eval.evaluate(across, 1));
}

TEST(AiArd2Evaluator, CountsTheWayRoundARiverToAHexAnObjectiveMayBeAttackedFrom) {
  // given 7.4's objectives, among them Berg Reuland (B22.28), a village whose two
  // eastern hexsides are the Our with no road across, and St. Vith (B21.33)
  Ard2Evaluator eval(ard2());
  const int sc = scenario("7.4");
  const auto& objectives = eval.objectives(sc);
  auto index_of = [&](const char* id) {
    const auto it = std::find_if(objectives.begin(), objectives.end(),
                                 [&](const Ard2Evaluator::Objective& o) { return o.hex == hex(id); });
    EXPECT_NE(it, objectives.end()) << id;
    return size_t(it - objectives.begin());
  };
  const size_t berg_reuland = index_of("B22.28"), st_vith = index_of("B21.33");
  for (int type = 0; type < scs::kMoveTypes; ++type) {
    // then a unit next to it on the east bank (B23.28) is as far from an attack on it as
    // the way round to a crossing of the Our takes (ARD2 TEC note 1: an attack across a
    // river only along a road; ARD2 1.3: no step across one), though a hex from it
    EXPECT_EQ(core::distance(hex("B23.28"), hex("B22.28")), 1);
    EXPECT_GE(eval.attack_steps(sc, berg_reuland, hex("B23.28"), type), 10) << type;
    // and a unit next to it on its own bank (B21.29) attacks from where it stands, and
    // one in it is there
    EXPECT_EQ(eval.attack_steps(sc, berg_reuland, hex("B21.29"), type), 1) << type;
    EXPECT_EQ(eval.attack_steps(sc, berg_reuland, hex("B22.28"), type), 0) << type;
    // and where no river lies between, the steps are the hex distance (St. Vith from
    // B22.30: 3)
    EXPECT_EQ(eval.attack_steps(sc, st_vith, hex("B22.30"), type), core::distance(hex("B22.30"), hex("B21.33")))
        << type;
  }
  // when the spare of three_towns_and_a_spare() stands across the Our from Berg
  // Reuland (B23.28) rather than where the helper puts it, three hexes off on its own
  // bank (B21.31)
  core::UnitId spare = core::kNoUnit;
  const core::State s = three_towns_and_a_spare(spare);
  core::State across = s;
  across.units[spare].hex = hex("B23.28");
  // then the Germans rate its own bank higher (read as two hexes off, a step and the
  // attack, the far bank rated higher than the own bank's three and drew units where
  // no attack could come from: 7.4, docs/ai.md)
  EXPECT_EQ(s.units[spare].hex, hex("B21.31"));
  EXPECT_GT(eval.evaluate(s, 1), eval.evaluate(across, 1));
}

TEST(AiArd2Evaluator, LearnsWhichObjectivesEachSidesWinCannotDoWithout) {
  Ard2Evaluator eval(ard2());
  // given 7.4, where the Germans win only with all three towns and the Allies with any
  for (const auto& o : eval.objectives(scenario("7.4"))) {
    EXPECT_TRUE(o.needed[1]) << o.hex.q << "," << o.hex.r;
    EXPECT_FALSE(o.needed[0]) << o.hex.q << "," << o.hex.r;
  }
  // and 7.6, where six of the eight hexes win: no single hex is needed by either side
  for (const auto& o : eval.objectives(scenario("7.6")))
    EXPECT_FALSE(o.needed[0] || o.needed[1]) << o.hex.q << "," << o.hex.r;
}

TEST(AiArd2Evaluator, DrawsHarderToAnObjectiveItsSidesWinCannotDoWithout) {
  // given 7.4 on Turn 3, Vielsalm (B11.34) held by one side, and a battalion of MA 8 of
  // the other side 7 or 8 hexes north of it (B12.28, B12.27), beyond every threat's reach
  Ard2Evaluator eval(ard2());
  auto hex_nearer = [&](const char* holder, const char* comer, int comer_side) {
    core::State s = ard2().setup(scenario("7.4"), 1);
    clear_map(s);
    place(s, holder, hex("B11.34"));
    if (comer_side == 0) mark_german(s, "B11.34");
    const core::UnitId u = place(s, comer, hex("B12.28"));
    core::State far = s;
    far.units[u].hex = hex("B12.27");
    return eval.evaluate(s, comer_side) - eval.evaluate(far, comer_side);
  };
  // when the Germans' 62 VG battalion comes a hex nearer the town their win needs
  const double german = hex_nearer("7Arm.Tank.Erlen", "62VG.Inf.190", 1);
  // and the Allies' 106th battalion a hex nearer the town they can win without
  const double allied = hex_nearer("62VG.Inf.164", "106Inf.Inf.A/422", 0);
  // then both gain, and the Germans more
  EXPECT_GT(allied, 0.0);
  EXPECT_GT(german, 1.5 * allied);
}

TEST(AiArd2Evaluator, HoldsNoLineAroundAPocketCutOffFromSupply) {
  // given 7.3 on Turn 4, a US battalion left behind the German front (B34.37, where a
  // 99th Infantry battalion stood in a record of the search's), two SS battalions in
  // the rear, one two hexes from it (B34.39), and the other either two hexes from both
  // (B32.38: a line around the pocket) or on the road west, out of its reach (B28.40)
  core::State s = ard2().setup(scenario("7.3"), 1);
  clear_map(s);
  at_turn(s, 4, "german_movement", 1);
  const core::UnitId pocket = place(s, "99Inf.Inf.A/394", hex("B34.37"));
  place(s, "1SS.Inf.A/1", hex("B34.39"));
  const core::UnitId mover = place(s, "1SS.Inf.B/1", hex("B32.38"));
  ASSERT_EQ(core::distance(hex("B32.38"), hex("B34.37")), 2);
  ASSERT_EQ(core::distance(hex("B32.38"), hex("B34.39")), 2);
  ASSERT_GT(core::distance(hex("B28.40"), hex("B34.37")), 2);
  Ard2Evaluator eval(ard2());
  auto line_over_road = [&](bool cut_off) {
    core::State line = s;
    line.units[pocket].flags |= flag_bit("dg");
    if (cut_off) line.units[pocket].flags |= flag_bit("out_of_supply");
    core::State road = line;
    road.units[mover].hex = hex("B28.40");
    return eval.evaluate(line, 1) - eval.evaluate(road, 1);
  };
  // when the pocket is in supply, and when it is cut off (ARD2 3.7: Out of Supply, so
  // DG with no recovery, 3.4)
  const double in_supply = line_over_road(false), cut_off = line_over_road(true);
  // then the line around a pocket in supply is worth more than the road (the
  // battalion at B34.39 is not left alone beside the enemy, kAlone 1), and around a
  // pocket cut off it is worth no more than the road: it holds no German battalion
  // back from the march west
  EXPECT_GT(in_supply, 0.5) << "cut off: " << cut_off;
  EXPECT_LE(cut_off, 0.0) << "in supply: " << in_supply;
}

TEST(AiArd2Evaluator, EliminatingAnEnemyBattalionGainsAsMuchBesideItAsFarFromIt) {
  // given 7.3's Turn 3 German Combat Phase as a record of session 37 had it at
  // B26.52: a 99th Infantry battalion (1-3-10) in supply, a US friend two hexes from
  // it (B28.53), and four 12 SS units in two stacks two hexes apart, either beside it
  // (B25.53, B26.51; three hexes from the friend) or eight columns east of those
  // hexes, beyond two hexes of any enemy
  core::State s = ard2().setup(scenario("7.3"), 1);
  clear_map(s);
  at_turn(s, 3, "german_combat", 1);
  const core::UnitId lone = place(s, "99Inf.Inf.3/395", hex("B26.52"));
  place(s, "99Inf.Inf.A/393", hex("B28.53"));
  const core::UnitId tank = place(s, "12SS.Pz.I/12", hex("B25.53"));
  std::vector<core::UnitId> stack;
  for (const char* unit : {"12SS.JgPz.12", "12SS.Inf.B/25", "12SS.Inf.A/25"}) stack.push_back(place(s, unit, hex("B26.51")));
  ASSERT_EQ(core::distance(hex("B25.53"), hex("B26.51")), 2);
  core::State afar = s;
  afar.units[tank].hex = hex("B33.53");
  for (core::UnitId u : stack) afar.units[u].hex = hex("B34.51");
  ASSERT_EQ(core::distance(hex("B33.53"), hex("B34.51")), 2);
  ASSERT_GT(core::distance(hex("B33.53"), hex("B26.52")), 2);
  ASSERT_GT(core::distance(hex("B34.51"), hex("B26.52")), 2);
  // when it is eliminated (ARD2 3.2: a D1 on a one-step unit)
  Ard2Evaluator eval(ard2());
  auto gain = [&](const core::State& before) {
    core::State gone = before;
    gone.units[lone].where = core::Where::Eliminated;
    return eval.evaluate(gone, 1) - eval.evaluate(before, 1);
  };
  // then the Germans gain about as much with their stacks beside it as afar (the
  // other terms move by less than a tenth of a point): standing by the enemy earns
  // nothing that its elimination takes away. A bonus for the stacks two hexes apart
  // near it (0.5 for each unit), paid only while it stood, took 2 points of the gain
  // back beside it, and in the record, with more German stacks around it, made a 5:1
  // attack on it rate below none
  EXPECT_GT(gain(s), 3.0);
  EXPECT_NEAR(gain(s), gain(afar), 0.1);
}

// 7.4's set-up cleared but for St. Vith (B21.33), the only town the Germans lack, with
// a US tank in it, and a German artillery regiment of range 6 at B29.33 (returned).
core::UnitId gun_east_of_st_vith(core::State& s) {
  s = ard2().setup(scenario("7.4"), 1);
  clear_map(s);
  place(s, "7Arm.Tank.Erlen", hex("B21.33"));
  for (const char* id : {"B11.34", "B22.28"}) mark_german(s, id);
  return place(s, "18VG.Arty.1818", hex("B29.33"));
}

TEST(AiArd2Evaluator, DrawsArtilleryWithinRangeOfAnObjectiveItsSideLacksAndNoNearer) {
  // given 7.4's first turn with St. Vith (B21.33) the only town the Germans lack, a US
  // tank in it, and a German artillery regiment of range 6 east of it, three hexes or
  // more from the tank
  core::State s;
  const core::UnitId guns = gun_east_of_st_vith(s);
  Ard2Evaluator eval(ard2());
  auto rated = [&](const char* at) {
    core::State t = s;
    t.units[guns].hex = hex(at);
    return eval.evaluate(t, 1);
  };
  ASSERT_EQ(core::distance(hex("B28.33"), hex("B21.33")), 7);
  ASSERT_EQ(core::distance(hex("B27.33"), hex("B21.33")), 6);
  // when it stands a hex nearer, still out of range, it is rated higher
  EXPECT_GT(rated("B28.33"), rated("B29.33"));
  EXPECT_GT(rated("B27.33"), rated("B28.33"));
  // and once the town is within its range, a hex nearer gains nothing
  EXPECT_NEAR(rated("B26.33"), rated("B27.33"), 1e-9);
}

TEST(AiArd2Evaluator, DrawsNoArtilleryOnTheLastTurn) {
  // given the same position on 7.4's last turn, in the German Movement Phase: a gun
  // moved now fires no more this phase (ARD2 3.5), and no German Barrage follows it
  // (ARD2 2.1)
  core::State s;
  const core::UnitId guns = gun_east_of_st_vith(s);
  Ard2Evaluator eval(ard2());
  auto rated = [&](const char* at, int turn) {
    core::State t = s;
    at_turn(t, turn, "german_movement", 1);
    t.units[guns].hex = hex(at);
    return eval.evaluate(t, 1);
  };
  const int last = ard2().scenarios()[size_t(scenario("7.4"))].last_turn;
  // when it stands nearer the town, out of range and within it
  // then on the turn before the last it is rated higher, as above, and on the last
  // turn it is rated the same wherever it stands
  EXPECT_GT(rated("B27.33", last - 1), rated("B29.33", last - 1) + 0.1);
  EXPECT_NEAR(rated("B28.33", last), rated("B29.33", last), 1e-9);
  EXPECT_NEAR(rated("B27.33", last), rated("B29.33", last), 1e-9);
}

TEST(AiArd2Evaluator, DoubtsAWinOnlyWhileTheLoserHasAPhaseLeftToOverturnIt) {
  // given 7.4's last turn: St. Vith (B21.33) and Berg Reuland (B22.28) German and held,
  // a US tank in Vielsalm (B11.34), so the Allies are the projected winner, and two
  // German regiments next to Vielsalm
  core::State s = ard2().setup(scenario("7.4"), 1);
  clear_map(s);
  place(s, "18VG.Inf.294", hex("B21.33"));
  place(s, "62VG.Inf.164", hex("B22.28"));
  place(s, "7Arm.Tank.Erlen", hex("B11.34"));
  place(s, "62VG.Inf.190", hex("B12.34"));
  place(s, "62VG.Inf.183", hex("B12.34"));
  ASSERT_EQ(core::distance(hex("B12.34"), hex("B11.34")), 1);
  for (const char* id : {"B21.33", "B22.28"}) mark_german(s, id);
  s.turn = int16_t(ard2().scenarios()[size_t(scenario("7.4"))].last_turn);
  ASSERT_GE(s.depth, 1);
  Ard2Evaluator eval(ard2());
  // when the same position comes in the German Turn (the regiments may still attack
  // Vielsalm) and in the US Turn (the German Turn of the last Game Turn is over)
  core::State german_turn = s, us_turn = s;
  german_turn.stack[0] = core::Frame{step_index("german_movement"), 1, 0, 0, 0};
  us_turn.stack[0] = core::Frame{step_index("us_movement"), 0, 0, 0, 0};
  // then the Germans rate it higher in their own Turn: the Allied win still turns on a
  // threatened Vielsalm, and no longer does once the Germans have no phase left
  EXPECT_GT(eval.evaluate(german_turn, 1), eval.evaluate(us_turn, 1) + 1.0);
  // and the US Barrage Phase, where the US acts inside the German Turn (ARD2 2.1, 3.6)
  // with the German Combat and Exploitation Phases still to come, is rated as the
  // German Movement Phase before it: ending that phase costs the Germans nothing
  core::State barrage = s;
  barrage.stack[0] = core::Frame{step_index("us_barrage"), 0, 0, 0, 0};
  EXPECT_DOUBLE_EQ(eval.evaluate(german_turn, 1), eval.evaluate(barrage, 1));
}

TEST(AiArd2Evaluator, InTheLosersLastPhaseDoubtsAWinOnlyByTheAttacksItCanStillMake) {
  // given the same last turn of 7.4, in the German Exploitation Phase, the Germans'
  // last phase of the game (ARD2 2.1)
  core::State s = ard2().setup(scenario("7.4"), 1);
  clear_map(s);
  place(s, "18VG.Inf.294", hex("B21.33"));
  place(s, "62VG.Inf.164", hex("B22.28"));
  const core::UnitId tank = place(s, "7Arm.Tank.Erlen", hex("B11.34"));
  const core::UnitId first = place(s, "62VG.Inf.190", hex("B12.34"));
  const core::UnitId second = place(s, "62VG.Inf.183", hex("B12.34"));
  for (const char* id : {"B21.33", "B22.28"}) mark_german(s, id);
  at_last_turn(s, "7.4", "german_exploitation", 1);
  Ard2Evaluator eval(ard2());
  // when Vielsalm's tank has been attacked in the phase, or both regiments have attacked
  core::State defended = s, spent = s;
  defended.units[tank].flags |= flag_bit("defended");
  spent.units[first].flags |= flag_bit("attacked");
  spent.units[second].flags |= flag_bit("attacked");
  // then the threat to Vielsalm no longer puts the Allied win in doubt: no second
  // attack on the hex (ARD2 3.2), no second attack by a unit
  EXPECT_GT(eval.evaluate(s, 1), eval.evaluate(defended, 1) + 1.0);
  EXPECT_GT(eval.evaluate(s, 1), eval.evaluate(spent, 1) + 1.0);
  // while in the German Exploitation Phase of the turn before, with a turn still to
  // come, the same marks change nothing (in the Combat Phase they would: a declared
  // attack ends the assault prospects, AssaultProspects...)
  for (core::State* c : {&s, &defended, &spent}) --c->turn;
  EXPECT_DOUBLE_EQ(eval.evaluate(s, 1), eval.evaluate(defended, 1));
  EXPECT_DOUBLE_EQ(eval.evaluate(s, 1), eval.evaluate(spent, 1));
}

TEST(AiArd2Evaluator, LearnsTheExitConditionsOfBastogne) {
  // given 7.5, whose Germans must also exit 7 units of 2 Pz and 4 of Lehr by Turn 8 (A27)
  Ard2Evaluator eval(ard2());
  const auto& exits = eval.goals(scenario("7.5")).exits;
  ASSERT_EQ(exits.size(), 2u);
  for (const auto& e : exits) {
    EXPECT_EQ(e.side, 1) << e.formation;
    EXPECT_EQ(e.deadline, 8) << e.formation;
    EXPECT_GE(e.weight, 6.0) << e.formation;
    EXPECT_TRUE(e.decides) << e.formation;
    // they leave by the play area's west limit, column A33
    ASSERT_FALSE(e.hexes.empty()) << e.formation;
    for (core::Hex h : e.hexes) EXPECT_EQ(core::hex_name(ard2(), h).substr(0, 4), "A33.") << core::hex_name(ard2(), h);
  }
  EXPECT_EQ(exits[0].formation == "2Pz" ? exits[0].need : exits[1].need, 7);
  EXPECT_EQ(exits[0].formation == "2Pz" ? exits[1].need : exits[0].need, 4);
  // 7.4 counts no exits; 7.3's exits score VP but do not decide alone
  EXPECT_TRUE(eval.goals(scenario("7.4")).exits.empty());
  ASSERT_FALSE(eval.goals(scenario("7.3")).exits.empty());
  for (const auto& e : eval.goals(scenario("7.3")).exits) EXPECT_FALSE(e.decides) << e.formation;
}

TEST(AiArd2Evaluator, ValuesExitingAndApproachingTheExit) {
  // given 7.5's set-up and a unit of 2 Pz
  core::State s = ard2().setup(scenario("7.5"), 3);
  const core::UnitId u = first_on_map(s, "2Pz");
  ASSERT_NE(u, core::kNoUnit);
  Ard2Evaluator eval(ard2());
  const double before = eval.evaluate(s, 1);
  // when it stands two columns from the west exit, then the Germans' value rises
  core::State near = s;
  near.units[u].hex = hex("A35.18");
  const double closer = eval.evaluate(near, 1);
  EXPECT_GT(closer, before);
  // and when it has left the map, more
  core::State gone = s;
  gone.units[u].where = core::Where::Exited;
  EXPECT_GT(eval.evaluate(gone, 1), closer);
}

TEST(AiArd2Evaluator, PaysNoMarchToAnExitItsFormationCannotCompleteInTime) {
  // given 7.3's last German Movement Phase with every town German (so no town draws
  // a German unit), 12 SS's exit calling for 7 units by the north edge's Area O, and
  // one 12 SS tank battalion on the map
  core::State s = ard2().setup(scenario("7.3"), 1);
  clear_map(s);
  at_last_turn(s, "7.3", "german_movement", 1);
  for (const char* town : {"B12.41", "B17.43", "B9.48", "B9.54", "B6.50"}) mark_german(s, town);
  const core::UnitId tank = place(s, "12SS.Pz.I/12", hex("B13.49"));
  Ard2Evaluator eval(ard2());
  auto gain_by_the_edge = [&](const core::State& base) {
    core::State near = base;
    near.units[tank].hex = hex("B13.53");
    return eval.evaluate(near, 1) - eval.evaluate(base, 1);
  };
  // when it alone is left to make the exit, it is paid nothing for standing by the
  // edge: the formation's exit counts only once seven are out, and six cannot be
  const double alone = gain_by_the_edge(s);
  EXPECT_NEAR(alone, 0.0, 1e-9);
  // and when six of 12 SS are out already, coming within reach of the edge (from
  // five hexes off, out of it) makes the exit one that can be met: the six out count
  // again, and its own march with them
  core::State six_out = s;
  int out = 0;
  for (core::UnitId u = 0; u < six_out.unit_count && out < 6; ++u)
    if (u != tank && ard2().catalog()[six_out.units[u].def].formation == "12SS" &&
        six_out.units[u].where == core::Where::Pool) {
      six_out.units[u].where = core::Where::Exited;
      ++out;
    }
  ASSERT_EQ(out, 6);
  EXPECT_GT(gain_by_the_edge(six_out), 1.0);
}

TEST(AiArd2Evaluator, RoutesTheMarchToTheExitAroundTheEnemy) {
  // given 7.5's set-up, a unit of 2 Pz at A37.18 and the west exit at column A33 (A27)
  core::State s = ard2().setup(scenario("7.5"), 3);
  const core::UnitId u = first_on_map(s, "2Pz");
  ASSERT_NE(u, core::kNoUnit);
  s.units[u].hex = hex("A37.18");
  Ard2Evaluator eval(ard2());
  const int open = eval.exit_route_cost(s, u);
  ASSERT_GT(open, 0);
  // (a unit of no exit goal has no route)
  std::vector<core::UnitId> allied;
  for (core::UnitId i = 0; i < s.unit_count; ++i)
    if (s.units[i].where == core::Where::OnMap && side_of(s, i) == 0) allied.push_back(i);
  EXPECT_EQ(eval.exit_route_cost(s, allied.front()), -1);
  // when Allied units stand on column A35 from row 11 to 24, the play area's
  // south-north extent, no route is left
  ASSERT_GE(allied.size(), 14u);
  core::State walled = s;
  for (int row = 11; row <= 24; ++row) walled.units[allied[size_t(row - 11)]].hex = hex("A35." + std::to_string(row));
  EXPECT_EQ(eval.exit_route_cost(walled, u), -1);
  // and with a gap at row 11, the route goes around: dearer than the open road
  core::State gap = walled;
  gap.units[allied[0]].hex = hex("B10.11");
  const int around = eval.exit_route_cost(gap, u);
  EXPECT_GT(around, open);
  // and back to the open map, the first cost again (the field follows the enemy)
  EXPECT_EQ(eval.exit_route_cost(s, u), open);
}

TEST(AiArd2Evaluator, WeighsTheWayOutMoreAsTheExitDeadlineNears) {
  // given 7.5's 2 Pz unit five hexes from the west exit (A27: exits count to Turn 8),
  // the last its formation needs
  core::State s = ard2().setup(scenario("7.5"), 3);
  const core::UnitId u = first_on_map(s, "2Pz");
  ASSERT_NE(u, core::kNoUnit);
  leave_one_to_exit(s, u);
  Ard2Evaluator eval(ard2());
  auto gain_of_moving_closer = [&](int turn, const char* from) {
    core::State far = s, near = s;
    far.turn = near.turn = turn;
    far.units[u].hex = hex(from);
    near.units[u].hex = hex("A35.18");
    return eval.evaluate(near, 1) - eval.evaluate(far, 1);
  };
  // then a step toward the exit is worth more as the deadline nears
  EXPECT_GT(gain_of_moving_closer(8, "A38.18"), gain_of_moving_closer(4, "A38.18"));
  // (the other terms do not change with the turn: the difference is the exit term's)
}

TEST(AiArd2Evaluator, DrawsAUnitThatNeedsItsWholeAllowanceToMakeTheExit) {
  // given 7.5 on Turn 8, the last turn whose exits count (A27), a unit of 2 Pz, the
  // last its formation needs, and no Allied unit left on the map (so that no other
  // term tells two of its hexes apart)
  core::State s = ard2().setup(scenario("7.5"), 3);
  s.turn = 8;
  for (core::UnitId i = 0; i < s.unit_count; ++i)
    if (side_of(s, i) == 0) s.units[i].where = core::Where::Eliminated;
  const core::UnitId u = first_on_map(s, "2Pz");
  ASSERT_NE(u, core::kNoUnit);
  leave_one_to_exit(s, u);
  const core::UnitCatalog& catalog = ard2().catalog();
  const int ma = catalog.value(s.units[u].def, 0, catalog.value_index("ma")) * scs::kHalfMp;
  ASSERT_GT(ma, 0);
  Ard2Evaluator eval(ard2());
  // and two hexes of row 18 west of Bastogne whose routes to the exit both cost more
  // than half its MA but no more than all of it, one cheaper than the other
  std::vector<std::pair<int, core::State>> within;
  for (int col = 34; col <= 40; ++col) {
    core::State at = s;
    at.units[u].hex = hex("A" + std::to_string(col) + ".18");
    const int cost = eval.exit_route_cost(at, u);
    if (cost > ma / 2 && cost <= ma) within.emplace_back(cost, at);
  }
  std::sort(within.begin(), within.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  ASSERT_GE(within.size(), 2u);
  ASSERT_LT(within.front().first, within.back().first);
  // when it stands on the cheaper one, then the Germans' value is higher: a march the
  // unit can make in this turn at its whole MA counts, and each MP of it (judged by a
  // fresh evaluator, whose route search stops at the reach the exit term can use)
  Ard2Evaluator judge(ard2());
  EXPECT_GT(judge.evaluate(within.front().second, 1), judge.evaluate(within.back().second, 1));
}

TEST(AiArd2Evaluator, StopsTheRouteSearchWhereNoUnitCouldUseItWithoutChangingTheValue) {
  // given 7.3's set-up (eight exit goals over the north of Map B) on each of its turns
  const core::State setup = ard2().setup(scenario("7.3"), 2);
  for (int turn = 2; turn <= 6; ++turn) {
    core::State s = setup;
    s.turn = int16_t(turn);
    // when one evaluator searches every route in full first (by asking each unit's
    // cost) and another only as far as the exit term can use
    Ard2Evaluator full(ard2()), bounded(ard2());
    int routed = 0;
    for (core::UnitId u = 0; u < s.unit_count; ++u) routed += full.exit_route_cost(s, u) >= 0;
    ASSERT_GT(routed, 0);
    // then both value the position the same, for either side
    EXPECT_EQ(full.evaluate(s, 1), bounded.evaluate(s, 1)) << "turn " << turn;
    EXPECT_EQ(full.evaluate(s, 0), bounded.evaluate(s, 0)) << "turn " << turn;
  }
}

TEST(AiArd2Evaluator, KeepsAMarchToTheExitOutOfTheFightForTheObjectives) {
  // given 7.5, whose 2 Pz must exit 7 units by Turn 8 (A27), and one of its units
  // either next to Bastogne (B2.16) or as far from the exit, six hexes south (B2.22)
  const core::State s = ard2().setup(scenario("7.5"), 3);
  const core::UnitId u = first_on_map(s, "2Pz");
  ASSERT_NE(u, core::kNoUnit);
  Ard2Evaluator eval(ard2());
  auto gain_next_to_bastogne = [&](int turn) {
    core::State near = s, away = s;
    near.turn = away.turn = turn;
    near.units[u].hex = hex("B2.16");
    away.units[u].hex = hex("B2.22");
    return eval.evaluate(near, 1) - eval.evaluate(away, 1);
  };
  // when the exits still count (Turn 8), standing by Bastogne is worth next to
  // nothing to the Germans; once they no longer count (Turn 9), the unit threatens
  // Bastogne and is drawn to it like any other
  const double marching = gain_next_to_bastogne(8), free = gain_next_to_bastogne(9);
  EXPECT_GT(free, marching + 1);
}

TEST(AiArd2Evaluator, IsZeroSum) {
  Ard2Evaluator eval(ard2());
  for (const char* id : {"7.3", "7.4", "7.5", "7.6"}) {
    const core::State s = ard2().setup(scenario(id), 3);
    EXPECT_DOUBLE_EQ(eval.evaluate(s, 0), -eval.evaluate(s, 1)) << id;
  }
}

TEST(AiArd2Evaluator, ValuesTakingAnEmptyObjectiveAndPunishesLosingSupply) {
  // given 7.4's set-up with St. Vith (one of the three hexes the Germans must hold) empty
  core::State s = ard2().setup(scenario("7.4"), 3);
  for (core::UnitId u = 0; u < s.unit_count; ++u)
    if (s.units[u].where == core::Where::OnMap && s.units[u].hex == hex("B21.33")) s.units[u].where = core::Where::Pool;
  core::UnitId german = core::kNoUnit;
  for (core::UnitId u = 0; u < s.unit_count && german == core::kNoUnit; ++u)
    if (s.units[u].where == core::Where::OnMap && side_of(s, u) == 1) german = u;
  ASSERT_NE(german, core::kNoUnit);
  Ard2Evaluator eval(ard2());
  const double before = eval.evaluate(s, 1);
  // when a German unit stands in St. Vith, then the Germans' value rises
  core::State taken = s;
  taken.units[german].hex = hex("B21.33");
  EXPECT_GT(eval.evaluate(taken, 1), before + 10);
  // when the unit is Out of Supply instead, their value falls
  core::State cut = s;
  cut.units[german].flags |= flag_bit("out_of_supply");
  EXPECT_LT(eval.evaluate(cut, 1), before);
}

// The first `n` units of `formation` on the map.
std::vector<core::UnitId> on_map_of(const core::State& s, const std::string& formation, size_t n) {
  std::vector<core::UnitId> out;
  for (core::UnitId i = 0; i < s.unit_count && out.size() < n; ++i)
    if (s.units[i].where == core::Where::OnMap && ard2().catalog()[s.units[i].def].formation == formation)
      out.push_back(i);
  EXPECT_EQ(out.size(), n) << formation;
  return out;
}

// The value for the Germans of `s`, and of `s` with `units` marked DG.
std::pair<double, double> german_value_without_and_with_dg(const core::State& s,
                                                           const std::vector<core::UnitId>& units) {
  Ard2Evaluator eval(ard2());
  core::State dg = s;
  for (core::UnitId u : units) dg.units[u].flags |= flag_bit("dg");
  return {eval.evaluate(s, 1), eval.evaluate(dg, 1)};
}

TEST(AiArd2Evaluator, TakesAStackThePhaseEndWillMakeDgForDg) {
  // given 7.4's set-up, in the German Movement Phase, and an empty hex far from the front
  const core::State s = ard2().setup(scenario("7.4"), 3);
  const core::Hex far = hex("B36.38");
  for (core::UnitId u = 0; u < s.unit_count; ++u)
    ASSERT_FALSE(s.units[u].where == core::Where::OnMap && s.units[u].hex == far);
  auto stacked = [&](const std::vector<core::UnitId>& units) {
    core::State out = s;
    for (core::UnitId u : units) out.units[u].hex = far;
    return out;
  };
  // when two units of one Division share it, they are worth more than if they were DG
  const std::vector<core::UnitId> pair = on_map_of(s, "18VG", 2);
  const auto [same, same_dg] = german_value_without_and_with_dg(stacked(pair), pair);
  EXPECT_GT(same, same_dg + 0.5);
  // when units of two Divisions share it (ARD2 3.1), they already count as DG
  const std::vector<core::UnitId> mixed{on_map_of(s, "18VG", 1)[0], on_map_of(s, "62VG", 1)[0]};
  const auto [mix, mix_dg] = german_value_without_and_with_dg(stacked(mixed), mixed);
  EXPECT_DOUBLE_EQ(mix, mix_dg);
  // when four units of one Division crowd it, over the limit of three, the same
  const std::vector<core::UnitId> four = on_map_of(s, "18VG", 4);
  const auto [crowd, crowd_dg] = german_value_without_and_with_dg(stacked(four), four);
  EXPECT_DOUBLE_EQ(crowd, crowd_dg);
}

TEST(AiArd2Evaluator, CountsArrivalsInTheirEntryAreaForStackingOnlyInTheirOwnMovementPhase) {
  // given 7.3 with a US artillery group and a tank battalion of another Division just
  // placed together on the north edge, the tank still in its Entry Area (ARD2 3.1)
  core::State s = ard2().setup(scenario("7.3"), 1);
  clear_map(s);
  place(s, "1SS.Pz.I/1", hex("B30.40"));
  place(s, "30Inf.Arty.DIVARTY", hex("B4.54"));
  const core::UnitId tank = place(s, "3Arm.Tank.Jordan", hex("B4.54"));
  s.units[tank].flags |= flag_bit("in_entry_area");
  Ard2Evaluator eval(ard2());
  auto allied_value_in = [&](const char* step, int side) {
    core::State t = s;
    t.depth = 1;
    t.stack[0] = core::Frame{step_index(step), int8_t(side), 0, 0, 0};
    return eval.evaluate(t, 0);
  };
  // when the German Movement Phase ends and the US Barrage Phase begins, the stack is
  // worth what it was: the arrivals are free of the limits until their own Movement
  // Phase ends, so ending the German phase gains the Germans nothing
  EXPECT_DOUBLE_EQ(allied_value_in("german_movement", 1), allied_value_in("us_barrage", 0));
  // and in the US Movement Phase, whose end will make the mixed stack DG, it counts so
  EXPECT_LT(allied_value_in("us_movement", 0), allied_value_in("us_barrage", 0) - 0.5);
}

// 7.3 on Turn 5 with Theux (a City) held by one US battalion of one step (1-3-16) and
// the German units named put next to it (B6.49) or two hexes off (B6.52), in step
// `step`, with `full_markers` German Full Barrage markers on the town and the units
// `beside` next to it in both; what the Germans gain by standing next to it.
double gain_next_to_theux(Ard2Evaluator& eval, const std::vector<const char*>& units, const char* step,
                          uint32_t flags_on_defender = 0, int full_markers = 0,
                          const std::vector<const char*>& beside = {}) {
  core::State s = ard2().setup(scenario("7.3"), 1);
  clear_map(s);
  const core::UnitId defender = place(s, "Ind-A.Inf.99", hex("B6.50"));
  s.units[defender].flags |= flags_on_defender;
  if (full_markers > 0)
    core::add_hex_marker(s, core::HexMarker{hex("B6.50"), marker_kind("full_german"), int16_t(full_markers)});
  place(s, "1SS.PG.III/2", hex("B12.41"));  // Stavelot German, as by Turn 5
  mark_german(s, "B12.41");
  for (const char* u : beside) place(s, u, hex("B6.49"));
  at_turn(s, 5, step, 1);
  core::State next = s, off = s;
  for (const char* u : units) {
    place(next, u, hex("B6.49"));
    place(off, u, hex("B6.52"));
  }
  return eval.evaluate(next, 1) - eval.evaluate(off, 1);
}

TEST(AiArd2Evaluator, CountsTheAttacksItsUnitsNextToAnEnemyObjectiveCanMakeInItsComingCombatPhase) {
  Ard2Evaluator eval(ard2());
  const std::vector<const char*> panzers = {"12SS.Pz.I/12", "12SS.Recon.Bremer", "12SS.JgPz.12"};
  // given three 12 SS units next to Theux rather than two hexes off, which the threat
  // terms rate the same in every phase but the last
  const double later = gain_next_to_theux(eval, panzers, "german_exploitation");
  // when the German Movement Phase, the US Barrage Phase that follows it or the German
  // Combat Phase before its first attack is judged
  // then the attack the three can make on the town in that Combat Phase (ARD2 3.2) is
  // worth more than the threat alone
  for (const char* step : {"german_movement", "us_barrage", "german_combat"})
    EXPECT_GT(gain_next_to_theux(eval, panzers, step), later + 2.0) << step;
  // and once an attack of that Combat Phase has been declared on the town (its
  // defender marked), the lookahead plays it and the prospect counts no more
  EXPECT_DOUBLE_EQ(gain_next_to_theux(eval, panzers, "german_combat", flag_bit("defended")),
                   gain_next_to_theux(eval, panzers, "german_exploitation", flag_bit("defended")));
  // and a German Full Barrage marker on the town, which halves its garrison's defense
  // (ARD2 3.5), makes the attack worth more
  const double barraged = gain_next_to_theux(eval, panzers, "german_movement", 0, 1) -
                          gain_next_to_theux(eval, panzers, "german_exploitation", 0, 1);
  EXPECT_GT(barraged, gain_next_to_theux(eval, panzers, "german_movement") - later + 1.0);
  // and an attack the CRT makes a loss on average (one FJ battalion of the von der
  // Heydte drop, 1-2-4, against the City's garrison) adds nothing
  EXPECT_DOUBLE_EQ(gain_next_to_theux(eval, {"Ind-G.FJ.vdH"}, "german_movement"),
                   gain_next_to_theux(eval, {"Ind-G.FJ.vdH"}, "german_exploitation"));
}

TEST(AiArd2Evaluator, CountsAnAttackerAddedShortOfTheNextColumnByHowFarItGoesTowardIt) {
  Ard2Evaluator eval(ard2());
  // given 12 SS's panzer battalion (attack 6) next to Theux, held by a battalion of
  // defense 3 in a City: 2:1 before the City's two columns (ARD2 3.2, 1.2)
  // when a recon battalion of attack 2 joins it: 8 to 3, still 2:1
  auto gain_beside_panzers = [&](const char* one_more, const char* step) {
    return gain_next_to_theux(eval, {one_more}, step, 0, 0, {"12SS.Pz.I/12"});
  };
  const double recon = gain_beside_panzers("12SS.Recon.Bremer", "german_movement");
  const double recon_later = gain_beside_panzers("12SS.Recon.Bremer", "german_exploitation");
  // then the coming attack is worth more by two thirds of the way to 3:1 (ASSUMED:
  // read as a step toward the column the next unit would reach, so a plan built a
  // unit at a time gathers the attackers a column needs)
  EXPECT_GT(recon, recon_later + 3.0);
  // and a battalion of attack 3, which takes the odds to 3:1, gains more still
  const double infantry =
      gain_beside_panzers("12SS.Inf.A/25", "german_movement") - gain_beside_panzers("12SS.Inf.A/25", "german_exploitation");
  EXPECT_GT(infantry, recon - recon_later);
}

TEST(AiArd2Evaluator, WeighsAThreatAtTheStrengthEnemyBarrageLeaves) {
  // given 7.4's set-up with a German unit next to St. Vith, which the Allies hold
  core::State s = ard2().setup(scenario("7.4"), 3);
  const core::UnitId u = on_map_of(s, "18VG", 1)[0];
  s.units[u].hex = hex("B22.33");
  Ard2Evaluator eval(ard2());
  const double clear = eval.evaluate(s, 1);
  const uint16_t kind = marker_kind("full_allied");
  // when one Allied Full Barrage marker lies on its hex (ARD2 3.5: half strength),
  // then the Germans' value falls, and further with a second one (a quarter)
  core::State one = s;
  core::add_hex_marker(one, core::HexMarker{hex("B22.33"), kind, 1});
  core::State two = s;
  core::add_hex_marker(two, core::HexMarker{hex("B22.33"), kind, 2});
  EXPECT_LT(eval.evaluate(one, 1), clear);
  EXPECT_LT(eval.evaluate(two, 1), eval.evaluate(one, 1));
  // and a lone Half marker, Full on 4-6 of a die when its phase ends, lies between
  // none and one Full marker; two Halves, which make one Full for sure, count as one
  core::State half = s, halves = s;
  core::add_hex_marker(half, core::HexMarker{hex("B22.33"), marker_kind("half_allied"), 1});
  core::add_hex_marker(halves, core::HexMarker{hex("B22.33"), marker_kind("half_allied"), 2});
  EXPECT_LT(eval.evaluate(half, 1), clear);
  EXPECT_GT(eval.evaluate(half, 1), eval.evaluate(one, 1));
  EXPECT_DOUBLE_EQ(eval.evaluate(halves, 1), eval.evaluate(one, 1));
  // and the evaluation stays zero-sum
  EXPECT_DOUBLE_EQ(eval.evaluate(two, 0), -eval.evaluate(two, 1));
}

TEST(AiArd2Evaluator, ReadsABareObjectiveAsThreatenedByAnyEnemyThatCanMarchIntoIt) {
  // given 7.6's last turn in the German Exploitation Phase: Namur (A1.46) German, held
  // by one battalion of the Lehr, and a US tank battalion of 2 Arm 14 hexes off on the
  // roads (A10.37, where a selfplay game had it), or far to the east (A40.30)
  core::State s = ard2().setup(scenario("7.6"), 1);
  clear_map(s);
  mark_german(s, "A1.46");
  at_last_turn(s, "7.6", "german_exploitation", 1);
  const core::UnitId garrison = place(s, "LehrPz.Inf.902", hex("A1.46"));
  const core::UnitId tank = place(s, "2Arm.Tank.A/A", hex("A10.37"));
  ASSERT_GT(core::distance(hex("A10.37"), hex("A1.46")), 9);  // beyond the threats' hex reach
  Ard2Evaluator eval(ard2());
  // What the Germans lose when the battalion steps out of Namur to the hex next to it.
  auto cost_of_leaving = [&](core::Hex tank_at, int turn) {
    core::State held = s;
    held.turn = int16_t(turn);
    held.units[tank].hex = tank_at;
    core::State bare = held;
    bare.units[garrison].hex = hex("A2.45");
    return eval.evaluate(held, 1) - eval.evaluate(bare, 1);
  };
  // when the battalion leaves Namur bare, then that costs the Germans more with the
  // tank in a Movement Phase's march of it than with the tank out of reach: the hex
  // is retaken by walking in, however far the roads bring the tank
  const int last = s.turn;
  EXPECT_GT(cost_of_leaving(hex("A10.37"), last), cost_of_leaving(hex("A40.30"), last) + 10.0);
  // and a turn earlier the march is not read (it ignores the units in its way), so
  // the tank off the threats' hex reach counts as the far one does
  EXPECT_NEAR(cost_of_leaving(hex("A10.37"), last - 1), cost_of_leaving(hex("A40.30"), last - 1), 1e-9);
}

TEST(AiArd2Evaluator, CountsAUnitAboutToLeavePlayOnlyAsItsHexsOccupant) {
  // given 7.4, whose 1 SS Pz Div leaves play on Turn 4 (ARD2 2.2), with a 1 SS unit
  // alone in Vielsalm (one of the three hexes the Germans must hold), no Allied unit
  // within two hexes of it (none in contact), and a unit of 18 VG far from it
  core::State s = ard2().setup(scenario("7.4"), 3);
  for (core::UnitId u = 0; u < s.unit_count; ++u)
    if (s.units[u].where == core::Where::OnMap && core::distance(s.units[u].hex, hex("B11.34")) <= 2)
      s.units[u].where = core::Where::Pool;
  const core::UnitId ss = on_map_of(s, "1SS", 1)[0], vg = on_map_of(s, "18VG", 1)[0];
  s.units[ss].hex = hex("B11.34");
  s.units[vg].hex = hex("B20.38");
  Ard2Evaluator eval(ard2());
  auto at_turn = [](core::State st, int turn) {
    st.turn = turn;
    return st;
  };
  auto eliminated = [&](core::State st) {
    st.units[ss].where = core::Where::Eliminated;
    return st;
  };
  auto relieved = [&](core::State st) {
    st.units[vg].hex = hex("B12.34");  // next to Vielsalm
    return st;
  };
  // when it is Turn 2, two turns before it leaves, then losing it costs the Germans
  EXPECT_LT(eval.evaluate(eliminated(at_turn(s, 2)), 1), eval.evaluate(at_turn(s, 2), 1) - 1);
  // when it is Turn 3, its last, then it is worth nothing but the hex it holds: away
  // from any objective, losing it changes nothing
  core::State away = at_turn(s, 3);
  away.units[ss].hex = hex("B36.38");
  EXPECT_DOUBLE_EQ(eval.evaluate(eliminated(away), 1), eval.evaluate(away, 1));
  // and in Vielsalm it holds the hex but guards nothing: a relief next to it is
  // worth more to the Germans than on Turn 2, when it still stands guard
  const double relief_now = eval.evaluate(relieved(at_turn(s, 3)), 1) - eval.evaluate(at_turn(s, 3), 1);
  const double relief_before = eval.evaluate(relieved(at_turn(s, 2)), 1) - eval.evaluate(at_turn(s, 2), 1);
  EXPECT_GT(relief_now, relief_before + 1);
  // and the evaluation stays zero-sum
  EXPECT_DOUBLE_EQ(eval.evaluate(away, 0), -eval.evaluate(away, 1));
}

TEST(AiArd2, EveryPlayerPlaysLegalActionsOnBastogne) {
  // play_game() checks every action against legal_actions() and throws on a bad one.
  for (const std::string& name : player_names()) {
    auto me = make_player(name, ard2(), 1);
    auto other = make_player("random", ard2(), 2);
    Player* players[2] = {other.get(), me.get()};
    GameResult r;
    ASSERT_NO_THROW(r = play_game(ard2(), scenario("7.5"), 4, players, Budget{0, 3}, 30)) << name;
    EXPECT_EQ(r.actions, 30) << name;
  }
}

TEST(AiArd2, TheSearchPlaysLegallyWithUnitsKeptInPlace) {
  // given 7.4 as the arena plays two of its seeds (the search as the Germans at 20
  // decodes, greedy-vp as the Allies), where plans with kStay genes once went wrong:
  // under seed 100011 the best plan kept a unit in place and then stopped before a
  // die, a plan with no action; under seed 100024 a planning rooted in a sub-frame
  // whose every choice moved a unit kept in place was left with nothing to choose
  for (const uint64_t seed : {100011u, 100024u}) {
    auto search = make_player("search", ard2(), mix(seed * 2 + 1));
    auto greedy_vp = make_player("greedy-vp", ard2(), mix(seed * 2 + 2));
    Player* players[2] = {greedy_vp.get(), search.get()};
    // when the game is played to its end, every action checked against the legal list
    // then none is refused and the search always has an action: the first handed out
    // the action past its plan's end, the second divided by an empty list's size
    EXPECT_NO_THROW(play_game(ard2(), scenario("7.4"), seed, players, Budget{0, 20})) << seed;
  }
}

TEST(AiArd2, TheSearchLeavesNoObjectiveBareToPlayOnInItsLastPhase) {
  // given 7.6's last German Exploitation Phase: the Germans hold five of the six hexes
  // they need (Dinant, Rochefort, Marche, Hotton, LaRoche), a 2 Pz battalion alone in
  // Marche (A23.31) with a US battalion three hexes off, and two battalions next to
  // Ciney (A11.35), which a US tank holds, as US battalions hold Namur and Andenne; a
  // Lehr battalion in Rochefort (A17.26), which the tank could reach by road on the
  // last turn; ending the phase ends the Germans' hope (the evaluator falls by more
  // than 10)
  core::State s = ard2().setup(scenario("7.6"), 3);
  clear_map(s);
  const core::UnitId marche = place(s, "2Pz.PG.Gutmn", hex("A23.31"));
  place(s, "84Inf.Inf.B/333", hex("A22.34"));
  place(s, "9Pz.PG.10", hex("A12.34"));
  place(s, "2Pz.Pz.I/3", hex("A10.35"));
  place(s, "2Arm.Tank.B/B", hex("A11.35"));
  place(s, "75Inf.Inf.A/291", hex("A1.46"));
  place(s, "75Inf.Inf.B/291", hex("A11.48"));
  place(s, "LehrPz.Inf.902", hex("A17.26"));
  for (const char* id : {"A2.32", "A17.26", "A23.31", "A27.33", "A34.27"}) mark_german(s, id);
  at_last_turn(s, "7.6", "german_exploitation", 1);
  const uint16_t exploitation = s.stack[0].step;
  ASSERT_EQ(ard2().to_act(s), 1);
  core::Events events;
  {
    core::ActionList legal;
    ard2().legal_actions(s, legal);
    const auto& names = ard2().action_names();
    const auto end = std::find_if(legal.begin(), legal.end(),
                                  [&](const core::Action& a) { return names[a.type] == "end_phase"; });
    ASSERT_NE(end, legal.end());
    core::State ended = s;
    ard2().apply(ended, *end, events);
    Ard2Evaluator eval(ard2());
    ASSERT_GT(eval.evaluate(s, 1) - eval.evaluate(ended, 1), 10.0);
  }
  // when the search plays the phase out (its own attack and answers included), under
  // twelve seeds of its own
  int left = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    core::State t = s;
    SearchPlayer search(ard2(), seed);
    for (int k = 0; k < 40 && !t.over && t.stack[0].step == exploitation; ++k)
      ard2().apply(t, search.act(ard2(), t, Budget{0, 20}), events);
    left += t.units[marche].hex != hex("A23.31");
  }
  // then the battalion in Marche stays there under all but one at most. A plan's
  // mutation only drew other moves for a unit the greedy plan moved, so no plan could
  // keep it in place: it stepped out under 5 of the 12 seeds, though the evaluator
  // rates the plan that keeps it 8 points higher (seed 11 alone was tested before and
  // happened to keep it); a gene that keeps its unit in place (kStay) lets a plan keep it
  EXPECT_LE(left, 1);
}

TEST(AiArd2, TheSearchDoesNotOverrunAtOddsThatCannotTakeTheHex) {
  // given 7.6's last German Movement Phase: a British tank battalion (defense 4, two
  // steps) holds Dinant, a City (two columns left), and the Lehr's engineers (attack 2)
  // stand on the road next to it, free to overrun: 2 against 4 is 1:2, so 1:4, a
  // column whose results are all attacker losses or A1D1 (ARD2 3.3, CRT; rows 5-12
  // assumed, tables/crt.json)
  core::State s = ard2().setup(scenario("7.6"), 3);
  clear_map(s);
  place(s, "29CW.Tank.2 FFY", hex("A2.32"));
  const core::UnitId engineers = place(s, "LehrPz.Eng.130", hex("A2.31"));
  // and the Germans hold the five other hexes their win needs: Dinant is the last
  for (const char* id : {"A11.35", "A17.26", "A23.31", "A27.33", "A34.27"}) mark_german(s, id);
  at_last_turn(s, "7.6", "german_movement", 1);
  const uint16_t movement = s.stack[0].step;
  const auto& names = ard2().action_names();
  const auto overrun_type = uint16_t(std::find(names.begin(), names.end(), "overrun") - names.begin());
  const core::Action overrun{overrun_type, engineers, hex("A2.32"), 0};
  {
    core::ActionList legal;
    ard2().legal_actions(s, legal);
    ASSERT_NE(std::find(legal.begin(), legal.end(), overrun), legal.end()) << "the overrun is open to it";
  }
  // when the search plays the phase
  SearchPlayer search(ard2(), 5);
  core::Events events;
  for (int k = 0; k < 40 && !s.over && s.stack[0].step == movement; ++k) {
    const core::Action a = search.act(ard2(), s, Budget{0, 20});
    // then it never makes that overrun, a step or two lost for nothing: a plan that
    // stops before the overrun's die is judged with that die, one draw per face
    // (search_player.cpp, score; simulator.h, stratified dice)
    EXPECT_FALSE(a == overrun) << "step " << k;
    ard2().apply(s, a, events);
  }
}

// The legal action of type `type` on `unit` (or hex `at`, for an action on a hex).
core::Action legal_action(const core::State& s, const char* type, core::UnitId unit,
                          std::optional<core::Hex> at = std::nullopt) {
  core::ActionList legal;
  ard2().legal_actions(s, legal);
  const auto& names = ard2().action_names();
  for (const core::Action& a : legal)
    if (names[a.type] == type && (unit == core::kNoUnit || a.unit == unit) && (!at || a.hex == *at))
      return a;
  ADD_FAILURE() << "no legal " << type;
  return legal.front();
}

TEST(AiArd2, TheLookaheadLeavesOutAnAttackerThatLowersTheColumn) {
  // given 7.3's last German Combat Phase (a record of session 34): a US mechanized
  // battalion (defense 3) holds Stavelot (B12.41), a City behind the Ambleve, and six
  // German units from its south and west sides have joined an attack on it, 12 to 3,
  // the 2:1 column after the City's two; a 9 SS tank destroyer could still join, but
  // from B13.41, across the river, which takes two more columns (ARD2 TEC, 1.3 b): 15
  // to 3, the 1:1 column, a result no better on any roll
  core::State s = ard2().setup(scenario("7.3"), 3);
  clear_map(s);
  place(s, "Ind-A.MechInf.526", hex("B12.41"));
  std::vector<core::UnitId> joined;
  for (auto [unit, at] : std::vector<std::pair<const char*, const char*>>{{"3FJ.FJ.A/5", "B11.41"},
                                                                          {"3FJ.FJ.A/9", "B11.41"},
                                                                          {"150Pz.Inf.X", "B11.42"},
                                                                          {"150Pz.Inf.Z", "B11.42"},
                                                                          {"3FJ.FJ.B/5", "B12.42"},
                                                                          {"Ind-G.StG.394/667", "B13.42"}})
    joined.push_back(place(s, unit, hex(at)));
  const core::UnitId across = place(s, "9SS.JgPz.9", hex("B13.41"));
  at_last_turn(s, "7.3", "german_combat", 1);
  core::Events none;
  ard2().apply(s, legal_action(s, "declare_attack", core::kNoUnit, hex("B12.41")), none);
  for (core::UnitId u : joined) ard2().apply(s, legal_action(s, "add_attacker", u), none);
  ASSERT_EQ(ard2().odds(s, joined, hex("B12.41"))["column"], "2:1");
  std::vector<core::UnitId> with_it = joined;
  with_it.push_back(across);
  ASSERT_EQ(ard2().odds(s, with_it, hex("B12.41"))["column"], "1:1");
  const core::Action resolve = legal_action(s, "resolve_attack", core::kNoUnit);
  const core::Action add = legal_action(s, "add_attacker", across);
  // when the lookahead weighs resolving now against adding it, under many seeds
  Ard2Evaluator eval(ard2());
  Simulator sim(ard2(), eval);
  sim.set_limits(3, sim.scaled(4000));
  std::set<double> resolved;
  for (uint64_t seed = 1; seed <= 16; ++seed) {
    const double now = sim.action_value(s, resolve, 1, seed);
    const double later = sim.action_value(s, add, 1, seed);
    // then resolving at 2:1 is worth more under every seed: each roll of 2d6 is
    // weighed once (simulator.cpp, exact_value), where three draws of it often fell
    // only where both columns clear the hex and the extra unit's advance counted
    EXPECT_GT(now, later) << "seed " << seed;
    resolved.insert(now);
  }
  // and the value does not depend on the seed's draws at all
  EXPECT_EQ(resolved.size(), 1u);
}

TEST(AiArd2, AnAttackCutShortByTheNodeBudgetIsNotRatedAsFree) {
  // given 7.3's Turn 3 German Combat Phase near a position of a record of session 37:
  // a 99th Infantry battalion in B31.41 and four German units beside it (where four of
  // the record's five stood), each a step down, whose attacker sets and results take
  // more positions to follow to their end than the lookahead's budget of a combat
  // decision (ARD2 is large: sim.scaled(4000))
  core::State s = ard2().setup(scenario("7.3"), 1);
  clear_map(s);
  at_turn(s, 3, "german_combat", 1);
  place(s, "99Inf.Inf.A/394", hex("B31.41"));
  for (auto [unit, at] : std::vector<std::pair<const char*, const char*>>{{"1SS.Inf.A/1", "B32.40"},
                                                                          {"1SS.Inf.2", "B30.40"},
                                                                          {"3FJ.FJ.A/9", "B30.41"},
                                                                          {"3FJ.FJ.8", "B32.41"}})
    s.units[place(s, unit, hex(at))].steps_lost = 1;
  const core::Action attack = legal_action(s, "declare_attack", core::kNoUnit, hex("B31.41"));
  const core::Action end = legal_action(s, "end_phase", core::kNoUnit);
  Ard2Evaluator eval(ard2());
  Simulator sim(ard2(), eval);
  // when the attack is weighed with every line of play followed to its end, and
  // within the budget
  sim.set_limits(3, 100000);
  sim.reset_nodes();
  const double followed = sim.action_value(s, attack, 1, 7);
  const int64_t needed = sim.nodes();
  sim.set_limits(3, sim.scaled(4000));
  const double budgeted = sim.action_value(s, attack, 1, 7);
  const double ended = sim.action_value(s, end, 1, 7);
  ASSERT_GT(needed, sim.scaled(4000));
  // then followed to its end the attack costs more than it gains, and within the
  // budget it is not rated as high as ending the phase either: the lines the budget
  // cut off are left out, where each was judged before its dice fell, as if no step
  // could be lost, and the best of them made the attack worth at least as much as none
  EXPECT_LT(followed, ended);
  EXPECT_LT(budgeted, ended) << "followed to its end: " << followed << " needed " << needed;
}

TEST(AiArd2, TheLookaheadFollowsABugOutTheLastOneLeftToTheOtherSide) {
  // given the end of a German Movement Phase of the campaign with three artillery
  // units on Roads, each next to a threatening enemy (ARD2 3.6): the next phase begins
  // with US guns 333 (unit 5) and 7th Armored's (203) to Bug Out, then the German 405
  // (59), whose unit number is below the last US one's; each has some 1,200 hexes to go
  core::State s = ard2().setup(scenario("7.1"), 1);
  clear_map(s);
  at_turn(s, 2, "german_movement", 1);
  const core::UnitId first = place(s, "Ind-A.Arty.333", hex("B22.38"));
  place(s, "2Pz.Pz.I/3", hex("B23.38"));
  const core::UnitId last = place(s, "7Arm.Arty.DIVARTY", hex("B4.20"));
  place(s, "2Pz.Pz.II/3", hex("B5.20"));
  const core::UnitId german = place(s, "Ind-G.Arty.405", hex("B26.35"));
  place(s, "9Arm.Tank.14", hex("B25.35"));
  ASSERT_LT(first, german);
  ASSERT_LT(german, last);
  const core::Action end = legal_action(s, "end_phase", core::kNoUnit);
  Ard2Evaluator eval(ard2());
  Simulator sim(ard2(), eval);
  sim.set_limits(3, sim.scaled(0));
  // when the lookahead weighs ending the phase within its smallest node budget
  sim.reset_nodes();
  const double ended = sim.action_value(s, end, 1, 7);
  // then it follows one line of the three Bug Outs to its end and stops: the German
  // one, skipped before as a run of Bug Outs out of unit order, left every line
  // without an end, so past the budget the lookahead still tried each pair of US
  // destinations (for minutes: this test then runs into ctest's timeout), and the
  // phase's end was judged as if nothing followed it
  EXPECT_LT(sim.nodes(), 4 * sim.scaled(0));
  EXPECT_NE(ended, eval.evaluate(s, 1));
}

TEST(AiArd2, AChainOfDiceIsFollowedByOneDrawOnceTheLookaheadHasSpentItsBudget) {
  // given the end of the last US phase of a 7.1 turn with eleven German artillery
  // units Disorganized and cut off from supply by a ring of US units: the next turn's
  // DG Removal asks the Germans, unit by unit, whether to roll for each (ARD2 3.7),
  // and each roll has three results
  core::State s = ard2().setup(scenario("7.1"), 1);
  for (core::UnitId u = 0; u < s.unit_count; ++u) s.units[u].where = core::Where::Eliminated;  // no arrivals
  at_turn(s, 2, "us_exploitation", 0);
  const char* guns[] = {"Ind-G.Arty.405", "Ind-G.Arty.Werfer 17", "Ind-G.Arty.388", "Ind-G.Arty.Werfer 9",
                        "Ind-G.Arty.Werfer 4", "Ind-G.Arty.402", "Ind-G.Arty.Werfer 16", "Ind-G.Arty.Werfer 7",
                        "Ind-G.Arty.401", "Ind-G.Arty.766", "Ind-G.Arty.Werfer 15"};
  const char* at[] = {"B7.23", "B8.23", "B8.24", "B9.24", "B7.24", "B8.25", "B9.25", "B7.25", "B6.24", "B10.24", "B9.23"};
  std::set<uint32_t> pocket;
  for (size_t i = 0; i < std::size(guns); ++i) {
    s.units[place(s, guns[i], hex(at[i]))].flags |= flag_bit("dg");
    pocket.insert(hex(at[i]).key());
  }
  core::UnitId next = 0;
  for (const char* h : at)
    for (int d = 0; d < core::kDirections; ++d) {
      const core::Hex n = core::neighbor(hex(h), d);
      if (pocket.count(n.key()) || !ard2().map().contains(n)) continue;
      while (side_of(s, next) != 0) ++next;
      s.units[next].where = core::Where::OnMap;
      s.units[next].hex = n;
      pocket.insert(n.key());
      ++next;
    }
  const core::Action end = legal_action(s, "end_phase", core::kNoUnit);
  core::State next_turn = s;
  core::Events none;
  ard2().apply(next_turn, end, none);
  ASSERT_EQ(next_turn.top().step, step_index("artillery_recovery"));
  Ard2Evaluator eval(ard2());
  Simulator sim(ard2(), eval);
  sim.set_limits(3, sim.scaled(0));
  // when the lookahead weighs ending the phase within its smallest node budget
  sim.reset_nodes();
  sim.action_value(s, end, 0, 7);
  // then once it has spent a few budgets more, each roll left is followed by one
  // draw: before, each followed its three results and this took 620,021 positions
  // (106 s) where a choice past the budget takes one
  EXPECT_LT(sim.nodes(), 20 * sim.scaled(0));
}

TEST(AiArd2, AnAttackThatNeedsBothItsAttackersIsRatedByItsCombat) {
  // given the same phase at B27.48 in that record: a 99th Infantry regiment there, and
  // beside it only a battalion with a step lost and an Ersatz battalion, one of which
  // alone attacks below 1:4, so both must join (ARD2 3.2)
  core::State s = ard2().setup(scenario("7.3"), 1);
  clear_map(s);
  at_turn(s, 3, "german_combat", 1);
  place(s, "99Inf.Inf.395", hex("B27.48"));
  const core::UnitId one = place(s, "326VG.Inf.751", hex("B27.49"));
  const core::UnitId two = place(s, "326VG.Erz.326", hex("B28.48"));
  s.units[one].steps_lost = 1;
  const core::Action attack = legal_action(s, "declare_attack", core::kNoUnit, hex("B27.48"));
  const core::Action end = legal_action(s, "end_phase", core::kNoUnit);
  core::State declared = s;
  core::Events none;
  ard2().apply(declared, attack, none);
  core::ActionList legal;
  ard2().legal_actions(declared, legal);
  ASSERT_TRUE(std::none_of(legal.begin(), legal.end(), [](const core::Action& a) {
    return ard2().action_names()[a.type] == "resolve_attack";
  }));
  Ard2Evaluator eval(ard2());
  Simulator sim(ard2(), eval);
  sim.set_limits(3, sim.scaled(4000));
  // when the lookahead weighs declaring it, and the combat with both attackers
  core::State both = declared;
  ard2().apply(both, legal_action(both, "add_attacker", std::min(one, two)), none);
  ard2().apply(both, legal_action(both, "add_attacker", std::max(one, two)), none);
  const double combat = sim.action_value(both, legal_action(both, "resolve_attack", core::kNoUnit), 1, 7);
  const double declaring = sim.action_value(s, attack, 1, 7);
  // then declaring is worth the combat, below ending the phase: the two orders of
  // adding them are one set, taken once, and the order skipped as a repeat no longer
  // counted as a line of play judged before its combat, worth as much as no attack
  EXPECT_LT(combat, sim.action_value(s, end, 1, 7));
  EXPECT_DOUBLE_EQ(declaring, combat);
}

TEST(AiArd2, TheSearchJoinsTheAttackersThatRaiseTheColumn) {
  // given 7.3's Turn 5 German Combat Phase, taken whole from a selfplay record of
  // session 44 (tests/ai/positions): a US battalion (1-3-16) holds Spa, a City, and
  // four German units have joined an attack on it at 2:1; seven more beside it could
  // still join
  std::ifstream in(std::string(HEXFRONT_DATA_DIR) + "/../tests/ai/positions/7.3-turn5-spa-attack.json");
  ASSERT_TRUE(in) << "the position file";
  core::Error error;
  std::optional<core::State> loaded = core::state_from_json(ard2(), nlohmann::json::parse(in), error);
  ASSERT_TRUE(loaded) << error.message;
  core::State& s = *loaded;
  const core::Hex spa = hex("B9.48");
  std::vector<core::UnitId> attackers;
  for (core::UnitId u = 0; u < s.unit_count; ++u)
    if (s.units[u].where == core::Where::OnMap && (s.units[u].flags & flag_bit("committed"))) attackers.push_back(u);
  ASSERT_EQ(attackers.size(), 4u);
  ASSERT_EQ(ard2().odds(s, attackers, spa)["column"], "2:1");
  // when the search builds the rest of the attack
  SearchPlayer search(ard2(), 5);
  const auto& names = ard2().action_names();
  core::Events none;
  for (int k = 0; k < 12; ++k) {
    const core::Action a = search.act(ard2(), s, Budget{0, 20});
    if (names[a.type] != "add_attacker") {
      ASSERT_EQ(names[a.type], "resolve_attack");
      break;
    }
    attackers.push_back(a.unit);
    ard2().apply(s, a, none);
  }
  // then it adds attackers until the column is better. Within the lookahead's combat
  // budget (200 positions in Ardennes II) a line that added an attacker ran out before
  // the combat's results and the advances after them were followed through, and every
  // addition read below resolving at 2:1 (search_player.cpp, kSubFrameNodes)
  const std::string column = ard2().odds(s, attackers, spa)["column"];
  EXPECT_TRUE(column == "3:1" || column == "4:1" || column == "5:1") << column;
}

TEST(AiArd2, TheSearchStillPlansAMovementPhaseWhoseFirstDecisionIsABarrage) {
  // given 7.4's last German Movement Phase: the Germans hold St. Vith and Vielsalm, a
  // 62 VG and an 18 VG battalion stand next to Berg Reuland, which two US units hold,
  // the 62 VG artillery is in range of it (its battalion spots, ARD2 3.5), and three
  // more German units have moves to make (none joins the attack by moving first: the
  // two by the town are there, and St. Vith's garrison would leave it bare)
  core::State s = ard2().setup(scenario("7.4"), 3);
  clear_map(s);
  place(s, "62VG.Inf.190", hex("B22.29"));
  const core::UnitId artillery = place(s, "62VG.Arty.162", hex("B25.30"));
  place(s, "14Cav.Recon.32", hex("B22.28"));
  place(s, "7Arm.MechInf.Chap", hex("B22.28"));
  place(s, "18VG.Inf.294", hex("B21.28"));
  place(s, "18VG.Inf.293", hex("B11.34"));
  place(s, "62VG.Inf.164", hex("B21.33"));
  place(s, "7Arm.Tank.Brown", hex("B5.30"));
  mark_german(s, "B21.33");
  mark_german(s, "B11.34");
  at_last_turn(s, "7.4", "german_movement", 1);
  const uint16_t movement = s.stack[0].step;
  SearchPlayer search(ard2(), 5);
  core::Events events;
  // when the search fires the barrage first, a phase-level action whose die is rolled
  // at once, a decision of the lookahead's
  const core::Action first = search.act(ard2(), s, Budget{0, 20});
  ASSERT_EQ(ard2().action_names()[first.type], "barrage");
  ASSERT_EQ(first.unit, artillery);
  EXPECT_FALSE(search.stats().planned);
  ard2().apply(s, first, events);
  ASSERT_EQ(s.stack[0].step, movement);
  // then the rest of the phase is planned whole again: the barrage's die made it no
  // phase of dice (as a Combat Phase is, whose attacks roll in the frame they open)
  search.act(ard2(), s, Budget{0, 20});
  EXPECT_TRUE(search.stats().planned);
}

TEST(AiArd2, TheSearchKeepsToItsClockOnTheCampaign) {
  // 7.1 has hundreds of units and thousands of moves; one call must still end near
  // its clock (one legal_actions() and one lookahead step past it at most).
  SearchPlayer p(ard2(), 5);
  const core::State s = ard2().setup(scenario("7.1"), 5);
  const auto start = std::chrono::steady_clock::now();
  const core::Action a = p.act(ard2(), s, Budget{300, 0});
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(ms, 300 + 3000);
  core::ActionList legal;
  ard2().legal_actions(s, legal);
  EXPECT_NE(std::find(legal.begin(), legal.end(), a), legal.end());
}

// 7.2's first German Movement Phase: an army of thousands of moves.
core::State first_german_movement_of_7_2() {
  core::State s = ard2().setup(scenario("7.2"), 5);
  core::Events none;
  const uint16_t movement = step_index("german_movement");
  for (int k = 0; k < 200 && s.stack[0].step != movement; ++k) {  // the Pre-Turn's steps
    core::ActionList steps;
    ard2().legal_actions(s, steps);
    const auto end = std::find_if(steps.begin(), steps.end(),
                                  [](const core::Action& a) { return ard2().action_names()[a.type] == "end_phase"; });
    ard2().apply(s, end != steps.end() ? *end : steps.front(), none);
  }
  EXPECT_EQ(s.stack[0].step, movement);
  return s;
}

// The German moves a search with no time to plan makes in the phase of `start`, in
// the order handed out (the US answers at random), and the last action's name.
std::vector<core::UnitId> moves_with_no_planning_time(const core::State& start, std::string& last) {
  SearchPlayer::Options options;
  options.plan_share = 0;
  SearchPlayer search(ard2(), 5, options);
  const auto us = make_player("random", ard2(), 7);
  core::Events none;
  core::State s = start;
  std::vector<core::UnitId> moved;
  while (!s.over && s.stack[0].step == start.stack[0].step && s.turn == start.turn) {
    if (ard2().to_act(s) != 1) {  // the US answers (a bridge blown, a retreat)
      ard2().apply(s, us->act(ard2(), s, Budget{}), none);
      continue;
    }
    const core::Action a = search.act(ard2(), s, Budget{60000, 0});
    last = ard2().action_names()[a.type];
    if (last == "move") moved.push_back(a.unit);
    ard2().apply(s, a, none);
  }
  return moved;
}

TEST(AiArd2, AUnitMovesToTheEdgeAndLeavesInTheSamePhase) {
  // given 7.5's German Movement Phase of Turn 8, the last that its exits count, and a
  // 2 Pz unit a hex from the west limit (A33), the last its formation's exit needs
  core::State s = ard2().setup(scenario("7.5"), 3);
  at_turn(s, 8, "german_movement", 1);
  const core::UnitId u = first_on_map(s, "2Pz");
  ASSERT_NE(u, core::kNoUnit);
  s.units[u].hex = hex("A34.15");
  leave_one_to_exit(s, u);
  core::ActionList legal;
  ard2().legal_actions(s, legal);
  ASSERT_GT(legal.size(), Simulator::kWide);  // a plan decoded against the root's list
  for (const core::Action& a : legal) ASSERT_NE(ard2().action_names()[a.type], "exit");
  // when the search plays the phase at 20 decodes a planning
  SearchPlayer search(ard2(), 5);
  const auto us = make_player("random", ard2(), 7);
  core::Events none;
  const uint16_t phase = s.stack[0].step;
  for (int k = 0; k < 2000 && !s.over && s.stack[0].step == phase; ++k)
    ard2().apply(s, ard2().to_act(s) == 1 ? search.act(ard2(), s, Budget{0, 20}) : us->act(ard2(), s, Budget{}),
                 none);
  // then the unit has left the map: its exit, listed only once its move had brought it
  // to the edge, was open to the plan (Rules::exits). Before, a unit that had moved in
  // a wide plan took no further action, and one that reached the edge on the last turn
  // stayed there.
  EXPECT_EQ(s.units[u].where, core::Where::Exited);
}

TEST(AiArd2, AFormationMarchesOutWholeWhenItsExitTurnsTheGame) {
  // given 7.3's last German Movement Phase, 9 VP already banked (ARD2 6.0: the
  // greatest total at any turn's end) and seven 12 SS units a hex from the north
  // edge of Area O: their exit, 1 VP once seven are out, makes the 10 of a Major
  // German Win; fewer than seven score nothing
  core::State s = ard2().setup(scenario("7.3"), 3);
  at_last_turn(s, "7.3", "german_movement", 1);
  core::Error err;
  nlohmann::json ext = ard2().ext_to_json(s);
  ext["max_vp"] = 9;
  ASSERT_TRUE(ard2().ext_from_json(s, ext, err)) << err.message;
  const char* units[] = {"12SS.Recon.Bremer", "12SS.Pz.I/12", "12SS.JgPz.560", "12SS.JgPz.12",
                         "12SS.Inf.B/25",     "12SS.Inf.A/25", "12SS.Inf.26"};
  const char* hexes[] = {"B3.53", "B3.53", "B5.53", "B5.53", "B7.53", "B7.53", "B9.53"};
  std::vector<core::UnitId> ids;
  for (size_t k = 0; k < std::size(units); ++k) ids.push_back(place(s, units[k], hex(hexes[k])));
  // when the search plays the phase at 20 decodes a planning
  SearchPlayer search(ard2(), 5);
  const auto us = make_player("random", ard2(), 7);
  core::Events none;
  const uint16_t phase = s.stack[0].step;
  for (int k = 0; k < 2000 && !s.over && s.stack[0].step == phase; ++k)
    ard2().apply(s, ard2().to_act(s) == 1 ? search.act(ard2(), s, Budget{0, 20}) : us->act(ard2(), s, Budget{}),
                 none);
  // then all seven have left. One unit's exit alone is worth nothing, so neither the
  // greedy fill nor a mutation of one gene found it; the plan that marches the
  // formation out whole is in the first population (march_out_seeds).
  int exited = 0;
  for (const core::UnitId u : ids) exited += s.units[u].where == core::Where::Exited;
  EXPECT_EQ(exited, 7);
}

TEST(AiArd2, APlanThatEndsACombatPhaseGetsNoFreeMoveOfTheNextPhase) {
  // given 7.3's German Combat Phase of Turn 4: a Tiger next to a reduced US recon in
  // the open, which would rather retreat than be attacked (no die: ARD2 3.2), a 12 SS
  // panzer battalion next to a reduced infantry battalion, which must hold, a unit
  // with a Leg MA (ARD2 3.2), and so takes the dice, and 9 SS's recon, in no fight,
  // within an Exploitation Phase's move of the empty Spa
  core::State s = ard2().setup(scenario("7.3"), 5);
  clear_map(s);
  at_turn(s, 4, "german_combat", 1);
  place(s, "1SS.Tiger.501", hex("B10.49"));
  s.units[place(s, "14Cav.Recon.32", hex("B10.50"))].steps_lost = 1;
  place(s, "12SS.Pz.I/12", hex("B14.49"));
  s.units[place(s, "1Inf.Inf.A/26", hex("B14.50"))].steps_lost = 1;
  place(s, "9SS.Recon.Recke", hex("B9.44"));
  // and the lookahead, which weighs every ending where the phase's dice leave it,
  // rates the attack on the infantry above ending the phase
  Ard2Evaluator eval(ard2());
  Simulator sim(ard2(), eval);
  sim.set_limits(3, sim.scaled(4000));
  const core::Action attack = legal_action(s, "declare_attack", core::kNoUnit, hex("B14.50"));
  const core::Action end = legal_action(s, "end_phase", core::kNoUnit);
  EXPECT_GT(sim.action_value(s, attack, 1, 9), sim.action_value(s, end, 1, 9));
  // when the search plans the phase (its greedy plan takes the recon's hex unfought,
  // then stops before the infantry's dice) at 20 decodes
  SearchPlayer search(ard2(), 5);
  const core::Action first = search.act(ard2(), s, Budget{0, 20});
  // then it attacks. A plan that ended the phase was judged by the Exploitation
  // Phase's best first action, the recon into Spa, which the attacks' plans, judged
  // where their dice leave them, never got: it ended the phase unfought.
  EXPECT_TRUE(search.stats().planned);
  EXPECT_EQ(ard2().action_names()[first.type], "declare_attack");
}

TEST(AiArd2, AWidePhaseOutOfPlanningTimeIsStillFilledUnitByUnit) {
  // given 7.2's first German Movement Phase and a search whose planning may spend
  // none of its bank, as when the clock runs short
  const core::State start = first_german_movement_of_7_2();
  core::ActionList legal;
  ard2().legal_actions(start, legal);
  std::vector<core::UnitId> movable;
  for (const core::Action& a : legal)
    if (ard2().action_names()[a.type] == "move") movable.push_back(a.unit);
  std::sort(movable.begin(), movable.end());
  movable.erase(std::unique(movable.begin(), movable.end()), movable.end());
  ASSERT_GT(movable.size(), 100u);
  // when it plays the phase to its end
  std::string last;
  std::vector<core::UnitId> moved = moves_with_no_planning_time(start, last);
  // then its units were still moved, one by one by a quick look, and it ended the
  // phase itself with its bank far from spent: before, the planning stopped where its
  // time ran out and the units past that point stood (docs/ai.md, "The army that
  // never attacked")
  std::sort(moved.begin(), moved.end());
  moved.erase(std::unique(moved.begin(), moved.end()), moved.end());
  size_t count = 0;
  for (const core::UnitId u : movable) count += std::binary_search(moved.begin(), moved.end(), u);
  EXPECT_GT(count, movable.size() / 2) << "of " << movable.size();
  EXPECT_EQ(last, "end_phase");
}

TEST(AiArd2, AnArmysPhaseIsFilledFromTheFrontBack) {
  // given 7.2's first German Movement Phase and a search with no time to plan, which
  // fills the phase unit by unit
  const core::State start = first_german_movement_of_7_2();
  std::vector<int> to_enemy(start.unit_count, INT_MAX);
  for (core::UnitId u = 0; u < start.unit_count; ++u)
    for (core::UnitId e = 0; e < start.unit_count; ++e)
      if (start.units[u].where == core::Where::OnMap && start.units[e].where == core::Where::OnMap &&
          ard2().catalog()[start.units[e].def].side == 0)
        to_enemy[u] = std::min(to_enemy[u], core::distance(start.units[u].hex, start.units[e].hex));
  // when it plays the phase
  std::string last;
  const std::vector<core::UnitId> moved = moves_with_no_planning_time(start, last);
  // then the units it moved first stood nearer the enemy than those it moved last:
  // the units weighed first are the front's (in the list's order, before, they were
  // the set-up's first, wherever they stood)
  ASSERT_GE(moved.size(), 40u);
  double first_twenty = 0, last_twenty = 0;
  for (size_t i = 0; i < 20; ++i) {
    first_twenty += to_enemy[moved[i]];
    last_twenty += to_enemy[moved[moved.size() - 1 - i]];
  }
  EXPECT_LT(first_twenty / 20, 2.0);
  EXPECT_GT(last_twenty, 2 * first_twenty);
}

}  // namespace
}  // namespace ai
