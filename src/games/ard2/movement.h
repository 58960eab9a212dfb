// ARD2 1.2, 1.3, 3.1, 3.4, 3.5, 3.6, 4.2: what one step of movement costs a unit, and
// where it can go this phase.
#pragma once

#include <vector>

#include "core/rules.h"
#include "games/ard2/position.h"

namespace ard2 {

// Everything about a moving unit (or stack moving together) that the costs read.
struct Mover {
  int side = kGerman;
  scs::MoveType type = scs::MoveType::Leg;
  bool artillery = false;
  bool rubber_boats = false;    // 4.2: may cross the Our this phase at "All"
  bool started_adjacent_our = false;
  core::UnitId self = core::kNoUnit;  // excluded when checking occupied Traffic Jams
};
Mover mover_of(const Position& p, core::UnitId u);

// Facts of the position computed once for a whole search.
struct MoveCache {
  std::vector<uint32_t> enemy_bonds;  // Bond hexes of the mover's enemy (sorted keys)
};
MoveCache move_cache(const Position& p, int side);

// The half-MP cost of stepping from `from` into the adjacent `to`, or
// scs::kProhibited, or scs::kAllMp (the whole MA; only as a unit's first expense).
int step_cost(const Position& p, const MoveCache& c, const Mover& m, core::Hex from, core::Hex to);

// ARD2 3.1: a German unit entering an active Traffic Jam hex becomes DG.
bool traffic_jam_active(const Position& p, core::Hex h, int side);

// ARD2 3.4: the unit's MA this phase in half MP (halved when DG).
int allowance(const Position& p, core::UnitId u, bool dg);

// Every hex the unit can reach with the MP it has left this phase, start first; the
// cost is in half MP from where it stands. Reach::from gives the path back.
std::vector<core::Reach> move_range(const Position& p, core::UnitId u);

// ARD2 3.1: more than three units of `side` in h.
bool overstacked(const Position& p, core::Hex h, int side);
// ARD2 3.1: units of more than one Division of `side` in h (Independents and
// reinforcements still in their Entry Area do not count).
bool violates_divisional_integrity(const Position& p, core::Hex h, int side);

}  // namespace ard2
