// Movement range: Dijkstra over the hex grid, generic over the game's cost policy
// (after Wesnoth's pathfind: the search knows no rules, the policy knows no search).
//
// The policy is a callable `StepCost cost(const PathStep&)`: the price of one step
// from `from` to the adjacent `to` having spent `spent` so far, or kImpassable, and
// whether entering `to` ends the move (an enemy ZOC). MP are integers in the game's
// smallest unit (half MP games double everything).
//
// Integer costs bounded by the MP allowance make a bucket queue (Dial's algorithm)
// exact and cheaper than a binary heap. All buffers are sized once per map and
// reused: a search allocates nothing once the buckets have grown.
#pragma once

#include <cstdint>
#include <vector>

#include "core/hex.h"
#include "core/rules.h"

namespace core {

class Map;

inline constexpr int kImpassable = -1;

struct StepCost {
  int cost = kImpassable;  // >= 0, or kImpassable
  bool stop = false;       // entering `to` ends the move there
};

struct PathStep {
  Hex from, to;
  int from_index = 0, to_index = 0;  // dense indices (Map::index)
  int dir = 0;                       // direction from `from` to `to`
  int spent = 0;                     // MP spent before this step
};

// The hexes of a map and their neighbours by dense index: built once per map (a
// game's Rules holds one), shared by every search.
class HexGraph {
 public:
  // Over a map's hexes (indices are Map::index), or (tests, benches) over any list of
  // distinct hexes: indices are positions in that list.
  explicit HexGraph(const Map& map);
  explicit HexGraph(std::vector<Hex> hexes);

  int size() const { return int(hexes_.size()); }
  int index(Hex h) const;  // -1 when not in the graph
  Hex hex_at(int i) const { return hexes_[size_t(i)]; }
  int neighbor_index(int i, int dir) const { return neighbors_[size_t(i) * kDirections + size_t(dir)]; }

 private:
  std::vector<Hex> hexes_;
  std::vector<int32_t> neighbors_;     // size * 6, -1 off the graph
  std::vector<uint32_t> sorted_keys_;  // hex keys in order, for index()
  std::vector<int32_t> sorted_index_;
};

// The search and its buffers, over one graph. Not thread-safe: one per thread.
class PathFinder {
 public:
  explicit PathFinder(const HexGraph& graph);
  const HexGraph& graph() const { return *graph_; }

  // Every hex reachable from `start` with at most `mp` MP, cheapest first (start
  // first, cost 0, from itself). A hex whose only cheap entries stop the move is
  // listed but not expanded. Where both exist, an entry that may go on wins over a
  // cheaper one that stops (it reaches more), as Wesnoth's moves-left does.
  template <class CostFn>
  void range(Hex start, int mp, CostFn&& cost, std::vector<Reach>& out);

 private:
  void begin(int mp);
  // Relaxes node `to` at priority `key` (real cost `cost`) from `from`.
  void relax(int to, int key, int cost, int from) {
    Node& n = nodes_[size_t(to)];
    if (n.stamp == generation_ && n.key <= key) return;
    n = Node{generation_, n.done, key, cost, from};
    buckets_[size_t(key)].push_back(to);
  }

  // One node's search data, together so a visit touches one cache line; valid when
  // stamp == generation_ (no clearing between searches).
  struct Node {
    uint32_t stamp = 0, done = 0;
    int32_t key = 0, cost = 0, from = 0;
  };

  const HexGraph* graph_;
  std::vector<Node> nodes_;
  uint32_t generation_ = 0;
  std::vector<std::vector<int32_t>> buckets_;
};

template <class CostFn>
void PathFinder::range(Hex start, int mp, CostFn&& cost, std::vector<Reach>& out) {
  out.clear();
  const HexGraph& g = *graph_;
  const int s = g.index(start);
  if (s < 0 || mp < 0) return;
  begin(mp);
  // Keys: a free entry costing c has key c (0..mp); a stopping one has key mp+1+c,
  // so any free entry outranks every stopping one and stopping ones rank by cost.
  const int stop_base = mp + 1;
  relax(s, 0, 0, s);
  for (int key = 0; key < 2 * mp + 2; ++key) {
    auto& bucket = buckets_[size_t(key)];
    for (size_t k = 0; k < bucket.size(); ++k) {  // grows when a step costs 0
      const int n = bucket[k];
      Node& node = nodes_[size_t(n)];
      if (node.key != key || node.done == generation_) continue;
      node.done = generation_;
      const Hex h = g.hex_at(n);
      const int spent = node.cost;
      out.push_back(Reach{h, int16_t(spent), g.hex_at(node.from)});
      if (key >= stop_base) continue;
      for (int d = 0; d < kDirections; ++d) {
        const int m = g.neighbor_index(n, d);
        if (m < 0 || nodes_[size_t(m)].done == generation_) continue;
        const StepCost c = cost(PathStep{h, g.hex_at(m), n, m, d, spent});
        if (c.cost < 0 || spent + c.cost > mp) continue;
        const int total = spent + c.cost;
        relax(m, c.stop ? stop_base + total : total, total, n);
      }
    }
    bucket.clear();
  }
}

}  // namespace core
