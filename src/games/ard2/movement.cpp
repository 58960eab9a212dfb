#include "games/ard2/movement.h"

#include <algorithm>
#include <cstring>

#include "games/ard2/zoc.h"

namespace ard2 {

Mover mover_of(const Position& p, core::UnitId u) {
  const UnitInfo& i = p.info(u);
  Mover m;
  m.side = i.side;
  m.type = i.move;
  m.artillery = i.artillery;
  m.self = u;
  // ARD2 4.2: on Turns 1-2 only, and only for a unit that began the phase adjacent to
  // the river (the caller sets started_adjacent_our from the phase-start position).
  m.rubber_boats = i.rubber_boats && p.turn() <= 2;
  return m;
}

MoveTables::MoveTables(const scs::Board& board)
    : board_(board), graph_([&] {
        std::vector<core::Hex> hexes;
        for (int i = 0; i < board.size(); ++i) hexes.push_back(board.hex_at(i));
        return hexes;
      }()) {
  const size_t n = size_t(board.size());
  hex_cost_.resize(n * 2);
  sides_.resize(n * core::kDirections);
  jam_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const core::Hex h = board.hex_at(int(i));
    jam_[i] = board.is_traffic_jam(h);
    for (scs::MoveType t : {scs::MoveType::Leg, scs::MoveType::Mech}) {
      hex_cost_[i * 2 + size_t(t)] = int16_t(board.hex_cost(h, t));
      for (int d = 0; d < core::kDirections; ++d)
        sides_[i * core::kDirections + size_t(d)].cost[size_t(t)] = int16_t(board.side_cost(h, d, t));
    }
    for (int d = 0; d < core::kDirections; ++d) {
      Side& s = sides_[i * core::kDirections + size_t(d)];
      s.road = board.road(h, d);
      s.bridge = int16_t(board.bridge_at(core::HexSide::of(h, d)));
    }
  }
}

int MoveTables::terrain_cost(int from, int dir, int to, scs::MoveType type, const std::vector<uint8_t>& bridge_open,
                             bool rubber_boats) const {
  const scs::RoadKind road = this->road(from, dir);
  // ARD2 3.8: a road across a bridge not yet built or blown is no road.
  const int b = bridge(from, dir);
  // ARD2 1.3 a) exception: following a road ignores the hex's other terrain and the
  // hexside crossed (an operational bridge is always there).
  if (road != scs::RoadKind::None && (b < 0 || bridge_open[size_t(b)])) return board_.tec().road_cost(road, type);
  // ARD2 1.3 a): the costliest hex terrain plus the hexside. This is also the road
  // across water without an operational bridge (1.3): the hexside, then the far hex
  // at its non-road cost.
  int side = side_cost(from, dir, type);
  if (side == scs::kProhibited && rubber_boats) side = scs::kAllMp;
  const int hex = hex_cost(to, type);
  if (side == scs::kProhibited || hex == scs::kProhibited) return scs::kProhibited;
  if (side == scs::kAllMp || hex == scs::kAllMp) return scs::kAllMp;
  return hex + side;
}

MoveCache move_cache(const Position& p, int side, std::shared_ptr<const MoveTables> tables) {
  MoveCache c;
  const MoveTables& t = *tables;
  c.tables = std::move(tables);
  c.side = side;
  c.turn = p.turn();
  const scs::Board& b = p.board();
  c.hex.assign(size_t(b.size()), 0);
  for (core::UnitId u : p.on_map(other_side(side))) {
    const int i = b.index(p.unit(u).hex);
    if (i < 0) continue;
    c.hex[size_t(i)] |= MoveCache::kEnemy;
    for (int d = 0; d < core::kDirections; ++d)
      if (const int j = t.neighbor(i, d); j >= 0) c.hex[size_t(j)] |= MoveCache::kAdjacentEnemy;
  }
  for (uint32_t key : bond_hex_keys(p, other_side(side)))
    if (const int i = b.index(core::Hex::from_key(key)); i >= 0) c.hex[size_t(i)] |= MoveCache::kEnemyBond;
  // Position::full_markers reads the first marker of a kind in a hex.
  const core::State& s = p.state();
  std::vector<uint8_t> seen(c.hex.size(), 0);
  for (int k = 0; k < s.hex_marker_count; ++k) {
    const core::HexMarker& m = s.hex_markers[size_t(k)];
    const int i = b.index(m.hex);
    if (i < 0) continue;
    const bool own = m.kind == full_kind(side), enemy = m.kind == full_kind(other_side(side));
    const uint8_t bit = own ? 1 : 2;
    if (!(own || enemy) || (seen[size_t(i)] & bit)) continue;
    seen[size_t(i)] |= bit;
    if (own && m.value > 0) c.hex[size_t(i)] |= MoveCache::kOwnFull;
    if (enemy && m.value != 0) c.hex[size_t(i)] |= m.value == 1 ? MoveCache::kEnemyFull : MoveCache::kEnemyFulls;
  }
  for (size_t k = 0; k < b.bridges().size(); ++k) c.bridge_open.push_back(p.bridge_open(int(k)));
  if (p.turn() <= 2)
    for (core::UnitId u = 0; u < s.unit_count; ++u) {
      if (s.units[u].where != core::Where::OnMap || p.info(u).side != kGerman) continue;
      const int i = b.index(s.units[u].hex);
      if (i >= 0 && t.traffic_jam(i)) c.jammed.emplace_back(i, u);
    }
  return c;
}

MoveCache move_cache(const Position& p, int side) {
  return move_cache(p, side, std::make_shared<const MoveTables>(p.board()));
}

bool traffic_jam_active(const Position& p, core::Hex h, int side) {
  // ARD2 3.1: Traffic Jams exist on Turns 1 and 2 only and touch German units only.
  return side == kGerman && p.turn() <= 2 && p.board().is_traffic_jam(h);
}

int step_cost(const Position& p, const MoveCache& c, const Mover& m, core::Hex from, core::Hex to) {
  const scs::Board& b = p.board();
  const int dir = core::direction_to(from, to);
  if (dir < 0 || !b.contains(to) || !b.contains(from)) return scs::kProhibited;
  return step_cost(c, m, b.index(from), dir, b.index(to));
}

// The cache is of the mover's side: c.side == m.side.
int step_cost(const MoveCache& c, const Mover& m, int from, int dir, int to) {
  const MoveTables& t = *c.tables;
  const uint8_t at_to = c.hex[size_t(to)], at_from = c.hex[size_t(from)];
  // SCS: no entering a hex held by the enemy (an Overrun is a separate action).
  if (at_to & MoveCache::kEnemy) return scs::kProhibited;
  // ARD2 3.1: a German-held active Traffic Jam hex is closed to every other German.
  if (m.side == kGerman && c.turn <= 2 && t.traffic_jam(to)) {
    for (const auto& [i, u] : c.jammed)
      if (i == to && u != m.self) return scs::kProhibited;
  }
  // ARD2 3.6: artillery may not enter a hex adjacent to an enemy unit.
  if (m.artillery && (at_to & MoveCache::kAdjacentEnemy)) return scs::kProhibited;

  int cost = t.terrain_cost(from, dir, to, m.type, c.bridge_open, m.rubber_boats && m.started_adjacent_our);
  if (cost == scs::kProhibited || cost == scs::kAllMp) return cost;

  // ARD2 1.2 and TEC note 3: an enemy ZOC Bond hex has its own cost, which replaces
  // the adjacent-to-adjacent one. ASSUMED (A3): the +1 MP for moving from a hex
  // adjacent to an enemy unit to another applies to every move, as TEC note 3 reads,
  // not only to units that began the phase adjacent.
  const scs::Tec& tec = t.board().tec();
  if (at_to & MoveCache::kEnemyBond) {
    cost += tec.zoc_bond_cost;
  } else if ((at_from & MoveCache::kAdjacentEnemy) && (at_to & MoveCache::kAdjacentEnemy)) {
    cost += tec.adjacent_cost;
  }

  // ARD2 3.5 Barrage Hex Effects: enemy Full markers add 2 MP (one) or 4 MP (two or
  // more) to enter and again to leave; friendly ones add 1 MP to enter, whatever
  // their number (TEC note 4). ASSUMED (A7): Half markers have no movement effect;
  // they only await reconciliation at the end of their phase.
  auto enemy_extra = [](uint8_t bits) {
    return (bits & MoveCache::kEnemyFulls) ? 4 * scs::kHalfMp : (bits & MoveCache::kEnemyFull) ? 2 * scs::kHalfMp : 0;
  };
  cost += enemy_extra(at_to) + enemy_extra(at_from);
  if (at_to & MoveCache::kOwnFull) cost += 1 * scs::kHalfMp;
  return cost;
}

int allowance(const Position& p, core::UnitId u, bool dg) {
  const int ma = p.ma(u) * scs::kHalfMp;
  // ARD2 3.4: DG halves the MA; half MP units keep it exact.
  return dg ? ma / 2 : ma;
}

// Dijkstra over (hex, mode), where the mode is "became DG on the way" (entering a
// Traffic Jam halves the MA with no proration of MP already spent, 3.1/3.4). The
// order of the heap (by cost only, std::push_heap/pop_heap) fixes the order of the
// result, which is the order the legal moves are listed in.
void move_range(const Position& p, const MoveCache& c, core::UnitId u, ReachSearch& rs,
                std::vector<core::Reach>& out, std::vector<int32_t>& indices) {
  out.clear();
  indices.clear();
  const MoveTables& t = *c.tables;
  const scs::Board& b = p.board();
  const core::UnitState& us = p.unit(u);
  const int start = b.index(us.hex);
  if (start < 0) {
    out.push_back(core::Reach{us.hex, 0, us.hex});
    indices.push_back(-1);
    return;
  }
  const Mover m = mover_of(p, u);
  const int full = allowance(p, u, false), half = allowance(p, u, true);
  auto allow = [&](int mode) { return mode ? half : full; };
  const bool jam_turn = m.side == kGerman && p.turn() <= 2;

  const size_t n = size_t(b.size());
  if (rs.listed_stamp.size() != n) {
    rs.listed_stamp.assign(n, 0);
    rs.best_stamp.assign(2 * n, 0);
    rs.best.assign(2 * n, 0);
    rs.generation = 0;
  }
  if (++rs.generation == 0) {
    std::fill(rs.listed_stamp.begin(), rs.listed_stamp.end(), 0);
    std::fill(rs.best_stamp.begin(), rs.best_stamp.end(), 0);
    rs.generation = 1;
  }
  const uint32_t gen = rs.generation;
  auto has_best = [&](int32_t k) { return rs.best_stamp[size_t(k)] == gen; };
  auto set_best = [&](int32_t k, int v) {
    rs.best_stamp[size_t(k)] = gen;
    rs.best[size_t(k)] = v;
  };
  auto later = [](const ReachSearch::Node& x, const ReachSearch::Node& y) { return x.cost > y.cost; };
  auto& heap = rs.heap;
  heap.clear();
  const int32_t first = int32_t(start) << 1 | (p.dg(u) ? 1 : 0);
  heap.push_back({us.spent, first, first, false});
  set_best(first, us.spent);
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), later);
    const ReachSearch::Node nd = heap.back();
    heap.pop_back();
    if (has_best(nd.key) && rs.best[size_t(nd.key)] < nd.cost) continue;
    const int at = nd.key >> 1, mode = nd.key & 1;
    if (rs.listed_stamp[size_t(at)] != gen) {
      rs.listed_stamp[size_t(at)] = gen;
      out.push_back(core::Reach{b.hex_at(at), int16_t(nd.cost - us.spent), b.hex_at(nd.from >> 1)});
      indices.push_back(at);
    }
    if (nd.stop) continue;
    for (int d = 0; d < core::kDirections; ++d) {
      const int to = t.neighbor(at, d);
      if (to < 0) continue;
      int cost = step_cost(c, m, at, d, to);
      if (cost == scs::kProhibited) continue;
      bool stop = false;
      if (cost == scs::kAllMp) {
        // SCS "All": the unit's whole MA, so only as its first expense of the phase.
        if (nd.cost != 0) continue;
        cost = allow(mode);
        stop = true;
      }
      if (cost < 0) continue;
      // ARD2 3.1/3.4: entering an active Traffic Jam makes the unit DG at once; its MA
      // halves and MP already spent are not prorated.
      const int to_mode = jam_turn && t.traffic_jam(to) ? 1 : mode;
      const int total = nd.cost + cost;
      if (total > allow(mode)) continue;
      const int32_t k = int32_t(to) << 1 | to_mode;
      stop = stop || total >= allow(to_mode);
      if (has_best(k) && rs.best[size_t(k)] <= total) continue;
      set_best(k, total);
      heap.push_back({total, k, nd.key, stop});
      std::push_heap(heap.begin(), heap.end(), later);
    }
  }
}

std::vector<core::Reach> move_range(const Position& p, core::UnitId u) {
  const MoveCache c = move_cache(p, p.info(u).side);
  ReachSearch rs;
  std::vector<core::Reach> out;
  std::vector<int32_t> indices;
  move_range(p, c, u, rs, out, indices);
  return out;
}

// --- ReachCache --------------------------------------------------------------------------

namespace {

// Copies x's bytes to `at` and moves past them.
template <class T>
void put(uint8_t*& at, const T& x) {
  std::memcpy(at, &x, sizeof(T));
  at += sizeof(T);
}

}  // namespace

void ReachCache::sync(const Position& p) {
  // What move_cache reads of the state: the turn, each unit's counter, where it is and
  // its steps, the hex and hexside markers.
  const core::State& s = p.state();
  const core::UnitState& x = s.units[0];
  const size_t per_unit = sizeof x.where + sizeof x.hex + sizeof x.steps_lost + sizeof x.def;
  std::vector<uint8_t> in(sizeof s.turn + sizeof s.unit_count + s.unit_count * per_unit + sizeof s.hex_marker_count +
                          s.hex_marker_count * sizeof(core::HexMarker) + sizeof s.side_marker_count +
                          s.side_marker_count * sizeof(core::SideMarker));
  uint8_t* at = in.data();
  put(at, s.turn);
  put(at, s.unit_count);
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    put(at, s.units[u].where);
    put(at, s.units[u].hex);
    put(at, s.units[u].steps_lost);
    put(at, s.units[u].def);
  }
  put(at, s.hex_marker_count);
  for (int k = 0; k < s.hex_marker_count; ++k) put(at, s.hex_markers[size_t(k)]);
  put(at, s.side_marker_count);
  for (int k = 0; k < s.side_marker_count; ++k) put(at, s.side_markers[size_t(k)]);
  if (in == inputs_) return;
  inputs_ = std::move(in);
  if (entries_.empty()) entries_.resize(core::State::kMaxUnits);
  stale_ = {true, true};
}

const std::vector<core::Reach>& ReachCache::range(const Position& p, core::UnitId u) {
  const int side = p.info(u).side;
  if (stale_[size_t(side)]) {
    // A side's cache is rebuilt when first needed; its reaches are kept when the new
    // cache prices every step as the old one did.
    stale_[size_t(side)] = false;
    MoveCache c = move_cache(p, side, tables_);
    if (!(c == caches_[size_t(side)])) {
      caches_[size_t(side)] = std::move(c);
      ++generation_[size_t(side)];
    }
  }
  Entry& e = entries_[u];
  const core::UnitState& us = p.unit(u);
  if (e.generation == generation_[size_t(side)] && std::memcmp(&e.key, &us, sizeof us) == 0) return e.reach;
  move_range(p, caches_[size_t(side)], u, search_, e.reach, e.indices);
  e.key = us;
  e.generation = generation_[size_t(side)];
  return e.reach;
}

ReachCachePool::Lease::~Lease() {
  const std::lock_guard<std::mutex> lock(pool_.mutex_);
  pool_.free_.push_back(std::move(cache_));
}

ReachCachePool::Lease ReachCachePool::lease(const Position& p) const {
  std::unique_ptr<ReachCache> c;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (!free_.empty()) {
      c = std::move(free_.back());
      free_.pop_back();
    }
  }
  if (!c) c = std::make_unique<ReachCache>(tables_);
  c->sync(p);
  return Lease(*this, std::move(c));
}

bool overstacked(const Position& p, core::Hex h, int side) { return p.count(h, side) > kStackLimit; }

bool violates_divisional_integrity(const Position& p, core::Hex h, int side) {
  int division = -1;
  for (core::UnitId u : p.units_at(h)) {
    const UnitInfo& i = p.info(u);
    if (i.side != side || i.division < 0 || (p.unit(u).flags & kInEntryArea)) continue;
    if (division >= 0 && division != i.division) return true;
    division = i.division;
  }
  return false;
}

}  // namespace ard2
