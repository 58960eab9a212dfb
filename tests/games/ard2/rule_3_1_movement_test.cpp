// ARD2 3.1 (stacking, Traffic Jams, Divisional Integrity), 1.2 (moving adjacently),
// 3.4 (DG halves MA), 3.5 (Barrage marker move costs), 3.6 (artillery), 4.2.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/ard2/movement.h"
#include "world.h"

namespace ard2::test {
namespace {

int cost(const World& w, core::UnitId u, Hex a, Hex b) {
  const Position p = w.pos();
  return step_cost(p, move_cache(p, p.info(u).side), mover_of(p, u), a, b);
}

const core::Reach* find(const std::vector<core::Reach>& r, Hex h) {
  for (const auto& x : r)
    if (x.hex == h) return &x;
  return nullptr;
}

TEST(Rule_1_2, MovingFromAdjacentToAdjacentCostsOneMore) {
  // given an enemy at (5,5) and a German unit adjacent to it
  World w;
  w.place(w.def(armor(kAllied)), H(5, 5));
  const auto g = w.place(w.def(infantry(kGerman)), H(4, 5));
  // when it slides to (4,6), also adjacent to the enemy, then +1 MP
  EXPECT_EQ(cost(w, g, H(4, 5), H(4, 6)), 4 + 2);
  // and moving away costs plain Open
  EXPECT_EQ(cost(w, g, H(4, 5), H(3, 5)), 4);
}

TEST(Rule_1_2, EnemyZocBondHexCostReplacesAdjacentCost) {
  // given two US infantry Posts two apart with the Bond hex between them
  World w;
  const int inf = w.def(infantry(kAllied));
  w.place(inf, H(4, 4));
  w.place(inf, H(6, 4));  // bond hex (5,4)
  const auto g = w.place(w.def(infantry(kGerman)), H(5, 5));
  // when the German (adjacent to both Posts) enters the Bond hex
  // then it pays the Bond cost (+2 MP assumed) and not the +1 adjacent cost
  EXPECT_EQ(cost(w, g, H(5, 5), H(5, 4)), 4 + 4);
}

TEST(Rule_3_1, GermanHeldTrafficJamIsProhibitedToOtherGermans) {
  World w;
  w.s->turn = 1;
  w.board.add_terrain(H(3, 3), w.t.jam);
  const int inf = w.def(infantry(kGerman));
  w.place(inf, H(3, 3));
  const auto g = w.place(inf, H(2, 3));
  EXPECT_EQ(cost(w, g, H(2, 3), H(3, 3)), scs::kProhibited);
  // but not to US units (if empty of Germans) and not after Turn 2
  w.s->turn = 3;
  EXPECT_EQ(cost(w, g, H(2, 3), H(3, 3)), 4);
}

TEST(Rule_3_1, EnteringTrafficJamMakesDgAndHalvesTheRest) {
  // given a German 8 MA leg unit on Turn 1 next to an empty Traffic Jam hex
  World w;
  w.s->turn = 1;
  w.board.add_terrain(H(3, 3), w.t.jam);
  const auto g = w.place(w.def(infantry(kGerman, 3, 4, 8)), H(2, 3));
  // when it enters (2 MP spent), its MA becomes 4: it can go 1 more open hex only
  const auto r = move_range(w.pos(), g);
  ASSERT_NE(find(r, H(3, 3)), nullptr);
  EXPECT_NE(find(r, H(4, 3)), nullptr);   // 4 MP total
  // (5,3) through the jam would total 6 MP > 4: it is reached around, for 8 MP
  ASSERT_NE(find(r, H(5, 3)), nullptr);
  EXPECT_EQ(find(r, H(5, 3))->cost, 16);
  // while going around it reaches 4 open hexes (8 MP)
  EXPECT_NE(find(r, H(2, 7)), nullptr);
}

TEST(Rule_3_4, DgHalvesMaWithoutProration) {
  // given an MA 12 unit that has spent 8 MP, then becomes DG
  World w;
  const auto g = w.place(w.def(armor(kGerman, 6, 4, 12)), H(2, 2));
  w.s->units[g].spent = 16;
  w.s->units[g].flags |= kDG;
  // then it cannot move further (6 MA, 8 spent)
  const auto r = move_range(w.pos(), g);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].hex, H(2, 2));
  EXPECT_EQ(allowance(w.pos(), g, true), 12);
}

TEST(Rule_3_5, BarrageMarkerMoveCosts) {
  World w;
  const auto g = w.place(w.def(infantry(kGerman)), H(2, 2));
  // one enemy (US) Full marker: +2 to enter
  w.marker(H(3, 2), kFullAllied, 1);
  EXPECT_EQ(cost(w, g, H(2, 2), H(3, 2)), 4 + 4);
  // and +2 to leave it
  EXPECT_EQ(cost(w, g, H(3, 2), H(4, 2)), 4 + 4);
  // two or more enemy Full markers: +4
  w.marker(H(2, 3), kFullAllied, 2);
  EXPECT_EQ(cost(w, g, H(2, 2), H(2, 3)), 4 + 8);
  // friendly Full markers: +1 to enter, whatever their number, nothing to leave
  w.marker(H(1, 2), kFullGerman, 3);
  EXPECT_EQ(cost(w, g, H(2, 2), H(1, 2)), 4 + 2);
  EXPECT_EQ(cost(w, g, H(1, 2), H(0, 2)), 4);
  // Half markers: no effect (assumed)
  w.marker(H(2, 1), kHalfAllied, 1);
  EXPECT_EQ(cost(w, g, H(2, 2), H(2, 1)), 4);
}

TEST(Rule_3_6, ArtilleryMayNotEnterAdjacentToEnemy) {
  World w;
  w.place(w.def(infantry(kAllied)), H(5, 5));
  const auto a = w.place(w.def(artillery(kGerman)), H(3, 5));
  EXPECT_EQ(cost(w, a, H(3, 5), H(4, 5)), scs::kProhibited);
  EXPECT_EQ(cost(w, a, H(3, 5), H(3, 4)), 6);
}

TEST(Rule_3_1, NoEnteringEnemyHex) {
  World w;
  w.place(w.def(infantry(kAllied)), H(3, 3));
  const auto g = w.place(w.def(infantry(kGerman)), H(2, 3));
  EXPECT_EQ(cost(w, g, H(2, 3), H(3, 3)), scs::kProhibited);
}

TEST(Rule_3_1, StackingAndDivisionalIntegrity) {
  World w;
  const int a = w.def(infantry(kGerman, 3, 4, 8, 1));
  const int b = w.def(infantry(kGerman, 3, 4, 8, 2));
  const int ind = w.def(infantry(kGerman, 3, 4, 8, -1));
  for (int i = 0; i < 3; ++i) w.place(a, H(1, 1));
  EXPECT_FALSE(overstacked(w.pos(), H(1, 1), kGerman));
  EXPECT_FALSE(violates_divisional_integrity(w.pos(), H(1, 1), kGerman));
  w.place(ind, H(1, 1));
  EXPECT_TRUE(overstacked(w.pos(), H(1, 1), kGerman));
  EXPECT_FALSE(violates_divisional_integrity(w.pos(), H(1, 1), kGerman));
  const auto other = w.place(b, H(1, 1));
  EXPECT_TRUE(violates_divisional_integrity(w.pos(), H(1, 1), kGerman));
  // a reinforcement in its Entry Area is exempt
  w.s->units[other].flags |= kInEntryArea;
  EXPECT_FALSE(violates_divisional_integrity(w.pos(), H(1, 1), kGerman));
}

TEST(Rule_4_2, RubberBoatsCrossTheOurAtAllOnTurnsOneAndTwo) {
  World w;
  w.s->turn = 2;
  w.board.add_side_feature(H(2, 3), 0, w.t.our);
  UnitInfo pg = armor(kGerman, 3, 3, 12, 5, false);
  pg.rubber_boats = true;
  const auto g = w.place(w.def(pg), H(2, 3));
  const Position p = w.pos();
  Mover m = mover_of(p, g);
  EXPECT_EQ(step_cost(p, move_cache(p, kGerman), m, H(2, 3), H(3, 3)), scs::kProhibited);
  m.started_adjacent_our = true;
  EXPECT_EQ(step_cost(p, move_cache(p, kGerman), m, H(2, 3), H(3, 3)), scs::kAllMp);
  w.s->turn = 3;
  const Position p3 = w.pos();
  Mover m3 = mover_of(p3, g);
  m3.started_adjacent_our = true;
  EXPECT_EQ(step_cost(p3, move_cache(p3, kGerman), m3, H(2, 3), H(3, 3)), scs::kProhibited);
}

TEST(Rule_3_1, RangeFollowsRoadsAtHalfMp) {
  // given a road running east from (0,0)
  World w;
  for (int q = 0; q < 9; ++q) w.board.set_road(H(q, 0), 0, scs::RoadKind::Road);
  const auto m = w.place(w.def(armor(kGerman, 6, 4, 4)), H(0, 0));
  const auto r = move_range(w.pos(), m);
  // then 4 MP carry it 8 road hexes, and off-road only 1 hex (3 MP)
  ASSERT_NE(find(r, H(8, 0)), nullptr);
  EXPECT_EQ(find(r, H(8, 0))->cost, 8);
  EXPECT_EQ(find(r, H(8, 0))->from, H(7, 0));
  EXPECT_NE(find(r, H(0, 1)), nullptr);
  EXPECT_EQ(find(r, H(0, 2)), nullptr);
}

}  // namespace
}  // namespace ard2::test
