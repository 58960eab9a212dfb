#include "core/path.h"

#include <algorithm>
#include <numeric>

#include "core/map.h"

namespace core {

namespace {

std::vector<Hex> map_hexes(const Map& map) {
  std::vector<Hex> hexes(size_t(map.size()));
  for (int i = 0; i < map.size(); ++i) hexes[size_t(i)] = map.hex_at(i);
  return hexes;
}

}  // namespace

HexGraph::HexGraph(const Map& map) : HexGraph(map_hexes(map)) {}

HexGraph::HexGraph(std::vector<Hex> hexes) : hexes_(std::move(hexes)) {
  const size_t n = hexes_.size();
  sorted_index_.resize(n);
  std::iota(sorted_index_.begin(), sorted_index_.end(), 0);
  std::sort(sorted_index_.begin(), sorted_index_.end(),
            [&](int a, int b) { return hexes_[size_t(a)].key() < hexes_[size_t(b)].key(); });
  sorted_keys_.resize(n);
  for (size_t i = 0; i < n; ++i) sorted_keys_[i] = hexes_[size_t(sorted_index_[i])].key();
  neighbors_.resize(n * kDirections);
  for (size_t i = 0; i < n; ++i)
    for (int d = 0; d < kDirections; ++d) neighbors_[i * kDirections + size_t(d)] = index(neighbor(hexes_[i], d));
}

PathFinder::PathFinder(const HexGraph& graph) : graph_(&graph) {
  nodes_.assign(size_t(graph.size()), Node{});
}

int HexGraph::index(Hex h) const {
  const uint32_t key = h.key();
  auto it = std::lower_bound(sorted_keys_.begin(), sorted_keys_.end(), key);
  if (it == sorted_keys_.end() || *it != key) return -1;
  return sorted_index_[size_t(it - sorted_keys_.begin())];
}

void PathFinder::begin(int mp) {
  if (++generation_ == 0) {  // wrapped: forget every old stamp
    std::fill(nodes_.begin(), nodes_.end(), Node{});
    generation_ = 1;
  }
  const size_t needed = size_t(2 * mp + 2);
  if (buckets_.size() < needed) buckets_.resize(needed);
}

}  // namespace core
