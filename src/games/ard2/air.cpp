// ARD2 2.2 Air Strikes and Air Supply Allocation, 3.5 (strikes follow the Barrage rules),
// 3.7 (Air Supply markers).
#include <fmt/format.h>

#include <algorithm>

#include "core/dice.h"
#include "games/ard2/ard2_internal.h"
#include "games/ard2/barrage.h"
#include "games/ard2/markers.h"

namespace ard2 {

// ARD2 2.2: an Air Supply marker may go on any hex. The list offers the hexes of the
// play area within 5 of a US unit (farther, it would supply nobody) that hold no marker yet.
std::vector<Hex> Ard2Rules::air_supply_hexes(const core::State& s) const {
  const Position p = position(s);
  std::vector<uint8_t> seen(size_t(board_->size()), 0);
  std::vector<Hex> out;
  for (core::UnitId u : p.on_map(kAllied))
    for (Hex h : core::area(s.units[u].hex, kTraceHexes)) {
      const int i = board_->index(h);
      if (i < 0 || seen[size_t(i)] || !in_play(s, h)) continue;
      seen[size_t(i)] = 1;
      if (p.marker(h, kAirSupply) == 0) out.push_back(h);
    }
  std::sort(out.begin(), out.end());
  return out;
}

void Ard2Rules::legal_air(const core::State& s, core::ActionList& out) const {
  if (s.ext<Ext>().air_strikes <= 0 || !s.has_frame()) return;
  const core::Frame& f = s.top();
  if (f.step == uint16_t(Step::AirSupply)) {
    for (Hex h : air_supply_hexes(s)) out.push_back(core::Action{kPlaceAirSupply, core::kNoUnit, h, 0});
    return;
  }
  if (f.step >= uint16_t(Step::kCount) || f.side != kAllied || !barrage_step(Step(f.step))) return;
  // ARD2 2.2, 3.5: a strike on any enemy-occupied hex of the play area (A6 limit).
  const Position p = position(s);
  std::vector<Hex> targets;
  for (core::UnitId u : p.on_map(kGerman))
    if (std::find(targets.begin(), targets.end(), s.units[u].hex) == targets.end()) targets.push_back(s.units[u].hex);
  std::sort(targets.begin(), targets.end());
  for (Hex t : targets)
    if (in_play(s, t) && air_strike_allowed(p, t, p.marker(t, kAirStruck)))
      out.push_back(core::Action{kAirStrike, core::kNoUnit, t, 0});
}

// ARD2 2.2, 3.7: one strike becomes an Air Supply marker in h.
void Ard2Rules::air_supply(core::State& s, Hex h, core::Events& ev) const {
  set_marker(s, h, kAirSupply, 1);
  --s.ext<Ext>().air_strikes;
  ev.add("air_supply", "US Air Supply marker placed in " + core::hex_name(*this, h),
         {{"hex", core::hex_name(*this, h)}, {"rule", "ARD2 2.2"}});
}

// ARD2 2.2, 3.5: one die as for a Barrage, with the target's DRM and no firing hex.
void Ard2Rules::air_strike(core::State& s, Hex h, core::Events& ev) const {
  const int drm = barrage_drm(position(s), h, kAllied, std::nullopt);
  const int roll = core::roll_die(s, 6, ev, "Air Strike on " + core::hex_name(*this, h));
  const BarrageResult r = barrage_outcome(*board_, h, roll + drm);
  place_barrage(s, h, kAllied, r);
  add_marker_count(s, h, kAirStruck, 1);
  --s.ext<Ext>().air_strikes;
  constexpr const char* kNames[] = {"no effect", "Half marker", "Full marker"};
  ev.add("air_strike", fmt::format("Air Strike on {}: {}+{}: {}", core::hex_name(*this, h), roll, drm, kNames[int(r)]),
         {{"hex", core::hex_name(*this, h)}, {"roll", roll}, {"drm", drm}, {"result", kNames[int(r)]}, {"rule", "ARD2 2.2"}});
}

}  // namespace ard2
