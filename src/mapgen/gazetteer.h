// The gazetteer: real geography read from data/geo (see data/geo/README.md). Pure
// data in degrees; the projection onto a game's hexes is projection.h's job.
#pragma once

#include <string>
#include <vector>

namespace mapgen {

struct LatLon {
  double lat = 0, lon = 0;
};

struct Place {
  std::string name;
  std::string cls;      // city, town, village, point
  std::string country;  // BE LU DE FR NL
  LatLon at;
};

// A river (downstream polyline), an area (closed polygon) or a line (border, West
// Wall): a kind, a class or density, a name and its points.
struct Shape {
  std::string kind;   // river: major/minor/stream; area: forest/rough/marsh; line: border/westwall
  std::string grade;  // area: heavy/light/-; unused otherwise
  std::string name;
  std::vector<LatLon> points;
};

// A road or railway as the chain of places it joins.
struct Route {
  std::string kind;  // main, lesser, rail
  std::string ref;
  std::vector<std::string> places;
};

struct Gazetteer {
  std::vector<Place> places;
  std::vector<Shape> rivers, areas, lines;
  std::vector<Route> routes;

  const Place* find(const std::string& name) const;
};

// Reads the five gazetteer files of `dir`. Every malformed line or unknown place
// name goes into `errors` as "file:line: reason"; the result holds what parsed.
Gazetteer load_gazetteer(const std::string& dir, std::vector<std::string>& errors);

// The directory holding data/: $HEXFRONT_DATA, else the source tree's data/.
std::string data_dir();

}  // namespace mapgen
