// The AI players on the toy game: legality over whole games, budgets, determinism,
// strength against random play, and the attack-combination search.
#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>

#include "../games/toy/toy_fixture.h"
#include "ai/arena.h"
#include "ai/players.h"

namespace ai {
namespace {

using toy::testing::rules;

// Iteration budgets keep tests fast and their results independent of the machine.
constexpr Budget kQuick{0, 40};

TEST(AiPlayers, TheFactoryKnowsEachNameAndRefusesOthers) {
  for (const std::string& name : player_names()) {
    auto p = make_player(name, rules(), 1);
    ASSERT_NE(p, nullptr) << name;
    EXPECT_EQ(p->name(), name);
  }
  std::string error;
  EXPECT_EQ(make_player("clever", rules(), 1, &error), nullptr);
  EXPECT_NE(error.find("clever"), std::string::npos);
}

TEST(AiPlayers, EveryPlayerPlaysOnlyLegalActionsToTheEndOfTheGame) {
  // play_game() checks every action against legal_actions() and throws on a bad one.
  for (const std::string& name : player_names()) {
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      auto me = make_player(name, rules(), seed);
      auto other = make_player("random", rules(), seed + 100);
      Player* players[2] = {me.get(), other.get()};
      if (seed % 2 == 0) std::swap(players[0], players[1]);
      GameResult r;
      ASSERT_NO_THROW(r = play_game(rules(), 0, seed, players, kQuick)) << name << " seed " << seed;
      EXPECT_FALSE(r.capped) << name << " seed " << seed;
      EXPECT_NE(r.winner, core::kNoSide);
    }
  }
}

TEST(AiPlayers, ThePlayerAnswersTheProtocolsAiCommand) {
  const core::State s = rules().setup(0, 7);
  std::unique_ptr<Player> kept;
  core::Action a;
  ASSERT_TRUE(ai_action(rules(), s, "greedy", 100, 7, kept, a));
  core::ActionList legal;
  rules().legal_actions(s, legal);
  EXPECT_NE(std::find(legal.begin(), legal.end(), a), legal.end());
  std::string error;
  EXPECT_FALSE(ai_action(rules(), s, "nobody", 100, 7, kept, a, &error));
}

TEST(AiSearch, IsDeterministicGivenItsSeedAndAnIterationBudget) {
  auto play = [](uint64_t seed) {
    SearchPlayer a(rules(), seed), b(rules(), seed + 1);
    Player* players[2] = {&a, &b};
    return play_game(rules(), 0, 5, players, kQuick);
  };
  const GameResult first = play(11), second = play(11);
  EXPECT_EQ(first.actions, second.actions);
  EXPECT_EQ(first.winner, second.winner);
}

// The milliseconds a search player takes for its first action of the toy's set-up.
int64_t first_action_ms(SearchPlayer& p, const Budget& budget) {
  const auto start = std::chrono::steady_clock::now();
  p.act(rules(), rules().setup(0, 3), budget);
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
}

TEST(AiSearch, StopsWithinItsWallClockBudget) {
  SearchPlayer p(rules(), 3);
  // One decode past the deadline at most, and a decode of the toy takes well under 10 ms.
  EXPECT_LT(first_action_ms(p, Budget{60, 0}), 60 + 100);
  EXPECT_GT(p.stats().iterations, 1);
}

TEST(AiSearch, APlanningLeavesMostOfTheTurnsClockToWhatFollows) {
  // The clock is a bank per game turn; the first phase's planning must not spend it
  // all, or every later phase of the turn is ended unplayed (search_player.cpp, 7).
  SearchPlayer p(rules(), 3);
  // Its share (3/10 of the 900 ms bank) and a decode past it.
  EXPECT_LT(first_action_ms(p, Budget{1000, 0}), 600);
  EXPECT_GT(p.stats().iterations, 1);
}

TEST(AiSearch, TheTurnsBankIsSpentOnlyByItsOwnThinking) {
  // In a server game the opponent may be a human who takes minutes between two of the
  // AI's actions in one game turn; that wait must not spend the AI's bank.
  SearchPlayer p(rules(), 3);
  const Budget budget{200, 0};
  first_action_ms(p, budget);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const core::State other = rules().setup(0, 4);  // the same turn, not the state it planned for
  ASSERT_EQ(other.turn, rules().setup(0, 3).turn);
  p.act(rules(), other, budget);
  // It planned, for its share of the 180 ms bank less the first call's share (about
  // 38 ms); hurry() would have ended the phase at once.
  EXPECT_GT(p.stats().iterations, 0);
  EXPECT_GE(p.stats().ms, 10);
}

TEST(AiSearch, AShareOfADeadlineEndsBeforeItAndNoClockStaysNone) {
  EXPECT_TRUE(Deadline::none().share(0.3).unlimited());
  const Deadline far(60000);
  EXPECT_FALSE(far.share(0.3).passed());
  EXPECT_TRUE(far.share(0.0).passed());
  const Deadline spent(std::chrono::steady_clock::now() - std::chrono::milliseconds(5));
  EXPECT_TRUE(spent.share(0.5).passed());  // nothing is left to share
}

TEST(AiSearch, StopsAtItsIterationBudget) {
  SearchPlayer p(rules(), 3);
  p.act(rules(), rules().setup(0, 3), Budget{0, 25});
  EXPECT_EQ(p.stats().iterations, 25);
}

TEST(AiSearch, BeatsRandomPlayFromBothSides) {
  // Random Blue never wins against a defender that stays in Toyville, so from Blue's
  // side the test asks search to win most games against random Red.
  MatchConfig config{"search", "random", 0, 8, 1000, kQuick, 1};
  const MatchResult m = run_match(rules(), config);
  EXPECT_GE(m.wins[0], 6) << describe(rules(), m);
  EXPECT_GE(m.wins[1], 8) << describe(rules(), m);
}

TEST(AiTactics, TheAttackCombinationSearchTakesTheBestOdds) {
  using toy::testing::load;
  using toy::testing::next_to;
  using toy::testing::position;
  // given Red's R1 (defense 4) in the clear, B4 (attack 6), B1 and B2 (4 each) next to
  // it: B4 alone would resolve at 1:1, B4 with either infantry at 2:1 (the CRT's best)
  const std::string target = "A6.02";
  core::State s = load(position(
      {{"R1", target}, {"B4", next_to(target, 3)}, {"B1", next_to(target, 2)}, {"B2", next_to(target, 4)}}, "combat"));
  // when the greedy player, which follows an attack being built to its end, plays
  // until it resolves
  GreedyPlayer p(rules(), 5);
  core::Events none;
  for (int i = 0; i < 10; ++i) {
    const core::Action a = p.act(rules(), s, kQuick);
    if (rules().action_names()[a.type] == "resolve") break;
    rules().apply(s, a, none);
  }
  // then it attacks R1 at 2:1
  std::vector<core::UnitId> attackers;
  for (core::UnitId u = 0; u < s.unit_count; ++u)
    if (s.units[u].flags & toy::kAttacking) attackers.push_back(u);
  EXPECT_EQ(rules().odds(s, attackers, toy::testing::hex(target))["odds"], "2:1");
}

TEST(AiTactics, DrawsAsManyAsTheDiesFacesAverageOverEveryFaceWhateverTheSeed) {
  using toy::testing::load;
  using toy::testing::next_to;
  using toy::testing::position;
  // given B4 (attack 6) alone against R1 (defense 4): a 1:1 attack, whose d6 gives
  // every result from an attacker loss to an elimination
  const std::string target = "A6.02";
  core::State s = load(position({{"R1", target}, {"B4", next_to(target, 3)}}, "combat"));
  core::Events none;
  rules().apply(s, toy::testing::act(s, {{"type", "declare_attack"}, {"hex", target}}), none);
  rules().apply(s, toy::testing::act(s, {{"type", "add_attacker"}, {"unit", "B4"}}), none);
  const core::Action resolve = toy::testing::act(s, {{"type", "resolve"}});
  auto eval = make_evaluator(rules());
  Simulator sim(rules(), *eval);
  // when the resolution is judged over six draws, under seeds that draw other dice
  sim.set_limits(6, 4000);
  std::set<double> values;
  for (uint64_t seed = 1; seed <= 12; ++seed) values.insert(sim.action_value(s, resolve, 0, seed));
  // then each face is drawn once: the value is the same (stratified dice, simulator.h)
  EXPECT_EQ(values.size(), 1u);
  // while a single draw does depend on the seed: the die's results differ in value
  sim.set_limits(1, 4000);
  std::set<double> single;
  for (uint64_t seed = 1; seed <= 24; ++seed) single.insert(sim.action_value(s, resolve, 0, seed));
  EXPECT_GT(single.size(), 1u) << "one draw sees several results";
}

TEST(AiArena, WilsonIntervalsMatchTheTextbook) {
  const Interval half = wilson(50, 100);
  EXPECT_NEAR(half.low, 0.4038, 1e-3);
  EXPECT_NEAR(half.high, 0.5962, 1e-3);
  const Interval all = wilson(20, 20);
  EXPECT_NEAR(all.low, 0.8389, 1e-3);
  EXPECT_DOUBLE_EQ(all.high, 1.0);
}

}  // namespace
}  // namespace ai
