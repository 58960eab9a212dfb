// The turn-level parts of a scenario file: Air Strike divisor (2.2), supply sources
// (3.7, 7.x "Supply Sources"), exit hexes and exit VP/conditions (7.2, 7.3, 7.5), the
// 7.3 Traffic Jam set-up rule; and the live supply sources they give.
#include <stdexcept>

#include "core/map.h"
#include "games/ard2/ard2_internal.h"
#include "games/ard2/data.h"

namespace ard2 {

namespace {

// Hex directions by compass point on the flat-topped SCS grid (core/hex.h, map.cpp).
std::vector<int> directions(const std::string& compass) {
  if (compass == "north") return {2};
  if (compass == "south") return {5};
  if (compass == "east") return {0, 1};
  if (compass == "west") return {3, 4};
  throw std::runtime_error("unknown compass point \"" + compass + "\"");
}

}  // namespace

bool Ard2Rules::read_turn_data(const json& j, Scenario& sc, std::string& error) const {
  const auto number = [&](Hex h) { return hex_number(map_->ids().format(h)); };
  const auto playing = [&](Hex h) {
    const int i = board_->index(h);
    return i >= 0 && sc.in_play[size_t(i)];
  };
  // A hex of the play area whose neighbours toward `compass` are all outside it.
  const auto area_edge = [&](Hex h, const std::vector<int>& dirs) {
    if (!playing(h)) return false;
    for (int d : dirs)
      if (playing(core::neighbor(h, d))) return false;
    return true;
  };
  const auto road_kind_ok = [](scs::RoadKind r, bool road_only) {
    return road_only ? r == scs::RoadKind::Road : r != scs::RoadKind::None;
  };
  try {
    sc.air_divide = std::max(1, j.at("air_strikes").value("divide_by", 1));
    sc.tj_setup_dg = j.value("traffic_jam_setup_dg", false);
    // ARD2 3.7, 1.3, 7.x: supply sources as hexes the road net starts from.
    for (const json& line : j.value("supply_sources", json::array())) {
      SourceLine sl;
      sl.side = line.at("side").get<int>();
      sl.from_turn = line.value("from_turn", 0);
      sl.src.road_only = line.value("road_type", "road") == "Road";
      const std::string of = line.value("of", "play area");
      const char only_sheet = of.size() > 13 && of.rfind("play area on Map ", 0) == 0 ? of.back() : 0;
      for (const json& e : line.value("edges", json::array())) {
        // "A:north": the sheet's own edge on that side, inside the play area, on a road.
        const std::string edge = e.get<std::string>();
        const char sheet = edge.at(0);
        const auto dirs = directions(edge.substr(2));
        for (int i = 0; i < board_->size(); ++i) {
          const Hex h = board_->hex_at(i);
          if (!sc.in_play[size_t(i)] || number(h).sheet != sheet) continue;
          bool edge_hex = true, road = false;
          for (int d : dirs) {
            const Hex n = core::neighbor(h, d);
            edge_hex &= !board_->contains(n) || number(n).sheet != sheet;
          }
          for (int d = 0; d < core::kDirections; ++d) road |= road_kind_ok(board_->road(h, d), sl.src.road_only);
          if (edge_hex && road) sl.src.hexes.push_back(h);
        }
      }
      if (line.contains("roads_exiting")) {
        // Roads that leave the play area across its limit on that side.
        const auto dirs = directions(line["roads_exiting"].get<std::string>());
        for (int i = 0; i < board_->size(); ++i) {
          const Hex h = board_->hex_at(i);
          const HexNumber n = number(h);
          if (!area_edge(h, dirs) || (only_sheet && n.sheet != only_sheet)) continue;
          if (n.col < line.value("col_min", 0) || n.col > line.value("col_max", 999) ||
              n.row < line.value("row_min", 0) || n.row > line.value("row_max", 999))
            continue;
          bool exits = false;
          for (int d : dirs) exits |= road_kind_ok(board_->road(h, d), sl.src.road_only);
          if (exits) sl.src.hexes.push_back(h);
        }
      }
      for (const json& id : line.value("hexes", json::array())) {
        const auto h = map_->ids().parse(id.get<std::string>());
        if (!h || !board_->contains(*h)) throw std::runtime_error("supply hex " + id.get<std::string>() + " is not on the map");
        sl.src.hexes.push_back(*h);
      }
      sc.sources.push_back(std::move(sl));
    }
    // Exit hexes and what exits score (7.2, 7.3: exit_vp; 7.5: exit conditions).
    sc.exit_hex.assign(size_t(board_->size()), 0);
    const json& v = j.at("victory");
    auto mark_exits = [&](const json& spec) {
      for (const json& a : spec.value("areas", json::array()))
        if (const core::Area* area = map_->area("entry:" + a.get<std::string>()))
          for (Hex h : area->hexes)
            if (playing(h)) sc.exit_hex[size_t(board_->index(h))] = 1;
      for (const json& e : spec.value("edges", json::array())) {
        const auto dirs = directions(e.get<std::string>());
        for (int i = 0; i < board_->size(); ++i)
          if (area_edge(board_->hex_at(i), dirs)) sc.exit_hex[size_t(i)] = 1;
      }
    };
    if (v.contains("exit_vp")) {
      const json& x = v["exit_vp"];
      mark_exits(x);
      for (const json& f : x.at("formations"))
        sc.exits.push_back({f.at("formation").get<std::string>(), f.at("min_units").get<int>(), x.value("vp_each", 1), 0});
    }
    for (const json& c : v.value("conditions", json::array()))
      if (c.value("type", "") == "exit") {
        mark_exits(c);
        sc.exits.push_back(
            {c.at("formation").get<std::string>(), c.at("min_units").get<int>(), 0, c.value("before_end_of_turn", 0)});
      }
  } catch (const std::exception& e) {
    error = e.what();
    return false;
  }
  return true;
}

std::vector<SupplySources> Ard2Rules::sources(const core::State& s, int side) const {
  std::vector<SupplySources> out;
  bool named = false;
  for (const SourceLine& l : scenario(s).sources) {
    if (l.side != side) continue;
    named = true;
    if (s.turn >= l.from_turn) out.push_back(l.src);
  }
  if (!named) out.push_back(default_sources(side));
  return out;
}

std::vector<uint8_t> Ard2Rules::traced(const core::State& s, int side) const {
  return traces_->get(trace_key(s, unit_info_, side), [&] { return trace_supply(position(s), side, sources(s, side)); });
}

}  // namespace ard2
