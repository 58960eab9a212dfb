// Where the server keeps its games: one SQLite file. A game row holds the game's
// record (the engine's JSON: game, version, scenario, seed, actions) and nothing
// derived from it; the live position is rebuilt by replaying the record, so a
// record is the only truth and a restart loses nothing.
//
// Schema version is SQLite's `PRAGMA user_version`; open() migrates older files
// and refuses newer ones.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

struct sqlite3;

namespace server {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class SeatKind { Human, Ai };

struct Seat {
  int side = 0;
  SeatKind kind = SeatKind::Human;
  std::string token;  // secret; whoever holds it plays this side
};

struct GameRow {
  int64_t id = 0;
  std::string game;      // module id, "toy"
  std::string scenario;  // scenario id, "7.5"
  uint64_t seed = 0;
  std::string record;    // the engine's record JSON
  std::string created;   // "2026-11-29 13:37:59" (UTC)
  std::string updated;
  std::vector<Seat> seats;  // by side
};

class Store {
 public:
  static constexpr int kSchemaVersion = 1;

  // Opens (creating if needed) the database at `path`; throws StoreError.
  explicit Store(const std::string& path);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Inserts a game and its seats in one transaction; returns its id.
  int64_t create(const GameRow& row);
  std::optional<GameRow> find(int64_t id) const;
  // Every game, newest first.
  std::vector<GameRow> list() const;
  // Replaces a game's record; throws StoreError (and changes nothing) on failure.
  void save_record(int64_t id, const std::string& record);

 private:
  void exec(const char* sql) const;
  std::vector<Seat> seats(int64_t id) const;

  sqlite3* db_ = nullptr;
  // One connection shared by the server's threads; SQLite statements are not.
  mutable std::mutex mutex_;
};

// A fresh secret for a seat: 128 random bits as 32 hex digits.
std::string new_token();

}  // namespace server
