// The games the server holds, played through the engine API (core::Game over a
// game's core::Rules) and nothing else: the server knows no rules. Each game is a
// Table with its own mutex; its record is written to the store after every change,
// and a change becomes visible only once it is stored, so a failed write (or a
// refused action) leaves the game exactly as it was.
//
// AI seats play in a background thread, one action at a time, so no request waits
// for an AI: the worker copies the position, thinks without holding the game's lock,
// then applies its action only if the game has not changed meanwhile, and stores it
// like a human's. The UI polls the view to see each AI action as it lands.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>

#include "ai/player.h"
#include "core/game.h"
#include "core/rules.h"
#include "server/store.h"

namespace server {

// A refused request: the HTTP status and the error in the engine's words.
struct ApiError {
  int status;
  core::Error error;
};

// How AI seats play: which ai::Player, and how long it may think per game turn (issue 6
// names 5 s: a 7.1 player turn fits in it, and the strength rows by the clock are 5 s).
struct AiOptions {
  std::string player = "search";
  int64_t budget_ms = 5000;
};

class Lobby {
 public:
  explicit Lobby(Store& store, AiOptions ai = {});
  ~Lobby();  // stops the AI worker (after its current thought)
  Lobby(const Lobby&) = delete;
  Lobby& operator=(const Lobby&) = delete;

  nlohmann::json catalog() const;                         // every game and its scenarios
  nlohmann::json game_catalog(const std::string& game) const;  // one game: map, counters
  nlohmann::json list();                                  // the stored games
  nlohmann::json create(const nlohmann::json& body);      // a new game, or one from a record
  nlohmann::json view(int64_t id, const std::string& token);
  nlohmann::json act(int64_t id, const std::string& token, const nlohmann::json& body);
  nlohmann::json undo(int64_t id, const std::string& token);
  nlohmann::json record(int64_t id);
  nlohmann::json replay(int64_t id, int at);
  nlohmann::json moves(int64_t id, const std::string& unit);
  nlohmann::json odds(int64_t id, const nlohmann::json& body);
  // Waits until no AI seat of game `id` is to act (or the AI failed); false on timeout.
  // For tests and tools; the UI polls instead.
  bool wait_for_ai(int64_t id, int64_t timeout_ms);

 private:
  struct Table {
    Table(GameRow r, core::Game g) : row(std::move(r)), game(std::move(g)) { row.record.clear(); }
    std::mutex mutex;
    GameRow row;  // identity and seats; the record is the game's own (game.record())
    core::Game game;
    int undo_side = core::kNoSide;  // the side whose action an undo would take back
    // One player per AI side, kept between actions so a planned phase is handed out.
    std::map<int, std::unique_ptr<ai::Player>> players;
    std::string ai_error;  // why the AI stopped, shown in the view; empty while it plays
  };

  std::shared_ptr<Table> table(int64_t id);
  const Seat* seat_of(const Table& t, const std::string& token) const;
  nlohmann::json view_json(const Table& t, const core::Game& g, const Seat* seat) const;
  // Stores `next` as the game's new position, then makes it the live one.
  void commit(Table& t, core::Game next);
  // The AI side to act in `t`, or kNoSide when a human (or nobody) is to act.
  int ai_to_act(const Table& t) const;
  // Queues game `id` for the AI worker if an AI seat is to act (t locked by the caller).
  void schedule_ai(const Table& t);
  void ai_loop();
  // One AI action in game `id`; true if the game should be queued again.
  bool ai_step(int64_t id);

  Store& store_;
  AiOptions ai_;
  std::mutex tables_mutex_;
  std::map<int64_t, std::shared_ptr<Table>> tables_;

  // The AI worker: a queue of game ids, served round robin one action at a time.
  std::mutex queue_mutex_;
  std::condition_variable queue_cv_;  // work queued, or stopping
  std::condition_variable idle_cv_;   // an AI action landed (for wait_for_ai)
  std::deque<int64_t> queue_;
  std::set<int64_t> queued_;
  bool stopping_ = false;
  std::thread worker_;
};

// The map as the UI draws it: hex centres, the six direction vectors, terrain and
// hexside features by name, places, and the VP each VP hex is worth (Rules::vp_hexes).
nlohmann::json map_json(const core::Rules& rules);
// Counter definitions with every value's provenance.
nlohmann::json units_json(const core::Rules& rules);

}  // namespace server
