// Kept apart from path.cpp so that tests and benches over plain hex lists link
// without a map.
#include "core/map.h"
#include "core/path.h"

namespace core {

namespace {

std::vector<Hex> map_hexes(const Map& map) {
  std::vector<Hex> hexes(size_t(map.size()));
  for (int i = 0; i < map.size(); ++i) hexes[size_t(i)] = map.hex_at(i);
  return hexes;
}

}  // namespace

HexGraph::HexGraph(const Map& map) : HexGraph(map_hexes(map)) {}

}  // namespace core
