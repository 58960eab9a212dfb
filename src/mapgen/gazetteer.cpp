#include "mapgen/gazetteer.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace mapgen {

namespace {

std::string trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

// Calls `on_line(line_number, text)` for every line that is not blank or a comment.
template <class F>
bool for_each_line(const std::string& path, std::vector<std::string>& errors, F on_line) {
  std::ifstream in(path);
  if (!in) {
    errors.push_back(fmt::format("{}: cannot read", path));
    return false;
  }
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    line = trim(line);
    if (!line.empty() && line[0] != '#') on_line(n, line);
  }
  return true;
}

bool read_lat_lon(std::istringstream& in, LatLon& p) {
  return static_cast<bool>(in >> p.lat >> p.lon) && p.lat > -90 && p.lat < 90 && p.lon > -180 && p.lon < 180;
}

void read_places(const std::string& path, Gazetteer& g, std::vector<std::string>& errors) {
  for_each_line(path, errors, [&](int n, const std::string& line) {
    std::istringstream in(line);
    Place p;
    if (!read_lat_lon(in, p.at) || !(in >> p.cls >> p.country)) {
      errors.push_back(fmt::format("{}:{}: want 'lat lon class country name'", path, n));
      return;
    }
    std::string rest;
    std::getline(in, rest);
    p.name = trim(rest);
    if (p.name.empty()) return errors.push_back(fmt::format("{}:{}: place without a name", path, n));
    if (g.find(p.name)) return errors.push_back(fmt::format("{}:{}: place '{}' given twice", path, n, p.name));
    g.places.push_back(std::move(p));
  });
}

// Blocks of "KEYWORD kind grade? name" followed by "lat lon" lines. `graded` says
// whether the header carries a grade word (areas do).
void read_shapes(const std::string& path, const std::string& keyword, bool graded, std::vector<Shape>& out,
                 std::vector<std::string>& errors) {
  for_each_line(path, errors, [&](int n, const std::string& line) {
    std::istringstream in(line);
    if (line.rfind(keyword + " ", 0) == 0) {
      Shape s;
      std::string word;
      in >> word;
      if (graded) {
        in >> s.kind >> s.grade;
      } else if (keyword == "river") {
        in >> s.name >> s.kind;
      } else {
        in >> s.kind;
      }
      if (keyword != "river") std::getline(in, s.name);
      s.name = trim(s.name);
      if (s.kind.empty() || s.name.empty()) return errors.push_back(fmt::format("{}:{}: bad '{}' header", path, n, keyword));
      out.push_back(std::move(s));
      return;
    }
    LatLon p;
    if (out.empty() || !read_lat_lon(in, p)) return errors.push_back(fmt::format("{}:{}: want 'lat lon'", path, n));
    out.back().points.push_back(p);
  });
}

void read_routes(const std::string& path, Gazetteer& g, std::vector<std::string>& errors) {
  for_each_line(path, errors, [&](int n, const std::string& line) {
    const size_t bar = line.find('|');
    if (bar == std::string::npos) return errors.push_back(fmt::format("{}:{}: want 'kind ref | places'", path, n));
    std::istringstream head(line.substr(0, bar));
    Route r;
    head >> r.kind >> r.ref;
    if (r.kind != "main" && r.kind != "lesser" && r.kind != "rail")
      return errors.push_back(fmt::format("{}:{}: unknown route kind '{}'", path, n, r.kind));
    std::istringstream list(line.substr(bar + 1));
    for (std::string name; std::getline(list, name, ',');) {
      name = trim(name);
      if (!g.find(name)) errors.push_back(fmt::format("{}:{}: unknown place '{}'", path, n, name));
      r.places.push_back(name);
    }
    if (r.places.size() < 2) return errors.push_back(fmt::format("{}:{}: a route joins two places or more", path, n));
    g.routes.push_back(std::move(r));
  });
}

}  // namespace

const Place* Gazetteer::find(const std::string& name) const {
  for (const Place& p : places)
    if (p.name == name) return &p;
  return nullptr;
}

Gazetteer load_gazetteer(const std::string& dir, std::vector<std::string>& errors) {
  Gazetteer g;
  read_places(dir + "/places.txt", g, errors);
  read_shapes(dir + "/rivers.txt", "river", false, g.rivers, errors);
  read_shapes(dir + "/areas.txt", "area", true, g.areas, errors);
  read_shapes(dir + "/lines.txt", "line", false, g.lines, errors);
  read_routes(dir + "/roads.txt", g, errors);
  return g;
}

std::string data_dir() {
  const char* env = std::getenv("HEXFRONT_DATA");
  return env && *env ? env : HEXFRONT_DATA_DIR;
}

}  // namespace mapgen
