// Movement range for SCS units: Dijkstra over (hex, mode) where the mode is one bit
// of the unit's condition that can change mid-move and changes its allowance. In
// ARD2 the bit is "became DG on the way" (entering a Traffic Jam halves the MA with
// no proration of MP already spent, 3.1/3.4), which a search keyed on the hex alone
// cannot express; core/path's PathFinder covers the modeless case.
#pragma once

#include <cstdint>
#include <queue>
#include <unordered_map>
#include <vector>

#include "core/hex.h"
#include "core/rules.h"

namespace scs {

struct Step {
  int cost = -1;       // >= 0, or negative when the step is not allowed
  bool stop = false;   // entering ends the move (the unit may go no further)
  uint8_t mode = 0;    // the mode after entering
};

// `step(from, to, mode, spent)` prices one step; `allowance(mode)` is the MP the unit
// may have spent in total in that mode. Each hex appears once, at its cheapest cost
// (a continuing entry beating a stopping one only when no dearer), start first.
template <class StepFn, class AllowanceFn>
std::vector<core::Reach> reach(core::Hex start, uint8_t start_mode, int start_spent, StepFn&& step,
                               AllowanceFn&& allowance) {
  struct Node {
    int cost;
    uint64_t key;  // hex key << 1 | mode
    uint64_t from;
    bool stop;
    bool operator>(const Node& o) const { return cost > o.cost; }
  };
  auto key = [](core::Hex h, uint8_t m) { return (uint64_t(h.key()) << 1) | m; };
  auto hex_of = [](uint64_t k) { return core::Hex::from_key(uint32_t(k >> 1)); };
  std::priority_queue<Node, std::vector<Node>, std::greater<Node>> open;
  std::unordered_map<uint64_t, int> best;
  std::unordered_map<uint32_t, core::Reach> out_map;
  std::vector<core::Reach> out;
  open.push({start_spent, key(start, start_mode), key(start, start_mode), false});
  best[key(start, start_mode)] = start_spent;
  while (!open.empty()) {
    const Node n = open.top();
    open.pop();
    const auto it = best.find(n.key);
    if (it != best.end() && it->second < n.cost) continue;
    const core::Hex h = hex_of(n.key);
    const uint8_t mode = uint8_t(n.key & 1u);
    if (!out_map.count(h.key())) {
      out_map[h.key()] = core::Reach{h, int16_t(n.cost - start_spent), hex_of(n.from)};
      out.push_back(out_map[h.key()]);
    }
    if (n.stop) continue;
    for (int d = 0; d < core::kDirections; ++d) {
      const core::Hex to = core::neighbor(h, d);
      const Step s = step(h, to, mode, n.cost);
      if (s.cost < 0) continue;
      const int total = n.cost + s.cost;
      if (total > allowance(mode)) continue;
      const uint64_t k = key(to, s.mode);
      const bool stop = s.stop || total >= allowance(s.mode);
      const auto b = best.find(k);
      if (b != best.end() && b->second <= total) continue;
      best[k] = total;
      open.push({total, k, n.key, stop});
    }
  }
  return out;
}

}  // namespace scs
