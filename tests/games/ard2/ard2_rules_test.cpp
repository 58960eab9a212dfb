// Ardennes II through core::Rules: set-up, the flow of play, an attack with its
// defender's choice, refusals, and random games to the end with replay.
#include "games/ard2/ard2_rules.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "core/game.h"
#include "core/map.h"
#include "games/ard2/combat.h"
#include "games/ard2/data.h"
#include "games/ard2/effects.h"
#include "games/ard2/markers.h"
#include "load_on_map.h"

namespace ard2 {
namespace {

using core::Action;
using core::Hex;
using core::State;
using core::UnitId;

// Both sheets, all Open, with Bastogne as a City and VP hex (the real map is built by
// the map work; these tests need only the hexes the scenarios name).
const char* kMap =
    "hexfront-map 1\n"
    "game ard2\n"
    "ids scs A:40x0-54 B:40x0-54\n"
    "terrain open woods city\n"
    "sides road river\n"
    "default open\n"
    "hex B1.16 city \"Bastogne\" vp=3\n";

const Ard2Rules& rules() {
  static const std::unique_ptr<Ard2Rules> r = test::load_on_map(kMap);
  return *r;
}

int scenario_index(const std::string& id) { return test::scenario_index(rules(), id); }

nlohmann::json scenario_json(const std::string& id) {
  nlohmann::json j;
  std::string err;
  EXPECT_TRUE(read_json(data_root() + "/games/ard2/scenarios/" + id + ".json", j, err)) << err;
  return j;
}

Hex hex(const char* id) { return *core::find_hex(rules(), id); }
UnitId unit(const State& s, const char* id) { return core::find_unit(rules(), s, id); }

bool has(const core::ActionList& acts, const Action& a) { return std::find(acts.begin(), acts.end(), a) != acts.end(); }

// ARD2 6.0, 7.4, 7.6: the VP hexes are the VP table's rows (not only the map's own
// `vp=` marks), and scenario places resolve through the table's labels.
TEST(Ard2Rules, VpHexesComeFromTheVpTable) {
  // Given the test map, which marks only Bastogne, the table's towns are VP hexes too:
  EXPECT_EQ(rules().board().vp(hex("B1.16")), 3);   // Bastogne
  EXPECT_EQ(rules().board().vp(hex("B21.33")), 3);  // St. Vith (hex assumed from the map)
  EXPECT_EQ(rules().board().vp(hex("A27.33")), 1);  // Hotton (value assumed)
  EXPECT_EQ(rules().board().vp(hex("A20.20")), 0);
  // When 7.4 starts, the Germans hold none of St. Vith, Berg Reuland and Vielsalm: Allied.
  const State s74 = rules().setup(scenario_index("7.4"), 1);
  EXPECT_EQ(rules().outcome(s74)["winner"], "Allied");
  // Then they take all three (control markers, supplied occupation is 6.0's business).
  State taken = s74;
  for (const char* id : {"B21.33", "B22.28", "B11.34"}) set_marker(taken, hex(id), kControl, kGerman + 1);
  EXPECT_EQ(rules().outcome(taken)["winner"], "German");
  // 7.6 starts with the Germans holding Rochefort and LaRoche (named by place).
  const State s76 = rules().setup(scenario_index("7.6"), 1);
  EXPECT_EQ(core::hex_marker_value(s76, hex("A34.27"), kControl), kGerman + 1);
}

// Decision A47: the seed's VP list stops at Hotton; the Map B towns hexfront adds must
// put every 6.0 level within reach and score history near the seed's Draw (26).
TEST(Ard2Rules, TheReconstructedVpListScoresHistoryNearTheDrawAndLeavesEveryLevelInReach) {
  auto german_with = [&](const char* scenario, std::initializer_list<const char*> ids) {
    State s = rules().setup(scenario_index(scenario), 1);
    for (const char* id : ids) set_marker(s, hex(id), kControl, kGerman + 1);
    return rules().outcome(s);
  };
  // Given 7.1 with the Germans holding what they held at the end of 24 December 1944
  // (St. Hubert, Rochefort, LaRoche; St. Vith, Vielsalm, Berg Reuland, Houffalize,
  // Wiltz, Clervaux, Diekirch, Ettelbruck, Echternach), the total is 23: one short of
  // the Draw the seed reports for history.
  const nlohmann::json history = german_with("7.1", {"A24.17", "A17.26", "A34.27", "B21.33", "B11.34", "B22.28",
                                                     "B5.24", "B11.13", "B17.19", "B22.06", "B20.05", "B35.03"});
  EXPECT_EQ(history["vp"], 23);
  EXPECT_EQ(history["level"], "Minor Allied Victory");
  // Every VP hex German: the Major German Victory (33) is there to be won.
  State all = rules().setup(scenario_index("7.1"), 1);
  for (core::Hex h : rules().board().vp_hexes()) set_marker(all, h, kControl, kGerman + 1);
  EXPECT_EQ(rules().outcome(all)["vp"], 50);
  EXPECT_EQ(rules().outcome(all)["level"], "Major German Victory");
  // 7.3's area (Map B from row 36 on) holds Stavelot, Malmedy, Spa, Verviers and Theux,
  // 2 each: four make a Draw, all five the Major German Win before any exit VP.
  EXPECT_EQ(german_with("7.3", {"B12.41", "B17.43", "B9.48", "B9.54"})["level"], "Draw");
  EXPECT_EQ(german_with("7.3", {"B12.41", "B17.43", "B9.48", "B9.54", "B6.50"})["winner"], "German");
  // 7.2 (Map B only): its towns alone reach a German win (29).
  State map_b = rules().setup(scenario_index("7.2"), 1);
  for (core::Hex h : rules().board().vp_hexes())
    if (rules().in_play(map_b, h)) set_marker(map_b, h, kControl, kGerman + 1);
  EXPECT_EQ(rules().outcome(map_b)["vp"], 32);
  EXPECT_EQ(rules().outcome(map_b)["winner"], "German");
}

TEST(Ard2Rules, TheRulesInterfaceListsTheVpTablesHexesNotTheMapsMarks) {
  // Given the VP table (whose towns the test map mostly does not mark), when a reader
  // outside the module asks core::Rules for the VP hexes, then it gets the table's.
  const core::Rules& generic = rules();
  const std::vector<core::VpHex> list = generic.vp_hexes();
  auto vp_of = [&](const char* id) {
    for (const core::VpHex& v : list)
      if (v.hex == hex(id)) return v.vp;
    return 0;
  };
  EXPECT_EQ(vp_of("A27.33"), 1);  // Hotton (value assumed)
  EXPECT_EQ(vp_of("B21.33"), 3);  // St. Vith
  EXPECT_EQ(vp_of("B1.16"), 3);   // Bastogne
  EXPECT_EQ(vp_of("A20.20"), 0);
  EXPECT_EQ(list.size(), rules().board().vp_hexes().size());
  for (const core::VpHex& v : list) EXPECT_EQ(v.vp, rules().board().vp(v.hex));
}

TEST(Ard2Rules, Setup75PlacesEveryUnitOfTheScenario) {
  const int sc = scenario_index("7.5");
  ASSERT_GE(sc, 0);
  const State s = rules().setup(sc, 1);
  const auto j = scenario_json("7.5");
  for (const auto& line : j["setup"]) {
    const UnitId u = unit(s, line["unit"].get<std::string>().c_str());
    ASSERT_NE(u, core::kNoUnit) << line["unit"];
    EXPECT_EQ(s.units[u].where, core::Where::OnMap);
    EXPECT_EQ(core::hex_name(rules(), s.units[u].hex), line["hex"].get<std::string>()) << line["unit"];
  }
  for (const auto& line : j["reinforcements"]) {
    const UnitId u = unit(s, line["unit"].get<std::string>().c_str());
    ASSERT_NE(u, core::kNoUnit) << line["unit"];
    EXPECT_EQ(s.units[u].where, core::Where::Pool);
    EXPECT_EQ(s.units[u].arrival_turn, line["turn"].get<int>());
  }
  // ARD2 2.1: the Pre-Turn ran by itself; the German player moves first.
  EXPECT_EQ(s.turn, 4);
  EXPECT_EQ(rules().to_act(s), kGerman);
  EXPECT_EQ(Step(s.top().step), Step::GermanMovement);
  EXPECT_TRUE(rules().check_invariants(s).empty());
}

TEST(Ard2Rules, MoveThenEndPhase) {
  core::Game g(rules(), scenario_index("7.5"), 2);
  core::ActionList acts;
  rules().legal_actions(g.state(), acts);
  const auto move = std::find_if(acts.begin(), acts.end(), [](const Action& a) { return a.type == kMove; });
  ASSERT_NE(move, acts.end());
  const Action m = *move;
  ASSERT_FALSE(g.apply(m));
  EXPECT_EQ(g.state().units[m.unit].hex, m.hex);
  EXPECT_TRUE(g.state().units[m.unit].flags & kMoved);
  ASSERT_FALSE(g.apply(Action{kEndPhase, core::kNoUnit, {}, 0}));
  EXPECT_NE(Step(g.state().stack[0].step), Step::GermanMovement);
  EXPECT_FALSE(g.state().units[m.unit].flags & kInEntryArea);
  EXPECT_TRUE(rules().check_invariants(g.state()).empty());
}

// A German tank next to a lone US Mech unit in the German Combat Phase.
State duel() {
  State s = rules().setup(scenario_index("7.5"), 3);
  const UnitId us = unit(s, "9Arm.Tank.Harper"), ger = unit(s, "2Pz.Pz.I/3");
  for (UnitId u = 0; u < s.unit_count; ++u)
    if (u != us && u != ger) s.units[u].where = core::Where::Eliminated;
  s.units[us] = core::UnitState{hex("B6.17"), core::Where::OnMap, 0, s.units[us].def, 0, 0, 0, 0};
  s.units[ger] = core::UnitState{hex("B7.17"), core::Where::OnMap, 0, s.units[ger].def, 0, 0, 0, 0};
  s.stack[0] = core::Frame{uint16_t(Step::GermanCombat), kGerman, 0, 0, 0};
  return s;
}

TEST(Ard2Rules, AttackWithForcedDiceAndTheDefendersChoice) {
  const State start = duel();
  const UnitId us = unit(start, "9Arm.Tank.Harper"), ger = unit(start, "2Pz.Pz.I/3");
  ASSERT_NE(us, core::kNoUnit);
  ASSERT_NE(ger, core::kNoUnit);
  core::Game g(rules(), start);
  ASSERT_FALSE(g.apply(Action{kDeclareAttack, core::kNoUnit, hex("B6.17"), 0}));
  ASSERT_FALSE(g.apply(Action{kAddAttacker, ger, {}, 0}));
  ASSERT_FALSE(g.apply(Action{kResolveAttack, core::kNoUnit, {}, 0}));
  // ARD2 3.2: a Mech defender in Open, not DG, chooses Hold or Retreat.
  EXPECT_EQ(g.state().top().step, kDefenderChoice);
  EXPECT_EQ(rules().to_act(g.state()), kAllied);
  core::ActionList acts;
  rules().legal_actions(g.state(), acts);
  EXPECT_TRUE(has(acts, Action{kHold, core::kNoUnit, {}, 0}));
  EXPECT_TRUE(has(acts, Action{kRetreat, core::kNoUnit, {}, 0}));
  // The expected result of a roll of 12 at these odds.
  scs::Crt crt;
  nlohmann::json table;
  std::string err;
  ASSERT_TRUE(read_json(data_root() + "/games/ard2/tables/crt.json", table, err)) << err;
  ASSERT_TRUE(scs::crt_from_table(table, crt, err)) << err;
  const CombatOutcome want = resolve_combat(rules().position(g.state()), crt, {ger}, hex("B6.17"), 12);
  ASSERT_FALSE(g.force_dice({6, 6}));
  std::vector<core::Event> events;
  ASSERT_FALSE(g.apply(Action{kHold, core::kNoUnit, {}, 0}, &events));
  const auto combat = std::find_if(events.begin(), events.end(), [](const core::Event& e) { return e.kind == "combat"; });
  ASSERT_NE(combat, events.end());
  EXPECT_EQ(combat->data["roll"], 12);
  EXPECT_EQ(combat->data["result"], scs::to_string(want.result));
  EXPECT_EQ(int(g.state().units[ger].steps_lost), std::min(want.attacker_steps, 2));
  if (want.defender_steps >= 2) {
    EXPECT_EQ(g.state().units[us].where, core::Where::Eliminated);
  } else {
    EXPECT_EQ(int(g.state().units[us].steps_lost), want.defender_steps);
    // A surviving defender owes its retreat (a frame of the Allied player) or is done.
    if (want.retreat > 0) {
      EXPECT_EQ(rules().to_act(g.state()), kAllied);
    }
  }
  EXPECT_TRUE(rules().check_invariants(g.state()).empty());
}

TEST(Ard2Rules, ChosenRetreatMovesTheDefenderWithoutDice) {
  core::Game g(rules(), duel());
  const UnitId us = unit(g.state(), "9Arm.Tank.Harper"), ger = unit(g.state(), "2Pz.Pz.I/3");
  ASSERT_FALSE(g.apply(Action{kDeclareAttack, core::kNoUnit, hex("B6.17"), 0}));
  ASSERT_FALSE(g.apply(Action{kAddAttacker, ger, {}, 0}));
  ASSERT_FALSE(g.apply(Action{kResolveAttack, core::kNoUnit, {}, 0}));
  const uint32_t rolls = g.state().rolls;
  ASSERT_FALSE(g.apply(Action{kRetreat, core::kNoUnit, {}, 0}));
  EXPECT_EQ(g.state().top().step, kRetreatStep);
  for (int i = 0; i < kVoluntaryRetreat; ++i) {
    core::ActionList acts;
    rules().legal_actions(g.state(), acts);
    ASSERT_FALSE(acts.empty());
    ASSERT_EQ(acts[0].type, kRetreatTo);
    ASSERT_FALSE(g.apply(acts[0]));
  }
  EXPECT_EQ(g.state().rolls, rolls);
  EXPECT_EQ(core::distance(g.state().units[us].hex, hex("B6.17")), kVoluntaryRetreat);
  EXPECT_EQ(rules().to_act(g.state()), kGerman);
}

TEST(Ard2Rules, IllegalActionsCiteTheirRule) {
  core::Game g(rules(), scenario_index("7.5"), 4);
  const UnitId us = unit(g.state(), "9Arm.Tank.Harper");
  // Not your unit: the German player is moving.
  auto err = g.apply(Action{kMove, us, hex("B6.16"), 0});
  ASSERT_TRUE(err);
  EXPECT_EQ(err->rule, "ARD2 2.1");
  // Out of reach.
  const UnitId ger = unit(g.state(), "2Pz.Pz.I/3");
  err = g.apply(Action{kMove, ger, hex("A33.11"), 0});
  ASSERT_TRUE(err);
  EXPECT_EQ(err->rule, "ARD2 3.1");
  // Wrong phase: no attacks in the Movement Phase.
  err = g.apply(Action{kDeclareAttack, core::kNoUnit, hex("B6.17"), 0});
  ASSERT_TRUE(err);
  EXPECT_EQ(err->rule, "ARD2 2.1");
  // Not adjacent: the German tank stands two hexes away.
  State s = duel();
  s.units[unit(s, "2Pz.Pz.I/3")].hex = hex("B8.17");
  core::Game c(rules(), s);
  err = c.apply(Action{kDeclareAttack, core::kNoUnit, hex("B6.17"), 0});
  ASSERT_TRUE(err);
  EXPECT_EQ(err->rule, "ARD2 3.2");
  EXPECT_NE(err->message.find("adjacent"), std::string::npos) << err->message;
}

// Random legal play to the end: no dead end, no broken invariant, and the record
// replays to the same hashes.
void random_game(const std::string& id, uint64_t seed, int& attacks, std::map<int, int>* types = nullptr) {
  core::Game g(rules(), scenario_index(id), seed);
  std::mt19937_64 rng(seed);
  core::ActionList acts;
  for (int n = 0; n < 200000 && !g.state().over; ++n) {
    rules().legal_actions(g.state(), acts);
    ASSERT_FALSE(acts.empty()) << id << ": dead end at " << rules().prompt(g.state()).phase;
    ASSERT_NE(rules().to_act(g.state()), core::kNoSide);
    // End a phase one time in five when possible, so games stay short.
    const auto end = std::find_if(acts.begin(), acts.end(), [](const Action& a) { return a.type == kEndPhase; });
    const Action a = end != acts.end() && rng() % 5 == 0 ? *end : acts[rng() % acts.size()];
    if (types) ++(*types)[a.type];
    const auto err = g.apply(a);
    ASSERT_FALSE(err) << err->message;
    const auto bad = rules().check_invariants(g.state());
    ASSERT_TRUE(bad.empty()) << id << ": " << bad[0] << " after " << rules().action_to_json(g.state(), a).dump();
  }
  ASSERT_TRUE(g.state().over) << id;
  EXPECT_EQ(g.state().turn, rules().scenarios()[size_t(scenario_index(id))].last_turn);

  const auto out = rules().outcome(g.state());
  EXPECT_TRUE(out.contains("level")) << out.dump();
  core::Error err;
  const auto again = core::Game::replay(rules(), g.record(), true, err);
  ASSERT_TRUE(again) << err.message;
  EXPECT_EQ(again->hash(), g.hash());
  attacks += g.state().ext<Ext>().attacks;
}

TEST(Ard2Rules, RandomPlay75ToTheEnd) {
  int attacks = 0;
  std::map<int, int> types;
  for (uint64_t seed : {11u, 12u, 13u}) random_game("7.5", seed, attacks, &types);
  EXPECT_GT(attacks, 0);
  // the advance after combat (3.2) is reached in random play
  EXPECT_GT(types[kAdvance] + types[kEndAdvance], 0);
}

TEST(Ard2Rules, RandomPlaySmallScenariosToTheEnd) {
  int attacks = 0;
  for (const char* id : {"7.4", "7.6"}) random_game(id, 5, attacks);
}

}  // namespace
}  // namespace ard2
