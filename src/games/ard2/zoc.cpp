#include "games/ard2/zoc.h"

#include <algorithm>
#include <climits>

namespace ard2 {

bool is_zoc_post(const Position& p, core::Hex h, int side) {
  // ARD2 1.2: a Post's frontage is absorbed by a City, so none stands there.
  if (p.board().is_city(h)) return false;
  int steps = 0;
  for (core::UnitId u : p.units_at(h))
    if (p.info(u).side == side && p.info(u).zoc_infantry) steps += p.steps(u);
  return steps >= 2;
}

namespace {

// Distance from h to the nearest enemy of `side` on the map (INT_MAX when none).
int enemy_distance(core::Hex h, const std::vector<core::Hex>& enemies) {
  int best = INT_MAX;
  for (core::Hex e : enemies) best = std::min(best, core::distance(h, e));
  return best;
}

// ARD2 1.2: a Bond hex holds no unit of either side and no Prohibited terrain.
// ASSUMED: "Prohibited" read for Leg movement, the infantry that forms Posts.
bool bond_hex_ok(const Position& p, core::Hex h) {
  return p.board().contains(h) && p.units_at(h).empty() && !p.board().hex_prohibited(h, scs::MoveType::Leg);
}

}  // namespace

std::vector<ZocBond> zoc_bonds(const Position& p, int side) {
  std::vector<core::Hex> posts, enemies;
  for (core::UnitId u : p.on_map(other_side(side))) enemies.push_back(p.unit(u).hex);
  for (core::UnitId u : p.on_map(side)) {
    const core::Hex h = p.unit(u).hex;
    if (std::find(posts.begin(), posts.end(), h) == posts.end() && is_zoc_post(p, h, side)) posts.push_back(h);
  }
  std::sort(posts.begin(), posts.end());

  struct Candidate {
    ZocBond bond;
    int enemy_dist;
  };
  std::vector<Candidate> cands;
  for (size_t i = 0; i < posts.size(); ++i)
    for (size_t j = i + 1; j < posts.size(); ++j) {
      const core::Hex a = posts[i], b = posts[j];
      if (core::distance(a, b) != 2) continue;
      // The hexes adjacent to both Posts: one when they lie on a straight line, two
      // otherwise (the "two pathways" of 1.2).
      std::vector<core::Hex> middles;
      for (int d = 0; d < core::kDirections; ++d) {
        const core::Hex m = core::neighbor(a, d);
        if (core::distance(m, b) == 1 && bond_hex_ok(p, m)) middles.push_back(m);
      }
      if (middles.empty()) continue;
      // ARD2 1.2: of two pathways, the one further from the local enemy.
      // ASSUMED: "further" = greater distance to the nearest enemy unit; on a tie the
      // lower hex key, so the choice is deterministic.
      core::Hex best = middles[0];
      int best_d = enemy_distance(best, enemies);
      for (size_t k = 1; k < middles.size(); ++k) {
        const int d = enemy_distance(middles[k], enemies);
        if (d > best_d || (d == best_d && middles[k].key() < best.key())) {
          best = middles[k];
          best_d = d;
        }
      }
      cands.push_back({ZocBond{a, b, best}, best_d});
    }

  // ARD2 1.2: a Post supports at most two Bonds. ASSUMED: where it could support
  // more, those nearest the enemy are kept (the front a player would choose), ties by
  // hex key.
  std::sort(cands.begin(), cands.end(), [](const Candidate& x, const Candidate& y) {
    if (x.enemy_dist != y.enemy_dist) return x.enemy_dist < y.enemy_dist;
    if (x.bond.bond.key() != y.bond.bond.key()) return x.bond.bond.key() < y.bond.bond.key();
    return x.bond.post_a.key() + x.bond.post_b.key() < y.bond.post_a.key() + y.bond.post_b.key();
  });
  std::vector<std::pair<uint32_t, int>> used;
  used.reserve(posts.size());  // references into it stay valid
  auto uses = [&](core::Hex h) -> int& {
    for (auto& [k, n] : used)
      if (k == h.key()) return n;
    used.emplace_back(h.key(), 0);
    return used.back().second;
  };
  std::vector<ZocBond> out;
  for (const Candidate& c : cands) {
    int& na = uses(c.bond.post_a);
    int& nb = uses(c.bond.post_b);
    if (na >= 2 || nb >= 2) continue;
    ++na;
    ++nb;
    out.push_back(c.bond);
  }
  return out;
}

std::vector<uint32_t> bond_hex_keys(const Position& p, int side) {
  std::vector<uint32_t> keys;
  for (const ZocBond& b : zoc_bonds(p, side)) keys.push_back(b.bond.key());
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

bool contains_key(const std::vector<uint32_t>& sorted_keys, core::Hex h) {
  return std::binary_search(sorted_keys.begin(), sorted_keys.end(), h.key());
}

}  // namespace ard2
