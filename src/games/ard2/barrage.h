// ARD2 3.5 Barrage, 2.2 Air Strikes, 3.6 fire-or-move.
#pragma once

#include <functional>
#include <optional>

#include "games/ard2/position.h"

namespace ard2 {

enum class BarrageResult { None, Half, Full };

// ARD2 3.5 Requirements: a friendly unit within 2 hexes of the target (the firing
// unit itself counts); for Divarty (`division` >= 0) it must be of that Division.
bool has_spotter(const Position& p, core::Hex target, int side, int division = -1);

// ARD2 3.5 Requirements, 3.6: why `arty` may not barrage `target` now, or nullptr.
// Not DG, has not moved (a placed reinforcement has not moved until it spends MP)
// nor fired this phase, target within range, a spotter, never in Exploitation.
// ASSUMED: one fire per artillery unit per Barrage phase (3.6 lets US artillery fire
// in both of its Barrage phases of a turn, which implies once in each).
const char* barrage_refusal(const Position& p, core::UnitId arty, core::Hex target, bool exploitation);

// ARD2 3.5 Resolution DRMs: +1 per unit in the target beyond the first (ASSUMED, A17:
// units of both sides count), and, for artillery, -1 per enemy Full marker in the
// firing unit's hex (the Tables sheet's reading of A16). Air strikes have no firing hex.
int barrage_drm(const Position& p, core::Hex target, int firing_side, std::optional<core::Hex> firing_hex);

// ARD2 3.5: the marker placed by a modified roll against the hardest Barrage Success
// Roll of the target's terrains. ASSUMED (A15): a roll above the printed Full range
// still places a Full marker; below the Half range, nothing.
BarrageResult barrage_outcome(const scs::Board& b, core::Hex target, int modified_roll);

// ARD2 2.2, 3.5: an Air Strike may hit any hex with no spotter, but only one such
// strike per target hex; with a spotter (a US unit within 2) there is no limit.
bool air_strike_allowed(const Position& p, core::Hex target, int unspotted_strikes_on_target);

// Places the marker of a barrage result for `owner` (the firing side).
void place_barrage(core::State& s, core::Hex target, int owner, BarrageResult r);

// ARD2 3.5 Half Marker Reconciliation, at the end of the creating phase: two or more
// Halves of `owner` in a hex become one Full; a lone Half rolls one die (1-3 gone,
// 4-6 Full). Full markers already there are ignored. `roll` gives each die.
void reconcile_halves(core::State& s, int owner, const std::function<int(core::Hex)>& roll);

// ARD2 2.1 (ERRATA 3, 4): each Player Turn's Barrage Marker Removal clears every
// Barrage marker of both players.
void remove_all_barrage(core::State& s);

}  // namespace ard2
