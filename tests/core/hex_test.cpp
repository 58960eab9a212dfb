#include "core/hex.h"

#include <gtest/gtest.h>

#include <set>

namespace core {
namespace {

TEST(Hex, NeighboursAreAtDistanceOneAndOppositeDirectionsReturn) {
  const Hex h{3, -5};
  for (int d = 0; d < kDirections; ++d) {
    const Hex n = neighbor(h, d);
    EXPECT_EQ(distance(h, n), 1);
    EXPECT_EQ(neighbor(n, opposite(d)), h);
    EXPECT_EQ(direction_to(h, n), d);
  }
  EXPECT_EQ(direction_to(h, Hex{10, 10}), -1);
}

TEST(Hex, HexSideIsTheSameFromBothSides) {
  const Hex a{2, 2};
  for (int d = 0; d < kDirections; ++d) {
    const Hex b = neighbor(a, d);
    EXPECT_EQ(HexSide::of(a, d), HexSide::of(b, opposite(d)));
    EXPECT_EQ(HexSide::between(a, b).key(), HexSide::between(b, a).key());
    EXPECT_LT(HexSide::of(a, d).dir, 3);
  }
}

TEST(Hex, LineHasDistancePlusOneContiguousHexes) {
  const Hex a{0, 0}, b{5, -2};
  const auto l = line(a, b);
  ASSERT_EQ(int(l.size()), distance(a, b) + 1);
  EXPECT_EQ(l.front(), a);
  EXPECT_EQ(l.back(), b);
  for (size_t i = 1; i < l.size(); ++i) EXPECT_EQ(distance(l[i - 1], l[i]), 1);
}

TEST(Hex, RingsAndAreasCountAndDistances) {
  const Hex c{-4, 7};
  for (int r = 0; r <= 4; ++r) {
    const auto ring_hexes = ring(c, r);
    EXPECT_EQ(int(ring_hexes.size()), r == 0 ? 1 : 6 * r);
    for (Hex h : ring_hexes) EXPECT_EQ(distance(c, h), r);
  }
  const auto a = area(c, 3);
  EXPECT_EQ(a.size(), 37u);
  EXPECT_EQ(std::set<Hex>(a.begin(), a.end()).size(), 37u);
}

}  // namespace
}  // namespace core
