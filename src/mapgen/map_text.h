// Writing a draft in the map text format (docs/map-format.md), and the entry-area
// lines that need the loaded map's edges.
#pragma once

#include <string>
#include <vector>

#include "core/map.h"
#include "mapgen/draft.h"
#include "mapgen/game_spec.h"

namespace mapgen {

// The whole file: the format line, `comments` (each becomes a "# " line), the header
// from the game spec, then hex lines in the scheme's printed order and side lines.
// Hexes with only the default terrain and no place or attribute are left out.
std::string write_map(const Draft& d, const GameSpec& spec, const std::vector<std::string>& comments);

// One "area" block per entry area of the spec, from the map's edge hexes. Problems
// (an unknown ID, an empty stretch) go into `errors`.
std::string entry_area_lines(const core::Map& map, const GameSpec& spec, std::vector<std::string>& errors);

}  // namespace mapgen
