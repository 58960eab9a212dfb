// ARD2 1.2, 1.3, 3.1, 3.4, 3.5, 3.6, 4.2: what one step of movement costs a unit, and
// where it can go this phase.
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <vector>

#include "core/path.h"
#include "core/rules.h"
#include "games/ard2/position.h"

namespace ard2 {

// Everything about a moving unit (or stack moving together) that the costs read.
struct Mover {
  int side = kGerman;
  scs::MoveType type = scs::MoveType::Leg;
  bool artillery = false;
  bool rubber_boats = false;    // 4.2: may cross the Our this phase at "All"
  bool started_adjacent_our = false;
  core::UnitId self = core::kNoUnit;  // excluded when checking occupied Traffic Jams
};
Mover mover_of(const Position& p, core::UnitId u);

// The board's movement facts by board index (neighbours, terrain costs, printed roads
// and bridges), built once per board: a search reads arrays, not hash maps.
class MoveTables {
 public:
  explicit MoveTables(const scs::Board& board);
  const scs::Board& board() const { return board_; }
  int neighbor(int i, int dir) const { return graph_.neighbor_index(i, dir); }  // -1 off the board
  int hex_cost(int i, scs::MoveType t) const { return hex_cost_[size_t(i) * 2 + size_t(t)]; }
  int side_cost(int i, int dir, scs::MoveType t) const { return side(i, dir).cost[size_t(t)]; }
  scs::RoadKind road(int i, int dir) const { return side(i, dir).road; }
  int bridge(int i, int dir) const { return side(i, dir).bridge; }  // index into board().bridges(), or -1
  bool traffic_jam(int i) const { return jam_[size_t(i)] != 0; }
  // ARD2 1.3: what the terrain alone charges for the step from `from` across its side
  // `dir` into `to`, whoever stands around: half MP, scs::kProhibited or scs::kAllMp.
  // `bridge_open` is by bridge index (3.8); `rubber_boats` lets a hexside closed to the
  // unit be crossed at "All" (4.2).
  int terrain_cost(int from, int dir, int to, scs::MoveType type, const std::vector<uint8_t>& bridge_open,
                   bool rubber_boats = false) const;

 private:
  struct Side {
    std::array<int16_t, 2> cost{};
    scs::RoadKind road = scs::RoadKind::None;
    int16_t bridge = -1;
  };
  const Side& side(int i, int dir) const { return sides_[size_t(i) * core::kDirections + size_t(dir)]; }

  const scs::Board& board_;
  core::HexGraph graph_;
  std::vector<int16_t> hex_cost_;
  std::vector<Side> sides_;
  std::vector<uint8_t> jam_;
};

// What the step costs of `side`'s units read from the position, by board index,
// computed once for many searches. Two caches that compare equal price every step
// alike, so a reach found under one holds under the other (ReachCache).
struct MoveCache {
  enum HexBit : uint8_t {
    kEnemy = 1,          // an enemy unit is there
    kAdjacentEnemy = 2,  // an enemy unit is adjacent
    kEnemyBond = 4,      // an enemy ZOC Bond hex (1.2)
    kOwnFull = 8,        // a Full marker of the mover's side (3.5)
    kEnemyFull = 16,     // one enemy Full marker
    kEnemyFulls = 32,    // two or more
  };
  std::shared_ptr<const MoveTables> tables;
  int side = kGerman;
  int turn = 0;
  std::vector<uint8_t> hex;          // HexBit by board index
  std::vector<uint8_t> bridge_open;  // by bridge index (3.8)
  // German units in active Traffic Jam hexes (3.1), (board index, unit) in order.
  std::vector<std::pair<int32_t, core::UnitId>> jammed;

  bool operator==(const MoveCache& o) const {
    return side == o.side && turn == o.turn && hex == o.hex && bridge_open == o.bridge_open && jammed == o.jammed;
  }
};
MoveCache move_cache(const Position& p, int side);
MoveCache move_cache(const Position& p, int side, std::shared_ptr<const MoveTables> tables);

// The half-MP cost of stepping from `from` into the adjacent `to`, or
// scs::kProhibited, or scs::kAllMp (the whole MA; only as a unit's first expense).
// `c` is move_cache(p, m.side).
int step_cost(const Position& p, const MoveCache& c, const Mover& m, core::Hex from, core::Hex to);
// The same by board index; `to` is the neighbour of `from` in direction `dir`.
int step_cost(const MoveCache& c, const Mover& m, int from, int dir, int to);

// ARD2 3.1: a German unit entering an active Traffic Jam hex becomes DG.
bool traffic_jam_active(const Position& p, core::Hex h, int side);

// ARD2 3.4: the unit's MA this phase in half MP (halved when DG).
int allowance(const Position& p, core::UnitId u, bool dg);

// Every hex the unit can reach with the MP it has left this phase, start first; the
// cost is in half MP from where it stands. Reach::from gives the path back.
std::vector<core::Reach> move_range(const Position& p, core::UnitId u);

// Buffers of the reach search, reused from one search to the next.
struct ReachSearch {
  struct Node {
    int cost;
    int32_t key;   // board index << 1 | mode
    int32_t from;  // key of the node it came from
    bool stop;
  };
  std::vector<Node> heap;
  std::vector<uint32_t> best_stamp, listed_stamp;
  std::vector<int32_t> best;
  uint32_t generation = 0;
};
// move_range with a given cache and buffers: every reachable hex, start first, each
// with its board index in `indices`.
void move_range(const Position& p, const MoveCache& c, core::UnitId u, ReachSearch& search,
                std::vector<core::Reach>& out, std::vector<int32_t>& indices);

// The reach of each unit, kept from one position to the next while nothing it depends
// on changes: the unit's own state and its side's MoveCache. Random play asks for every
// unit's reach after each move, and a move changes few of them. Not thread-safe.
class ReachCache {
 public:
  explicit ReachCache(std::shared_ptr<const MoveTables> tables) : tables_(std::move(tables)) {}
  // Brings the cache up to date with p; then range() answers for p.
  void sync(const Position& p);
  // move_range(p, u) (p as given to the last sync) and the board index of each hex.
  const std::vector<core::Reach>& range(const Position& p, core::UnitId u);
  const std::vector<int32_t>& indices(core::UnitId u) const { return entries_[u].indices; }

 private:
  struct Entry {
    core::UnitState key{};
    uint32_t generation = 0;  // of its side's cache; 0: never computed
    std::vector<core::Reach> reach;
    std::vector<int32_t> indices;
  };
  std::shared_ptr<const MoveTables> tables_;
  std::vector<uint8_t> inputs_;  // the state's bytes the caches were built from
  std::array<MoveCache, 2> caches_;
  std::array<uint32_t, 2> generation_{0, 0};
  std::array<bool, 2> stale_{false, false};
  std::vector<Entry> entries_;
  ReachSearch search_;
};

// ReachCaches for any number of threads: each call leases one (the last returned
// first, so one thread keeps finding its own) and gives it back when done.
class ReachCachePool {
 public:
  explicit ReachCachePool(std::shared_ptr<const MoveTables> tables) : tables_(std::move(tables)) {}
  class Lease {
   public:
    Lease(const ReachCachePool& pool, std::unique_ptr<ReachCache> c) : pool_(pool), cache_(std::move(c)) {}
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease();
    ReachCache* operator->() const { return cache_.get(); }

   private:
    const ReachCachePool& pool_;
    std::unique_ptr<ReachCache> cache_;
  };
  // A cache synced with p.
  Lease lease(const Position& p) const;
  const MoveTables& tables() const { return *tables_; }

 private:
  std::shared_ptr<const MoveTables> tables_;
  mutable std::mutex mutex_;
  mutable std::vector<std::unique_ptr<ReachCache>> free_;
};

// ARD2 3.1: more than three units of `side` in h.
bool overstacked(const Position& p, core::Hex h, int side);
// ARD2 3.1: units of more than one Division of `side` in h (Independents and
// reinforcements still in their Entry Area do not count).
bool violates_divisional_integrity(const Position& p, core::Hex h, int side);

}  // namespace ard2
