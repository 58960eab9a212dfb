#include "games/ard2/sequence.h"

#include <array>

#include "games/ard2/markers.h"
#include "games/ard2/status.h"

namespace ard2 {

namespace {

constexpr int kNone = core::kNoSide;

const std::array<StepInfo, size_t(Step::kCount)> kSteps{{
    {"Weather Determination", kNone, "ARD2 2.1, 2.2"},
    {"Air Strike Availability", kNone, "ARD2 2.1, 2.2"},
    {"Air Supply Allocation", kAllied, "ARD2 2.1, 2.2, 3.7"},
    {"Reinforcement Placement", kNone, "ARD2 2.1, 2.2; SCS 5.0"},
    {"DG Marker Removal", kNone, "ARD2 2.1, 3.4 (errata 3)"},
    {"German Barrage Marker Removal", kNone, "ARD2 2.1 (errata 4)"},
    {"German Movement & Barrage Phase", kGerman, "ARD2 2.1, 3.1, 3.3, 3.5"},
    {"German Half Reconciliation", kNone, "ARD2 3.5"},
    {"US Barrage Phase", kAllied, "ARD2 2.1, 3.5, 3.6"},
    {"US Half Reconciliation", kNone, "ARD2 3.5"},
    {"German Combat Phase", kGerman, "ARD2 3.2"},
    {"German Exploitation Phase", kGerman, "ARD2 2.1, 1.2, 4.3"},
    {"German Supply Phase", kNone, "ARD2 3.7"},
    {"US Barrage Marker Removal", kNone, "ARD2 2.1 (errata 4)"},
    {"US Movement & Barrage Phase", kAllied, "ARD2 2.1, 3.1, 3.3, 3.5, 5.1"},
    {"US Half Reconciliation", kNone, "ARD2 3.5"},
    {"US Combat Phase", kAllied, "ARD2 3.2"},
    {"US Exploitation Phase", kAllied, "ARD2 2.1, 1.2"},
    {"US Supply Phase", kNone, "ARD2 3.7"},
    {"Game Turn End", kNone, "ARD2 2.1"},
}};

constexpr uint32_t kPerPhase = kMoved | kFired | kSpotted | kOverran | kStartedAdjacent | kEnemyBarrage | kAttacked |
                               kStopped | kDefended;

}  // namespace

const StepInfo& step_info(Step s) { return kSteps[size_t(s)]; }

Step next_step(Step s, int turn) {
  if (s == Step::TurnEnd) return Step::Weather;
  Step n = Step(uint16_t(s) + 1);
  // ARD2 4.3: no German Exploitation Phase on Turn 1.
  if (n == Step::GermanExploitation && turn == 1) n = Step::GermanSupply;
  return n;
}

bool is_movement(Step s) { return s == Step::GermanMovement || s == Step::UsMovement; }
bool is_combat(Step s) { return s == Step::GermanCombat || s == Step::UsCombat; }
bool is_exploitation(Step s) { return s == Step::GermanExploitation || s == Step::UsExploitation; }
bool barrage_step(Step s) { return is_movement(s) || s == Step::UsBarrage; }

int phasing_side(Step s) {
  if (s < Step::GermanBarrageRemoval) return kNone;
  if (s < Step::UsBarrageRemoval) return kGerman;
  if (s < Step::TurnEnd) return kAllied;
  return kNone;
}

void begin_phase(core::State& s, const Position& p, const std::function<bool(core::UnitId)>& setup_exempt) {
  clear_markers(s, kAirStruck);  // A6: the Air Strike count on a hex is per phase
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    core::UnitState& us = s.units[u];
    us.flags &= ~kPerPhase;
    us.spent = 0;
    if (us.where != core::Where::OnMap) continue;
    const int side = p.info(u).side;
    if (p.adjacent_to_enemy(us.hex, side)) us.flags |= kStartedAdjacent;
    if (p.full_markers(us.hex, other_side(side)) > 0) us.flags |= kEnemyBarrage;
    if (side == kGerman && p.turn() <= 2 && p.board().is_traffic_jam(us.hex) && !(setup_exempt && setup_exempt(u)))
      us.flags |= kDG;
  }
}

std::vector<core::UnitId> end_phase_dg(core::State& s, const Position& p) {
  std::vector<core::UnitId> out;
  for (int side : {kAllied, kGerman})
    for (core::UnitId u : phase_end_dg(p, side)) out.push_back(u);
  for (core::UnitId u : out) s.units[u].flags |= kDG;
  return out;
}

std::vector<core::UnitId> supply_phase(core::State& s, const Position& p, int side, const SupplySources& sources) {
  return supply_phase(s, p, side, trace_supply(p, side, sources));
}

std::vector<core::UnitId> supply_phase(core::State& s, const Position& p, int side, const std::vector<uint8_t>& traced) {
  std::vector<core::UnitId> oos;
  for (core::UnitId u : p.on_map(side)) {
    if (in_supply(p, traced, u)) {
      s.units[u].flags &= ~kOutOfSupply;
    } else {
      s.units[u].flags |= kOutOfSupply | kDG;
      oos.push_back(u);
    }
  }
  return oos;
}

std::vector<core::UnitId> dg_removal(core::State& s, const Position& p, const SupplySources& german,
                                     const SupplySources& allied) {
  return dg_removal(s, p, trace_supply(p, kGerman, german), trace_supply(p, kAllied, allied));
}

std::vector<core::UnitId> dg_removal(core::State& s, const Position& p, const std::vector<uint8_t>& g,
                                     const std::vector<uint8_t>& a) {
  std::vector<core::UnitId> remove, choose;
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    if (s.units[u].where != core::Where::OnMap || !(s.units[u].flags & kDG)) continue;
    switch (dg_recovery(p, u, p.info(u).side == kGerman ? g : a)) {
      case Recovery::Remove: remove.push_back(u); break;
      case Recovery::ArtilleryChoice: choose.push_back(u); break;
      case Recovery::Stay: break;
    }
  }
  for (core::UnitId u : remove) s.units[u].flags &= ~kDG;
  return choose;
}

}  // namespace ard2
