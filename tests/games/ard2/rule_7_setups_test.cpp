// ARD2 7.1-7.6 and the errata: every scenario file, loaded on the real map, sets up
// exactly what it lists: each unit on its hex (or within its radius), with its printed
// losses and DG marks; each arrival waiting in the pool for its turn; the scenario's own
// first turn with the German player to move.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/game.h"

#include "core/map.h"
#include "games/ard2/ard2_rules.h"
#include "games/ard2/data.h"
#include "games/ard2/sequence.h"
#include "load_on_map.h"

namespace ard2 {
namespace {

using core::State;
using core::UnitId;
using core::Where;
using nlohmann::json;

const Ard2Rules& rules() { return test::real_rules(); }

json scenario_file(const std::string& id) {
  json j;
  std::string err;
  EXPECT_TRUE(read_json(data_root() + "/games/ard2/scenarios/" + id + ".json", j, err)) << err;
  return j;
}

core::Hex hx(const std::string& id) { return *core::find_hex(rules(), id); }

class ScenarioSetup : public ::testing::TestWithParam<int> {};

TEST_P(ScenarioSetup, EveryListedUnitStandsWhereTheFileSays) {
  const auto& info = rules().scenarios()[size_t(GetParam())];
  const json file = scenario_file(info.id);
  const State s = rules().setup(GetParam(), 5);
  for (const json& line : file["setup"]) {
    const std::string name = line["unit"];
    const UnitId u = core::find_unit(rules(), s, name);
    ASSERT_NE(u, core::kNoUnit) << info.id << " " << name;
    const auto& us = s.units[u];
    ASSERT_EQ(us.where, Where::OnMap) << info.id << " " << name;
    if (line.contains("within")) {  // 7.4: "within 1 of" a hex (placed in it, assumed)
      EXPECT_LE(core::distance(us.hex, hx(line["of"])), line["within"].get<int>()) << info.id << " " << name;
    } else {
      EXPECT_EQ(core::hex_name(rules(), us.hex), line["hex"].get<std::string>()) << info.id << " " << name;
    }
    EXPECT_EQ(us.steps_lost, line.value("steps_lost", 0)) << info.id << " " << name;
    const bool dg_listed = line.contains("status") && line["status"].dump().find("DG") != std::string::npos;
    if (dg_listed) {
      EXPECT_TRUE(us.flags & kDG) << info.id << " " << name << " is set up DG";
    }
  }
}

TEST_P(ScenarioSetup, EveryArrivalWaitsForItsTurn) {
  const auto& info = rules().scenarios()[size_t(GetParam())];
  const json file = scenario_file(info.id);
  const State s = rules().setup(GetParam(), 5);
  for (const json& line : file["reinforcements"]) {
    const std::string name = line["unit"];
    const UnitId u = core::find_unit(rules(), s, name);
    ASSERT_NE(u, core::kNoUnit) << info.id << " " << name;
    // An arrival due on the first turn may already stand on the map after its Pre-Turn.
    if (line["turn"].get<int>() <= file["first_turn"].get<int>() && s.units[u].where == Where::OnMap) continue;
    EXPECT_EQ(s.units[u].where, Where::Pool) << info.id << " " << name;
    EXPECT_EQ(s.units[u].arrival_turn, line["turn"].get<int>()) << info.id << " " << name;
  }
  // ERRATA 7.3 #2: the cancelled US Turn 4 arrivals never come.
  for (const json& line : file.value("cancelled_reinforcements", json::array())) {
    const UnitId u = core::find_unit(rules(), s, line["unit"].get<std::string>());
    if (u != core::kNoUnit) {
      EXPECT_NE(s.units[u].where, Where::Pool) << info.id << " " << line["unit"];
    }
  }
}

TEST_P(ScenarioSetup, TheGermanPlayerMovesFirstOnTheScenariosFirstTurn) {
  const auto& info = rules().scenarios()[size_t(GetParam())];
  const json file = scenario_file(info.id);
  const State s = rules().setup(GetParam(), 5);
  EXPECT_EQ(s.turn, file["first_turn"].get<int>());
  EXPECT_EQ(info.last_turn, file["last_turn"].get<int>());
  EXPECT_TRUE(rules().check_invariants(s).empty()) << info.id;
  // The Pre-Turn may stop for a choice (the US Air Supply step, vdH's drop hex); past it,
  // the German Movement Phase comes first (ARD2 7.0).
  core::Game g(rules(), s);
  for (int guard = 0; guard < 20 && Step(g.state().stack[0].step) < Step::GermanBarrageRemoval; ++guard) {
    EXPECT_LT(Step(g.state().stack[0].step), Step::DgRemoval) << info.id;
    core::ActionList acts;
    rules().legal_actions(g.state(), acts);
    ASSERT_FALSE(acts.empty()) << info.id;
    const core::Action end{kEndPhase, core::kNoUnit, {}, 0};
    const bool can_end = std::find(acts.begin(), acts.end(), end) != acts.end();
    ASSERT_FALSE(g.apply(can_end ? end : acts.front())) << info.id;
  }
  EXPECT_EQ(g.state().turn, file["first_turn"].get<int>());
  EXPECT_EQ(rules().to_act(g.state()), kGerman) << info.id;
  EXPECT_EQ(Step(g.state().stack[0].step), Step::GermanMovement) << info.id;
}

INSTANTIATE_TEST_SUITE_P(Ard2, ScenarioSetup, ::testing::Range(0, 6), [](const auto& p) {
  std::string id = rules().scenarios()[size_t(p.param)].id;
  for (char& c : id)
    if (c == '.') c = '_';
  return "Scenario" + id;
});

TEST(Rule_7_Errata, CorrectedSetUpHexesAreUsed) {
  // ERRATA 7.1 a/b, 7.3 a-e, 7.4 a/b, 7.6 c: the corrected hex wins over the printed one.
  const struct {
    const char* scenario;
    const char* unit;
    const char* hex;
  } cases[] = {
      {"7.1", "12SS.Pz.I/12", "B40.47"},   {"7.1", "12SS.PG.III/26", "B40.47"}, {"7.1", "12VG.Bicycle.12 Fus", "B35.40"},
      {"7.3", "12SS.Pz.I/12", "B34.45"},   {"7.3", "1SS.PG.III/2", "B31.38"},   {"7.3", "3FJ.FJ.A/9", "B31.37"},
      {"7.4", "18VG.Hetz.Renn", "B24.37"}, {"7.4", "Ind-A.Arty.174", "B20.34"}, {"7.6", "2SS.PG.III/4", "A40.33"},
      {"7.6", "2SS.Inf.4", "A40.33"},
  };
  for (const auto& c : cases) {
    const int index = test::scenario_index(rules(), c.scenario);
    ASSERT_GE(index, 0) << c.scenario;
    const State s = rules().setup(index, 5);
    const UnitId u = core::find_unit(rules(), s, c.unit);
    ASSERT_NE(u, core::kNoUnit) << c.scenario << " " << c.unit;
    EXPECT_EQ(core::hex_name(rules(), s.units[u].hex), c.hex) << c.scenario << " " << c.unit;
  }
  // ERRATA 7.3 a: A/9 starts with its printed loss.
  const int i73 = test::scenario_index(rules(), "7.3");
  const State s73 = rules().setup(i73, 5);
  EXPECT_EQ(s73.units[core::find_unit(rules(), s73, "3FJ.FJ.A/9")].steps_lost, 1);
}

}  // namespace
}  // namespace ard2
