// Exiting the map for victory (ARD2 7.2, 7.3: exit VP; 7.5: exit conditions). The seed
// gives no exit procedure; S-exit and T-exit (docs/rules/ard2.md): in its Movement or Exploitation
// Phase a unit in an exit hex of its scenario may leave by paying the MP of one more
// hex beyond the edge: the road rate when a road of its hex leads out of the play area,
// else its hex's own terrain cost. Only units of the formations the scenario counts
// may exit (others would leave for nothing). Exited units never return.
#include <fmt/format.h>

#include "games/ard2/ard2_internal.h"
#include "games/ard2/combat.h"
#include "games/ard2/movement.h"

namespace ard2 {

namespace {

bool counted(const Scenario& sc, const std::string& formation) {
  for (const ExitRule& r : sc.exits)
    if (r.formation == formation) return true;
  return false;
}

}  // namespace

bool Ard2Rules::may_exit(const core::State& s, UnitId u) const {
  const Scenario& sc = scenario(s);
  if (sc.exits.empty() || !s.has_frame() || u >= s.unit_count) return false;
  const core::Frame& f = s.top();
  if (f.step >= uint16_t(Step::kCount)) return false;
  const Step st = Step(f.step);
  const core::UnitState& us = s.units[u];
  if (!(is_movement(st) || is_exploitation(st)) || us.where != core::Where::OnMap || side_of(s, u) != f.side) return false;
  if (!exit_hex(s, u, us.hex)) return false;
  if (us.flags & (kFired | kSpotted | kStopped)) return false;
  const Position p = position(s);
  if (is_exploitation(st) && !may_exploit(p, u)) return false;
  const scs::MoveType type = p.info(u).move;
  int cost = board_->hex_cost(us.hex, type);
  for (int d = 0; d < core::kDirections; ++d) {
    const scs::RoadKind r = p.effective_road(us.hex, d);
    if (r != scs::RoadKind::None && !in_play(s, core::neighbor(us.hex, d))) cost = board_->tec().road_cost(r, type);
  }
  if (cost == scs::kProhibited) return false;
  if (cost == scs::kAllMp) return us.spent == 0;  // SCS "All": only as the first expense
  if (cost < 0) cost = 0;
  return allowance(p, u, p.dg(u)) - us.spent >= cost;
}

// S-exit: an exit hex of the scenario, for a unit of a formation it counts.
bool Ard2Rules::exit_hex(const core::State& s, UnitId u, core::Hex hex) const {
  const Scenario& sc = scenario(s);
  const int i = board_->index(hex);
  return u < s.unit_count && i >= 0 && !sc.exit_hex.empty() && sc.exit_hex[size_t(i)] &&
         counted(sc, catalog_[s.units[u].def].formation);
}

void Ard2Rules::legal_exits(const core::State& s, core::ActionList& out) const {
  if (scenario(s).exits.empty()) return;
  for (UnitId u = 0; u < s.unit_count; ++u) exits(s, u, out);
}

// S-exit: the one unit's exit, as legal_exits() lists it.
void Ard2Rules::exits(const core::State& s, UnitId unit, core::ActionList& out) const {
  if (may_exit(s, unit)) out.push_back(core::Action{kExit, unit, {}, 0});
}

void Ard2Rules::exit_unit(core::State& s, UnitId u, core::Events& ev) const {
  const std::string name = core::unit_name(*this, s, u), from = core::hex_name(*this, s.units[u].hex);
  s.units[u].where = core::Where::Exited;
  s.units[u].flags = 0;
  s.ext<Ext>().exit_turn[u] = uint8_t(s.turn);
  ev.add("exit", name + " exits the map from " + from, {{"unit", name}, {"hex", from}, {"rule", "ARD2 7.2, 7.3, 7.5"}});
}

namespace {

int exited(const Ard2Rules& r, const core::State& s, const ExitRule& rule) {
  int n = 0;
  for (UnitId u = 0; u < s.unit_count; ++u) {
    const int t = s.ext<Ext>().exit_turn[u];
    if (t > 0 && (rule.deadline == 0 || t <= rule.deadline) && r.catalog()[s.units[u].def].formation == rule.formation) ++n;
  }
  return n;
}

}  // namespace

// ARD2 7.2, 7.3 (A46): each listed formation with enough units exited scores its VP once.
int Ard2Rules::exit_vp(const core::State& s) const {
  int vp = 0;
  for (const ExitRule& r : scenario(s).exits)
    if (r.vp > 0 && exited(*this, s, r) >= r.min_units) vp += r.vp;
  return vp;
}

// ARD2 7.5 (A27): every exit condition met by its deadline.
bool Ard2Rules::exit_conditions_met(const core::State& s) const {
  for (const ExitRule& r : scenario(s).exits)
    if (r.vp == 0 && exited(*this, s, r) < r.min_units) return false;
  return true;
}

}  // namespace ard2
