// AI against AI: whole games between two players, many seeds, both sides, on
// several threads; win rates with Wilson 95% intervals. The strength bench and
// selfplay with AI players are built on it.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ai/player.h"
#include "core/rules.h"

namespace ai {

struct GameResult {
  uint64_t seed = 0;
  int position = -1;           // index into MatchConfig::positions, or -1: the scenario's setup
  int winner = core::kNoSide;  // kNoSide: a draw, or cut at the action cap
  int level = 0;               // State::result_level
  std::string level_name;      // outcome()["level"] when the game names it
  double vp = 0;               // outcome()["vp"] when the game reports one
  int actions = 0;
  bool capped = false;         // stopped at max_actions before the end
  int64_t think_ms[2] = {0, 0};  // time spent in each side's act()
  int64_t decisions[2] = {0, 0};
  nlohmann::json record;       // the game's record (core::Game::record), when asked for
};

// The arena's cap on a game's actions: a game still running there is cut (capped).
inline constexpr int kMaxGameActions = 10000;

// Plays one game of `scenario` from `seed` to its end (or `max_actions`), players[i]
// playing side i. Every action is checked against legal_actions(): a player
// answering with an illegal action throws std::logic_error. With `keep_record` the
// result carries the game's record, which `hexfront replay` plays again.
GameResult play_game(const core::Rules& rules, int scenario, uint64_t seed, Player* players[2], const Budget& budget,
                     int max_actions = kMaxGameActions, bool keep_record = false);
// The same from a position: `start` with its dice seeded from `seed`, so one position
// played from several seeds gives games that differ from there on. The record carries
// the position (as "start") with those dice, so it replays.
GameResult play_game(const core::Rules& rules, const core::State& start, uint64_t seed, Player* players[2],
                     const Budget& budget, int max_actions = kMaxGameActions, bool keep_record = false);

// A 95% (z = 1.96) Wilson score interval for `wins` successes in `n` trials.
struct Interval {
  double low = 0, high = 0;
};
Interval wilson(int wins, int n, double z = 1.96);

// A position to play on from (a state JSON the caller loaded), with the name its lines
// and records go by (the file's name).
struct Position {
  std::string name;
  core::State state;
};

struct MatchConfig {
  std::string first, second;  // player names; `first` is the one being measured
  int scenario = 0;
  int seeds = 100;             // games per side: seeds x 2 games in all
  uint64_t first_seed = 1;
  Budget budget{0, 200};
  int threads = 1;
  int only_side = -1;  // 0 or 1: the first player plays only that side (seeds games)
  // Each game's record goes to the progress hook (GameResult::record) and is then
  // dropped, so a long match does not hold them all.
  bool records = false;
  // When not empty, the games start from these instead of the scenario's setup: each
  // position is played from every seed (and from each side asked for), its dice and
  // players seeded by the seed and the position together, so no two positions share a
  // stream of dice. Two builds given the same positions and seeds play the same
  // dice until their play differs: a paired measure of a change to a stretch of a game.
  std::vector<Position> positions = {};
};

// The first player's results against the second, from each side.
struct MatchResult {
  MatchConfig config;
  int games[2] = {0, 0};  // by the side the first player played
  int wins[2] = {0, 0};
  int draws[2] = {0, 0};
  int64_t think_ms = 0, decisions = 0;  // the first player's
  std::vector<GameResult> results;      // side 0 games first (those played), then by position and seed
};

// Plays seeds x 2 games: for each seed the first player takes side 0, then side 1;
// with `only_side` set, only the seeds games in which it takes that side. With
// positions, that many games from each of them.
// `progress` (if set) is called after each game with the side the first player took,
// from the worker thread but under the match's lock, so calls never overlap.
MatchResult run_match(const core::Rules& rules, const MatchConfig& config,
                      const std::function<void(const GameResult&, int first_side)>& progress = nullptr);

// One line per side played: "search vs greedy as Blue: 87/100 won 87.0% [79.0, 92.2]".
std::string describe(const core::Rules& rules, const MatchResult& r);

// With positions: one line per position and side played, the first player's wins there
// ("100041.json as German: 4/6"), to compare two builds position by position.
std::string positions_table(const core::Rules& rules, const MatchResult& r);

// For selfplay: a table of finished games by winner and victory level (with Wilson
// intervals) and the spread of victory points (min, mean, max, quartiles).
std::string results_table(const core::Rules& rules, const std::vector<GameResult>& results);

// The same VP as a text histogram: one line per VP value (or bin), with a bar of #.
std::string vp_histogram(const std::vector<GameResult>& results);

// An SVG histogram of the victory points of `results` (one bar per VP value, or per
// bin when the range is wide), titled `title`; self-contained, for `--plot FILE.svg`.
std::string vp_plot_svg(const std::vector<GameResult>& results, const std::string& title);

}  // namespace ai
