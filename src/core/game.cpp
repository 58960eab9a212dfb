#include "core/game.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "core/dice.h"
#include "core/state_json.h"

namespace core {

using nlohmann::json;

bool is_legal(const Rules& rules, const State& s, const Action& a, ActionList& scratch) {
  scratch.clear();
  rules.legal_actions(s, scratch);
  return std::find(scratch.begin(), scratch.end(), a) != scratch.end();
}

Game::Game(const Rules& rules, int scenario, uint64_t seed)
    : rules_(&rules), state_(rules.setup(scenario, seed)) {}

Game::Game(const Rules& rules, const State& start)
    : rules_(&rules), state_(start), start_(state_to_json(rules, start)) {}

uint64_t Game::hash() const { return hash_state(state_); }

void Game::commit(json entry) {
  record_.push_back(std::move(entry));
  hashes_.push_back(hash_state(state_));
}

std::optional<Error> Game::apply(const Action& a, std::vector<Event>* events) {
  if (!is_legal(*rules_, state_, a, scratch_)) return rules_->explain_illegal(state_, a);
  json entry = rules_->action_to_json(state_, a);
  // The state before goes on the undo stack first, so that it is copied once; a rule
  // that throws halfway is undone from it and leaves the session as it was.
  undo_.emplace_back(state_, log_.size());
  std::vector<Event> fresh;
  Events ev(&fresh);
  try {
    rules_->apply(state_, a, ev);
  } catch (...) {
    state_ = undo_.back().state;
    undo_.pop_back();
    throw;
  }
  const State& before = undo_.back().state;
  if (!undo_kept_ || state_.rolls != before.rolls || state_.reveals != before.reveals) undo_.clear();
  commit(std::move(entry));
  if (events) events->insert(events->end(), fresh.begin(), fresh.end());
  log_.insert(log_.end(), std::make_move_iterator(fresh.begin()), std::make_move_iterator(fresh.end()));
  return std::nullopt;
}

std::optional<Error> Game::apply_json(const json& action, std::vector<Event>* events) {
  Error err;
  const auto a = rules_->action_from_json(state_, action, err);
  if (!a) return err;
  return apply(*a, events);
}

std::optional<Error> Game::force_dice(const std::vector<int>& values) {
  if (values.empty()) return Error{"bad_request", "dice: give at least one value", ""};
  if (!core::force_dice(state_, values.data(), int(values.size())))
    return Error{"bad_request",
                 fmt::format("dice: values must be 1..255 and at most {} may wait", State::kMaxForcedDice), ""};
  undo_.clear();
  commit(json{{"dice", values}});
  return std::nullopt;
}

std::optional<Error> Game::undo() {
  if (undo_.empty()) {
    const char* why = record_.empty() ? "nothing to undo"
                                      : "undo stops at a die roll, a reveal or forced dice";
    return Error{"cannot_undo", why, ""};
  }
  state_ = undo_.back().state;
  log_.resize(undo_.back().log_size);
  undo_.pop_back();
  record_.pop_back();
  hashes_.pop_back();
  return std::nullopt;
}

json Game::record() const {
  json j;
  j["game"] = rules_->info().id;
  j["version"] = rules_->info().version;
  const auto& scenarios = rules_->scenarios();
  j["scenario"] = state_.scenario < scenarios.size() ? scenarios[state_.scenario].id : "";
  j["seed"] = std::to_string(state_.seed);
  if (start_) j["start"] = *start_;
  j["actions"] = record_;
  json hashes = json::array();
  for (uint64_t h : hashes_) hashes.push_back(hash_string(h));
  j["hashes"] = hashes;
  return j;
}

namespace {

std::optional<uint64_t> parse_u64(const json& v) {
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (!v.is_string()) return std::nullopt;
  const std::string s = v.get<std::string>();
  uint64_t x = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return x;
}

}  // namespace

std::optional<Game> Game::replay(const Rules& rules, const json& record, bool validate, Error& err,
                                 const std::function<bool(const State&)>& stop_at) {
  auto fail = [&](std::string msg) {
    err = {"bad_record", std::move(msg), ""};
    return std::nullopt;
  };
  if (!record.is_object()) return fail("record: not a JSON object");
  if (record.value("game", "") != rules.info().id)
    return fail("record.game: not \"" + rules.info().id + "\"");
  if (!record.contains("actions") || !record["actions"].is_array()) return fail("record.actions: missing");
  const json* hashes = record.contains("hashes") ? &record["hashes"] : nullptr;
  if (hashes && (!hashes->is_array() || hashes->size() != record["actions"].size()))
    return fail("record.hashes: not one hash per action");

  std::optional<Game> game;
  if (record.contains("start")) {
    const auto start = state_from_json(rules, record["start"], err);
    if (!start) return fail("record.start." + err.message);
    game.emplace(rules, *start);
  } else {
    const std::string id = record.value("scenario", "");
    const auto& list = rules.scenarios();
    auto it = std::find_if(list.begin(), list.end(), [&](const ScenarioInfo& sc) { return sc.id == id; });
    if (it == list.end()) return fail("record.scenario: \"" + id + "\" is not a scenario of this game");
    const auto seed = record.contains("seed") ? parse_u64(record["seed"]) : std::nullopt;
    if (!seed) return fail("record.seed: missing or not a 64-bit decimal");
    game.emplace(rules, int(it - list.begin()), *seed);
  }

  const json& actions = record["actions"];
  for (size_t i = 0; i < actions.size(); ++i) {
    const json& entry = actions[i];
    const bool after_dice = i > 0 && actions[i - 1].is_object() && actions[i - 1].contains("dice");
    if (stop_at && !after_dice && stop_at(game->state_)) break;
    const std::string at = fmt::format("record.actions[{}]", i);
    if (entry.is_object() && entry.contains("dice")) {
      if (!entry["dice"].is_array()) return fail(at + ".dice: not an array");
      std::vector<int> values;
      for (const json& d : entry["dice"]) {
        if (!d.is_number_integer()) return fail(at + ".dice: not a list of numbers");
        values.push_back(d.get<int>());
      }
      if (auto e = game->force_dice(values)) return fail(at + ": " + e->message);
    } else {
      const auto a = rules.action_from_json(game->state_, entry, err);
      if (!a) return fail(at + ": " + err.message);
      if (validate) {
        if (auto e = game->apply(*a)) return fail(at + ": illegal: " + e->message);
      } else {
        std::vector<Event> events;
        Events ev(&events);
        rules.apply(game->state_, *a, ev);
        game->undo_.clear();
        game->commit(entry);
        game->log_.insert(game->log_.end(), events.begin(), events.end());
      }
    }
    if (hashes) {
      const std::string want = (*hashes)[i].is_string() ? (*hashes)[i].get<std::string>() : "";
      const std::string got = hash_string(game->hashes_.back());
      if (want != got) return fail(fmt::format("{}: state hash {} differs from the recorded {}", at, got, want));
    }
  }
  return game;
}

}  // namespace core
