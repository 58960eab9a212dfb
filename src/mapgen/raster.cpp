#include "mapgen/raster.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <set>

namespace mapgen {

namespace {

using core::Hex;
using core::Point;

std::vector<Point> project(const std::vector<LatLon>& pts, const Projection& p) {
  std::vector<Point> out;
  out.reserve(pts.size());
  for (const LatLon& q : pts) out.push_back(p.to_plane(q));
  return out;
}

bool inside(Point p, const std::vector<Point>& poly) {
  bool in = false;
  for (size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    const Point a = poly[i], b = poly[j];
    if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) in = !in;
  }
  return in;
}

double cross(Point o, Point a, Point b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

// Do segments ab and cd cross? Touching at an end counts on one side only, so a
// polyline through a shared vertex is not counted twice.
bool crosses(Point a, Point b, Point c, Point d) {
  const double d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
  return ((d1 > 0) != (d2 > 0)) && ((d3 >= 0) != (d4 >= 0));
}

// Hexes a polyline passes through, sampled every fifth of a hex, in order.
std::vector<Hex> hexes_along(const Draft& d, const std::vector<Point>& line) {
  std::vector<Hex> out;
  for (size_t i = 0; i + 1 < line.size(); ++i) {
    const double len = std::hypot(line[i + 1].x - line[i].x, line[i + 1].y - line[i].y);
    const int steps = std::max(1, int(std::ceil(len * 5)));
    for (int k = 0; k <= steps; ++k) {
      const double t = double(k) / steps;
      const Hex h = d.hex_at({line[i].x + t * (line[i + 1].x - line[i].x), line[i].y + t * (line[i + 1].y - line[i].y)});
      if (out.empty() || out.back() != h) out.push_back(h);
    }
  }
  return out;
}

// Every hexside whose centre-to-centre segment the polyline crosses gets `feature`,
// and with a `name` the attribute river=name (rules name rivers: the Our, the Meuse).
void cut_sides(Draft& d, const std::vector<Point>& line, const std::string& feature, const std::string& name = "") {
  std::set<uint64_t> tried;
  for (const Hex h : hexes_along(d, line)) {
    for (int dir = 0; dir < core::kDirections; ++dir) {
      const Hex n = core::neighbor(h, dir);
      if (!tried.insert(core::HexSide::between(h, n).key()).second) continue;
      const Point a = d.centre(h), b = d.centre(n);
      for (size_t i = 0; i + 1 < line.size(); ++i) {
        if (crosses(a, b, line[i], line[i + 1])) {
          d.add_side(h, n, feature);
          if (!name.empty()) d.add_side_attr(h, n, "river", name);
          break;
        }
      }
    }
  }
}

// Share of hex h inside the polygon: its centre and six points half-way to its rim.
double coverage(const Draft& d, Hex h, const std::vector<Point>& poly) {
  const Point c = d.centre(h);
  int in = inside(c, poly) ? 1 : 0;
  for (int k = 0; k < 6; ++k) {
    const double angle = (60.0 * k + 30.0) * std::numbers::pi / 180;
    in += inside({c.x + 0.45 * std::cos(angle), c.y + 0.45 * std::sin(angle)}, poly) ? 1 : 0;
  }
  return in / 7.0;
}

std::string area_kind(const Shape& s) { return s.kind == "forest" ? "forest." + s.grade : s.kind; }

int class_rank(const std::string& cls) {
  static const std::array<std::string, 4> order{"city", "town", "village", "point"};
  const auto it = std::find(order.begin(), order.end(), cls);
  return int(it - order.begin());
}

// Writes a place into its hex; `terrain` replaces any area terrain there.
void put_place(DraftHex& cell, const std::string& name, const std::string& terrain) {
  cell.place = name;
  if (terrain.empty()) return;
  cell.terrain.clear();
  cell.terrain.insert(terrain);
}

}  // namespace

void paint_areas(Draft& d, const GameSpec& spec, const Gazetteer& g, const Projection& p) {
  for (const Shape& area : g.areas) {
    const std::string word = spec.word(area_kind(area));
    if (word.empty()) continue;
    const std::vector<Point> poly = project(area.points, p);
    for (const Hex h : d.hexes())
      if (coverage(d, h, poly) >= spec.cover) d.cell(h).terrain.insert(word);
  }
}

std::map<std::string, Hex> place_towns(Draft& d, const GameSpec& spec, const Gazetteer& g, const Projection& p) {
  std::map<std::string, Hex> at;
  for (const NamedHex& n : spec.named) {
    const Hex h = *d.ids().parse(n.id);  // build_map checked every ID
    DraftHex& cell = d.cell(h);
    for (const auto& [k, v] : n.attrs) cell.attrs[k] = v;
    if (n.place.empty()) continue;
    const Place* place = g.find(n.place);
    put_place(cell, n.place, n.terrain.empty() ? spec.word("place." + place->cls) : n.terrain);
    at.emplace(n.place, h);
  }
  std::vector<const Place*> rest;
  for (const Place& place : g.places)
    if (!at.count(place.name)) rest.push_back(&place);
  std::stable_sort(rest.begin(), rest.end(),
                   [](const Place* a, const Place* b) { return class_rank(a->cls) < class_rank(b->cls); });
  for (const Place* place : rest) {
    const Hex h = d.hex_at(p.to_plane(place->at));
    at.emplace(place->name, h);
    if (!d.on_map(h) || !d.cell(h).place.empty()) continue;
    put_place(d.cell(h), place->name, spec.word("place." + place->cls));
  }
  return at;
}

void cut_rivers(Draft& d, const GameSpec& spec, const Gazetteer& g, const Projection& p) {
  for (const Shape& river : g.rivers) {
    const std::string word = spec.word("river." + river.kind);
    if (!word.empty()) cut_sides(d, project(river.points, p), word, river.name);
  }
}

void draw_lines(Draft& d, const GameSpec& spec, const Gazetteer& g, const Projection& p) {
  for (const Shape& line : g.lines) {
    const std::string word = spec.word(line.kind);
    if (word.empty()) continue;
    const std::vector<Point> pts = project(line.points, p);
    if (line.kind == "border") {
      cut_sides(d, pts, word);
      continue;
    }
    for (const Hex h : hexes_along(d, pts))
      if (d.on_map(h)) d.cell(h).terrain.insert(word);
  }
}

void lay_routes(Draft& d, const GameSpec& spec, const Gazetteer& g, const std::map<std::string, Hex>& at) {
  for (const Route& route : g.routes) {
    const std::string word = spec.word(route.kind == "rail" ? "rail" : "road." + route.kind);
    for (size_t i = 0; i + 1 < route.places.size(); ++i) {
      const auto path = core::line(at.at(route.places[i]), at.at(route.places[i + 1]));
      for (size_t k = 0; k + 1 < path.size(); ++k) d.add_side(path[k], path[k + 1], word);
    }
  }
  const std::string main = spec.word("road.main"), lesser = spec.word("road.lesser");
  if (main == lesser) return;
  for (auto& [key, features] : d.sides())
    if (features.count(main)) features.erase(lesser);
}

void mark_bridges(Draft& d, const GameSpec& spec) {
  const std::string bridge = spec.word("bridge");
  if (bridge.empty()) return;
  const std::set<std::string> roads{spec.word("road.main"), spec.word("road.lesser")};
  const std::set<std::string> rivers{spec.word("river.major"), spec.word("river.minor"), spec.word("river.stream")};
  auto has_any = [](const std::set<std::string>& features, const std::set<std::string>& words) {
    return std::any_of(words.begin(), words.end(), [&](const std::string& w) { return !w.empty() && features.count(w); });
  };
  for (auto& [key, features] : d.sides())
    if (has_any(features, roads) && has_any(features, rivers)) features.insert(bridge);
}

void add_named_sides(Draft& d, const GameSpec& spec) {
  for (const NamedSide& s : spec.named_sides)
    for (const std::string& w : s.words) d.add_side(*d.ids().parse(s.a), *d.ids().parse(s.b), w);  // checked by build_map
}

}  // namespace mapgen
