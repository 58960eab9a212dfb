// The games the server holds, played through the engine API (core::Game over a
// game's core::Rules) and nothing else: the server knows no rules. Each game is a
// Table with its own mutex; its record is written to the store after every change,
// and a change becomes visible only once it is stored, so a failed write (or a
// refused action) leaves the game exactly as it was.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

#include "core/game.h"
#include "core/rules.h"
#include "server/store.h"

namespace server {

// A refused request: the HTTP status and the error in the engine's words.
struct ApiError {
  int status;
  core::Error error;
};

class Lobby {
 public:
  explicit Lobby(Store& store) : store_(store) {}

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

 private:
  struct Table {
    Table(GameRow r, core::Game g) : row(std::move(r)), game(std::move(g)) { row.record.clear(); }
    std::mutex mutex;
    GameRow row;  // identity and seats; the record is the game's own (game.record())
    core::Game game;
    int undo_side = core::kNoSide;  // the side whose action an undo would take back
  };

  std::shared_ptr<Table> table(int64_t id);
  const Seat* seat_of(const Table& t, const std::string& token) const;
  nlohmann::json view_json(const Table& t, const core::Game& g, const Seat* seat) const;
  // Stores `next` as the game's new position, then makes it the live one.
  void commit(Table& t, core::Game next);

  Store& store_;
  std::mutex tables_mutex_;
  std::map<int64_t, std::shared_ptr<Table>> tables_;
};

// The map as the UI draws it: hex centres, the six direction vectors, terrain and
// hexside features by name, places.
nlohmann::json map_json(const core::Map& map);
// Counter definitions with every value's provenance.
nlohmann::json units_json(const core::Rules& rules);

}  // namespace server
