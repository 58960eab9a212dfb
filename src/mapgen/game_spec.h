// What one game asks of the generator: its hex-ID scheme and scale, its own terrain
// and hexside words, how gazetteer kinds map onto them, its anchor hexes and its
// entry areas. Read from data/geo/games/<game>.txt (format in data/geo/README.md).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace mapgen {

// A hex the rulebook names: `anchor` lines fit the projection, `extra` lines add a
// hex to a large place, `mark` lines only carry attributes.
struct NamedHex {
  std::string id;
  std::string place;    // "" for a mark
  std::string terrain;  // "" when the gazetteer class decides
  bool fit = false;
  std::vector<std::pair<std::string, std::string>> attrs;
};

// A hexside the rulebook names, with the game words it must carry (a bridge a rule
// refers to, say); added to whatever the geography gives.
struct NamedSide {
  std::string a, b;
  std::vector<std::string> words;
};

struct EntrySpec {
  std::string name;
  char side = 'n';  // n e s w
  int part = 0, parts = 0;  // part of parts, when given that way
  std::string from, to;     // else the stretch between two hexes
};

struct GameSpec {
  std::string game, title, ids;
  double hex_km = 0;
  bool fit_scale = true;  // "fit similarity"; false: "fit translation"
  std::vector<std::string> terrain, sides;
  std::string default_terrain;
  std::map<std::string, std::string> words;  // gazetteer kind -> game word ("" = none)
  double cover = 0.5;
  std::vector<NamedHex> named;
  std::vector<NamedSide> named_sides;
  std::vector<EntrySpec> entries;

  // The game word for a gazetteer kind such as "river.minor"; "" when none.
  std::string word(const std::string& kind) const;
};

// Reads a game file; problems go into `errors` as "file:line: reason".
GameSpec load_game_spec(const std::string& path, std::vector<std::string>& errors);

}  // namespace mapgen
