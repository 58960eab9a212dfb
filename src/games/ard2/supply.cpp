#include "games/ard2/supply.h"

#include <algorithm>
#include <deque>

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

// Any usable road of the wanted kind leaves h.
bool has_road(const Position& p, core::Hex h, bool road_only) {
  for (int d = 0; d < core::kDirections; ++d)
    if (road_ok(p.effective_road(h, d), road_only)) return true;
  return false;
}

}  // namespace

std::vector<uint8_t> trace_supply(const Position& p, int side, const SupplySources& src) {
  const scs::Board& b = p.board();
  const int n = b.size();
  // 1. The road net: road hexes joined to a source by usable road, no enemy on it.
  //    ASSUMED: a road hex on a friendly map edge leads off that edge.
  std::vector<uint8_t> net(size_t(n), 0);
  std::deque<core::Hex> queue;
  auto seed = [&](core::Hex h) {
    const int i = b.index(h);
    if (i < 0 || net[size_t(i)] || p.has_enemy(h, side)) return;
    net[size_t(i)] = 1;
    queue.push_back(h);
  };
  for (int i = 0; i < n; ++i) {
    const core::Hex h = b.hex_at(i);
    if ((b.edges(h) & src.edges) && has_road(p, h, src.road_only)) seed(h);
  }
  for (core::Hex h : src.hexes) seed(h);
  while (!queue.empty()) {
    const core::Hex h = queue.front();
    queue.pop_front();
    for (int d = 0; d < core::kDirections; ++d)
      if (road_ok(p.effective_road(h, d), src.road_only)) seed(core::neighbor(h, d));
  }
  // 2. Up to 5 hexes from the net, searched backwards from it: the unit's path runs
  //    x -> y, legal when along a usable road or into a hex and across a hexside not
  //    Prohibited to Leg MA, and y holds no enemy.
  std::vector<int8_t> dist(size_t(n), -1);
  for (int i = 0; i < n; ++i)
    if (net[size_t(i)]) {
      dist[size_t(i)] = 0;
      queue.push_back(b.hex_at(i));
    }
  while (!queue.empty()) {
    const core::Hex y = queue.front();
    queue.pop_front();
    const int dy = dist[size_t(b.index(y))];
    if (dy >= kTraceHexes) continue;
    for (int d = 0; d < core::kDirections; ++d) {
      const core::Hex x = core::neighbor(y, d);
      const int xi = b.index(x);
      if (xi < 0 || dist[size_t(xi)] >= 0) continue;
      const int to_y = core::opposite(d);  // direction x -> y
      const bool road = p.effective_road(x, to_y) != scs::RoadKind::None;
      if (!road && (b.hex_prohibited(y, scs::MoveType::Leg) ||
                    b.side_cost(x, to_y, scs::MoveType::Leg) == scs::kProhibited))
        continue;
      if (p.has_enemy(x, side)) {
        // the unit's own hex may not hold the enemy either; such hexes stay unsupplied
        continue;
      }
      dist[size_t(xi)] = int8_t(dy + 1);
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
