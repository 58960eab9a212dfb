// ARD2 3.2 Combat (with 1.2 shifts example, 1.3 b) and SCS 8.0 losses) and 3.3 Overruns.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/ard2/combat.h"
#include "world.h"

namespace ard2::test {
namespace {

scs::Crt crt() {
  return scs::Crt({{1, 4}, {1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {7, 1}});
}

bool has(const std::vector<Hex>& v, Hex h) { return std::find(v.begin(), v.end(), h) != v.end(); }

TEST(Rule_3_2, OddsWithDgAndBarrageMultipliers) {
  // given two German attackers (6 and 3) against a US 4-defense unit
  World w;
  const auto a = w.place(w.def(armor(kGerman, 6, 4)), H(4, 5));
  const auto b = w.place(w.def(infantry(kGerman, 3, 4)), H(6, 4));
  w.place(w.def(infantry(kAllied, 2, 4)), H(5, 4));
  // then 9:4 is 2:1
  auto o = compute_odds(w.pos(), crt(), {a, b}, H(5, 4));
  EXPECT_EQ(o.attack, 72);
  EXPECT_EQ(o.odds, (scs::Odds{2, 1}));
  // when the 6 is DG: 3 + 3 = 6:4 is 1:1
  w.s->units[a].flags |= kDG;
  o = compute_odds(w.pos(), crt(), {a, b}, H(5, 4));
  EXPECT_EQ(o.odds, (scs::Odds{1, 1}));
  // when the defender is also under one German Full marker: 6 : 2 is 3:1
  w.marker(H(5, 4), kFullGerman, 1);
  o = compute_odds(w.pos(), crt(), {a, b}, H(5, 4));
  EXPECT_EQ(o.defense, 16);
  EXPECT_EQ(o.odds, (scs::Odds{3, 1}));
  // and a DG attacker under two US Full markers attacks at 1/8
  w.marker(H(4, 5), kFullAllied, 2);
  EXPECT_EQ(attack_eighths(w.pos(), a), 6);
}

TEST(Rule_1_2, CityShiftsTwoAndEachStreamStackOneMore) {
  // given a US defender in a City hex that also has Woods
  World w;
  w.board.add_terrain(H(5, 4), w.t.city);
  w.board.add_terrain(H(5, 4), w.t.woods);
  w.place(w.def(infantry(kAllied)), H(5, 4));
  // only the City counts: 2 left
  EXPECT_EQ(terrain_shift(w.pos(), H(5, 4), kAllied, {H(4, 4)}), 2);
  // one of two attacking stacks across a Stream: 3 left
  w.board.add_side_feature(H(4, 4), 0, w.t.stream);
  EXPECT_EQ(terrain_shift(w.pos(), H(5, 4), kAllied, {H(4, 4), H(6, 4)}), 3);
  // both across Streams: 4 left, even along a road
  w.board.add_side_feature(H(6, 4), 3, w.t.stream);
  w.board.set_road(H(6, 4), 3, scs::RoadKind::Road);
  EXPECT_EQ(terrain_shift(w.pos(), H(5, 4), kAllied, {H(4, 4), H(6, 4), H(4, 4)}), 4);
}

TEST(Rule_1_3, WestWallHelpsGermanDefendersOnly) {
  World w;
  w.board.add_terrain(H(5, 4), w.t.wall);
  EXPECT_EQ(terrain_shift(w.pos(), H(5, 4), kGerman, {H(4, 4)}), 1);
  EXPECT_EQ(terrain_shift(w.pos(), H(5, 4), kAllied, {H(4, 4)}), 0);
}

TEST(Rule_3_2, OddsWorseThanOneToFourCannotBeDeclared) {
  World w;
  const auto a = w.place(w.def(infantry(kGerman, 1, 4)), H(4, 4));
  const auto d = w.place(w.def(infantry(kAllied, 2, 4)), H(5, 4));
  EXPECT_TRUE(compute_odds(w.pos(), crt(), {a}, H(5, 4)).declarable);  // 1:4
  w.place(w.def(infantry(kAllied, 2, 1)), H(5, 4));
  EXPECT_FALSE(compute_odds(w.pos(), crt(), {a}, H(5, 4)).declarable);  // 1:5
  (void)d;
}

TEST(Rule_3_2, A14FractionsMultiplyAndOnlyOddsRound) {
  // given an attacker of 5, DG under one enemy Full marker (1.25), against a defender of 1
  World w;
  const auto a = w.place(w.def(armor(kGerman, 5, 4)), H(4, 4));
  w.s->units[a].flags |= kDG;
  w.marker(H(4, 4), kFullAllied, 1);
  w.place(w.def(infantry(kAllied, 1, 1)), H(5, 4));
  // then the odds are 1:1
  const auto o = compute_odds(w.pos(), crt(), {a}, H(5, 4));
  EXPECT_EQ(o.attack, 10);
  EXPECT_EQ(o.odds, (scs::Odds{1, 1}));
}

TEST(Rule_3_2, FinalColumnAppliesShifts) {
  World w;
  w.board.add_terrain(H(5, 4), w.t.city);
  const auto a = w.place(w.def(armor(kGerman, 12, 4)), H(4, 4));
  w.place(w.def(infantry(kAllied, 2, 4)), H(5, 4));
  const auto o = compute_odds(w.pos(), crt(), {a}, H(5, 4));
  EXPECT_EQ(o.base_column, 5);  // 3:1
  EXPECT_EQ(o.shift, 2);
  EXPECT_EQ(o.column, 3);       // 1:1
}

TEST(Rule_3_2, AttackAcrossProhibitedHexsideNeedsARoad) {
  World w;
  w.board.add_side_feature(H(4, 4), 0, w.t.river);
  const auto a = w.place(w.def(armor(kGerman)), H(4, 4));
  w.place(w.def(infantry(kAllied)), H(5, 4));
  EXPECT_NE(attack_refusal(w.pos(), {a}, H(5, 4)), nullptr);
  w.board.set_road(H(4, 4), 0, scs::RoadKind::Track);
  EXPECT_EQ(attack_refusal(w.pos(), {a}, H(5, 4)), nullptr);
}

TEST(Rule_3_2, AttackNeedsAdjacencyAndStrength) {
  World w;
  const auto far = w.place(w.def(armor(kGerman)), H(2, 4));
  const auto arty = w.place(w.def(artillery(kGerman)), H(4, 4));
  w.place(w.def(infantry(kAllied)), H(5, 4));
  EXPECT_NE(attack_refusal(w.pos(), {far}, H(5, 4)), nullptr);
  EXPECT_NE(attack_refusal(w.pos(), {arty}, H(5, 4)), nullptr);
  EXPECT_NE(attack_refusal(w.pos(), {arty}, H(6, 6)), nullptr);
}

TEST(Rule_3_2, MandatedHolds) {
  World w;
  const auto mech = w.place(w.def(armor(kAllied)), H(5, 4));
  EXPECT_FALSE(hold_mandatory(w.pos(), H(5, 4), kAllied));
  // DG
  w.s->units[mech].flags |= kDG;
  EXPECT_TRUE(hold_mandatory(w.pos(), H(5, 4), kAllied));
  w.s->units[mech].flags = 0;
  // under an enemy (German) Full marker, but not a US one
  w.marker(H(5, 4), kFullAllied, 1);
  EXPECT_FALSE(hold_mandatory(w.pos(), H(5, 4), kAllied));
  w.marker(H(5, 4), kFullGerman, 1);
  EXPECT_TRUE(hold_mandatory(w.pos(), H(5, 4), kAllied));
  // in a City
  w.place(w.def(armor(kAllied)), H(7, 7));
  w.board.add_terrain(H(7, 7), w.t.city);
  EXPECT_TRUE(hold_mandatory(w.pos(), H(7, 7), kAllied));
  // containing a Leg MA unit
  w.place(w.def(armor(kAllied)), H(2, 2));
  EXPECT_FALSE(hold_mandatory(w.pos(), H(2, 2), kAllied));
  w.place(w.def(infantry(kAllied)), H(2, 2));
  EXPECT_TRUE(hold_mandatory(w.pos(), H(2, 2), kAllied));
}

TEST(Scs_8_0, FirstLossFromTheStrongestUnit) {
  World w;
  const auto big = w.place(w.def(armor(kGerman, 6, 2)), H(4, 4));
  const auto small = w.place(w.def(infantry(kGerman, 3, 5)), H(4, 4));
  const Position p = w.pos();
  EXPECT_EQ(loss_candidates(p, {big, small}, true, 0), std::vector<core::UnitId>{big});
  EXPECT_EQ(loss_candidates(p, {big, small}, false, 0), std::vector<core::UnitId>{small});
  EXPECT_EQ(loss_candidates(p, {big, small}, true, 1).size(), 2u);
}

TEST(Rule_3_2, RetreatMovesAwayAndAvoidsEnemiesAndProhibitedTerrain) {
  // given a US mech stack at (5,5) attacked from (6,5)
  World w;
  const auto us = w.place(w.def(armor(kAllied)), H(5, 5));
  w.place(w.def(infantry(kGerman)), H(6, 5));
  w.place(w.def(infantry(kGerman)), H(4, 5));   // a German in one retreat hex
  w.board.add_terrain(H(4, 6), w.t.swamp);      // P for Mech
  const auto opts = retreat_options(w.pos(), {us}, H(5, 5), H(5, 5), 0);
  // then every neighbour is 1 away, minus enemy and prohibited hexes
  EXPECT_FALSE(has(opts, H(4, 5)));
  EXPECT_FALSE(has(opts, H(4, 6)));
  EXPECT_FALSE(has(opts, H(6, 5)));
  EXPECT_TRUE(has(opts, H(5, 6)));
  EXPECT_EQ(opts.size(), 3u);
  // and the second hex must be 2 away from the start
  for (Hex h : retreat_options(w.pos(), {us}, H(5, 5), H(5, 6), 1)) EXPECT_EQ(core::distance(h, H(5, 5)), 2);
}

TEST(Rule_3_2, RetreatIntoEnemyBondStops) {
  World w;
  const int inf = w.def(infantry(kGerman));
  w.place(inf, H(4, 4));
  w.place(inf, H(6, 4));
  EXPECT_TRUE(retreat_stops_at(w.pos(), H(5, 4), kAllied));
  EXPECT_FALSE(retreat_stops_at(w.pos(), H(5, 4), kGerman));
  EXPECT_FALSE(retreat_stops_at(w.pos(), H(5, 6), kAllied));
}

TEST(Rule_3_2, AdvanceAfterCombat) {
  World w;
  w.s->turn = 2;
  const auto pz = w.place(w.def(armor(kGerman)), H(4, 4));
  const auto inf = w.place(w.def(infantry(kGerman)), H(4, 4));
  const Position p = w.pos();
  EXPECT_EQ(advance_limit(p, pz, 2, false), 2);
  EXPECT_EQ(advance_limit(p, pz, 1, false), 1);
  EXPECT_EQ(advance_limit(p, pz, 5, true), 0);
  EXPECT_EQ(advance_limit(p, inf, 5, false), 1);
  // the first hex is the defender's, the second follows a road from it
  EXPECT_TRUE(advance_step_ok(p, pz, H(5, 4), 0, H(4, 4), H(5, 4)));
  EXPECT_FALSE(advance_step_ok(p, pz, H(5, 4), 0, H(4, 4), H(4, 5)));
  EXPECT_FALSE(advance_step_ok(p, pz, H(5, 4), 1, H(5, 4), H(6, 4)));
  w.board.set_road(H(5, 4), 0, scs::RoadKind::Track);
  EXPECT_TRUE(advance_step_ok(w.pos(), pz, H(5, 4), 1, H(5, 4), H(6, 4)));
  // German exploit capability is gone on Turn 1, and when DG
  w.s->turn = 1;
  EXPECT_EQ(advance_limit(w.pos(), pz, 3, false), 1);
  w.s->turn = 2;
  w.s->units[pz].flags |= kDG;
  EXPECT_EQ(advance_limit(w.pos(), pz, 3, false), 1);
}

TEST(Rule_3_3, OverrunRequirements) {
  World w;
  const auto pz = w.place(w.def(armor(kGerman, 6, 4, 12)), H(4, 4));
  const auto leg = w.place(w.def(infantry(kGerman)), H(4, 6));
  w.place(w.def(infantry(kAllied)), H(5, 4));
  w.place(w.def(infantry(kAllied)), H(5, 6));
  // no road into the target: refused
  EXPECT_NE(overrun_refusal(w.pos(), {pz}, H(5, 4)), nullptr);
  w.board.set_road(H(4, 4), 0, scs::RoadKind::Road);
  EXPECT_EQ(overrun_refusal(w.pos(), {pz}, H(5, 4)), nullptr);
  // Leg MA cannot overrun even on a road
  w.board.set_road(H(4, 6), 0, scs::RoadKind::Road);
  EXPECT_NE(overrun_refusal(w.pos(), {leg}, H(5, 6)), nullptr);
  // not without 2 MP plus the road's 1/2 MP into the target (A34)
  w.s->units[pz].spent = 20;
  EXPECT_NE(overrun_refusal(w.pos(), {pz}, H(5, 4)), nullptr);
  w.s->units[pz].spent = 19;
  EXPECT_EQ(overrun_refusal(w.pos(), {pz}, H(5, 4)), nullptr);
  // A34 example: 3 MP left and a Track (2 MP for Mech): 2 + 2 = 4 needed
  w.board.set_road(H(4, 4), 0, scs::RoadKind::Track);
  w.s->units[pz].spent = 18;
  EXPECT_NE(overrun_refusal(w.pos(), {pz}, H(5, 4)), nullptr);
  w.s->units[pz].spent = 16;
  EXPECT_EQ(overrun_refusal(w.pos(), {pz}, H(5, 4)), nullptr);
  // not DG, not after starting adjacent, not twice, not after an enemy Barrage hex
  for (uint32_t f : {uint32_t(kDG), uint32_t(kStartedAdjacent), uint32_t(kOverran), uint32_t(kEnemyBarrage)}) {
    w.s->units[pz].flags = f;
    EXPECT_NE(overrun_refusal(w.pos(), {pz}, H(5, 4)), nullptr) << f;
  }
}

}  // namespace
}  // namespace ard2::test
