#include "mapgen/map_text.h"

#include <algorithm>

#include <fmt/format.h>

namespace mapgen {

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// Words of `present` in the order of the vocabulary, so the text is stable.
std::string in_vocabulary_order(const std::vector<std::string>& vocabulary, const std::set<std::string>& present) {
  std::string out;
  for (const std::string& w : vocabulary)
    if (present.count(w)) out += " " + w;
  return out;
}

std::string hex_line(const Draft& d, const GameSpec& spec, core::Hex h) {
  const DraftHex* cell = d.find(h);
  if (!cell || (cell->terrain.empty() && cell->place.empty() && cell->attrs.empty())) return "";
  std::string terrain = in_vocabulary_order(spec.terrain, cell->terrain);
  if (terrain.empty()) terrain = " " + spec.default_terrain;
  std::string line = "hex " + d.ids().format(h) + terrain;
  if (!cell->place.empty()) line += " " + quoted(cell->place);
  for (const auto& [k, v] : cell->attrs) line += " " + k + "=" + v;
  return line + "\n";
}

// A side is written once: from its canonical hex (directions 0-2), or from the map
// hex when the canonical one is off the map.
std::string side_lines(const Draft& d, const GameSpec& spec, core::Hex h) {
  std::string out;
  for (int dir = 0; dir < core::kDirections; ++dir) {
    if (dir >= 3 && d.on_map(core::neighbor(h, dir))) continue;
    const auto* features = d.side(core::HexSide::of(h, dir));
    if (!features || features->empty()) continue;
    std::string attrs;
    if (const auto* a = d.side_attrs(core::HexSide::of(h, dir)))
      for (const auto& [k, v] : *a) attrs += " " + k + "=" + v;
    out += fmt::format("side {} {}{}{}\n", d.ids().format(h), core::direction_name(dir, d.ids().orientation()),
                       in_vocabulary_order(spec.sides, *features), attrs);
  }
  return out;
}

std::string words_line(const std::string& kw, const std::vector<std::string>& words) {
  std::string line = kw;
  for (const std::string& w : words) line += " " + w;
  return line + "\n";
}

// The map's hexes on one edge, ordered west to east (n, s) or north to south (e, w),
// each with its position along the edge.
std::vector<std::pair<double, core::Hex>> edge_hexes(const core::Map& map, char side) {
  const uint8_t bit = side == 'n' ? core::kEdgeNorth : side == 'e' ? core::kEdgeEast
                    : side == 's' ? core::kEdgeSouth : core::kEdgeWest;
  std::vector<std::pair<double, core::Hex>> out;
  for (int i = 0; i < map.size(); ++i) {
    const core::Hex h = map.hex_at(i);
    if (!(map.edges(h) & bit)) continue;
    const core::Point c = core::hex_to_point(h, map.ids().orientation());
    out.push_back({side == 'n' || side == 's' ? c.x : c.y, h});
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<core::Hex> stretch(const core::Map& map, const EntrySpec& e, std::vector<std::string>& errors) {
  const auto edge = edge_hexes(map, e.side);
  std::vector<core::Hex> out;
  if (e.parts > 0) {
    const size_t lo = edge.size() * size_t(e.part - 1) / size_t(e.parts), hi = edge.size() * size_t(e.part) / size_t(e.parts);
    for (size_t i = lo; i < hi; ++i) out.push_back(edge[i].second);
    return out;
  }
  const auto a = map.ids().parse(e.from), b = map.ids().parse(e.to);
  if (!a || !b) {
    errors.push_back(fmt::format("entry {}: bad hex ID '{}' or '{}'", e.name, e.from, e.to));
    return out;
  }
  const bool along_x = e.side == 'n' || e.side == 's';
  auto pos = [&](core::Hex h) {
    const core::Point c = core::hex_to_point(h, map.ids().orientation());
    return along_x ? c.x : c.y;
  };
  const double lo = std::min(pos(*a), pos(*b)) - 1e-6, hi = std::max(pos(*a), pos(*b)) + 1e-6;
  for (const auto& [at, h] : edge)
    if (at >= lo && at <= hi) out.push_back(h);
  return out;
}

}  // namespace

std::string write_map(const Draft& d, const GameSpec& spec, const std::vector<std::string>& comments) {
  std::string out = "hexfront-map 1\n";
  for (const std::string& c : comments) out += c.empty() ? "#\n" : "# " + c + "\n";
  out += "game " + spec.game + "\n";
  out += "ids " + spec.ids + "\n";
  out += words_line("terrain", spec.terrain);
  out += words_line("sides", spec.sides);
  out += "default " + spec.default_terrain + "\n";
  for (const core::Hex h : d.hexes()) out += hex_line(d, spec, h);
  for (const core::Hex h : d.hexes()) out += side_lines(d, spec, h);
  return out;
}

std::string entry_area_lines(const core::Map& map, const GameSpec& spec, std::vector<std::string>& errors) {
  constexpr size_t kIdsPerLine = 12;
  std::string out;
  for (const EntrySpec& e : spec.entries) {
    const auto hexes = stretch(map, e, errors);
    if (hexes.empty()) errors.push_back(fmt::format("entry {}: no edge hexes", e.name));
    for (size_t i = 0; i < hexes.size(); i += kIdsPerLine) {
      out += "area " + e.name;
      for (size_t k = i; k < std::min(hexes.size(), i + kIdsPerLine); ++k) out += " " + map.ids().format(hexes[k]);
      out += "\n";
    }
  }
  return out;
}

}  // namespace mapgen
