// Applying rule outcomes to a State: step losses (1.2), a resolved attack (3.2 steps
// 3-5), moving a stack, the artillery DG cases of 3.4 and the Bug Out (3.6).
#pragma once

#include <vector>

#include "games/ard2/combat.h"
#include "games/ard2/position.h"

namespace ard2 {

// ARD2 1.2: a 2-step unit flips on its first loss; a unit with no step left goes to the
// dead pile (never rebuilt). Returns true when the unit was eliminated.
bool take_step(core::State& s, const Position& p, core::UnitId u);

// ARD2 3.2 steps 3-4: the odds column and the CRT result of `roll` (two dice), with the
// losses due. S-loss: losses beyond the steps present are ignored.
struct CombatOutcome {
  OddsInfo odds;
  scs::CombatResult result;
  int attacker_steps = 0;  // steps the attackers must lose
  int defender_steps = 0;
  int retreat = 0;         // hexes the defender must retreat
};
CombatOutcome resolve_combat(const Position& p, const scs::Crt& crt, const std::vector<core::UnitId>& attackers,
                             core::Hex defender, int roll);

// Moves units to `to`, adding `cost` half MP to each unit's spent MP and marking them
// moved (3.5: moved units may not fire).
void move_units(core::State& s, const std::vector<core::UnitId>& units, core::Hex to, int cost);

// ARD2 3.4: artillery becomes DG when it Bugs Out, Retreats, or Barrages while unable
// to trace supply (`traced` live, A18).
bool artillery_dg_for_barrage(const Position& p, core::UnitId arty, const std::vector<uint8_t>& traced);

// ARD2 3.6: the Bug Out: the artillery is placed in `to` (one of
// bug_out_destinations, or its own hex when there is none) and becomes DG.
void bug_out(core::State& s, core::UnitId arty, core::Hex to);

// ARD2 3.3: the overrunning stack pays its +2 MP and may not Overrun again this phase.
void pay_overrun(core::State& s, const std::vector<core::UnitId>& stack);
// ARD2 3.3: when the defender has left (retreated or died) the overrunners must enter
// its hex at no further MP cost; they may then go on moving.
void enter_after_overrun(core::State& s, const std::vector<core::UnitId>& stack, core::Hex target);

// ARD2 3.2: one hex of a retreat (no MP); retreating artillery becomes DG (3.4).
void retreat_to(core::State& s, const Position& p, const std::vector<core::UnitId>& stack, core::Hex to);
// ARD2 3.2: one hex of an advance after combat (no MP).
void advance_to(core::State& s, const std::vector<core::UnitId>& units, core::Hex to);
// What entering hex `h` does to unit `u` besides moving it: an active Traffic Jam makes
// a German unit DG (3.1, 3.4); an enemy Full Barrage marker ends its Exploit and
// Overrun abilities for the phase (3.5). Used for advances and Overrun entries.
void enter_effects(core::State& s, const Position& p, core::UnitId u, core::Hex h);

}  // namespace ard2
