#include "games/ard2/supply.h"

#include <algorithm>

#include "core/map.h"

namespace ard2 {

SupplySources default_sources(int side) {
  SupplySources s;
  s.edges = side == kGerman ? uint8_t(core::kEdgeEast)
                            : uint8_t(core::kEdgeNorth | core::kEdgeWest | core::kEdgeSouth);
  return s;
}

namespace {

bool road_ok(scs::RoadKind r, bool road_only) {
  return road_only ? r == scs::RoadKind::Road : r != scs::RoadKind::None;
}

}  // namespace

// Both searches walk the board by index (Board::links), with the bridges' state and
// the enemy's hexes read once per trace: a trace runs at every phase end of every
// position the AI looks at.
std::vector<uint8_t> trace_supply(const Position& p, int side, const SupplySources& src) {
  const scs::Board& b = p.board();
  const int n = b.size();
  std::vector<uint8_t> enemy(size_t(n), 0);
  const core::State& s = p.state();
  for (core::UnitId u = 0; u < s.unit_count; ++u)
    if (s.units[u].where == core::Where::OnMap && p.info(u).side != side)
      if (const int i = b.index(s.units[u].hex); i >= 0) enemy[size_t(i)] = 1;
  const scs::Board::Link* const links = b.links();
  auto links_of = [&](int i) { return links + size_t(i) * core::kDirections; };
  const std::vector<uint8_t> open = p.open_bridges();
  auto road = [&](const scs::Board::Link& l) { return link_road(l, open); };

  // 1. The road net: road hexes joined to a source by usable road, no enemy on it.
  //    ASSUMED: a road hex on a friendly map edge leads off that edge.
  std::vector<uint8_t> net(size_t(n), 0);
  std::vector<int32_t> queue;
  queue.reserve(size_t(n));
  auto seed = [&](int i) {
    if (i < 0 || net[size_t(i)] || enemy[size_t(i)]) return;
    net[size_t(i)] = 1;
    queue.push_back(i);
  };
  for (int i = 0; i < n; ++i) {
    if (!(b.edges_at(i) & src.edges)) continue;
    const scs::Board::Link* l = links_of(i);
    for (int d = 0; d < core::kDirections; ++d)
      if (road_ok(road(l[d]), src.road_only)) {
        seed(i);
        break;
      }
  }
  for (core::Hex h : src.hexes) seed(b.index(h));
  for (size_t head = 0; head < queue.size(); ++head) {
    const scs::Board::Link* l = links_of(queue[head]);
    for (int d = 0; d < core::kDirections; ++d)
      if (road_ok(road(l[d]), src.road_only)) seed(l[d].to);
  }
  // 2. Up to 5 hexes from the net, searched backwards from it: the unit's path runs
  //    x -> y, legal when along a usable road or into a hex and across a hexside not
  //    Prohibited to Leg MA, and neither x nor y holds an enemy (such hexes stay
  //    unsupplied).
  std::vector<int8_t> dist(size_t(n), -1);
  queue.clear();
  for (int i = 0; i < n; ++i)
    if (net[size_t(i)]) {
      dist[size_t(i)] = 0;
      queue.push_back(i);
    }
  for (size_t head = 0; head < queue.size(); ++head) {
    const int y = queue[head];
    const int dy = dist[size_t(y)];
    if (dy >= kTraceHexes) continue;
    const scs::Board::Link* from_y = links_of(y);
    for (int d = 0; d < core::kDirections; ++d) {
      const int x = from_y[d].to;
      if (x < 0 || dist[size_t(x)] >= 0 || enemy[size_t(x)]) continue;
      const scs::Board::Link& to_y = links_of(x)[core::opposite(d)];  // x -> y
      if (road(to_y) == scs::RoadKind::None && !to_y.leg_open) continue;
      dist[size_t(x)] = int8_t(dy + 1);
      queue.push_back(x);
    }
  }
  std::vector<uint8_t> out(size_t(n), 0);
  for (int i = 0; i < n; ++i) out[size_t(i)] = dist[size_t(i)] >= 0 ? 1 : 0;
  return out;
}

std::vector<uint8_t> trace_supply(const Position& p, int side, const std::vector<SupplySources>& sources) {
  std::vector<uint8_t> out(size_t(p.board().size()), 0);
  for (const SupplySources& src : sources) {
    const auto one = trace_supply(p, side, src);
    for (size_t i = 0; i < out.size(); ++i) out[i] |= one[i];
  }
  return out;
}

bool air_supplied(const Position& p, core::Hex h) {
  const core::State& s = p.state();
  for (int i = 0; i < s.hex_marker_count; ++i)
    if (s.hex_markers[size_t(i)].kind == kAirSupply && core::distance(s.hex_markers[size_t(i)].hex, h) <= kTraceHexes)
      return true;
  return false;
}

std::vector<uint32_t> trace_key(const core::State& s, const std::vector<UnitInfo>& info, int side) {
  std::vector<uint32_t> key{s.scenario, uint32_t(uint16_t(s.turn)), uint32_t(side), s.side_marker_count};
  for (int i = 0; i < s.side_marker_count; ++i) {
    const core::SideMarker& m = s.side_markers[size_t(i)];
    key.push_back(m.hex_key);
    key.push_back(uint32_t(m.dir) << 16 | m.kind);
  }
  for (core::UnitId u = 0; u < s.unit_count; ++u)
    if (s.units[u].where == core::Where::OnMap && info[s.units[u].def].side != side) key.push_back(s.units[u].hex.key());
  return key;
}

bool in_supply(const Position& p, const std::vector<uint8_t>& traced, core::UnitId u) {
  const core::Hex h = p.unit(u).hex;
  const int i = p.board().index(h);
  if (i >= 0 && traced[size_t(i)]) return true;
  return p.info(u).side == kAllied && air_supplied(p, h);
}

}  // namespace ard2
