// scs::Board::links(): each hex's six sides by board index, as the whole-board
// searches (supply traces) read them, and rebuilt after the board changes.
#include <gtest/gtest.h>

#include "series/scs/board.h"

namespace scs {
namespace {

Tec small_tec() {
  Tec tec;
  HexTerrainKind open;
  open.name = "Open";
  open.cost = {2, 2};
  tec.add_hex(open);
  HexTerrainKind lake;
  lake.name = "Lake";
  lake.cost = {kProhibited, kProhibited};
  tec.add_hex(lake);
  SideTerrainKind cliff;
  cliff.name = "Cliff";
  cliff.cost = {kProhibited, kProhibited};
  tec.add_side(cliff);
  return tec;
}

const Board::Link& link(const Board& b, core::Hex h, int d) {
  return b.links()[size_t(b.index(h)) * core::kDirections + size_t(d)];
}

TEST(ScsBoardLinks, NeighboursRoadsBridgesAndLegPassage) {
  Board b(small_tec());
  const core::Hex a{0, 0};
  for (int d = 0; d < core::kDirections; ++d) b.add_hex(core::neighbor(a, d), 1u << 0);
  b.add_hex(a, 1u << 0);
  const core::Hex lake = core::neighbor(a, 1);
  b.add_terrain(lake, 1);
  b.add_side_feature(a, 2, 0);  // a cliff toward direction 2
  b.set_road(a, 3, RoadKind::Track);
  b.add_bridge(Bridge{core::HexSide::of(a, 3), 4, std::nullopt});

  EXPECT_EQ(link(b, a, 0).to, b.index(core::neighbor(a, 0)));
  EXPECT_TRUE(link(b, a, 0).leg_open);
  EXPECT_FALSE(link(b, a, 1).leg_open);  // into a Prohibited hex
  EXPECT_FALSE(link(b, a, 2).leg_open);  // across a Prohibited side
  EXPECT_EQ(link(b, a, 3).road, RoadKind::Track);
  EXPECT_EQ(link(b, a, 3).bridge, 0);
  // the same side seen from the other hex
  const core::Hex west = core::neighbor(a, 3);
  EXPECT_EQ(link(b, west, core::opposite(3)).road, RoadKind::Track);
  EXPECT_EQ(link(b, west, core::opposite(3)).bridge, 0);
  EXPECT_EQ(link(b, west, core::opposite(3)).to, b.index(a));
  // off the board
  EXPECT_EQ(link(b, west, 3).to, -1);
  EXPECT_FALSE(link(b, west, 3).leg_open);
  EXPECT_EQ(b.links()[0].bridge, -1);
}

TEST(ScsBoardLinks, RebuiltAfterAChange) {
  Board b(small_tec());
  const core::Hex a{0, 0}, e = core::neighbor(a, 0);
  b.add_hex(a, 1u << 0);
  b.add_hex(e, 1u << 0);
  EXPECT_EQ(link(b, a, 0).road, RoadKind::None);
  const Board copy = b;  // shares the table already built
  b.set_road(a, 0, RoadKind::Road);
  EXPECT_EQ(link(b, a, 0).road, RoadKind::Road);
  EXPECT_EQ(link(copy, a, 0).road, RoadKind::None);  // the copy keeps its own board
  b.add_terrain(e, 1);
  EXPECT_FALSE(link(b, a, 0).leg_open);
  EXPECT_TRUE(link(copy, a, 0).leg_open);
}

}  // namespace
}  // namespace scs
