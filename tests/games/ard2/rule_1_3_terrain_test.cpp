// ARD2 1.3: multiple terrain, roads, and the road across water with no bridge.
#include <gtest/gtest.h>

#include "games/ard2/movement.h"
#include "world.h"

namespace ard2::test {
namespace {

int cost(const World& w, core::UnitId u, Hex a, Hex b) {
  const Position p = w.pos();
  return step_cost(p, move_cache(p, p.info(u).side), mover_of(p, u), a, b);
}

TEST(Rule_1_3, OpenCostsTwoLegThreeMech) {
  // given a leg and a mech unit in open country
  World w;
  const auto leg = w.place(w.def(infantry(kGerman)), H(2, 2));
  const auto mech = w.place(w.def(armor(kGerman)), H(2, 3));
  // then entering open costs 2 and 3 MP (in half MP)
  EXPECT_EQ(cost(w, leg, H(2, 2), H(3, 2)), 4);
  EXPECT_EQ(cost(w, mech, H(2, 3), H(3, 3)), 6);
}

TEST(Rule_1_3, MultipleTerrainPaysTheCostliest) {
  // given a hex with both Open and Woods
  World w;
  w.board.add_terrain(H(3, 3), w.t.woods);
  const auto mech = w.place(w.def(armor(kGerman)), H(2, 3));
  // then the Woods cost (6 MP) applies
  EXPECT_EQ(cost(w, mech, H(2, 3), H(3, 3)), 12);
}

TEST(Rule_1_3, RoadIgnoresHexAndHexsideTerrain) {
  // given a road into Woods across a Stream with its (printed) bridge
  World w;
  w.board.add_terrain(H(3, 3), w.t.woods);
  w.board.add_side_feature(H(2, 3), 0, w.t.stream);
  w.board.set_road(H(2, 3), 0, scs::RoadKind::Road);
  const auto mech = w.place(w.def(armor(kGerman)), H(2, 3));
  // then the road rate of 1/2 MP applies
  EXPECT_EQ(cost(w, mech, H(2, 3), H(3, 3)), 1);
  // and a track costs 1 (leg) / 2 (mech)
  w.board.set_road(H(2, 3), 0, scs::RoadKind::Track);
  EXPECT_EQ(cost(w, mech, H(2, 3), H(3, 3)), 4);
}

TEST(Rule_1_3, RoadAcrossStreamWithBlownBridgePaysStreamAndWoods) {
  // given the 1.3 example: a Road crossing a Stream into a Woods road hex, bridge blown
  World w;
  w.board.add_terrain(H(3, 3), w.t.woods);
  w.board.add_side_feature(H(2, 3), 0, w.t.stream);
  w.board.set_road(H(2, 3), 0, scs::RoadKind::Road);
  w.board.set_road(H(3, 3), 0, scs::RoadKind::Road);
  w.board.add_bridge({core::HexSide::of(H(2, 3), 0), 0, H(2, 2)});
  w.side_marker(core::HexSide::of(H(2, 3), 0), kBridgeBlown);
  const auto mech = w.place(w.def(armor(kGerman)), H(2, 3));
  // then the crossing costs 6 (Woods) + 2 (Stream) = 8 MP
  EXPECT_EQ(cost(w, mech, H(2, 3), H(3, 3)), 16);
  // and the road goes on from the far hex at the road rate
  EXPECT_EQ(cost(w, mech, H(3, 3), H(4, 3)), 1);
}

TEST(Rule_1_3, RoadAcrossProhibitedRiverWithoutBridgeIsProhibited) {
  // given a road over a River whose bridge is blown
  World w;
  w.board.add_side_feature(H(2, 3), 0, w.t.river);
  w.board.set_road(H(2, 3), 0, scs::RoadKind::Road);
  w.board.add_bridge({core::HexSide::of(H(2, 3), 0), 0, H(2, 2)});
  const auto mech = w.place(w.def(armor(kGerman)), H(2, 3));
  EXPECT_EQ(cost(w, mech, H(2, 3), H(3, 3)), 1);
  // when it is blown
  w.side_marker(core::HexSide::of(H(2, 3), 0), kBridgeBlown);
  // then the River cannot be crossed
  EXPECT_EQ(cost(w, mech, H(2, 3), H(3, 3)), scs::kProhibited);
}

TEST(Rule_1_3, RoadAcrossStreamIntoProhibitedHexIsProhibitedWithoutBridge) {
  // given a road over a Stream into a Swamp (P for Mech), bridge not yet built
  World w;
  w.board.add_terrain(H(3, 3), w.t.swamp);
  w.board.add_side_feature(H(2, 3), 0, w.t.stream);
  w.board.set_road(H(2, 3), 0, scs::RoadKind::Road);
  w.board.add_bridge({core::HexSide::of(H(2, 3), 0), 5, std::nullopt});  // built on Turn 5
  const auto mech = w.place(w.def(armor(kGerman)), H(2, 3));
  // then on Turn 3 the road does not negate the far hex
  EXPECT_EQ(cost(w, mech, H(2, 3), H(3, 3)), scs::kProhibited);
  // when the German bridge is built (3.8), the road is connected
  w.s->turn = 5;
  EXPECT_EQ(cost(w, mech, H(2, 3), H(3, 3)), 1);
}

TEST(Rule_1_3, LegMayEnterTerrainProhibitedToMech) {
  World w;
  w.board.add_terrain(H(3, 3), w.t.swamp);
  const auto leg = w.place(w.def(infantry(kAllied)), H(2, 3));
  EXPECT_EQ(cost(w, leg, H(2, 3), H(3, 3)), 8);
}

}  // namespace
}  // namespace ard2::test
