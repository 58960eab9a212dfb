// Drawing a map: SVG written here (terrain colours, rivers, roads, railways, borders,
// bridges, towns with names, entry areas, hex IDs on large renders); PNG through
// rsvg-convert (Debian librsvg2-bin).
#pragma once

#include <string>

#include "core/map.h"

namespace mapgen {

struct RenderOptions {
  double px_per_hex = 24;  // pixels between adjacent hex centres
  bool ids = false;        // print hex IDs even below kIdsFromPx
  // A window: only the hexes in the box spanned by these two hex IDs ("" = all).
  std::string from, to;
};

inline constexpr double kIdsFromPx = 40;

std::string render_svg(const core::Map& map, const RenderOptions& o);

// False with `error` set when the window's IDs are not hexes of the map.
bool check_window(const core::Map& map, const RenderOptions& o, std::string& error);

// Writes `path` as SVG, or as PNG when it ends in ".png". False with `error` set when
// the file cannot be written or rsvg-convert fails.
bool write_render(const core::Map& map, const std::string& path, const RenderOptions& o, std::string& error);

}  // namespace mapgen
