// ARD2 1.2: ZOC Posts and ZOC Bonds (this game has no ordinary ZOCs).
#pragma once

#include <vector>

#include "games/ard2/position.h"

namespace ard2 {

struct ZocBond {
  core::Hex post_a, post_b;  // the two Posts, exactly two hexes apart
  core::Hex bond;            // the single hex between them
};

// ARD2 1.2: a hex of `side` is a ZOC Post when its units of that side hold at least
// two steps of qualifying infantry (UnitInfo::zoc_infantry) and it is not a City.
bool is_zoc_post(const Position& p, core::Hex h, int side);

// ARD2 1.2: every Bond of `side`, each Post supporting at most two.
std::vector<ZocBond> zoc_bonds(const Position& p, int side);

// The hexes that are Bond hexes of `side` (sorted by key, for binary search).
std::vector<uint32_t> bond_hex_keys(const Position& p, int side);
bool contains_key(const std::vector<uint32_t>& sorted_keys, core::Hex h);

}  // namespace ard2
