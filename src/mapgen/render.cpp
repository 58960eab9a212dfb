#include "mapgen/render.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <set>

#include <fmt/format.h>

namespace mapgen {

namespace {

using core::Point;

// Colours and drawing order of the words of every game's vocabulary; a word not
// listed is not drawn. Higher rank wins the hex fill.
struct TerrainStyle {
  const char* colour;
  int rank;
  bool settlement;  // drawn as an inner hexagon over the area colour
};

const std::map<std::string, TerrainStyle, std::less<>>& terrain_styles() {
  static const std::map<std::string, TerrainStyle, std::less<>> s{
      {"open", {"#f3efd9", 0, false}},        {"clear", {"#f3efd9", 0, false}},
      {"marsh", {"#bcd3c9", 1, false}},       {"rough", {"#d6c29a", 2, false}},
      {"broken", {"#d6c29a", 2, false}},      {"ridge", {"#d6c29a", 2, false}},
      {"woods", {"#9cc47f", 3, false}},       {"forest", {"#9cc47f", 3, false}},
      {"light-woods", {"#b5d69a", 3, false}}, {"heavy-woods", {"#6e9e58", 4, false}},
      {"village", {"#d99a8c", 5, true}},      {"town", {"#cf7f70", 6, true}},
      {"city", {"#b84a3c", 7, true}}};
  return s;
}

enum class SideDraw { Edge, Centre, Mark };
struct SideStyle {
  const char* colour;
  double width;  // in hexes
  const char* dash;
  SideDraw how;
  int layer;  // drawn in increasing layer
};

const std::map<std::string, SideStyle, std::less<>>& side_styles() {
  static const std::map<std::string, SideStyle, std::less<>> s{
      {"major", {"#2f6fc0", 0.16, "", SideDraw::Edge, 0}}, {"river", {"#3a7fd0", 0.13, "", SideDraw::Edge, 0}},
      {"minor", {"#3a7fd0", 0.11, "", SideDraw::Edge, 0}}, {"stream", {"#5f9de0", 0.06, "", SideDraw::Edge, 0}},
      {"border", {"#8a3fa0", 0.07, "0.15 0.08", SideDraw::Edge, 1}},
      {"bridge", {"#202020", 0.26, "", SideDraw::Mark, 2}},
      {"rail", {"#303030", 0.04, "0.12 0.06", SideDraw::Centre, 3}},
      {"track", {"#9a6a2a", 0.05, "", SideDraw::Centre, 4}},
      {"road", {"#c0392b", 0.08, "", SideDraw::Centre, 5}}};
  return s;
}

std::string fmt_point(Point p) { return fmt::format("{:.3f},{:.3f}", p.x, p.y); }

std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

class Painter {
 public:
  Painter(const core::Map& map, const RenderOptions& o) : map_(map), o_(o), orient_(map.ids().orientation()) {
    for (int i = 0; i < map_.size(); ++i) shown_.push_back(map_.hex_at(i));
    if (o_.from.empty()) return;
    const Point a = centre(*map_.ids().parse(o_.from)), b = centre(*map_.ids().parse(o_.to));
    std::erase_if(shown_, [&](core::Hex h) {
      const Point c = centre(h);
      return c.x < std::min(a.x, b.x) - 0.1 || c.x > std::max(a.x, b.x) + 0.1 || c.y < std::min(a.y, b.y) - 0.6 ||
             c.y > std::max(a.y, b.y) + 0.6;
    });
  }

  std::string svg() {
    frame();
    hexes();
    sides();
    places();
    entry_areas();
    if (o_.ids || o_.px_per_hex >= kIdsFromPx) hex_ids();
    return head_ + body_ + "</svg>\n";
  }

 private:
  Point centre(core::Hex h) const { return core::hex_to_point(h, orient_); }

  std::string polygon(Point c, double size) const {
    std::string pts;
    const double start = orient_ == core::Orientation::FlatTop ? 0 : 30;
    for (int k = 0; k < 6; ++k) {
      const double a = (start + 60.0 * k) * std::numbers::pi / 180;
      pts += fmt_point({c.x + size / std::sqrt(3.0) * std::cos(a), c.y + size / std::sqrt(3.0) * std::sin(a)}) + " ";
    }
    return pts;
  }

  void frame() {
    double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
    for (const core::Hex h : shown_) {
      const Point c = centre(h);
      x0 = std::min(x0, c.x), y0 = std::min(y0, c.y), x1 = std::max(x1, c.x), y1 = std::max(y1, c.y);
    }
    x0 -= 1, y0 -= 1.6, x1 += 1, y1 += 1;
    head_ = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" viewBox=\"{:.3f} {:.3f} {:.3f} {:.3f}\" "
        "font-family=\"DejaVu Sans, sans-serif\">\n<rect x=\"{:.3f}\" y=\"{:.3f}\" width=\"{:.3f}\" height=\"{:.3f}\" fill=\"white\"/>\n"
        "<text x=\"{:.3f}\" y=\"{:.3f}\" font-size=\"{:.2f}\" font-weight=\"bold\">{} (generated from public geography)</text>\n",
        (x1 - x0) * o_.px_per_hex, (y1 - y0) * o_.px_per_hex, x0, y0, x1 - x0, y1 - y0, x0, y0, x1 - x0, y1 - y0,
        x0 + 0.3, y0 + 1.0, std::min(0.9, (x1 - x0) / 30), escape(map_.game()));
  }

  // The fill of the highest-ranked area word, then settlements as inner hexagons.
  void hexes() {
    std::string fills, towns, walls;
    for (const core::Hex h : shown_) {
      const TerrainStyle* area = nullptr;
      const TerrainStyle* town = nullptr;
      bool wall = false;
      for (size_t b = 0; b < map_.terrain_names().size(); ++b) {
        if (!map_.has_terrain(h, int(b))) continue;
        const std::string& w = map_.terrain_names()[b];
        wall = wall || w == "westwall";
        const auto it = terrain_styles().find(w);
        if (it == terrain_styles().end()) continue;
        const TerrainStyle*& slot = it->second.settlement ? town : area;
        if (!slot || it->second.rank > slot->rank) slot = &it->second;
      }
      fills += fmt::format("<polygon points=\"{}\" fill=\"{}\"/>\n", polygon(centre(h), 1.0), area ? area->colour : "#f3efd9");
      if (town) towns += fmt::format("<polygon points=\"{}\" fill=\"{}\"/>\n", polygon(centre(h), 0.62), town->colour);
      if (wall) walls += fmt::format("<polygon points=\"{}\"/>\n", polygon(centre(h), 0.8));
    }
    body_ += "<g stroke=\"#c8c2a8\" stroke-width=\"0.02\">\n" + fills + "</g>\n" + towns;
    body_ += "<g fill=\"none\" stroke=\"#7a1f1f\" stroke-width=\"0.06\" stroke-dasharray=\"0.1 0.08\">\n" + walls + "</g>\n";
  }

  void draw_side(std::string& out, core::Hex h, int dir, const SideStyle& s) const {
    const Point a = centre(h), b = centre(core::neighbor(h, dir));
    const Point m{(a.x + b.x) / 2, (a.y + b.y) / 2};
    const double dx = (b.x - a.x), dy = (b.y - a.y);
    Point p, q;
    if (s.how == SideDraw::Centre) {
      p = a, q = b;
    } else if (s.how == SideDraw::Mark) {  // a short bar along the road, across the river
      p = {m.x - dx * 0.16, m.y - dy * 0.16}, q = {m.x + dx * 0.16, m.y + dy * 0.16};
    } else {  // the hexside itself: perpendicular to the centres, 1/sqrt(3) long
      const double half = 0.5 / std::sqrt(3.0);
      p = {m.x - dy * half, m.y + dx * half}, q = {m.x + dy * half, m.y - dx * half};
    }
    out += fmt::format("<line x1=\"{:.3f}\" y1=\"{:.3f}\" x2=\"{:.3f}\" y2=\"{:.3f}\"/>\n", p.x, p.y, q.x, q.y);
  }

  // Each side once: from its canonical hex, or from the map hex when the other is off.
  void sides() {
    std::map<int, std::pair<const SideStyle*, std::string>> layers;
    for (const core::Hex h : shown_) {
      for (int dir = 0; dir < core::kDirections; ++dir) {
        if (dir >= 3 && map_.contains(core::neighbor(h, dir))) continue;
        for (size_t b = 0; b < map_.side_feature_names().size(); ++b) {
          if (!map_.has_side(h, dir, int(b))) continue;
          const auto it = side_styles().find(map_.side_feature_names()[b]);
          if (it == side_styles().end()) continue;
          auto& layer = layers[it->second.layer * 100 + int(b)];
          layer.first = &it->second;
          draw_side(layer.second, h, dir, it->second);
        }
      }
    }
    for (const auto& [order, layer] : layers) {
      const SideStyle& s = *layer.first;
      body_ += fmt::format("<g stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"{}>\n", s.colour, s.width,
                           *s.dash ? fmt::format(" stroke-dasharray=\"{}\"", s.dash) : "");
      body_ += layer.second + "</g>\n";
    }
  }

  void places() {
    body_ += "<g font-size=\"0.42\" text-anchor=\"middle\" stroke=\"white\" stroke-width=\"0.12\" paint-order=\"stroke\">\n";
    std::set<std::string> named;  // a place on several hexes is labelled once
    const std::set<core::Hex> shown(shown_.begin(), shown_.end());
    for (const auto& [h, name] : map_.places()) {
      if (!shown.count(h) || !named.insert(name).second) continue;
      const Point c = centre(h);
      const bool big = map_.has_terrain(h, map_.terrain_bit("city"));
      body_ += fmt::format("<text x=\"{:.3f}\" y=\"{:.3f}\"{}>{}</text>\n", c.x, c.y - 0.3,
                           big ? " font-weight=\"bold\" font-size=\"0.55\"" : "", escape(name));
    }
    body_ += "</g>\n";
  }

  void entry_areas() {
    body_ += "<g font-size=\"0.9\" font-weight=\"bold\" fill=\"#b0108a\" text-anchor=\"middle\">\n";
    for (const core::Area& a : map_.areas()) {
      const core::Hex mid = a.hexes.empty() ? core::Hex{} : a.hexes[a.hexes.size() / 2];
      if (a.name.rfind("entry:", 0) != 0 || a.hexes.empty() || std::find(shown_.begin(), shown_.end(), mid) == shown_.end())
        continue;
      const Point c = centre(mid);
      body_ += fmt::format("<text x=\"{:.3f}\" y=\"{:.3f}\">{}</text>\n", c.x, c.y + 0.3, escape(a.name.substr(6)));
    }
    body_ += "</g>\n";
  }

  void hex_ids() {
    body_ += "<g font-size=\"0.17\" fill=\"#555\" text-anchor=\"middle\">\n";
    for (const core::Hex h : shown_) {
      const Point c = centre(h);
      body_ += fmt::format("<text x=\"{:.3f}\" y=\"{:.3f}\">{}</text>\n", c.x, c.y + 0.4, map_.ids().format(h));
    }
    body_ += "</g>\n";
  }

  const core::Map& map_;
  const RenderOptions& o_;
  core::Orientation orient_;
  std::vector<core::Hex> shown_;  // the hexes drawn, in map order
  std::string head_, body_;
};

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

bool check_window(const core::Map& map, const RenderOptions& o, std::string& error) {
  if (o.from.empty() && o.to.empty()) return true;
  for (const std::string& id : {o.from, o.to}) {
    const auto h = map.ids().parse(id);
    if (!h || !map.contains(*h)) {
      error = "window corner '" + id + "' is not a hex of the map";
      return false;
    }
  }
  return true;
}

std::string render_svg(const core::Map& map, const RenderOptions& o) { return Painter(map, o).svg(); }

bool write_render(const core::Map& map, const std::string& path, const RenderOptions& o, std::string& error) {
  if (!check_window(map, o, error)) return false;
  const bool png = path.size() > 4 && path.substr(path.size() - 4) == ".png";
  const std::string svg_path = png ? path + ".tmp.svg" : path;
  {
    std::ofstream out(svg_path);
    out << render_svg(map, o);
    if (!out) {
      error = "cannot write " + svg_path;
      return false;
    }
  }
  if (!png) return true;
  const std::string cmd = "rsvg-convert -f png -o " + shell_quote(path) + " " + shell_quote(svg_path);
  const int rc = std::system(cmd.c_str());
  std::filesystem::remove(svg_path);
  if (rc != 0) error = "rsvg-convert failed (is librsvg2-bin installed? scripts/setup.sh)";
  return rc == 0;
}

}  // namespace mapgen
