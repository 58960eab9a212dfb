// Computer players: one interface for every AI, used by the server, the protocol
// (`ai {budget_ms}`), selfplay and the arena.
//
// A player hands out one action at a time, so a UI shows an AI's actions one by one
// like a human's. A player may plan a whole phase internally and then hand the plan
// out action by action; it re-plans whenever the state is not the one it expected
// (a die fell otherwise, the opponent answered an interrupt, the caller jumped).
//
// Determinism: every player draws from its own generator, seeded explicitly, and
// never from the state's (the state's generator holds the game's real future dice;
// a search reseeds its clones so it cannot peek at them). A wall-clock budget makes
// play depend on the machine's speed; tests and benches use iteration budgets.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/action.h"
#include "core/rules.h"
#include "core/state.h"

namespace ai {

// How long a player may think for one action. Whichever limit comes first stops it.
//
// The clock is a bank per game turn: a search player may think `ms` in all over one
// game turn (its whole player turn and its answers in the opponent's), so a player
// turn of even the largest scenario ends within it; iterations bound each planning.
struct Budget {
  int64_t ms = 5000;        // wall clock per game turn; <= 0: no clock limit
  int64_t iterations = 0;   // search iterations per planning; <= 0: no iteration limit
};

// A wall-clock deadline, checked cheaply inside search loops.
class Deadline {
 public:
  explicit Deadline(int64_t ms)
      : unlimited_(ms <= 0), end_(std::chrono::steady_clock::now() + std::chrono::milliseconds(ms)) {}
  explicit Deadline(std::chrono::steady_clock::time_point end) : unlimited_(false), end_(end) {}
  static Deadline none() { return Deadline(0); }
  static Deadline now() { return Deadline(std::chrono::steady_clock::now()); }
  // The sooner of this and `other` (none is the latest of all).
  Deadline earlier(const Deadline& other) const {
    if (unlimited_) return other;
    if (other.unlimited_) return *this;
    return Deadline(std::min(end_, other.end_));
  }
  bool passed() const { return !unlimited_ && std::chrono::steady_clock::now() >= end_; }
  bool unlimited() const { return unlimited_; }
  // A deadline `fraction` of the way from now to this one (a share of what is left);
  // no clock stays none.
  Deadline share(double fraction) const {
    if (unlimited_) return *this;
    const auto now = std::chrono::steady_clock::now();
    const auto left = std::max(end_ - now, std::chrono::steady_clock::duration::zero());
    return Deadline(now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(left * fraction));
  }

 private:
  bool unlimited_;
  std::chrono::steady_clock::time_point end_;
};

// What a player did last, for logs, benches and the UI's "thinking" line.
struct Stats {
  int64_t iterations = 0;  // plans (or positions) evaluated by the last planning
  int64_t ms = 0;          // time spent by the last planning
  double value = 0;        // the evaluator's value of the chosen line, for the acting side
  bool planned = false;    // the action came from a plan of the whole phase, not the lookahead alone
};

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string_view name() const = 0;
  // The next action for the side to act in `s`, which must not be over. Always one
  // of rules.legal_actions(s).
  virtual core::Action act(const core::Rules& rules, const core::State& s, const Budget& budget) = 0;
  const Stats& stats() const { return stats_; }

 protected:
  Stats stats_;
};

// Names the factory knows: "random", "greedy-vp", "greedy", "search".
const std::vector<std::string>& player_names();
// The same names as one line for messages and help: "random, greedy-vp, greedy, search".
std::string player_list();

// A player by name, with its generator seeded from `seed` and the evaluator of
// `rules`' game; nullptr (and `error` set) for an unknown name.
std::unique_ptr<Player> make_player(std::string_view name, const core::Rules& rules, uint64_t seed,
                                    std::string* error = nullptr);

// For the protocol's `ai {budget_ms}` command: the next action of player `name` for
// the side to act, thinking for at most `budget_ms`. `player` keeps the player between
// calls (so a planned phase is handed out without re-planning); pass the same
// pointer for one game session. False (and `error` set) on an unknown name or a
// finished game.
bool ai_action(const core::Rules& rules, const core::State& s, std::string_view name, int64_t budget_ms,
               uint64_t seed, std::unique_ptr<Player>& player, core::Action& out, std::string* error = nullptr);

}  // namespace ai
