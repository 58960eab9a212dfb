// ARD2 3.7 Trace Supply and Air Supply; 1.3 Friendly Map Edges.
#include <gtest/gtest.h>

#include "core/map.h"
#include "games/ard2/markers.h"
#include "games/ard2/supply.h"
#include "world.h"

namespace ard2::test {
namespace {

// A road along row 5 from the east edge (q = 9) westward to q = 4.
World road_world() {
  World w;
  for (int r = 0; r < 10; ++r) w.board.set_edges(H(9, r), core::kEdgeEast);
  for (int q = 4; q < 9; ++q) w.board.set_road(H(q, 5), 0, scs::RoadKind::Road);
  return w;
}

bool supplied(const World& w, int side, Hex h, const SupplySources& src) {
  const Position p = w.pos();
  return trace_supply(p, side, src)[size_t(w.board.index(h))] != 0;
}

TEST(Rule_3_7, FiveHexesFromAFriendlyRoad) {
  World w = road_world();
  const auto src = default_sources(kGerman);
  EXPECT_TRUE(supplied(w, kGerman, H(4, 5), src));   // on the road
  EXPECT_TRUE(supplied(w, kGerman, H(0, 5), src));   // 4 hexes off
  EXPECT_TRUE(supplied(w, kGerman, H(4, 0), src));   // 5 hexes off
  EXPECT_FALSE(supplied(w, kGerman, H(0, 0), src));  // far
  // the US has no friendly edge here
  EXPECT_FALSE(supplied(w, kAllied, H(4, 5), default_sources(kAllied)));
}

TEST(Rule_3_7, EnemyUnitsAndBlownBridgesCutTheRoad) {
  World w = road_world();
  const auto src = default_sources(kGerman);
  EXPECT_TRUE(supplied(w, kGerman, H(0, 5), src));
  w.place(w.def(infantry(kAllied)), H(7, 5));
  EXPECT_FALSE(supplied(w, kGerman, H(0, 5), src));
  EXPECT_TRUE(supplied(w, kGerman, H(4, 5), src));  // walks round the enemy to (8,5)
  EXPECT_TRUE(supplied(w, kGerman, H(8, 5), src));
  World v = road_world();
  v.board.add_side_feature(H(6, 5), 0, v.t.stream);
  v.board.add_bridge({core::HexSide::of(H(6, 5), 0), 0, H(6, 4)});
  EXPECT_TRUE(supplied(v, kGerman, H(0, 5), src));
  v.side_marker(core::HexSide::of(H(6, 5), 0), kBridgeBlown);
  EXPECT_FALSE(supplied(v, kGerman, H(0, 5), src));
  EXPECT_TRUE(supplied(v, kGerman, H(5, 5), src));  // 2 hexes from (7,5) across the stream
}

TEST(Rule_3_7, PathAvoidsLegProhibitedTerrainUnlessOnRoad) {
  World w = road_world();
  // ring the west end with a River: prohibited hexsides
  for (int r = 0; r < 10; ++r) {
    w.board.add_side_feature(H(3, r), 0, w.t.river);
    w.board.add_side_feature(H(3, r), 1, w.t.river);
  }
  const auto src = default_sources(kGerman);
  EXPECT_FALSE(supplied(w, kGerman, H(3, 5), src));
  w.board.set_road(H(3, 5), 0, scs::RoadKind::Track);  // a track across (printed bridge)
  EXPECT_TRUE(supplied(w, kGerman, H(3, 5), src));
}

TEST(Rule_3_7, ScenarioSourcesRoadOnlyAndHexes) {
  World w = road_world();
  for (int q = 4; q < 9; ++q) w.board.set_road(H(q, 5), 0, scs::RoadKind::Track);
  SupplySources roads_only = default_sources(kGerman);
  roads_only.road_only = true;
  EXPECT_FALSE(supplied(w, kGerman, H(4, 5), roads_only));
  SupplySources hexes;
  hexes.hexes = {H(0, 0)};
  EXPECT_TRUE(supplied(w, kGerman, H(2, 2), hexes));
}

TEST(Rule_3_7, AirSupplyReachesUsUnitsWithinFive) {
  World w;
  const auto us = w.place(w.def(infantry(kAllied)), H(5, 5));
  const auto ge = w.place(w.def(infantry(kGerman)), H(5, 6));
  set_marker(*w.s, H(0, 5), kAirSupply, 1);
  const Position p = w.pos();
  const auto traced = trace_supply(p, kAllied, default_sources(kAllied));
  EXPECT_TRUE(in_supply(p, traced, us));
  EXPECT_FALSE(in_supply(p, trace_supply(p, kGerman, default_sources(kGerman)), ge));
  w.s->units[us].hex = H(6, 5);
  EXPECT_FALSE(in_supply(w.pos(), traced, us));
}

}  // namespace
}  // namespace ard2::test
