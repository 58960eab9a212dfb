// ard2::Position, the rules' view of a state: units grouped by hex. Views share
// pooled per-thread arrays, so several views alive at once, and a view made after
// another is gone, must each see only their own state.
#include <gtest/gtest.h>

#include <optional>

#include "world.h"

namespace ard2::test {
namespace {

std::vector<core::UnitId> ids(std::span<const core::UnitId> units) { return {units.begin(), units.end()}; }

TEST(Position, GroupsUnitsByHexInIdOrder) {
  World w;
  const int inf = w.def(infantry(kGerman));
  const auto a = w.place(inf, H(2, 2)), b = w.place(inf, H(5, 5)), c = w.place(inf, H(2, 2));
  w.s->units[w.place(inf, H(7, 7))].where = core::Where::Eliminated;  // not on the map
  const Position p = w.pos();
  EXPECT_EQ(ids(p.units_at(H(2, 2))), (std::vector<core::UnitId>{a, c}));
  EXPECT_EQ(ids(p.units_at(H(5, 5))), (std::vector<core::UnitId>{b}));
  EXPECT_TRUE(p.units_at(H(7, 7)).empty());
  EXPECT_TRUE(p.units_at(H(0, 0)).empty());
  EXPECT_TRUE(p.units_at(H(40, 40)).empty());  // off the board
}

TEST(Position, ViewsAliveTogetherOrOneAfterAnotherSeeTheirOwnState) {
  World w;
  const int inf = w.def(infantry(kGerman));
  const auto u = w.place(inf, H(2, 2));
  const core::State first = *w.s;
  w.s->units[u].hex = H(3, 3);
  const core::State second = *w.s;
  std::optional<Position> p1(std::in_place, w.board, w.info, first);
  const Position p2(w.board, w.info, second);
  EXPECT_EQ(ids(p1->units_at(H(2, 2))), (std::vector<core::UnitId>{u}));
  EXPECT_TRUE(p1->units_at(H(3, 3)).empty());
  EXPECT_EQ(ids(p2.units_at(H(3, 3))), (std::vector<core::UnitId>{u}));
  EXPECT_TRUE(p2.units_at(H(2, 2)).empty());
  p1.reset();  // its arrays go back to the pool; the next view takes them
  w.s->units[u].hex = H(4, 4);
  const Position p3 = w.pos();
  EXPECT_TRUE(p3.units_at(H(2, 2)).empty());  // p1's entries are stale, not read
  EXPECT_EQ(ids(p3.units_at(H(4, 4))), (std::vector<core::UnitId>{u}));
  EXPECT_EQ(ids(p2.units_at(H(3, 3))), (std::vector<core::UnitId>{u}));
}

}  // namespace
}  // namespace ard2::test
