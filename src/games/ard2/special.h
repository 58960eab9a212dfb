// ARD2 4.1 (von der Heydte's drop), 5.1 (XVIII Abn Corps arrival), and the OOA's
// conditional arrivals (A41).
#pragma once

#include <vector>

#include "games/ard2/position.h"

namespace ard2 {

// ARD2 4.1: the hexes vdH may drop into: within 1 of `centre` (B17.49 per A22), on the
// map, with no US (Allied) unit.
std::vector<core::Hex> vdh_drop_hexes(const Position& p, core::Hex centre);
// ARD2 4.1 vdH Success Table: 1-2 the unit is removed from play, 3-6 it lands.
bool vdh_lands(int die);

// ARD2 5.1 (A23): a unit of the 82nd or 101st Abn Division may be placed in `h` when it
// is within 3 hexes of either hex of its Division's chosen group and holds no enemy.
bool xviii_placement_ok(const Position& p, core::Hex h, const std::vector<core::Hex>& group);
inline constexpr int kXviiiRadius = 3;

// OOA conditional arrivals (JgTg 653, Fkl 301; A41): one die, arrives on `min` or more.
inline bool conditional_arrival(int die, int min) { return die >= min; }

}  // namespace ard2
