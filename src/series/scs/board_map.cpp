#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/map.h"
#include "series/scs/board.h"

namespace scs {

namespace {

std::string norm(std::string_view s) {
  std::string o;
  for (char c : s)
    if (std::isalnum(static_cast<unsigned char>(c))) o.push_back(char(std::tolower(static_cast<unsigned char>(c))));
  return o;
}

template <class Row>
int match(const std::vector<Row>& rows, std::string_view word) {
  std::string w = norm(word);
  if (w == "clear") w = "open";
  for (size_t i = 0; i < rows.size(); ++i)
    if (norm(rows[i].name) == w) return int(i);
  for (size_t i = 0; i < rows.size(); ++i)
    if (!w.empty() && norm(rows[i].name).rfind(w, 0) == 0) return int(i);
  // "border" = "National Border", "westwall" = "West Wall"
  for (size_t i = 0; i < rows.size(); ++i)
    if (w.size() >= 4 && norm(rows[i].name).find(w) != std::string::npos) return int(i);
  return -1;
}

void note(std::vector<std::string>* unknown, const std::string& w) {
  if (unknown && std::find(unknown->begin(), unknown->end(), w) == unknown->end()) unknown->push_back(w);
}

}  // namespace

int turn_of_date(std::string_view s) {
  int v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || v <= 0) return 0;
  const std::string rest = norm(std::string_view(ptr, size_t(s.data() + s.size() - ptr)));
  if (rest.empty()) return v;
  if (rest == "dec") return v - 15;  // ARD2: Turn n is (15 + n) December 1944
  return 0;
}

Board board_from_map(const core::Map& map, Tec tec, std::vector<std::string>* unknown) {
  std::vector<HexTerrainKind> hex_rows, side_rows;
  for (int k = 0; k < tec.hex_count(); ++k) hex_rows.push_back(tec.hex(k));
  std::vector<SideTerrainKind> sides;
  for (int k = 0; k < tec.side_count(); ++k) sides.push_back(tec.side(k));
  // Map vocabulary bit -> Tec row (or -1).
  std::vector<int> terrain_row;
  for (const auto& w : map.terrain_names()) {
    terrain_row.push_back(match(hex_rows, w));
    if (terrain_row.back() < 0) note(unknown, w);
  }
  std::vector<int> side_row;
  std::vector<RoadKind> side_road;
  for (const auto& w : map.side_feature_names()) {
    const std::string n = norm(w);
    side_road.push_back(n == "road" ? RoadKind::Road : n == "track" ? RoadKind::Track : RoadKind::None);
    side_row.push_back(side_road.back() == RoadKind::None && n != "bridge" ? match(sides, w) : -1);
    if (side_road.back() == RoadKind::None && side_row.back() < 0 && n != "bridge") note(unknown, w);
  }
  const int jam = [&] {
    for (int k = 0; k < tec.hex_count(); ++k)
      if (tec.hex(k).traffic_jam) return k;
    return -1;
  }();

  Board b(std::move(tec));
  for (int i = 0; i < map.size(); ++i) {
    const core::Hex h = map.hex_at(i);
    uint32_t mask = 0;
    const core::TerrainMask t = map.terrain(h);
    for (size_t bit = 0; bit < terrain_row.size(); ++bit)
      if ((t >> bit) & 1u && terrain_row[bit] >= 0) mask |= 1u << terrain_row[bit];
    b.add_hex(h, mask, map.edges(h));
    const std::string_view vp = map.attr(h, "vp");
    if (!vp.empty()) {
      int v = 0;
      std::from_chars(vp.data(), vp.data() + vp.size(), v);
      b.set_vp(h, v);
    }
  }
  for (int i = 0; i < map.size(); ++i) {
    const core::Hex h = map.hex_at(i);
    for (int dir = 0; dir < 3; ++dir) {
      const core::SideMask m = map.side(h, dir);
      if (!m) continue;
      for (size_t bit = 0; bit < side_row.size(); ++bit) {
        if (!((m >> bit) & 1u)) continue;
        if (side_road[bit] != RoadKind::None) {
          // a Road wins over a Track on the same hexside
          if (b.road(h, dir) != RoadKind::Road) b.set_road(h, dir, side_road[bit]);
        } else if (side_row[bit] >= 0) {
          b.add_side_feature(h, dir, side_row[bit]);
        }
      }
      const core::HexSide s = core::HexSide::of(h, dir);
      const std::string_view built = map.attr(s, "built");
      const std::string_view plunger = map.attr(s, "plunger");
      if (!built.empty() || (!plunger.empty() && map.ids().parse(plunger))) {
        Bridge br;
        br.side = s;
        br.built_turn = int16_t(built.empty() ? 0 : turn_of_date(built));
        if (!plunger.empty()) br.plunger = map.ids().parse(plunger);
        b.add_bridge(br);
      }
    }
  }
  // Plungers marked on their hex ("plunger=1", the map generator's form): the hex
  // controls the bridged hexsides (a road over water) among its own six sides, or, if
  // it has none, those touching its neighbours. ASSUMED: the map does not link a
  // plunger to its bridges, and the printed symbol stands next to the bridge it fires.
  for (int i = 0; i < map.size(); ++i) {
    const core::Hex h = map.hex_at(i);
    const std::string_view pl = map.attr(h, "plunger");
    if (pl.empty() || pl == "0") continue;
    auto bridged = [&](core::Hex a, int d) { return b.road(a, d) != RoadKind::None && b.side_has_water(a, d); };
    auto wire = [&](core::Hex a, int d) {
      const core::HexSide s = core::HexSide::of(a, d);
      const int k = b.bridge_at(s);
      if (k >= 0) return;  // already a German-built or wired bridge
      Bridge br;
      br.side = s;
      br.plunger = h;
      b.add_bridge(br);
    };
    bool any = false;
    for (int d = 0; d < core::kDirections; ++d)
      if (bridged(h, d)) {
        wire(h, d);
        any = true;
      }
    if (!any)
      for (int d = 0; d < core::kDirections; ++d) {
        const core::Hex n = core::neighbor(h, d);
        if (!b.contains(n)) continue;
        for (int e = 0; e < core::kDirections; ++e)
          if (bridged(n, e)) wire(n, e);
      }
  }
  if (jam >= 0)
    for (const core::Area& a : map.areas())
      if (norm(a.name) == "trafficjam")
        for (core::Hex h : a.hexes) b.add_terrain(h, jam);
  return b;
}

}  // namespace scs
