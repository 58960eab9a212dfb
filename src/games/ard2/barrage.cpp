#include "games/ard2/barrage.h"

#include <algorithm>
#include <vector>

#include "games/ard2/markers.h"

namespace ard2 {

bool has_spotter(const Position& p, core::Hex target, int side, int division) {
  for (core::Hex h : core::area(target, 2))
    for (core::UnitId u : p.units_at(h))
      if (p.info(u).side == side && (division < 0 || p.info(u).division == division)) return true;
  return false;
}

const char* barrage_refusal(const Position& p, core::UnitId arty, core::Hex target, bool exploitation) {
  const UnitInfo& i = p.info(arty);
  const core::UnitState& u = p.unit(arty);
  if (!i.artillery) return "only artillery barrages (3.5)";
  if (u.where != core::Where::OnMap) return "the artillery is not on the map";
  if (exploitation) return "no Barrage in an Exploitation phase (3.5)";
  if (p.dg(arty)) return "DG artillery cannot Barrage (3.4, 3.5)";
  if (u.flags & kMoved) return "artillery that moved this phase cannot fire (3.5, 3.6)";
  if (u.flags & kFired) return "each artillery unit fires once per Barrage phase";
  if (!p.board().contains(target)) return "the target is off the map";
  if (core::distance(u.hex, target) > p.range(arty)) return "the target is beyond the artillery's range (3.5)";
  // ARD2 3.1, 3.5: Divarty needs a spotter of its own Division, or cannot fire.
  if (!has_spotter(p, target, i.side, i.divarty ? i.division : -1))
    return i.divarty ? "Divarty needs a spotter of its own Division within 2 hexes of the target (3.1, 3.5)"
                     : "a friendly unit must be within 2 hexes of the target to spot (3.5)";
  return nullptr;
}

int barrage_drm(const Position& p, core::Hex target, int firing_side, std::optional<core::Hex> firing_hex) {
  const int units = int(p.units_at(target).size());
  int drm = std::max(0, units - 1);
  if (firing_hex) drm -= p.full_markers(*firing_hex, other_side(firing_side));
  return drm;
}

BarrageResult barrage_outcome(const scs::Board& b, core::Hex target, int modified_roll) {
  // ARD2 3.5: of several terrains, the most difficult Success Roll (highest Full
  // threshold, then highest Half threshold) applies; "ot" rows defer to the others.
  const scs::Tec& tec = b.tec();
  const uint32_t m = b.terrain(target);
  std::optional<scs::BarrageRange> hardest;
  auto harder = [](const scs::BarrageRange& x, const scs::BarrageRange& y) {
    auto full = [](const scs::BarrageRange& r) { return r.full_lo == 0 ? 99 : r.full_lo; };
    auto half = [](const scs::BarrageRange& r) { return r.half_lo == 0 ? 99 : r.half_lo; };
    if (full(x) != full(y)) return full(x) > full(y);
    return half(x) > half(y);
  };
  for (int k = 0; k < tec.hex_count(); ++k) {
    if (!((m >> k) & 1u) || tec.hex(k).barrage.other) continue;
    if (!hardest || harder(tec.hex(k).barrage, *hardest)) hardest = tec.hex(k).barrage;
  }
  if (!hardest) hardest = tec.hex(tec.default_hex).barrage;
  if (hardest->full_lo > 0 && modified_roll >= hardest->full_lo) return BarrageResult::Full;
  if (hardest->half_lo > 0 && modified_roll >= hardest->half_lo) return BarrageResult::Half;
  return BarrageResult::None;
}

bool air_strike_allowed(const Position& p, core::Hex target, int unspotted_strikes_on_target) {
  if (!p.board().contains(target)) return false;
  if (has_spotter(p, target, kAllied)) return true;
  return unspotted_strikes_on_target == 0;
}

void place_barrage(core::State& s, core::Hex target, int owner, BarrageResult r) {
  if (r == BarrageResult::Full) add_marker_count(s, target, full_kind(owner), 1);
  if (r == BarrageResult::Half) add_marker_count(s, target, half_kind(owner), 1);
}

void reconcile_halves(core::State& s, int owner, const std::function<int(core::Hex)>& roll) {
  std::vector<std::pair<core::Hex, int>> halves;
  for (int i = 0; i < s.hex_marker_count; ++i)
    if (s.hex_markers[size_t(i)].kind == half_kind(owner))
      halves.emplace_back(s.hex_markers[size_t(i)].hex, s.hex_markers[size_t(i)].value);
  std::sort(halves.begin(), halves.end());  // deterministic roll order
  clear_markers(s, half_kind(owner));
  for (const auto& [h, n] : halves) {
    if (n >= 2 || roll(h) >= 4) add_marker_count(s, h, full_kind(owner), 1);
  }
}

void remove_all_barrage(core::State& s) {
  for (uint16_t k : {uint16_t(kFullGerman), uint16_t(kFullAllied), uint16_t(kHalfGerman), uint16_t(kHalfAllied)})
    clear_markers(s, k);
}

}  // namespace ard2
