// ARD2 2.1 (with ERRATA 3 and 4) and 4.3: the sequence of play as a list of steps,
// and what happens to the State at the edges of a phase (3.1, 3.4, 3.5, 3.7).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "games/ard2/position.h"
#include "games/ard2/supply.h"

namespace ard2 {

enum class Step : uint16_t {
  // Pre-Turn (2.2), both players together.
  Weather,
  AirStrikes,
  AirSupply,
  Reinforcements,
  DgRemoval,  // ERRATA 3: DG markers only
  // German Player Turn.
  GermanBarrageRemoval,  // ERRATA 4: every Barrage marker of both players
  GermanMovement,        // Movement & Barrage, with Overruns
  GermanHalfReconciliation,
  UsBarrage,  // the one phase the non-phasing player acts in (fire only, 3.6)
  UsBarrageHalfReconciliation,
  GermanCombat,
  GermanExploitation,  // none on Turn 1 (4.3)
  GermanSupply,
  // US Player Turn.
  UsBarrageRemoval,
  UsMovement,
  UsHalfReconciliation,
  UsCombat,
  UsExploitation,
  UsSupply,
  // Game Turn End.
  TurnEnd,
  kCount,
};

struct StepInfo {
  const char* name;  // for the phase bar
  int side;          // the side acting in it (kNoSide: automatic, nobody chooses)
  const char* rule;
};
const StepInfo& step_info(Step s);

// ARD2 2.1, 4.3: the step that follows `s` on `turn`; after TurnEnd comes the next
// turn's Weather.
Step next_step(Step s, int turn);

bool is_movement(Step s);      // Movement & Barrage phases
bool is_combat(Step s);        // Combat phases
bool is_exploitation(Step s);  // Exploitation phases
// ARD2 3.5: Barrage is allowed in the Movement & Barrage phases and the US Barrage
// phase, never in Exploitation.
bool barrage_step(Step s);
// The player whose turn it is (the phasing player), kNoSide in the Pre-Turn.
int phasing_side(Step s);

// ---- Phase edges ----
// Every phase starts with: per-phase unit flags and spent MP cleared; for each unit
// on the map, kStartedAdjacent if next to an enemy (1.2), kEnemyBarrage if in an enemy
// Full marker hex (3.5); German units in an active Traffic Jam become DG (3.1, 3.4),
// except (A9) units still in their 7.1/7.2 set-up hex when `setup_exempt` says so.
void begin_phase(core::State& s, const Position& p, const std::function<bool(core::UnitId)>& setup_exempt = {});

// ARD2 3.1, 3.4: every phase ends with DG for units overstacked or mixing Divisions.
// Returns the units made DG.
std::vector<core::UnitId> end_phase_dg(core::State& s, const Position& p);

// ARD2 3.4, 3.7: the Supply phase of `side`: each unit's supply status is recorded
// (kOutOfSupply, A18) and units Out of Supply become DG. Returns those units.
std::vector<core::UnitId> supply_phase(core::State& s, const Position& p, int side, const SupplySources& sources);
// The same with the side's trace made (trace_supply(), per board index).
std::vector<core::UnitId> supply_phase(core::State& s, const Position& p, int side, const std::vector<uint8_t>& traced);

// ARD2 3.4 (ERRATA 3): the Pre-Turn DG Removal. DG comes off units that recover;
// returns the DG artillery whose owner must choose (nothing, or the 3.7 roll).
std::vector<core::UnitId> dg_removal(core::State& s, const Position& p, const SupplySources& german,
                                     const SupplySources& allied);
// The same with both sides' traces made.
std::vector<core::UnitId> dg_removal(core::State& s, const Position& p, const std::vector<uint8_t>& german,
                                     const std::vector<uint8_t>& allied);

}  // namespace ard2
