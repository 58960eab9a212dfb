#include "core/game.h"

#include <random>

#include "../games/toy/toy_fixture.h"
#include "core/state_json.h"

namespace core {
namespace {

using toy::testing::rules;

// Plays random legal actions to the end (or `cap` actions).
void play_randomly(Game& g, uint64_t seed, int cap = 2000) {
  std::mt19937_64 pick(seed);
  ActionList legal;
  for (int n = 0; n < cap && !g.state().over; ++n) {
    legal.clear();
    rules().legal_actions(g.state(), legal);
    ASSERT_FALSE(legal.empty()) << "dead end";
    ASSERT_EQ(g.apply(legal[pick() % legal.size()]), std::nullopt);
    ASSERT_TRUE(rules().check_invariants(g.state()).empty());
  }
}

Action end_phase() { return Action{toy::kEndPhase, kNoUnit, {}, 0}; }

TEST(Game, RefusalNamesTheRuleAndLeavesEverythingUnchanged) {
  Game g(rules(), 0, 5);
  const State before = g.state();
  const auto e = g.apply(Action{toy::kResolve, kNoUnit, {}, 0});
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->code, "illegal_action");
  EXPECT_EQ(e->rule, "TOY 1");
  EXPECT_EQ(std::memcmp(&before, &g.state(), sizeof(State)), 0);
  EXPECT_EQ(g.entries(), 0);
  EXPECT_TRUE(g.record()["actions"].empty());
}

TEST(Game, UndoGoesBackOneActionAtATime) {
  Game g(rules(), 0, 5);
  const uint64_t h0 = g.hash();
  ASSERT_FALSE(g.apply_json({{"type", "move"}, {"unit", "B1"}, {"hex", "A2.04"}}));
  const uint64_t h1 = g.hash();
  ASSERT_FALSE(g.apply(end_phase()));
  ASSERT_FALSE(g.undo());
  EXPECT_EQ(g.hash(), h1);
  ASSERT_FALSE(g.undo());
  EXPECT_EQ(g.hash(), h0);
  EXPECT_EQ(g.entries(), 0);
  EXPECT_EQ(g.undo()->code, "cannot_undo");
}

TEST(Game, AGameThatKeepsNoUndoRecordsTheSameAndTakesNothingBack) {
  // given two games of the same seed, one of them keeping no undo snapshots
  Game kept(rules(), 0, 5), bare(rules(), 0, 5);
  bare.keep_no_undo();
  // when both play the same move
  for (Game* g : {&kept, &bare}) ASSERT_FALSE(g->apply_json({{"type", "move"}, {"unit", "B1"}, {"hex", "A2.04"}}));
  // then they reach the same state and record, and only the first can take it back
  EXPECT_EQ(bare.hash(), kept.hash());
  EXPECT_EQ(bare.record(), kept.record());
  EXPECT_TRUE(kept.can_undo());
  EXPECT_FALSE(bare.can_undo());
  EXPECT_EQ(bare.undo()->code, "cannot_undo");
}

TEST(Game, UndoStopsAtADieRoll) {
  // given Blue about to resolve an attack
  nlohmann::json j = toy::testing::position(
      {{"B1", toy::testing::next_to("A6.02", 3)}, {"B2", toy::testing::next_to("A6.02", 2)}, {"R3", "A6.02"}, {"R1", "A8.08"}},
      "combat");
  Error err;
  Game g(rules(), *state_from_json(rules(), j, err));
  for (const nlohmann::json& a : {nlohmann::json{{"type", "declare_attack"}, {"hex", "A6.02"}},
                                 nlohmann::json{{"type", "add_attacker"}, {"unit", "B1"}},
                                 nlohmann::json{{"type", "add_attacker"}, {"unit", "B2"}}})
    ASSERT_FALSE(g.apply_json(a));
  EXPECT_TRUE(g.can_undo());
  std::vector<Event> events;
  ASSERT_FALSE(g.apply_json({{"type", "resolve"}}, &events));
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events[0].kind, "roll");
  // then nothing before the roll can be taken back
  EXPECT_FALSE(g.can_undo());
  EXPECT_EQ(g.undo()->code, "cannot_undo");
}

TEST(Game, ForcedDiceAreRecordedAndReplayed) {
  Game g(rules(), 0, 9);
  ASSERT_FALSE(g.force_dice({4, 4}));
  EXPECT_EQ(g.state().forced_count, 2);
  EXPECT_EQ(g.record()["actions"][0], nlohmann::json({{"dice", {4, 4}}}));
  EXPECT_TRUE(g.force_dice({0}).has_value());
  ASSERT_FALSE(g.apply(end_phase()));
  Error err;
  const auto again = Game::replay(rules(), g.record(), true, err);
  ASSERT_TRUE(again) << err.message;
  EXPECT_EQ(again->hash(), g.hash());
}

TEST(Game, RandomPlayReplaysToTheSameHashAtEveryStep) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Game g(rules(), 0, seed);
    play_randomly(g, seed * 7919);
    ASSERT_TRUE(g.state().over) << "runaway game, seed " << seed;
    const nlohmann::json record = g.record();
    EXPECT_EQ(record["hashes"].size(), record["actions"].size());
    for (bool validate : {true, false}) {
      Error err;
      const auto again = Game::replay(rules(), nlohmann::json::parse(record.dump()), validate, err);
      ASSERT_TRUE(again) << err.message;
      EXPECT_EQ(again->hash(), g.hash());
      EXPECT_EQ(again->record()["hashes"], record["hashes"]);
    }
  }
}

TEST(Game, EveryLegalActionRoundTripsThroughJsonAndUndoRestoresTheHash) {
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    Game g(rules(), 0, seed);
    std::mt19937_64 pick(seed);
    ActionList legal;
    while (!g.state().over) {
      legal.clear();
      rules().legal_actions(g.state(), legal);
      for (const Action& a : legal) {
        Error err;
        const auto back = rules().action_from_json(g.state(), rules().action_to_json(g.state(), a), err);
        ASSERT_TRUE(back) << err.message;
        EXPECT_EQ(*back, a) << rules().action_to_json(g.state(), a).dump();
      }
      const Action a = legal[pick() % legal.size()];
      const uint64_t before = g.hash();
      ASSERT_FALSE(g.apply(a));
      if (g.can_undo()) {
        const uint64_t after = g.hash();
        ASSERT_FALSE(g.undo());
        ASSERT_EQ(g.hash(), before);
        ASSERT_FALSE(g.apply(a));
        ASSERT_EQ(g.hash(), after);
      }
    }
  }
}

TEST(Game, ReplayReportsTheFirstDivergence) {
  Game g(rules(), 0, 3);
  play_randomly(g, 3, 10);
  nlohmann::json record = g.record();
  record["hashes"][4] = "0000000000000000";
  Error err;
  EXPECT_FALSE(Game::replay(rules(), record, true, err));
  EXPECT_NE(err.message.find("record.actions[4]: state hash"), std::string::npos) << err.message;
  record = g.record();
  record["actions"][0] = {{"type", "resolve"}};
  EXPECT_FALSE(Game::replay(rules(), record, true, err));
  EXPECT_NE(err.message.find("record.actions[0]: illegal"), std::string::npos) << err.message;
}

TEST(Game, AGameFromAPositionCarriesItInItsRecord) {
  const nlohmann::json start = toy::testing::position({{"B1", "A2.04"}, {"R1", "A8.08"}});
  Error err;
  Game g(rules(), *state_from_json(rules(), start, err));
  ASSERT_FALSE(g.apply(end_phase()));
  const nlohmann::json record = g.record();
  ASSERT_TRUE(record.contains("start"));
  const auto again = Game::replay(rules(), record, true, err);
  ASSERT_TRUE(again) << err.message;
  EXPECT_EQ(again->hash(), g.hash());
}

}  // namespace
}  // namespace core
