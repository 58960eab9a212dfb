// ARD2 3.7 Air Supply for Artillery, in the DG Removal step: DG artillery that can
// neither trace supply nor reach an Air Supply marker keeps its DG unless its owner
// chooses to roll for it on the Air Supply for Artillery table (a 1 removes the unit,
// 2-3 change nothing, 4-6 remove the DG). Asked unit by unit, the German player first
// (ASSUMED: the seed gives no order; both sides' DG go in the same step).
#include <fmt/format.h>

#include "core/dice.h"
#include "games/ard2/ard2_internal.h"

namespace ard2 {

std::optional<UnitId> Ard2Rules::next_recovery_choice(const State& s, int side, int after) const {
  const Position p = position(s);
  std::vector<uint8_t> supply;
  for (UnitId u = UnitId(after + 1); u < s.unit_count; ++u) {
    if (s.units[u].where != core::Where::OnMap || side_of(s, u) != side || !(s.units[u].flags & kDG)) continue;
    if (!p.info(u).artillery) continue;
    if (supply.empty()) supply = traced(s, side);
    if (dg_recovery(p, u, supply) == Recovery::ArtilleryChoice) return u;
  }
  return std::nullopt;
}

// Pushes one frame per side with a unit to ask about; the German frame on top.
void Ard2Rules::ask_artillery_recovery(State& s) const {
  for (int side : {kAllied, kGerman})
    if (const auto u = next_recovery_choice(s, side, -1))
      core::push_frame(s, core::Frame{kArtilleryRecovery, int8_t(side), 0, int32_t(*u), 0});
}

// The owner's answer for the frame's unit, then the next unit of that side, if any.
void Ard2Rules::artillery_recovery(State& s, bool roll, core::Events& ev) const {
  const UnitId u = UnitId(s.top().a);
  const std::string name = core::unit_name(*this, s, u);
  if (roll) {
    const int die = core::roll_die(s, 6, ev, "Air Supply for Artillery: " + name);
    std::string result = "no_change";
    for (const auto& row : tables_.at("air_supply_artillery").at("rows"))
      if (die >= row.value("min", 1) && die <= row.value("max", 6)) result = row.at("cells").at(0).get<std::string>();
    if (result == "remove_unit") {
      s.units[u].where = core::Where::Eliminated;
      s.units[u].flags = 0;
      ev.add("eliminated", name + " is removed (ARD2 3.7)", {{"unit", name}});
    } else if (result == "remove_dg") {
      s.units[u].flags &= ~kDG;
      ev.add("recovered", name + " recovers from DG (ARD2 3.7)", {{"unit", name}});
    } else {
      ev.add("recovery", name + " stays DG (ARD2 3.7)", {{"unit", name}});
    }
  } else {
    ev.add("recovery", name + " is left DG (ARD2 3.7)", {{"unit", name}});
  }
  if (const auto next = next_recovery_choice(s, s.top().side, int(u))) {
    s.top().a = int32_t(*next);
  } else {
    core::pop_frame(s);
  }
}

}  // namespace ard2
