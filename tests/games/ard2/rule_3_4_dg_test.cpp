// ARD2 3.4 DG causes and recovery (with 3.1 and 3.7 Air Supply for Artillery).
#include <gtest/gtest.h>

#include <algorithm>

#include "core/map.h"
#include "games/ard2/status.h"
#include "games/ard2/supply.h"
#include "world.h"

namespace ard2::test {
namespace {

bool has(const std::vector<core::UnitId>& v, core::UnitId u) { return std::find(v.begin(), v.end(), u) != v.end(); }

TEST(Rule_3_4, PhaseEndOverstackAndMixedDivisions) {
  World w;
  const int d1 = w.def(infantry(kGerman, 3, 4, 8, 1));
  const int d2 = w.def(infantry(kGerman, 3, 4, 8, 2));
  const auto a = w.place(d1, H(1, 1));
  const auto b = w.place(d2, H(1, 1));
  const auto c = w.place(d1, H(3, 3));
  const auto dg = phase_end_dg(w.pos(), kGerman);
  EXPECT_TRUE(has(dg, a));
  EXPECT_TRUE(has(dg, b));
  EXPECT_FALSE(has(dg, c));
  for (int i = 0; i < 3; ++i) w.place(d1, H(3, 3));
  EXPECT_TRUE(has(phase_end_dg(w.pos(), kGerman), c));
}

TEST(Rule_3_1, TrafficJamDgGermansOnTurnsOneAndTwo) {
  World w;
  w.s->turn = 2;
  w.board.add_terrain(H(2, 2), w.t.jam);
  const auto g = w.place(w.def(infantry(kGerman)), H(2, 2));
  w.place(w.def(infantry(kAllied)), H(2, 2));
  EXPECT_EQ(traffic_jam_dg(w.pos(), kGerman), std::vector<core::UnitId>{g});
  EXPECT_TRUE(traffic_jam_dg(w.pos(), kAllied).empty());
  w.s->turn = 3;
  EXPECT_TRUE(traffic_jam_dg(w.pos(), kGerman).empty());
}

TEST(Rule_3_4, OutOfSupplyAtOwnSupplyPhase) {
  World w;
  for (int r = 0; r < 10; ++r) w.board.set_edges(H(9, r), core::kEdgeEast);
  w.board.set_road(H(9, 5), 3, scs::RoadKind::Road);
  const auto in = w.place(w.def(infantry(kGerman)), H(6, 5));
  const auto out = w.place(w.def(infantry(kGerman)), H(0, 0));
  const Position p = w.pos();
  const auto traced = trace_supply(p, kGerman, default_sources(kGerman));
  const auto dg = supply_phase_dg(p, kGerman, traced);
  EXPECT_FALSE(has(dg, in));
  EXPECT_TRUE(has(dg, out));
}

TEST(Rule_3_4, RecoveryConditions) {
  World w;
  for (int r = 0; r < 10; ++r) w.board.set_edges(H(9, r), core::kEdgeEast);
  w.board.set_road(H(9, 5), 3, scs::RoadKind::Road);
  const int d1 = w.def(infantry(kGerman, 3, 4, 8, 1));
  const auto ok = w.place(d1, H(8, 5));
  const auto oos = w.place(d1, H(0, 0));
  const auto gun = w.place(w.def(artillery(kGerman)), H(0, 1));
  for (auto u : {ok, oos, gun}) w.s->units[u].flags |= kDG;
  w.s->units[oos].flags |= kOutOfSupply;  // found so in its last Supply phase (A18)
  const Position p = w.pos();
  const auto traced = trace_supply(p, kGerman, default_sources(kGerman));
  EXPECT_EQ(dg_recovery(p, ok, traced), Recovery::Remove);
  EXPECT_EQ(dg_recovery(p, oos, traced), Recovery::Stay);
  EXPECT_EQ(dg_recovery(p, gun, traced), Recovery::ArtilleryChoice);
  // mixing Divisions blocks recovery even in supply
  w.place(w.def(infantry(kGerman, 3, 4, 8, 2)), H(8, 5));
  EXPECT_EQ(dg_recovery(w.pos(), ok, traced), Recovery::Stay);
}

TEST(Rule_3_7, AirSupplyRemovesUsDgWithinFiveWhateverElse) {
  World w;
  const int d1 = w.def(infantry(kAllied, 3, 4, 8, 1));
  const auto u = w.place(d1, H(5, 5));
  w.place(w.def(infantry(kAllied, 3, 4, 8, 2)), H(5, 5));  // mixing Divisions
  w.s->units[u].flags |= kDG | kOutOfSupply;
  const std::vector<uint8_t> none(size_t(w.board.size()), 0);
  EXPECT_EQ(dg_recovery(w.pos(), u, none), Recovery::Stay);
  w.marker(H(0, 5), kAirSupply, 1);
  EXPECT_EQ(dg_recovery(w.pos(), u, none), Recovery::Remove);
}

TEST(Rule_3_4, FreshArrivalsAreNotCheckedForStackingYet) {
  World w;
  const int d1 = w.def(infantry(kGerman, 3, 4, 8, 1));
  std::vector<core::UnitId> ids;
  for (int i = 0; i < 5; ++i) ids.push_back(w.place(d1, H(1, 1)));
  for (auto u : ids) w.s->units[u].flags |= kInEntryArea;
  EXPECT_TRUE(phase_end_dg(w.pos(), kGerman).empty());
  for (auto u : ids) w.s->units[u].flags = 0;
  EXPECT_EQ(phase_end_dg(w.pos(), kGerman).size(), 5u);
}

TEST(Rule_3_7, AirSupplyForArtilleryTable) {
  EXPECT_EQ(artillery_air_roll(1), ArtilleryRoll::Eliminated);
  EXPECT_EQ(artillery_air_roll(2), ArtilleryRoll::Stays);
  EXPECT_EQ(artillery_air_roll(3), ArtilleryRoll::Stays);
  EXPECT_EQ(artillery_air_roll(4), ArtilleryRoll::Recovers);
  EXPECT_EQ(artillery_air_roll(6), ArtilleryRoll::Recovers);
}

}  // namespace
}  // namespace ard2::test
