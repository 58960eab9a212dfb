// ARD2 3.4 DG causes and recovery, 3.6 Bug Out, 3.8 bridges, 6.0 victory.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "games/ard2/position.h"

namespace ard2 {

// ---- 3.1 / 3.4 Disorganization ----
// ARD2 3.1, 3.4: units of `side` in a hex that ends a phase overstacked or mixing
// Divisions. (Momentary mixes during movement and Overruns are not checked here.)
// ASSUMED (A24, SCS errata): units placed this turn (kInEntryArea) are left out until
// the end of their side's first Movement & Barrage phase, when the module clears it.
std::vector<core::UnitId> phase_end_dg(const Position& p, int side);
// ARD2 3.1, 3.4: German units starting a phase in an active Traffic Jam hex.
std::vector<core::UnitId> traffic_jam_dg(const Position& p, int side);
// ARD2 3.4: units of `side` out of supply at the end of their own Supply phase.
std::vector<core::UnitId> supply_phase_dg(const Position& p, int side, const std::vector<uint8_t>& traced);

enum class Recovery { Remove, Stay, ArtilleryChoice };
// ARD2 3.4 DG Recovery (Pre-Turn; ERRATA 3 makes it a DG-only phase): a DG unit
// recovers unless Out of Supply, in an active Traffic Jam, overstacked or mixing
// Divisions. Decisions (docs/rules/ard2.md): A18, Out of Supply is the status found
// in the unit's last Supply phase (kOutOfSupply); A21, a US unit within 5 of an Air
// Supply marker recovers whatever the other conditions. 3.7: artillery recovers
// freely if it traces supply now (`traced`, live) or has Air Supply; otherwise its
// owner chooses: nothing, or a roll on the Air Supply for Artillery table.
Recovery dg_recovery(const Position& p, core::UnitId u, const std::vector<uint8_t>& traced);
enum class ArtilleryRoll { Eliminated, Stays, Recovers };
// ARD2 3.7 Air Supply for Artillery table: 1 unit removed, 2-3 no change, 4-6 DG off.
ArtilleryRoll artillery_air_roll(int die);

// ---- 3.6 Bug Out ----
// ARD2 3.6: non-DG artillery must Bug Out when an enemy unit of printed Attack 2 or
// more is adjacent (moved there, or began a phase there) and could attack across the
// hexside between them.
bool must_bug_out(const Position& p, core::UnitId arty);
// ARD2 3.6: `enemy`, standing in `from` next to `arty`, is one that makes it Bug Out:
// printed (full side) Attack 2 or more, able to attack across the hexside between them.
bool threatens(const Position& p, core::UnitId enemy, core::Hex from, core::UnitId arty);
// ARD2 3.6: hexes it may be placed in: in its side's Trace Supply (`traced`), not
// Prohibited to Mech, no enemy in or next to it, and at least 8 road hexes along
// contiguous road from its start (enemy units and Bonds ignored on that route).
// ASSUMED (A19): the destination is itself a road hex of that network, "8 hexes" is
// the shortest road distance (from an adjacent road hex, counted as 1, when the
// artillery is off the road), and blown or unbuilt bridges break the road. With no
// destination the unit stays where it is (and is DG like any Bug Out). Nearest by road
// first; `also` (when given) is one more test a destination must pass, and the walk
// stops once `limit` are found (1 asks only whether there is any).
std::vector<core::Hex> bug_out_destinations(const Position& p, core::UnitId arty, const std::vector<uint8_t>& traced,
                                            const std::function<bool(core::Hex)>& also = {},
                                            size_t limit = SIZE_MAX);
inline constexpr int kBugOutRoadHexes = 8;

// ---- 3.8 Bridges ----
// ARD2 3.8: a US bridge is primed while it has a plunger and no Blown/Tested marker.
bool bridge_primed(const Position& p, int bridge);
// All bridges wired to one plunger hex (3.8 Special Cases: one roll for all).
std::vector<int> bridges_of_plunger(const scs::Board& b, core::Hex plunger);
// ARD2 3.8: why `unit` may not try to blow `bridge` now, or nullptr: primed, a US
// unit within 2 of the plunger hex, no German unit in either hex of the bridge.
const char* blow_refusal(const Position& p, int bridge, core::UnitId unit);
// ARD2 3.8: a German unit in the plunger hex makes the bridge Tested with no attempt.
bool plunger_captured(const Position& p, int bridge);
// Marks every bridge of `plunger` Blown or Tested.
void resolve_blow(core::State& s, const scs::Board& b, core::Hex plunger, bool blown);

// ---- 6.0 Victory ----
// ARD2 6.0: a VP hex belongs to the last side to occupy it with units in Trace
// Supply. ASSUMED: occupation is checked whenever this is called (the module calls it
// at the end of every phase); unmarked VP hexes are Allied (A31).
void update_control(core::State& s, const Position& p, const std::vector<uint8_t>& german_traced,
                    const std::vector<uint8_t>& allied_traced);
// The same with each side's trace asked of `trace(side)` only when one of its units
// alone holds a VP hex not yet marked as its own: most phase ends then trace nothing.
void update_control(core::State& s, const Position& p, const std::function<std::vector<uint8_t>(int side)>& trace);
int controller(const Position& p, core::Hex vp_hex);
int german_vp(const Position& p);

struct VictoryLevel {
  int min_vp = 0;    // the level applies from this many German VP upward
  std::string name;
  int winner = -1;   // side, or -1 for a draw
};
// ARD2 6.0 campaign levels, best German first.
std::vector<VictoryLevel> campaign_levels();
// The level of a greatest German VP total (levels sorted by min_vp, descending).
const VictoryLevel& level_for(const std::vector<VictoryLevel>& levels, int vp);

}  // namespace ard2
