#include "games/ard2/status.h"

#include <algorithm>
#include <deque>

#include "games/ard2/combat.h"
#include "games/ard2/markers.h"
#include "games/ard2/movement.h"
#include "games/ard2/supply.h"

namespace ard2 {

namespace {

std::vector<core::Hex> occupied_hexes(const Position& p, int side) {
  std::vector<core::Hex> out;
  for (core::UnitId u : p.on_map(side)) out.push_back(p.unit(u).hex);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

std::vector<core::UnitId> phase_end_dg(const Position& p, int side) {
  std::vector<core::UnitId> out;
  for (core::Hex h : occupied_hexes(p, side)) {
    int settled = 0;
    for (core::UnitId u : p.units_at(h))
      if (p.info(u).side == side && !(p.unit(u).flags & kInEntryArea)) ++settled;
    if (settled > kStackLimit || violates_divisional_integrity(p, h, side))
      for (core::UnitId u : p.units_at(h))
        if (p.info(u).side == side && !(p.unit(u).flags & kInEntryArea)) out.push_back(u);
  }
  return out;
}

std::vector<core::UnitId> traffic_jam_dg(const Position& p, int side) {
  std::vector<core::UnitId> out;
  for (core::UnitId u : p.on_map(side))
    if (traffic_jam_active(p, p.unit(u).hex, side)) out.push_back(u);
  return out;
}

std::vector<core::UnitId> supply_phase_dg(const Position& p, int side, const std::vector<uint8_t>& traced) {
  std::vector<core::UnitId> out;
  for (core::UnitId u : p.on_map(side))
    if (!in_supply(p, traced, u)) out.push_back(u);
  return out;
}

Recovery dg_recovery(const Position& p, core::UnitId u, const std::vector<uint8_t>& traced) {
  const core::Hex h = p.unit(u).hex;
  const int side = p.info(u).side;
  if (side == kAllied && air_supplied(p, h)) return Recovery::Remove;  // A21
  if (traffic_jam_active(p, h, side) || overstacked(p, h, side) || violates_divisional_integrity(p, h, side))
    return Recovery::Stay;
  if (p.info(u).artillery) return in_supply(p, traced, u) ? Recovery::Remove : Recovery::ArtilleryChoice;
  return (p.unit(u).flags & kOutOfSupply) ? Recovery::Stay : Recovery::Remove;
}

ArtilleryRoll artillery_air_roll(int die) {
  if (die <= 1) return ArtilleryRoll::Eliminated;
  if (die <= 3) return ArtilleryRoll::Stays;
  return ArtilleryRoll::Recovers;
}

bool threatens(const Position& p, core::UnitId enemy, core::Hex from, core::UnitId arty) {
  const UnitInfo& ei = p.info(enemy);
  const core::Hex to = p.unit(arty).hex;
  if (ei.side == p.info(arty).side || core::distance(from, to) != 1) return false;
  return ei.attack[0] >= 2 && can_attack_across(p, from, to, ei.move);  // printed (full) Attack
}

bool must_bug_out(const Position& p, core::UnitId arty) {
  if (!p.info(arty).artillery || p.dg(arty) || p.unit(arty).where != core::Where::OnMap) return false;
  const core::Hex h = p.unit(arty).hex;
  for (int d = 0; d < core::kDirections; ++d)
    for (core::UnitId e : p.units_at(core::neighbor(h, d)))
      if (threatens(p, e, p.unit(e).hex, arty)) return true;
  return false;
}

std::vector<core::Hex> bug_out_destinations(const Position& p, core::UnitId arty, const std::vector<uint8_t>& traced,
                                            const std::function<bool(core::Hex)>& also, size_t limit) {
  // A walk of the board's link table by index, as the supply trace does.
  const scs::Board& b = p.board();
  const scs::Board::Link* const links = b.links();
  const std::vector<uint8_t> open = p.open_bridges();
  auto road = [&](int i, int d) {
    return link_road(links[size_t(i) * core::kDirections + size_t(d)], open) != scs::RoadKind::None;
  };
  auto on_road = [&](int i) {
    for (int d = 0; d < core::kDirections; ++d)
      if (road(i, d)) return true;
    return false;
  };
  const int side = p.info(arty).side;
  const int start = b.index(p.unit(arty).hex);
  std::vector<int> dist(size_t(b.size()), -1);
  std::deque<int> queue;
  dist[size_t(start)] = 0;
  if (on_road(start)) {
    queue.push_back(start);
  } else {
    // A19: off the road, the road path starts at an adjacent road hex.
    for (int d = 0; d < core::kDirections; ++d) {
      const int n = links[size_t(start) * core::kDirections + size_t(d)].to;
      if (n < 0 || dist[size_t(n)] >= 0 || !on_road(n)) continue;
      dist[size_t(n)] = 1;
      queue.push_back(n);
    }
  }
  std::vector<core::Hex> out;
  while (!queue.empty()) {
    const int i = queue.front();
    queue.pop_front();
    const int di = dist[size_t(i)];
    if (di >= kBugOutRoadHexes) {
      const core::Hex h = b.hex_at(i);
      if (traced[size_t(i)] && !b.hex_prohibited(h, scs::MoveType::Mech) && !p.has_enemy(h, side) &&
          !p.adjacent_to_enemy(h, side) && (!also || also(h))) {
        out.push_back(h);
        if (out.size() >= limit) break;
      }
    }
    for (int d = 0; d < core::kDirections; ++d) {
      const int n = links[size_t(i) * core::kDirections + size_t(d)].to;
      if (n < 0 || dist[size_t(n)] >= 0 || !road(i, d)) continue;
      dist[size_t(n)] = di + 1;
      queue.push_back(n);
    }
  }
  return out;
}

bool bridge_primed(const Position& p, int bridge) {
  const scs::Bridge& br = p.board().bridges()[size_t(bridge)];
  return br.plunger && !p.side_marker(br.side, kBridgeBlown) && !p.side_marker(br.side, kBridgeTested);
}

std::vector<int> bridges_of_plunger(const scs::Board& b, core::Hex plunger) {
  std::vector<int> out;
  for (size_t i = 0; i < b.bridges().size(); ++i)
    if (b.bridges()[i].plunger && *b.bridges()[i].plunger == plunger) out.push_back(int(i));
  return out;
}

const char* blow_refusal(const Position& p, int bridge, core::UnitId unit) {
  if (bridge < 0 || bridge >= int(p.board().bridges().size())) return "no such bridge";
  const scs::Bridge& br = p.board().bridges()[size_t(bridge)];
  if (!bridge_primed(p, bridge)) return "the bridge has no primed plunger (already Blown or Tested) (3.8)";
  if (p.info(unit).side != kAllied) return "only the US player blows bridges (3.8)";
  if (p.unit(unit).where != core::Where::OnMap || core::distance(p.unit(unit).hex, *br.plunger) > 2)
    return "a US unit must be within 2 hexes of the plunger (3.8)";
  for (core::Hex h : br.side.hexes())
    if (p.has_side(h, kGerman)) return "a German unit occupies a hex of the bridge (3.8)";
  if (plunger_captured(p, bridge)) return "the Germans hold the plunger hex (3.8)";
  return nullptr;
}

bool plunger_captured(const Position& p, int bridge) {
  const scs::Bridge& br = p.board().bridges()[size_t(bridge)];
  return br.plunger && p.has_side(*br.plunger, kGerman);
}

void resolve_blow(core::State& s, const scs::Board& b, core::Hex plunger, bool blown) {
  for (int i : bridges_of_plunger(b, plunger)) mark_side(s, b.bridges()[size_t(i)].side, blown ? kBridgeBlown : kBridgeTested);
}

void update_control(core::State& s, const Position& p, const std::function<std::vector<uint8_t>(int side)>& trace) {
  std::vector<uint8_t> traced[2];
  bool asked[2] = {false, false};
  for (core::Hex h : p.board().vp_hexes()) {
    const bool g = p.has_side(h, kGerman), a = p.has_side(h, kAllied);
    if (g == a) continue;
    const int side = g ? kGerman : kAllied;
    if (p.marker(h, kControl) == side + 1) continue;  // marked as its own already
    if (!asked[side]) {
      traced[side] = trace(side);
      asked[side] = true;
    }
    bool supplied = false;
    for (core::UnitId u : p.units_at(h))
      if (p.info(u).side == side && in_supply(p, traced[side], u)) supplied = true;
    if (supplied) set_marker(s, h, kControl, side + 1);
  }
}

void update_control(core::State& s, const Position& p, const std::vector<uint8_t>& german_traced,
                    const std::vector<uint8_t>& allied_traced) {
  update_control(s, p, [&](int side) { return side == kGerman ? german_traced : allied_traced; });
}

int controller(const Position& p, core::Hex vp_hex) {
  const int v = p.marker(vp_hex, kControl);
  return v == 0 ? kAllied : v - 1;
}

int german_vp(const Position& p) {
  int vp = 0;
  for (core::Hex h : p.board().vp_hexes())
    if (controller(p, h) == kGerman) vp += p.board().vp(h);
  return vp;
}

std::vector<VictoryLevel> campaign_levels() {
  return {{33, "Major German Victory", kGerman},
          {29, "Minor German Victory", kGerman},
          {24, "Draw", -1},
          {19, "Minor Allied Victory", kAllied},
          {0, "Major Allied Victory", kAllied}};
}

const VictoryLevel& level_for(const std::vector<VictoryLevel>& levels, int vp) {
  for (const VictoryLevel& l : levels)
    if (vp >= l.min_vp) return l;
  return levels.back();
}

}  // namespace ard2
