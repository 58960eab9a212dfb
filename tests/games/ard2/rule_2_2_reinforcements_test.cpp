// ARD2 2.2 Reinforcement Placement with SCS 5.0 and the Orders of Arrival: arrivals
// enter on their turn at their entry, wait a turn when it is blocked, conditional
// arrivals roll, and scheduled removals take units out of play. On the real map, since
// Entry Areas are map data.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/game.h"
#include "core/map.h"
#include "games/ard2/ard2_rules.h"
#include "games/ard2/sequence.h"
#include "load_on_map.h"

namespace ard2 {
namespace {

using core::State;
using core::UnitId;
using core::Where;

const Ard2Rules& rules() { return test::real_rules(); }
int scenario_of(const std::string& id) { return test::scenario_index(rules(), id); }

core::Hex hx(const char* id) { return *core::find_hex(rules(), id); }
UnitId unit_of(const State& s, const char* id) { return core::find_unit(rules(), s, id); }

// Scenario `id` at the end of `turn` - 1 (the US Exploitation Phase) with every unit out
// of play except `due`, which waits in the pool for `turn`.
State eve_of(const char* id, int turn, uint64_t seed, const std::vector<const char*>& due) {
  State s = rules().setup(scenario_of(id), seed);
  for (UnitId u = 0; u < s.unit_count; ++u) s.units[u].where = Where::Eliminated;
  for (const char* name : due) {
    const UnitId u = unit_of(s, name);
    EXPECT_NE(u, core::kNoUnit) << name;
    s.units[u].where = Where::Pool;
    s.units[u].arrival_turn = int16_t(turn);
  }
  s.hex_marker_count = 0;
  s.side_marker_count = 0;
  s.ext<Ext>() = Ext{};
  s.turn = int16_t(turn - 1);
  s.depth = 1;
  s.stack[0] = core::Frame{uint16_t(Step::UsExploitation), int8_t(kAllied), 0, 0, 0};
  return s;
}

// Ends the US Exploitation Phase, so the next turn's Pre-Turn runs; the US player
// declines to turn Air Strikes into Air Supply when asked (the step before arrivals).
core::Game next_turn(const State& s, std::vector<core::Event>* events = nullptr) {
  core::Game g(rules(), s);
  const core::Action end{kEndPhase, core::kNoUnit, {}, 0};
  auto err = g.apply(end, events);
  while (!err && Step(g.state().stack[0].step) == Step::AirSupply) err = g.apply(end, events);
  EXPECT_FALSE(err) << (err ? err->message : "");
  return g;
}

TEST(Rule_2_2_Reinforcements, AnArrivalEntersAtAHexOfItsEntryArea) {
  // Given 7.1's 4 Inf Luckett due on Turn 2 at Entry Area F,
  const State s = eve_of("7.1", 2, 3, {"4Inf.Inf.Luckett"});
  const UnitId luckett = unit_of(s, "4Inf.Inf.Luckett");
  // when Turn 2's Pre-Turn runs,
  const core::Game g = next_turn(s);
  // then it stands on a hex of Area F, marked as in its Entry Area, before the Germans move.
  const auto& u = g.state().units[luckett];
  ASSERT_EQ(u.where, Where::OnMap);
  const core::Area* f = rules().map().area("entry:F");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(std::find(f->hexes.begin(), f->hexes.end(), u.hex), f->hexes.end()) << core::hex_name(rules(), u.hex);
  EXPECT_TRUE(u.flags & kInEntryArea);
  EXPECT_EQ(g.state().turn, 2);
  EXPECT_EQ(Step(g.state().stack[0].step), Step::GermanMovement);
  EXPECT_TRUE(rules().check_invariants(g.state()).empty());
}

TEST(Rule_2_2_Reinforcements, ABlockedEntryHexMakesTheArrivalWaitATurn) {
  // Given 7.2's 99 Inf Bn due on Turn 2 at B1.47 (decision A29) and a German unit there,
  State s = eve_of("7.2", 2, 3, {"Ind-A.Inf.99"});
  const UnitId bn = unit_of(s, "Ind-A.Inf.99");
  const UnitId blocker = unit_of(s, "1SS.Pz.I/1");
  ASSERT_NE(blocker, core::kNoUnit);
  s.units[blocker].where = Where::OnMap;
  s.units[blocker].hex = hx("B1.47");
  // when Turn 2's Pre-Turn runs, then the battalion stays in the pool for Turn 3 (SCS 5.0,
  // assumed: a blocked arrival is delayed, never lost).
  const core::Game blocked = next_turn(s);
  EXPECT_EQ(blocked.state().units[bn].where, Where::Pool);
  EXPECT_EQ(blocked.state().units[bn].arrival_turn, 3);
  // Without the blocker it enters at B1.47 on Turn 2.
  s.units[blocker].where = Where::Eliminated;
  const core::Game free = next_turn(s);
  EXPECT_EQ(free.state().units[bn].where, Where::OnMap);
  EXPECT_EQ(free.state().units[bn].hex, hx("B1.47"));
}

TEST(Rule_2_2_Reinforcements, AConditionalArrivalComesOnlyOnItsRoll) {
  // Given 7.1's JgTg 653, due on Turn 3 (errata: the second "Turn 6" block) if a die
  // rolls 5 or 6, then over several games it arrives exactly when its logged roll is 5+.
  bool arrived = false, missed = false;
  for (uint64_t seed = 1; seed <= 24 && !(arrived && missed); ++seed) {
    const State s = eve_of("7.1", 3, seed, {"Ind-G.JgTg.653"});
    const UnitId jgtg = unit_of(s, "Ind-G.JgTg.653");
    std::vector<core::Event> events;
    const core::Game g = next_turn(s, &events);
    const auto roll = std::find_if(events.begin(), events.end(), [](const core::Event& e) {
      return e.kind == "roll" && e.text.find("arrival of") != std::string::npos;
    });
    ASSERT_NE(roll, events.end()) << "no arrival roll logged";
    const int die = roll->data.at("value").get<int>();
    const Where where = g.state().units[jgtg].where;
    if (die >= 5) {
      EXPECT_EQ(where, Where::OnMap) << "seed " << seed;
      arrived = true;
    } else {
      EXPECT_EQ(where, Where::Exited) << "seed " << seed << ": it never arrives";
      missed = true;
    }
  }
  EXPECT_TRUE(arrived && missed) << "both outcomes should occur over 24 seeds";
}

TEST(Rule_2_2_Reinforcements, ARemovalTakesTheUnitOutWhateverItsState) {
  // Given 7.1 at the end of Turn 11 with 10 Arm's Recon 90 on the map and Disorganized,
  State s = eve_of("7.1", 12, 3, {});
  const UnitId recon = unit_of(s, "10Arm.Recon.90");
  s.units[recon].where = Where::OnMap;
  s.units[recon].hex = hx("B1.16");
  s.units[recon].flags |= kDG;
  // when Turn 12's Reinforcement step runs (the OOA removes it on Turn 12),
  const core::Game g = next_turn(s);
  // then it has left play, and no action names it afterwards.
  EXPECT_EQ(g.state().units[recon].where, Where::Exited);
  core::ActionList acts;
  rules().legal_actions(g.state(), acts);
  EXPECT_TRUE(std::none_of(acts.begin(), acts.end(), [&](const core::Action& a) { return a.unit == recon; }));
}

TEST(Rule_2_2_Reinforcements, AnEliminatedUnitNeverReturns) {
  // ARD2 1.2: no rebuilding. Given Luckett due on Turn 2 and a Pz battalion eliminated on
  // Turn 1 (its arrival turn set as if it were due too), when Turn 2's Pre-Turn runs,
  State s = eve_of("7.1", 2, 3, {"4Inf.Inf.Luckett"});
  const UnitId pz = unit_of(s, "2Pz.Pz.I/3");
  s.units[pz].where = Where::Eliminated;
  s.units[pz].arrival_turn = 2;
  std::vector<core::Event> events;
  const core::Game g = next_turn(s, &events);
  // then only the arrival enters; the dead unit stays in the Dead Pile.
  EXPECT_EQ(g.state().units[pz].where, Where::Eliminated);
  EXPECT_EQ(g.state().units[unit_of(s, "4Inf.Inf.Luckett")].where, Where::OnMap);
  const int arrivals = int(std::count_if(events.begin(), events.end(), [](const core::Event& e) { return e.kind == "arrive"; }));
  EXPECT_EQ(arrivals, 1);
}

}  // namespace
}  // namespace ard2
