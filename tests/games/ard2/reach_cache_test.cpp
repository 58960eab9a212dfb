// The fast movement search (board tables, MoveCache bits, ReachCache kept between
// positions) against a reference written on the Position API the way the rules read
// (ARD2 1.2, 1.3, 3.1, 3.5, 3.6, 3.8): over random play of scenario 7.2, every reach
// the rules list must be the reference's, hex for hex, cost for cost, in the same order.
#include <gtest/gtest.h>

#include "core/game.h"
#include "games/ard2/ard2_rules.h"
#include "games/ard2/movement.h"
#include "games/ard2/zoc.h"
#include "games/registry.h"
#include "series/scs/reach.h"

namespace ard2::test {
namespace {

// The half-MP step cost read straight off the position (no tables, no cache).
int reference_cost(const Position& p, const std::vector<uint32_t>& bonds, const Mover& m, core::Hex from, core::Hex to) {
  const scs::Board& b = p.board();
  const int dir = core::direction_to(from, to);
  if (dir < 0 || !b.contains(to)) return scs::kProhibited;
  if (p.has_enemy(to, m.side)) return scs::kProhibited;
  if (traffic_jam_active(p, to, m.side))
    for (core::UnitId u : p.units_at(to))
      if (u != m.self && p.info(u).side == kGerman) return scs::kProhibited;
  if (m.artillery && p.adjacent_to_enemy(to, m.side)) return scs::kProhibited;
  int cost = 0;
  const scs::RoadKind road = p.effective_road(from, dir);
  if (road != scs::RoadKind::None) {
    cost = b.tec().road_cost(road, m.type);
  } else {
    const int side = b.side_cost(from, dir, m.type);
    if (side == scs::kProhibited) return scs::kProhibited;
    const int hex = b.hex_cost(to, m.type);
    if (hex == scs::kProhibited) return scs::kProhibited;
    if (side == scs::kAllMp || hex == scs::kAllMp) return scs::kAllMp;
    cost = hex + side;
  }
  if (contains_key(bonds, to))
    cost += b.tec().zoc_bond_cost;
  else if (p.adjacent_to_enemy(from, m.side) && p.adjacent_to_enemy(to, m.side))
    cost += b.tec().adjacent_cost;
  auto enemy_extra = [&](core::Hex h) {
    const int n = p.full_markers(h, other_side(m.side));
    return n == 0 ? 0 : (n == 1 ? 2 : 4) * scs::kHalfMp;
  };
  cost += enemy_extra(to) + enemy_extra(from);
  if (p.full_markers(to, m.side) > 0) cost += scs::kHalfMp;
  return cost;
}

std::vector<core::Reach> reference_range(const Position& p, core::UnitId u) {
  const Mover m = mover_of(p, u);
  const auto bonds = bond_hex_keys(p, other_side(m.side));
  const int full = allowance(p, u, false), half = allowance(p, u, true);
  auto allow = [&](uint8_t mode) { return mode ? half : full; };
  auto step = [&](core::Hex from, core::Hex to, uint8_t mode, int so_far) {
    scs::Step s;
    s.mode = mode;
    int cost = reference_cost(p, bonds, m, from, to);
    if (cost == scs::kProhibited) return s;
    if (cost == scs::kAllMp) {
      if (so_far != 0) return s;
      cost = allow(mode);
      s.stop = true;
    }
    s.cost = cost;
    if (traffic_jam_active(p, to, m.side)) s.mode = 1;
    return s;
  };
  return scs::reach(p.unit(u).hex, uint8_t(p.dg(u) ? 1 : 0), p.unit(u).spent, step, allow);
}

uint64_t next(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  return z ^ (z >> 31);
}

TEST(ReachCache, MatchesTheReferenceSearchOverRandomPlay) {
  std::string error;
  const auto* rules = dynamic_cast<const Ard2Rules*>(games::find_game("ard2", &error));
  ASSERT_NE(rules, nullptr) << error;
  int scenario = 0;
  for (size_t i = 0; i < rules->scenarios().size(); ++i)
    if (rules->scenarios()[i].id == "7.2") scenario = int(i);
  core::Game game(*rules, scenario, 3);
  core::ActionList legal;
  uint64_t picker = 11;
  int compared = 0, moved_states = 0;
  // One cache for the whole game, as the rules keep theirs between calls.
  ReachCache cache(std::make_shared<const MoveTables>(rules->board()));
  // Long enough to cross turns (new bonds, Full markers, bridges, DG) in both sides' phases.
  for (int n = 0; n < 700 && !game.state().over; ++n) {
    const core::State& s = game.state();
    rules->legal_actions(s, legal);
    ASSERT_FALSE(legal.empty());
    if (n % 7 == 0) {
      const Position p = rules->position(s);
      cache.sync(p);
      bool any = false;
      for (core::UnitId u = 0; u < s.unit_count; u = core::UnitId(u + 5)) {
        if (s.units[u].where != core::Where::OnMap) continue;
        const auto want = reference_range(p, u);
        const auto& got = cache.range(p, u);
        ASSERT_EQ(got.size(), want.size()) << "unit " << u << " at action " << n;
        for (size_t k = 0; k < want.size(); ++k) {
          EXPECT_EQ(got[k].hex, want[k].hex) << "unit " << u << " at action " << n << ", hex " << k;
          EXPECT_EQ(got[k].cost, want[k].cost) << "unit " << u << " at action " << n << ", hex " << k;
          EXPECT_EQ(got[k].from, want[k].from) << "unit " << u << " at action " << n << ", hex " << k;
        }
        ++compared;
        any = true;
      }
      moved_states += any;
    }
    // Mostly moves and attacks, so the phases run their course.
    const size_t pick = legal.size() > 1 && next(picker) % 8 ? next(picker) % (legal.size() - 1) : legal.size() - 1;
    ASSERT_FALSE(game.apply(legal[pick]).has_value());
  }
  EXPECT_GT(compared, 500);
  EXPECT_GT(moved_states, 50);
}

}  // namespace
}  // namespace ard2::test
