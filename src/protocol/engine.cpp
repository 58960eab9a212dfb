#include "protocol/engine.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <iostream>

#include "core/state_json.h"
#include "games/registry.h"

namespace protocol {

using nlohmann::json;

namespace {

// A refusal travels as an exception inside dispatch() and becomes the error answer.
struct Refusal {
  core::Error error;
};

[[noreturn]] void refuse(std::string code, std::string message, std::string rule = "") {
  throw Refusal{{std::move(code), std::move(message), std::move(rule)}};
}

json error_json(const core::Error& e) {
  return {{"ok", false}, {"error", {{"code", e.code}, {"message", e.message}, {"rule", e.rule}}}};
}

const json& field(const json& req, const char* key) {
  if (!req.contains(key)) refuse("bad_request", std::string("missing field \"") + key + "\"");
  return req[key];
}

std::string string_field(const json& req, const char* key) {
  const json& v = field(req, key);
  if (!v.is_string()) refuse("bad_request", std::string("\"") + key + "\" must be a string");
  return v.get<std::string>();
}

uint64_t seed_field(const json& req) {
  const json& v = field(req, "seed");
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_number_integer() && v.get<int64_t>() >= 0) return uint64_t(v.get<int64_t>());
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    uint64_t x = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
    if (!s.empty() && ec == std::errc() && end == s.data() + s.size()) return x;
  }
  refuse("bad_request", "\"seed\" must be a 64-bit unsigned number or decimal string");
}

const core::Rules& game_rules(const std::string& id) {
  std::string error;
  const core::Rules* rules = games::find_game(id, &error);
  if (!rules) refuse("unknown_game", error);
  return *rules;
}

json side_json(const core::Rules& rules, int side) {
  if (side < 0 || size_t(side) >= rules.info().sides.size()) return nullptr;
  return rules.info().sides[size_t(side)];
}

int side_field(const core::Rules& rules, const json& req) {
  const json& v = field(req, "side");
  const auto& sides = rules.info().sides;
  for (size_t i = 0; i < sides.size(); ++i)
    if ((v.is_string() && v.get<std::string>() == sides[i]) || (v.is_number_integer() && v.get<int64_t>() == int64_t(i)))
      return int(i);
  refuse("bad_request", "\"side\": " + v.dump() + " is not a side of this game");
}

core::UnitId unit_field(const core::Rules& rules, const core::State& s, const json& v) {
  if (!v.is_string()) refuse("bad_request", "a unit is named by its counter id (a string)");
  const core::UnitId u = core::find_unit(rules, s, v.get<std::string>());
  if (u == core::kNoUnit) refuse("bad_request", "no unit \"" + v.get<std::string>() + "\" in this game");
  return u;
}

core::Hex hex_field(const core::Rules& rules, const json& v) {
  if (!v.is_string()) refuse("bad_request", "a hex is named by its printed ID (a string)");
  const auto h = core::find_hex(rules, v.get<std::string>());
  if (!h) refuse("bad_request", "\"" + v.get<std::string>() + "\" is not a hex of this map");
  return *h;
}

json events_json(const std::vector<core::Event>& events) {
  json out = json::array();
  for (const core::Event& e : events) out.push_back({{"kind", e.kind}, {"text", e.text}, {"data", e.data}});
  return out;
}

json game_info(const core::Rules& r) {
  return {{"id", r.info().id}, {"title", r.info().title}, {"series", r.info().series},
          {"version", r.info().version}, {"sides", r.info().sides}};
}

}  // namespace

json Session::status() const {
  const core::Rules& rules = game_->rules();
  const core::State& s = game_->state();
  const core::Prompt p = rules.prompt(s);
  json j = {{"hash", core::hash_string(game_->hash())},
            {"turn", s.turn},
            {"to_act", side_json(rules, rules.to_act(s))},
            {"prompt", {{"side", side_json(rules, p.side)}, {"phase", p.phase}, {"text", p.text}}},
            {"over", s.over != 0},
            {"can_undo", game_->can_undo()}};
  if (s.over) j["outcome"] = rules.outcome(s);
  return j;
}

json Session::dispatch(const std::string& cmd, const json& req) {
  static constexpr std::string_view kCommands[] = {"hello", "games", "scenarios", "new",  "state", "load",
                                                   "legal", "do",    "moves",     "odds", "supply", "dice",
                                                   "undo",  "hash",  "replay",    "record", "tables", "quit",
                                                   "ai"};
  if (std::find(std::begin(kCommands), std::end(kCommands), cmd) == std::end(kCommands))
    refuse("unknown_command", "unknown command \"" + cmd + "\"");
  json ok = {{"ok", true}};
  auto need_game = [&]() -> core::Game& {
    if (!game_) refuse("no_game", "no game yet: send \"new\", \"load\" or \"replay\" first");
    return *game_;
  };
  auto with_status = [&](json j) {
    j.update(status());
    return j;
  };

  if (cmd == "hello")
    return {{"ok", true}, {"engine", "hexfront"}, {"version", HEXFRONT_VERSION}, {"protocol", kProtocolVersion}};
  if (cmd == "quit") {
    quit_ = true;
    return {{"ok", true}, {"bye", true}};
  }
  if (cmd == "games") {
    json list = json::array(), broken = json::array();
    for (const std::string& id : games::game_ids()) {
      std::string error;
      if (const core::Rules* r = games::find_game(id, &error))
        list.push_back(game_info(*r));
      else
        broken.push_back({{"id", id}, {"error", error}});
    }
    return {{"ok", true}, {"games", list}, {"unavailable", broken}};
  }
  if (cmd == "scenarios") {
    json list = json::array();
    for (const core::ScenarioInfo& sc : game_rules(string_field(req, "game")).scenarios())
      list.push_back({{"id", sc.id}, {"name", sc.name}, {"first_turn", sc.first_turn}, {"last_turn", sc.last_turn},
                      {"summary", sc.summary}});
    return {{"ok", true}, {"scenarios", list}};
  }
  if (cmd == "tables") return {{"ok", true}, {"tables", game_rules(string_field(req, "game")).tables()}};
  if (cmd == "new") {
    const core::Rules& rules = game_rules(string_field(req, "game"));
    const std::string id = string_field(req, "scenario");
    const uint64_t seed = seed_field(req);
    const auto& list = rules.scenarios();
    for (size_t i = 0; i < list.size(); ++i)
      if (list[i].id == id) {
        game_.emplace(rules, int(i), seed);
        ai_player_.reset();
        return with_status(ok);
      }
    refuse("bad_request", "\"" + id + "\" is not a scenario of " + rules.info().id);
  }
  if (cmd == "load") {
    const json& state = field(req, "state");
    if (!state.is_object() || !state.contains("game") || !state["game"].is_string())
      refuse("bad_state", "game: missing");
    const core::Rules& rules = game_rules(state["game"].get<std::string>());
    core::Error err;
    const auto s = core::state_from_json(rules, state, err);
    if (!s) throw Refusal{err};
    game_.emplace(rules, *s);
    ai_player_.reset();
    return with_status(ok);
  }
  if (cmd == "replay") {
    const json& record = field(req, "record");
    if (!record.is_object() || !record.contains("game") || !record["game"].is_string())
      refuse("bad_record", "record.game: missing");
    const core::Rules& rules = game_rules(record["game"].get<std::string>());
    if (req.contains("validate") && !req["validate"].is_boolean()) refuse("bad_request", "\"validate\" must be true or false");
    core::Error err;
    auto replayed = core::Game::replay(rules, record, req.value("validate", true), err);
    if (!replayed) throw Refusal{err};
    game_.emplace(std::move(*replayed));
    ai_player_.reset();
    ok["entries"] = game_->entries();
    return with_status(ok);
  }

  core::Game& game = need_game();
  const core::Rules& rules = game.rules();
  const core::State& s = game.state();
  if (cmd == "state") {
    ok["state"] = core::state_to_json(rules, s);
    return with_status(ok);
  }
  if (cmd == "hash") return with_status(ok);
  if (cmd == "record") {
    ok["record"] = game.record();
    return ok;
  }
  if (cmd == "legal") {
    core::ActionList list;
    rules.legal_actions(s, list);
    json actions = json::array();
    for (const core::Action& a : list) actions.push_back(rules.action_to_json(s, a));
    ok["actions"] = actions;
    return with_status(ok);
  }
  if (cmd == "do") {
    std::vector<core::Event> events;
    if (auto e = game.apply_json(field(req, "action"), &events)) throw Refusal{*e};
    ok["events"] = events_json(events);
    return with_status(ok);
  }
  if (cmd == "ai") return with_status(ai_move(req));
  if (cmd == "undo") {
    if (auto e = game.undo()) throw Refusal{*e};
    return with_status(ok);
  }
  if (cmd == "dice") {
    const json& next = field(req, "next");
    if (!next.is_array()) refuse("bad_request", "\"next\" must be a list of die values");
    std::vector<int> values;
    for (const json& v : next) {
      if (!v.is_number_integer()) refuse("bad_request", "\"next\" must be a list of die values");
      values.push_back(v.get<int>());
    }
    if (auto e = game.force_dice(values)) throw Refusal{*e};
    const core::State& now = game.state();
    ok["forced"] = std::vector<int>(now.forced.begin(), now.forced.begin() + now.forced_count);
    return with_status(ok);
  }
  if (cmd == "moves") {
    const core::UnitId u = unit_field(rules, s, field(req, "unit"));
    json moves = json::array();
    for (const core::Reach& r : rules.moves(s, u))
      moves.push_back({{"hex", core::hex_name(rules, r.hex)}, {"cost", r.cost}, {"from", core::hex_name(rules, r.from)}});
    ok["moves"] = moves;
    return ok;
  }
  if (cmd == "odds") {
    const json& attackers = field(req, "attackers");
    if (!attackers.is_array()) refuse("bad_request", "\"attackers\" must be a list of unit ids");
    std::vector<core::UnitId> ids;
    for (const json& a : attackers) ids.push_back(unit_field(rules, s, a));
    ok["odds"] = rules.odds(s, ids, hex_field(rules, field(req, "defender")));
    return ok;
  }
  // Every other command has answered above: this is "supply".
  ok["supply"] = rules.supply(s, side_field(rules, req));
  return ok;
}

// The AI's action for the side to act, thinking at most `budget_ms` (ai::ai_action);
// with "play": true it is also applied, as `do` would.
json Session::ai_move(const json& req) {
  core::Game& game = *game_;
  const json& budget = field(req, "budget_ms");
  constexpr int64_t kMaxBudgetMs = 600000;
  if (!budget.is_number_integer() || budget.get<int64_t>() < 1 || budget.get<int64_t>() > kMaxBudgetMs)
    refuse("bad_request", "\"budget_ms\" must be a whole number of milliseconds from 1 to 600000");
  const std::string player = req.contains("player") ? string_field(req, "player") : "search";
  if (req.contains("play") && !req["play"].is_boolean()) refuse("bad_request", "\"play\" must be true or false");
  const uint64_t seed = req.contains("seed") ? seed_field(req) : game.state().seed ^ 0x5eedull;
  if (game.state().over) refuse("game_over", "the game is over: there is nothing to play");
  core::Action action;
  std::string error;
  const auto start = std::chrono::steady_clock::now();
  if (!ai::ai_action(game.rules(), game.state(), player, budget.get<int64_t>(), seed, ai_player_, action, &error))
    refuse("bad_request", error);
  json ok = {{"ok", true},
             {"player", player},
             {"action", game.rules().action_to_json(game.state(), action)},
             {"ms", std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count()}};
  if (req.value("play", false)) {
    std::vector<core::Event> events;
    if (auto e = game.apply(action, &events)) throw Refusal{*e};
    ok["events"] = events_json(events);
  }
  return ok;
}

json Session::handle(const json& request) {
  json answer;
  try {
    if (!request.is_object()) refuse("bad_request", "a request is a JSON object");
    if (!request.contains("cmd") || !request["cmd"].is_string()) refuse("bad_request", "missing field \"cmd\"");
    answer = dispatch(request["cmd"].get<std::string>(), request);
  } catch (const Refusal& r) {
    answer = error_json(r.error);
  } catch (const std::exception& e) {
    // A bug, not bad input; report it and keep serving (the game was not changed:
    // Game commits only whole actions).
    answer = error_json({"internal_error", e.what(), ""});
  }
  if (request.is_object() && request.contains("id")) answer["id"] = request["id"];
  return answer;
}

std::string Session::handle_line(std::string_view line) {
  // Bytes that are not UTF-8 (in an echoed parse error) are replaced, never fatal.
  constexpr auto kReplace = json::error_handler_t::replace;
  json request;
  try {
    request = json::parse(line);
  } catch (const json::parse_error& e) {
    return error_json({"bad_json", std::string("not JSON: ") + e.what(), ""}).dump(-1, ' ', false, kReplace);
  }
  return handle(request).dump(-1, ' ', false, kReplace);
}

void run(std::istream& in, std::ostream& out) {
  Session session;
  std::string line;
  while (!session.quit() && std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    out << session.handle_line(line) << '\n' << std::flush;
  }
}

}  // namespace protocol
