#include "server/store.h"

#include <sqlite3.h>

#include <array>
#include <cstdio>
#include <random>

namespace server {
namespace {

// Schema changes, in order: kMigrations[v] brings a version-v file to version v+1.
constexpr std::array<const char*, Store::kSchemaVersion> kMigrations{R"sql(
  CREATE TABLE games(
    id       INTEGER PRIMARY KEY,
    game     TEXT NOT NULL,
    scenario TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    record   TEXT NOT NULL,
    created  TEXT NOT NULL DEFAULT (datetime('now')),
    updated  TEXT NOT NULL DEFAULT (datetime('now')));
  CREATE TABLE seats(
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    side    INTEGER NOT NULL,
    kind    TEXT NOT NULL CHECK (kind IN ('human', 'ai')),
    token   TEXT NOT NULL UNIQUE,
    PRIMARY KEY (game_id, side));
)sql"};

// A prepared statement that finalizes itself; bind() is 1-based like SQLite.
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) fail();
  }
  ~Stmt() { sqlite3_finalize(stmt_); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  Stmt& bind(int i, int64_t v) {
    check(sqlite3_bind_int64(stmt_, i, v));
    return *this;
  }
  Stmt& bind(int i, const std::string& v) {
    check(sqlite3_bind_text(stmt_, i, v.data(), int(v.size()), SQLITE_TRANSIENT));
    return *this;
  }
  // True while there is a row to read.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) fail();
    return rc == SQLITE_ROW;
  }
  int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  std::string text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p ? std::string(p, size_t(sqlite3_column_bytes(stmt_, col))) : std::string();
  }

 private:
  void check(int rc) {
    if (rc != SQLITE_OK) fail();
  }
  [[noreturn]] void fail() { throw StoreError(std::string("sqlite: ") + sqlite3_errmsg(db_)); }

  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

const char* kind_name(SeatKind k) { return k == SeatKind::Ai ? "ai" : "human"; }

GameRow read_game(const Stmt& st) {
  GameRow row;
  row.id = st.integer(0);
  row.game = st.text(1);
  row.scenario = st.text(2);
  // Seeds are 64-bit unsigned; SQLite integers are signed, so the bits go through as is.
  row.seed = uint64_t(st.integer(3));
  row.record = st.text(4);
  row.created = st.text(5);
  row.updated = st.text(6);
  return row;
}

constexpr const char* kSelectGame = "SELECT id, game, scenario, seed, record, created, updated FROM games";

}  // namespace

Store::Store(const std::string& path) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    const std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw StoreError("cannot open " + path + ": " + msg);
  }
  try {
    sqlite3_busy_timeout(db_, 5000);
    exec("PRAGMA foreign_keys = ON; PRAGMA journal_mode = WAL;");
    Stmt st(db_, "PRAGMA user_version");
    st.step();
    const int version = int(st.integer(0));
    if (version > kSchemaVersion)
      throw StoreError(path + " has schema version " + std::to_string(version) + "; this hexfront knows up to " +
                       std::to_string(kSchemaVersion));
    for (int v = version; v < kSchemaVersion; ++v) {
      exec("BEGIN");
      exec(kMigrations[size_t(v)]);
      exec(("PRAGMA user_version = " + std::to_string(v + 1)).c_str());
      exec("COMMIT");
    }
  } catch (...) {
    sqlite3_close(db_);
    throw;
  }
}

Store::~Store() { sqlite3_close(db_); }

void Store::exec(const char* sql) const {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    const std::string msg = err ? err : sqlite3_errmsg(db_);
    sqlite3_free(err);
    throw StoreError("sqlite: " + msg);
  }
}

int64_t Store::create(const GameRow& row) {
  std::lock_guard lock(mutex_);
  exec("BEGIN");
  try {
    Stmt ins(db_, "INSERT INTO games(game, scenario, seed, record) VALUES(?, ?, ?, ?)");
    ins.bind(1, row.game).bind(2, row.scenario).bind(3, int64_t(row.seed)).bind(4, row.record).step();
    const int64_t id = sqlite3_last_insert_rowid(db_);
    for (const Seat& seat : row.seats) {
      Stmt s(db_, "INSERT INTO seats(game_id, side, kind, token) VALUES(?, ?, ?, ?)");
      s.bind(1, id).bind(2, seat.side).bind(3, std::string(kind_name(seat.kind))).bind(4, seat.token).step();
    }
    exec("COMMIT");
    return id;
  } catch (...) {
    exec("ROLLBACK");
    throw;
  }
}

std::vector<Seat> Store::seats(int64_t id) const {
  std::vector<Seat> out;
  Stmt st(db_, "SELECT side, kind, token FROM seats WHERE game_id = ? ORDER BY side");
  st.bind(1, id);
  while (st.step())
    out.push_back({int(st.integer(0)), st.text(1) == "ai" ? SeatKind::Ai : SeatKind::Human, st.text(2)});
  return out;
}

std::optional<GameRow> Store::find(int64_t id) const {
  std::lock_guard lock(mutex_);
  Stmt st(db_, (std::string(kSelectGame) + " WHERE id = ?").c_str());
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  GameRow row = read_game(st);
  row.seats = seats(id);
  return row;
}

std::vector<GameRow> Store::list() const {
  std::lock_guard lock(mutex_);
  std::vector<GameRow> out;
  Stmt st(db_, (std::string(kSelectGame) + " ORDER BY updated DESC, id DESC").c_str());
  while (st.step()) out.push_back(read_game(st));
  for (GameRow& row : out) row.seats = seats(row.id);
  return out;
}

void Store::save_record(int64_t id, const std::string& record) {
  std::lock_guard lock(mutex_);
  Stmt st(db_, "UPDATE games SET record = ?, updated = datetime('now') WHERE id = ?");
  st.bind(1, record).bind(2, id).step();
  if (sqlite3_changes(db_) != 1) throw StoreError("no game " + std::to_string(id));
}

std::string new_token() {
  // random_device reads the kernel's generator: tokens are secrets, not dice.
  std::random_device rd;
  std::string out;
  for (int i = 0; i < 4; ++i) {
    char buf[9];
    std::snprintf(buf, sizeof buf, "%08x", unsigned(rd()));
    out += buf;
  }
  return out;
}

}  // namespace server
