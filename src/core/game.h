// A game session: one State over one Rules, with the record of what was done, the
// state hash after each entry, the event log and undo. The protocol, the CLI and the
// tests play through it; the AI works on bare States and Rules::apply instead.
//
// The record ({"game","version","scenario","seed","actions","hashes"}) is all a game
// needs to be played again: `actions` holds action JSON and {"dice":[...]} entries
// for forced dice, `hashes` the state hash after each entry. A game started from a
// loaded position also carries that position as "start".
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "core/action.h"
#include "core/events.h"
#include "core/rules.h"
#include "core/state.h"

namespace core {

class Game {
 public:
  // A new game of scenario index `scenario` from `seed`.
  Game(const Rules& rules, int scenario, uint64_t seed);
  // A game from a position (a state JSON loaded by the caller).
  Game(const Rules& rules, const State& start);

  const Rules& rules() const { return *rules_; }
  const State& state() const { return state_; }

  // Applies `a` if legal_actions() lists it; else returns why not (naming the rule)
  // and changes nothing. The events of the action go to `events` (if given) and the log.
  std::optional<Error> apply(const Action& a, std::vector<Event>* events = nullptr);
  // The same, from the action's JSON form.
  std::optional<Error> apply_json(const nlohmann::json& action, std::vector<Event>* events = nullptr);

  // Queues forced die values (recorded, so a replay rolls the same).
  std::optional<Error> force_dice(const std::vector<int>& values);

  // Steps back one action. Refused past a die roll or a reveal (the player has seen
  // something), past forced dice, and at the start.
  bool can_undo() const { return !undo_.empty(); }
  std::optional<Error> undo();
  // A session no player undoes (the arena's AI games) keeps no snapshots: each copies
  // the whole state, and a Movement Phase of an army is thousands of actions.
  void keep_no_undo() { undo_kept_ = false; }

  uint64_t hash() const;
  nlohmann::json record() const;
  const std::vector<Event>& log() const { return log_; }
  int entries() const { return int(record_.size()); }

  // Plays a record again, checking the hash after every entry. With `validate` off,
  // actions are applied without the legality check (for speed; records we wrote).
  // With `stop_at`, the replay ends before the first action at whose state it returns
  // true (the die values recorded for that action are not queued either).
  static std::optional<Game> replay(const Rules& rules, const nlohmann::json& record, bool validate,
                                    Error& err, const std::function<bool(const State&)>& stop_at = {});

 private:
  void commit(nlohmann::json entry);

  const Rules* rules_;
  State state_;
  std::optional<nlohmann::json> start_;  // the loaded position, if not a scenario setup
  std::vector<nlohmann::json> record_;
  std::vector<uint64_t> hashes_;
  std::vector<Event> log_;
  bool undo_kept_ = true;
  // Undo snapshots: the state (and log length) before each action since the last
  // roll, reveal or forced dice.
  struct Snapshot {
    State state;
    size_t log_size;
  };
  std::vector<Snapshot> undo_;
  ActionList scratch_;
};

// Whether `a` is among the legal actions now (`scratch` is a reusable buffer).
bool is_legal(const Rules& rules, const State& s, const Action& a, ActionList& scratch);

}  // namespace core
