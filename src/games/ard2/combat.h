// ARD2 1.2, 1.3 b), 3.2, 3.3 with SCS 8.0: strengths, odds and shifts, the
// defender's Hold or Retreat, losses, retreats, advances and Overruns.
#pragma once

#include <string>
#include <vector>

#include "games/ard2/movement.h"
#include "games/ard2/position.h"
#include "series/scs/crt.h"

namespace ard2 {

// ARD2 3.4, 3.5: a unit's attack or defense in eighths of a point after DG (1/2) and
// enemy Full Barrage markers in its hex (one 1/2, two or more 1/4). ASSUMED (A14): the
// two multiply (DG under two markers: 1/8), and nothing is rounded before the odds.
// ARD2 3.5: what the enemy's Full Barrage markers in a hex leave of a unit's attack
// and defense, in eighths: all with none, half with one, a quarter with two or more.
int barrage_eighths(int enemy_full_markers);
int attack_eighths(const Position& p, core::UnitId u);
int defense_eighths(const Position& p, core::UnitId u);

// ARD2 TEC note 1: an attack from `from` into the adjacent `to` by a unit moving as
// `type` may cross Prohibited hexside or hex terrain only along a printed road/track.
bool can_attack_across(const Position& p, core::Hex from, core::Hex to, scs::MoveType type);
// Why TEC note 1 bars one of `attackers` from attacking `defender`, or nullptr.
const char* terrain_refusal(const Position& p, const std::vector<core::UnitId>& attackers, core::Hex defender);

// ARD2 1.2 example, 1.3 b): columns left for the defender: the single best hex terrain
// of the defender's hex (West Wall for German defenders only), plus, per attacking
// stack, the hexside it attacks across (even along a road).
int terrain_shift(const Position& p, core::Hex defender, int defender_side, const std::vector<core::Hex>& attacker_hexes);
// The same, shift by shift, for the odds panel: the defender's hex terrain, then each
// attacking stack's hexside; only non-zero shifts, each with the TEC row and the rule.
struct ShiftPart {
  std::string why;   // the TEC row: "City", "Stream"
  int shift = 0;     // columns left
  core::Hex stack;   // the attacking stack's hex for a hexside shift
  bool hexside = false;
};
std::vector<ShiftPart> terrain_shift_parts(const Position& p, core::Hex defender, int defender_side,
                                           const std::vector<core::Hex>& attacker_hexes);

struct OddsInfo {
  int attack = 0;   // eighths
  int defense = 0;  // eighths
  scs::Odds odds;
  int base_column = 0;
  int shift = 0;    // columns left
  int column = 0;   // final column
  // S-odds (docs/rules/ard2.md): raw odds worse than the first column (1:4) cannot be
  // declared.
  bool declarable = true;
};
// ARD2 3.2 steps 2-3: the final CRT column of `attackers` against every unit in
// `defender`'s hex.
OddsInfo compute_odds(const Position& p, const scs::Crt& crt, const std::vector<core::UnitId>& attackers, core::Hex defender);

// Why an attack is not allowed, or nullptr when it is. SCS: each attacker adjacent,
// of the phasing side, with an attack strength, not having attacked this phase.
// ASSUMED (SCS): a hex is the target of one regular attack per Combat phase.
const char* attack_refusal(const Position& p, const std::vector<core::UnitId>& attackers, core::Hex defender);

// ARD2 3.2 Mandated Holds: the defender must Hold when any of its units is DG
// (ASSUMED, A10: any unit), it is under an enemy Full marker, it is in a City, or
// any of its units has a Leg MA.
bool hold_mandatory(const Position& p, core::Hex defender, int defender_side);
inline constexpr int kVoluntaryRetreat = 5;  // ARD2 3.2: a chosen Retreat is 5 hexes

// SCS 8.0 (ASSUMED from the series): the owner spreads a stack's step losses, but the
// first one must fall on a unit with the greatest current printed strength (attack
// for attackers, defense for defenders). The units allowed to take the next loss when
// `taken` losses of this result are already taken.
std::vector<core::UnitId> loss_candidates(const Position& p, const std::vector<core::UnitId>& units, bool attacker, int taken);

// ARD2 3.2 Retreats, SCS: the hexes the stack at `at` may retreat into next, having
// gone `done` hexes from `origin`: each farther from origin than the last, no enemy
// unit, no terrain Prohibited to any unit of the stack. Retreating next to the enemy
// is free. Empty means blocked: the stack loses a step and stops.
std::vector<core::Hex> retreat_options(const Position& p, const std::vector<core::UnitId>& stack, core::Hex origin,
                                       core::Hex at, int done);
// ARD2 3.2: entering an enemy ZOC Bond hex ends the retreat and costs a step.
bool retreat_stops_at(const Position& p, core::Hex h, int retreating_side);

// ARD2 1.2: Exploit capability still held now: a yellow banner, not DG, not touched
// by an enemy Full marker this phase, and not German on Turn 1. (ASSUMED, A13:
// beginning a phase adjacent to the enemy revokes only Exploitation-phase movement
// and Overruns, see may_exploit, else no attacker would ever advance two hexes.)
bool exploit_capable(const Position& p, core::UnitId u);
// ARD2 1.2, 3.4: a unit may act in the Exploitation phase.
bool may_exploit(const Position& p, core::UnitId u);

// ARD2 3.2 Advance after Combat: how far `u` may advance (0, 1 or 2): 2 for an
// Exploit Capable attacker when the retreat was 2 or more and it was no Overrun.
// ASSUMED (A12): a chosen 5-hex retreat counts as a retreat of 5.
int advance_limit(const Position& p, core::UnitId u, int retreat_length, bool overrun);
// ARD2 3.2: the hexes of an advance: first the defender's, then one along a road.
bool advance_step_ok(const Position& p, core::UnitId u, core::Hex defender, int step, core::Hex from, core::Hex to);
// ARD2 3.2, S-advance: the hexes attacker `u` may advance into next, once the
// defender's hex is empty of enemy units: the defender's hex while `u` is still
// outside it; from inside it, when its limit is 2, one more hex along a road. ASSUMED
// (SCS series, S-advance): an advance never puts more than kStackLimit friendly units
// in a hex, spends no MP and ignores ZOC Bonds and enemy adjacency.
std::vector<core::Hex> advance_hexes(const Position& p, core::UnitId u, core::Hex defender, int retreat_length);

// ARD2 3.3: the unit may start an Overrun now (Mech MA, not DG, did not start the
// phase adjacent to the enemy, has not overrun, no enemy Full marker this phase).
bool may_overrun(const Position& p, core::UnitId u);
inline constexpr int kOverrunCost = 2 * scs::kHalfMp;  // ARD2 3.3: +2 MP
// ARD2 3.3 and TEC note 2: the stack at `from` may overrun the adjacent `target`:
// each unit may overrun, a usable road joins the two hexes, and (A34) it has the
// 2 MP plus the road cost of entering the target left.
const char* overrun_refusal(const Position& p, const std::vector<core::UnitId>& stack, core::Hex target);

}  // namespace ard2
