// Reinforcements placed by their owner's choice: ARD2 4.1 von der Heydte's drop (in the
// Pre-Turn Reinforcement step of its turn) and 5.1 the XVIII Abn Corps (at the start of
// the US Movement & Barrage Phase of Turn 3). Each unit is one kPlaceStep frame: its
// owner picks the hex among the legal ones.
#include <fmt/format.h>

#include <algorithm>

#include "core/dice.h"
#include "core/map.h"
#include "games/ard2/ard2_internal.h"
#include "games/ard2/special.h"

namespace ard2 {

const Reinforcement& Ard2Rules::arrival(const core::State& s, UnitId u) const {
  const Scenario& sc = scenario(s);
  return sc.arrivals.at(size_t(u) - sc.setup.size()).second;
}

namespace {

// ARD2 5.1 (A23): all of `placed` lie within 3 of one of two hexes of `group` (a
// group of two hexes, or any two of a longer list: Group 1 is any two Map A VP hexes).
bool fits_group(const std::vector<Hex>& placed, const std::vector<Hex>& group) {
  for (size_t i = 0; i < group.size(); ++i)
    for (size_t k = i; k < group.size(); ++k)
      if (std::all_of(placed.begin(), placed.end(), [&](Hex h) {
            return core::distance(h, group[i]) <= kXviiiRadius || core::distance(h, group[k]) <= kXviiiRadius;
          }))
        return true;
  return false;
}

}  // namespace

std::vector<Hex> Ard2Rules::placement_hexes(const core::State& s, UnitId u) const {
  const Reinforcement& r = arrival(s, u);
  const Position p = position(s);
  std::vector<Hex> out;
  if (r.placement == Placement::Vdh) {
    // ARD2 4.1 (A22): within 1 of the drop centre, no US unit there.
    if (r.entry >= 0)
      for (Hex h : scenario(s).entries[size_t(r.entry)])
        if (!p.has_side(h, kAllied)) out.push_back(h);
    return out;
  }
  // ARD2 5.1 (A23): Group 1 = any two Map A VP hexes, Group 2 = Bastogne B1.16 and
  // Senonchamps A38.16. The Division's units already placed this turn fix the group.
  std::vector<Hex> group1, group2;
  for (Hex h : board_->vp_hexes())
    if (map_->ids().format(h)[0] == 'A') group1.push_back(h);
  for (const char* id : {"B1.16", "A38.16"})
    if (const auto h = map_->ids().parse(id)) group2.push_back(*h);
  std::vector<Hex> placed;
  const int division = unit_info_[s.units[u].def].division;
  const size_t first = scenario(s).setup.size();
  for (UnitId v = UnitId(first); v < s.unit_count; ++v)
    if (v != u && s.units[v].where == core::Where::OnMap && s.units[v].arrival_turn == s.turn &&
        unit_info_[s.units[v].def].division == division && arrival(s, v).placement == Placement::Xviii)
      placed.push_back(s.units[v].hex);
  std::vector<Hex> both = group1;
  both.insert(both.end(), group2.begin(), group2.end());
  for (int i = 0; i < board_->size(); ++i) {
    const Hex h = board_->hex_at(i);
    if (!in_play(s, h) || !xviii_placement_ok(p, h, both)) continue;
    placed.push_back(h);
    if (fits_group(placed, group1) || fits_group(placed, group2)) out.push_back(h);
    placed.pop_back();
  }
  return out;
}

// Pushes the placement frame of the first unit of `kind` due now; false when none.
bool Ard2Rules::push_placement(core::State& s, Placement kind) const {
  const Scenario& sc = scenario(s);
  for (size_t k = 0; k < sc.arrivals.size(); ++k) {
    const UnitId u = UnitId(sc.setup.size() + k);
    const core::UnitState& us = s.units[u];
    if (sc.arrivals[k].second.placement != kind || us.where != core::Where::Pool || us.arrival_turn > s.turn) continue;
    core::push_frame(s, core::Frame{kPlaceStep, int8_t(side_of(s, u)), 0, int32_t(u), 0});
    return true;
  }
  return false;
}

// The owner's pick. vdH then rolls on the vdH Success Table (4.1): 1-2 it is removed
// from play, 3-6 it lands.
void Ard2Rules::place(core::State& s, Hex h, core::Events& ev) const {
  const UnitId u = UnitId(s.top().a);
  core::UnitState& us = s.units[u];
  const std::string name = core::unit_name(*this, s, u);
  us.where = core::Where::OnMap;
  us.hex = h;
  us.arrival_turn = s.turn;
  us.flags |= kInEntryArea;
  core::pop_frame(s);
  ev.add("arrive", name + " is placed in " + core::hex_name(*this, h), {{"unit", name}, {"hex", core::hex_name(*this, h)}});
  const Placement kind = arrival(s, u).placement;
  if (kind == Placement::Vdh && !vdh_lands(core::roll_die(s, 6, ev, "vdH Success Table"))) {
    us.where = core::Where::Exited;
    us.flags = 0;
    ev.add("removed", name + " is lost in the drop (ARD2 4.1)", {{"unit", name}});
  }
  if (kind == Placement::Xviii) push_placement(s, kind);
}

// No legal hex: vdH's drop does not happen (removed from play); an XVIII Abn unit
// waits for the next turn's US Movement Phase.
void Ard2Rules::no_placement(core::State& s, core::Events& ev) const {
  const UnitId u = UnitId(s.top().a);
  const std::string name = core::unit_name(*this, s, u);
  const Placement kind = arrival(s, u).placement;
  core::pop_frame(s);
  if (kind == Placement::Vdh) {
    s.units[u].where = core::Where::Exited;
    ev.add("removed", name + " has no hex to drop into and leaves play (ARD2 4.1)", {{"unit", name}});
    return;
  }
  s.units[u].arrival_turn = int16_t(s.turn + 1);
  ev.add("delayed", name + " has no hex to arrive in; it waits a turn (ARD2 5.1)", {{"unit", name}});
  push_placement(s, kind);
}

}  // namespace ard2
