// Building one game's map from the gazetteer: read the game file, fit the projection
// to its anchors, rasterise, write the text, and load it back with core::Map::parse
// to check it. Deterministic: the same data give the same text.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "core/map.h"
#include "mapgen/projection.h"

namespace mapgen {

struct BuildResult {
  std::string text;                // the map file; empty when the build failed
  Fit fit;                         // the projection and every anchor's residual
  std::unique_ptr<core::Map> map;  // the text loaded back
  std::vector<std::string> report;  // the fit as text, also in the map's header
  std::vector<std::string> errors;
};

// `data` is the data/ directory; `progress`, when given, gets one line per step.
BuildResult build_map(const std::string& data, const std::string& game, std::ostream* progress = nullptr);

}  // namespace mapgen
