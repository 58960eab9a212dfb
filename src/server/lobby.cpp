#include "server/lobby.h"

#include <algorithm>
#include <chrono>
#include <random>

#include "core/state_json.h"
#include "games/registry.h"

namespace server {
namespace {

using nlohmann::json;

[[noreturn]] void refuse(int status, std::string code, std::string message, std::string rule = "") {
  throw ApiError{status, {std::move(code), std::move(message), std::move(rule)}};
}

const core::Rules& rules_for(const std::string& game) {
  std::string error;
  const core::Rules* rules = games::find_game(game, &error);
  if (!rules) refuse(404, "unknown_game", error.empty() ? "no game \"" + game + "\"" : error);
  return *rules;
}

json scenario_json(const core::ScenarioInfo& s) {
  return {{"id", s.id}, {"name", s.name}, {"first_turn", s.first_turn}, {"last_turn", s.last_turn},
          {"summary", s.summary}};
}

json info_json(const core::Rules& rules) {
  const auto& info = rules.info();
  json scenarios = json::array();
  for (const auto& s : rules.scenarios()) scenarios.push_back(scenario_json(s));
  return {{"id", info.id},          {"title", info.title}, {"series", info.series},
          {"version", info.version}, {"sides", info.sides}, {"scenarios", scenarios}};
}

std::string side_name(const core::Rules& rules, int side) {
  const auto& sides = rules.info().sides;
  return side >= 0 && size_t(side) < sides.size() ? sides[size_t(side)] : "";
}

json seat_json(const core::Rules& rules, const Seat& s) {
  return {{"side", s.side}, {"name", side_name(rules, s.side)}, {"kind", s.kind == SeatKind::Ai ? "ai" : "human"}};
}

bool is_over(const core::Game& g) { return g.state().over || g.rules().to_act(g.state()) == core::kNoSide; }

// Which side an undo would take back an action of: the side to act before the last
// action. Found by undoing on a copy, so the engine alone decides what undo can do.
int undo_side(const core::Game& g) {
  if (!g.can_undo()) return core::kNoSide;
  core::Game before = g;
  if (before.undo()) return core::kNoSide;
  return before.rules().to_act(before.state());
}

uint64_t parse_seed(const json& body) {
  if (!body.contains("seed") || body["seed"].is_null()) return std::random_device{}();
  if (!body["seed"].is_number_unsigned()) refuse(400, "bad_request", "seed: not a non-negative integer");
  return body["seed"].get<uint64_t>();
}

}  // namespace

Lobby::Lobby(Store& store, AiOptions ai) : store_(store), ai_(std::move(ai)) {
  const auto& names = ai::player_names();
  if (std::find(names.begin(), names.end(), ai_.player) == names.end())
    throw std::invalid_argument("no AI player \"" + ai_.player + "\"");
  worker_ = std::thread([this] { ai_loop(); });
}

Lobby::~Lobby() {
  {
    std::lock_guard lock(queue_mutex_);
    stopping_ = true;
  }
  queue_cv_.notify_all();
  worker_.join();
}

json Lobby::catalog() const {
  json list = json::array();
  // A game whose data does not load is left out of the lobby (its error shows on a
  // direct request), so one broken module does not hide the others.
  for (const std::string& id : games::game_ids())
    if (const core::Rules* rules = games::find_game(id)) list.push_back(info_json(*rules));
  return {{"games", list}};
}

json Lobby::game_catalog(const std::string& game) const {
  const core::Rules& rules = rules_for(game);
  json j = info_json(rules);
  j["map"] = map_json(rules);
  j["value_names"] = rules.catalog().value_names();
  j["units"] = units_json(rules);
  j["actions"] = rules.action_names();
  return j;
}

json Lobby::list() {
  json list = json::array();
  for (const GameRow& row : store_.list()) {
    json seats = json::array();
    json entry = {{"id", row.id}, {"game", row.game}, {"scenario", row.scenario},
                  {"created", row.created}, {"updated", row.updated}};
    try {
      // Listing makes every game live (replaying its record once), so turn and end
      // come from the engine, not from columns that could disagree with the record.
      auto t = table(row.id);
      std::lock_guard lock(t->mutex);
      const core::Rules& rules = t->game.rules();
      for (const Seat& s : row.seats) seats.push_back(seat_json(rules, s));
      entry["title"] = rules.info().title;
      entry["turn"] = t->game.state().turn;
      entry["over"] = is_over(t->game);
    } catch (const ApiError& e) {
      entry["error"] = e.error.message;
    }
    entry["seats"] = seats;
    list.push_back(entry);
  }
  return {{"games", list}};
}

json Lobby::create(const json& body) {
  if (!body.is_object()) refuse(400, "bad_request", "body: not a JSON object");
  const bool from_record = body.contains("record");
  const json& source = from_record ? body["record"] : body;
  if (!source.is_object() || !source.contains("game") || !source["game"].is_string())
    refuse(400, "bad_request", from_record ? "record.game: missing or not a string" : "game: missing or not a string");
  const core::Rules& rules = rules_for(source["game"]);
  const size_t sides = rules.info().sides.size();

  // Seats: one "human" or "ai" per side; all human when not given.
  std::vector<Seat> seats;
  const json kinds = body.value("seats", json::array());
  if (!kinds.is_array() || (!kinds.empty() && kinds.size() != sides))
    refuse(400, "bad_request", "seats: give one of \"human\" or \"ai\" for each of the " + std::to_string(sides) + " sides");
  for (size_t i = 0; i < sides; ++i) {
    const std::string kind = kinds.empty() ? "human" : kinds[i].is_string() ? kinds[i].get<std::string>() : "";
    if (kind != "human" && kind != "ai")
      refuse(400, "bad_request", "seats[" + std::to_string(i) + "]: not \"human\" or \"ai\"");
    seats.push_back({int(i), kind == "ai" ? SeatKind::Ai : SeatKind::Human, new_token()});
  }

  std::optional<core::Game> game;
  if (from_record) {
    core::Error err;
    game = core::Game::replay(rules, source, /*validate=*/true, err);
    if (!game) refuse(422, err.code, err.message, err.rule);
  } else {
    if (!body.contains("scenario") || !body["scenario"].is_string())
      refuse(400, "bad_request", "scenario: missing or not a string");
    const auto& list = rules.scenarios();
    const auto it = std::find_if(list.begin(), list.end(), [&](const auto& s) { return s.id == body["scenario"]; });
    if (it == list.end())
      refuse(404, "unknown_scenario", "scenario: \"" + body["scenario"].get<std::string>() + "\" is not a scenario of " + rules.info().id);
    game.emplace(rules, int(it - list.begin()), parse_seed(body));
  }

  GameRow row;
  row.game = rules.info().id;
  const json record = game->record();
  row.scenario = record.value("scenario", "");
  row.seed = game->state().seed;
  row.record = record.dump();
  row.seats = seats;
  row.id = store_.create(row);

  auto t = std::make_shared<Table>(row, std::move(*game));
  t->undo_side = undo_side(t->game);
  {
    std::lock_guard lock(tables_mutex_);
    tables_[row.id] = t;
  }
  {
    std::lock_guard lock(t->mutex);
    schedule_ai(*t);
  }
  json out_seats = json::array();
  for (const Seat& s : seats) {
    json j = seat_json(rules, s);
    j["token"] = s.token;
    out_seats.push_back(j);
  }
  return {{"id", row.id}, {"seats", out_seats}};
}

std::shared_ptr<Lobby::Table> Lobby::table(int64_t id) {
  std::lock_guard lock(tables_mutex_);
  if (auto it = tables_.find(id); it != tables_.end()) return it->second;
  // Not live yet (a restart): rebuild it from its record, checking every hash.
  auto row = store_.find(id);
  if (!row) refuse(404, "unknown_game_id", "no game " + std::to_string(id));
  const core::Rules& rules = rules_for(row->game);
  core::Error err;
  const json record = json::parse(row->record, nullptr, /*allow_exceptions=*/false);
  auto game = core::Game::replay(rules, record, /*validate=*/true, err);
  if (!game) refuse(500, "bad_record", "game " + std::to_string(id) + ": " + err.message);
  auto t = std::make_shared<Table>(std::move(*row), std::move(*game));
  t->undo_side = undo_side(t->game);
  tables_[id] = t;
  schedule_ai(*t);  // an AI seat to act when the server stopped plays on
  return t;
}

const Seat* Lobby::seat_of(const Table& t, const std::string& token) const {
  if (token.empty()) return nullptr;
  for (const Seat& s : t.row.seats)
    if (s.token == token) return &s;
  refuse(403, "bad_token", "this token holds no seat of game " + std::to_string(t.row.id));
}

json Lobby::view_json(const Table& t, const core::Game& g, const Seat* seat) const {
  const core::Rules& rules = g.rules();
  const core::State& s = g.state();
  const int to_act = rules.to_act(s);
  const core::Prompt prompt = rules.prompt(s);
  json legal = json::array();
  if (seat && seat->side == to_act) {
    core::ActionList actions;
    rules.legal_actions(s, actions);
    for (const auto& a : actions) legal.push_back(rules.action_to_json(s, a));
  }
  json log = json::array();
  for (const auto& e : g.log()) log.push_back({{"kind", e.kind}, {"text", e.text}, {"data", e.data}});
  json seats = json::array();
  for (const Seat& st : t.row.seats) seats.push_back(seat_json(rules, st));
  const bool over = is_over(g);
  return {{"id", t.row.id},
          {"game", rules.info().id},
          {"scenario", t.row.scenario},
          {"seat", seat ? seat_json(rules, *seat) : json(nullptr)},
          {"seats", seats},
          {"to_act", to_act},
          {"prompt", {{"side", prompt.side}, {"phase", prompt.phase}, {"text", prompt.text}}},
          {"state", core::state_to_json(rules, s)},
          {"legal", legal},
          {"log", log},
          {"can_undo", seat && seat->side == t.undo_side},
          {"ai_thinking", &g == &t.game && t.ai_error.empty() && ai_to_act(t) != core::kNoSide},
          {"ai_error", t.ai_error.empty() ? json(nullptr) : json(t.ai_error)},
          {"entries", g.entries()},
          {"over", over},
          {"outcome", over ? rules.outcome(s) : json(nullptr)}};
}

void Lobby::commit(Table& t, core::Game next) {
  store_.save_record(t.row.id, next.record().dump());
  t.game = std::move(next);
  t.undo_side = undo_side(t.game);
  schedule_ai(t);
}

int Lobby::ai_to_act(const Table& t) const {
  if (is_over(t.game)) return core::kNoSide;
  const int side = t.game.rules().to_act(t.game.state());
  for (const Seat& s : t.row.seats)
    if (s.side == side && s.kind == SeatKind::Ai) return side;
  return core::kNoSide;
}

void Lobby::schedule_ai(const Table& t) {
  if (!t.ai_error.empty() || ai_to_act(t) == core::kNoSide) return;
  {
    std::lock_guard lock(queue_mutex_);
    if (!queued_.insert(t.row.id).second) return;
    queue_.push_back(t.row.id);
  }
  queue_cv_.notify_one();
}

void Lobby::ai_loop() {
  for (;;) {
    int64_t id;
    {
      std::unique_lock lock(queue_mutex_);
      queue_cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      id = queue_.front();
      queue_.pop_front();
      queued_.erase(id);
    }
    if (!ai_step(id)) continue;
    std::lock_guard lock(queue_mutex_);
    if (queued_.insert(id).second) queue_.push_back(id);  // round robin with other games
  }
}

// The AI thinks on a copy of the position without the game's lock, so views, moves
// and odds stay answered; its action lands only if nobody changed the game meanwhile
// (a human's undo), else it thinks again on the new position.
bool Lobby::ai_step(int64_t id) {
  std::shared_ptr<Table> t;
  try {
    t = table(id);
  } catch (const ApiError&) {
    return false;
  }
  const core::Rules* rules;
  core::State position;
  int side, entries;
  uint64_t hash, seed;
  std::unique_ptr<ai::Player> player;
  {
    std::lock_guard lock(t->mutex);
    side = ai_to_act(*t);
    if (side == core::kNoSide || !t->ai_error.empty()) return false;
    rules = &t->game.rules();
    position = t->game.state();
    entries = t->game.entries();
    hash = t->game.hash();
    seed = t->row.seed ^ (0x9E3779B97F4A7C15ull * uint64_t(side + 1));  // each AI side its own dice-free stream
    player = std::move(t->players[side]);
  }
  core::Action action;
  std::string error;
  bool ok = false;
  try {
    ok = ai::ai_action(*rules, position, ai_.player, ai_.budget_ms, seed, player, action, &error);
  } catch (const std::exception& e) {
    error = e.what();
  }
  std::lock_guard lock(t->mutex);
  t->players[side] = std::move(player);
  if (t->game.entries() != entries || t->game.hash() != hash) return true;  // the game moved on: think again
  if (!ok) {
    t->ai_error = "AI (" + ai_.player + "): " + error;
    return false;
  }
  core::Game next = t->game;
  if (auto err = next.apply(action)) {
    t->ai_error = "AI (" + ai_.player + ") chose a refused action: " + err->message;
    return false;
  }
  try {
    commit(*t, std::move(next));  // queues the game again if the AI is still to act
  } catch (const StoreError& e) {
    t->ai_error = std::string("AI: storing its action failed: ") + e.what();
  }
  return false;
}

bool Lobby::wait_for_ai(int64_t id, int64_t timeout_ms) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  auto t = table(id);
  for (;;) {
    {
      std::lock_guard lock(t->mutex);
      if (!t->ai_error.empty() || ai_to_act(*t) == core::kNoSide) return true;
    }
    if (std::chrono::steady_clock::now() >= end) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

json Lobby::view(int64_t id, const std::string& token) {
  auto t = table(id);
  std::lock_guard lock(t->mutex);
  return view_json(*t, t->game, seat_of(*t, token));
}

json Lobby::act(int64_t id, const std::string& token, const json& body) {
  if (!body.is_object() || !body.contains("action")) refuse(400, "bad_request", "body: expected {\"action\": {...}}");
  auto t = table(id);
  std::lock_guard lock(t->mutex);
  const Seat* seat = seat_of(*t, token);
  if (!seat) refuse(403, "no_seat", "a token is needed to act");
  const int to_act = t->game.rules().to_act(t->game.state());
  if (seat->side != to_act)
    refuse(403, "not_your_turn", to_act == core::kNoSide ? "the game is over"
                                                         : side_name(t->game.rules(), to_act) + " is to act, not " +
                                                               side_name(t->game.rules(), seat->side));
  // Work on a copy: the live game changes only once the new record is stored.
  core::Game next = t->game;
  std::vector<core::Event> events;
  if (auto err = next.apply_json(body["action"], &events)) refuse(err->code == "bad_action" ? 400 : 422, err->code, err->message, err->rule);
  commit(*t, std::move(next));
  json ev = json::array();
  for (const auto& e : events) ev.push_back({{"kind", e.kind}, {"text", e.text}, {"data", e.data}});
  return {{"events", ev}, {"view", view_json(*t, t->game, seat)}};
}

json Lobby::undo(int64_t id, const std::string& token) {
  auto t = table(id);
  std::lock_guard lock(t->mutex);
  const Seat* seat = seat_of(*t, token);
  if (!seat) refuse(403, "no_seat", "a token is needed to undo");
  core::Game next = t->game;
  if (auto err = next.undo()) refuse(409, err->code, err->message, err->rule);
  if (seat->side != t->undo_side) refuse(403, "not_your_action", "the last action was not yours to take back");
  commit(*t, std::move(next));
  return view_json(*t, t->game, seat);
}

json Lobby::record(int64_t id) {
  auto t = table(id);
  std::lock_guard lock(t->mutex);
  return t->game.record();
}

json Lobby::replay(int64_t id, int at) {
  auto t = table(id);
  std::lock_guard lock(t->mutex);
  json record = t->game.record();
  if (at < 0 || at > t->game.entries())
    refuse(400, "bad_request", "at: not between 0 and " + std::to_string(t->game.entries()));
  record["actions"].erase(record["actions"].begin() + at, record["actions"].end());
  if (record.contains("hashes")) record["hashes"].erase(record["hashes"].begin() + at, record["hashes"].end());
  core::Error err;
  auto game = core::Game::replay(t->game.rules(), record, /*validate=*/false, err);
  if (!game) refuse(500, err.code, err.message, err.rule);
  return view_json(*t, *game, nullptr);
}

json Lobby::moves(int64_t id, const std::string& unit) {
  auto t = table(id);
  std::lock_guard lock(t->mutex);
  const core::Rules& rules = t->game.rules();
  const core::UnitId u = core::find_unit(rules, t->game.state(), unit);
  if (u == core::kNoUnit) refuse(400, "bad_request", "unit: no unit \"" + unit + "\"");
  json out = json::array();
  for (const core::Reach& r : rules.moves(t->game.state(), u))
    out.push_back({{"hex", core::hex_name(rules, r.hex)}, {"cost", r.cost}, {"from", core::hex_name(rules, r.from)}});
  return {{"moves", out}};
}

json Lobby::odds(int64_t id, const json& body) {
  if (!body.is_object() || !body.contains("attackers") || !body["attackers"].is_array())
    refuse(400, "bad_request", "attackers: missing or not a list of unit ids");
  if (!body.contains("defender") || !body["defender"].is_string())
    refuse(400, "bad_request", "defender: missing or not a hex ID");
  auto t = table(id);
  std::lock_guard lock(t->mutex);
  const core::Rules& rules = t->game.rules();
  std::vector<core::UnitId> attackers;
  for (const json& a : body["attackers"]) {
    const core::UnitId u = a.is_string() ? core::find_unit(rules, t->game.state(), a.get<std::string>()) : core::kNoUnit;
    if (u == core::kNoUnit) refuse(400, "bad_request", "attackers: no unit " + a.dump());
    attackers.push_back(u);
  }
  const auto hex = core::find_hex(rules, body["defender"].get<std::string>());
  if (!hex) refuse(400, "bad_request", "defender: \"" + body["defender"].get<std::string>() + "\" is not a hex of this map");
  return rules.odds(t->game.state(), attackers, *hex);
}

}  // namespace server
