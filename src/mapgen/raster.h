// The steps that turn projected geography into hex terrain and hexside features.
// Each step reads the gazetteer through the projection and writes the game's own
// words (GameSpec::word) into the draft; a kind the game maps to no word is skipped.
#pragma once

#include <map>
#include <string>

#include "mapgen/draft.h"
#include "mapgen/game_spec.h"
#include "mapgen/gazetteer.h"
#include "mapgen/projection.h"

namespace mapgen {

// Forest, rough and marsh terrain where an area covers at least `spec.cover` of a hex.
void paint_areas(Draft& d, const GameSpec& spec, const Gazetteer& g, const Projection& p);

// Puts the rulebook's named hexes (anchors, extras, marks) and then every other place
// in its hex, the bigger place winning a shared hex. A place with a terrain word
// replaces the hex's area terrain. Returns the hex of every place, on the map or not,
// for the routes.
std::map<std::string, core::Hex> place_towns(Draft& d, const GameSpec& spec, const Gazetteer& g,
                                             const Projection& p);

// River hexsides: every side whose centre-to-centre segment a river crosses, with the
// river's name as the side attribute `river` (where two meet, the first in the file).
void cut_rivers(Draft& d, const GameSpec& spec, const Gazetteer& g, const Projection& p);

// Border hexsides, and West Wall hexes along the line.
void draw_lines(Draft& d, const GameSpec& spec, const Gazetteer& g, const Projection& p);

// Road, track and railway connections: straight hex lines between consecutive places
// of each chain. A main road on a side hides a lesser one there.
void lay_routes(Draft& d, const GameSpec& spec, const Gazetteer& g, const std::map<std::string, core::Hex>& at);

// A bridge on every side that has both a road (of any kind) and a river (of any kind).
void mark_bridges(Draft& d, const GameSpec& spec);

// The hexsides the game file names, with their words.
void add_named_sides(Draft& d, const GameSpec& spec);

}  // namespace mapgen
