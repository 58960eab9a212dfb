#include "games/ard2/special.h"

namespace ard2 {

std::vector<core::Hex> vdh_drop_hexes(const Position& p, core::Hex centre) {
  std::vector<core::Hex> out;
  for (core::Hex h : core::area(centre, 1))
    if (p.board().contains(h) && !p.has_side(h, kAllied)) out.push_back(h);
  return out;
}

bool vdh_lands(int die) { return die >= 3; }

bool xviii_placement_ok(const Position& p, core::Hex h, const std::vector<core::Hex>& group) {
  if (!p.board().contains(h) || p.has_side(h, kGerman)) return false;
  for (core::Hex g : group)
    if (core::distance(h, g) <= kXviiiRadius) return true;
  return false;
}

}  // namespace ard2
