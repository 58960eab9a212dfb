// ARD2 6.0 Victory: control of VP hexes and levels.
#include <gtest/gtest.h>

#include "games/ard2/status.h"
#include "world.h"

namespace ard2::test {
namespace {

TEST(Rule_6_0, ControlNeedsSuppliedOccupation) {
  World w;
  w.board.set_vp(H(3, 3), 3);
  w.board.set_vp(H(6, 6), 2);
  const auto g = w.place(w.def(infantry(kGerman)), H(3, 3));
  std::vector<uint8_t> none(size_t(w.board.size()), 0), all(size_t(w.board.size()), 1);
  EXPECT_EQ(german_vp(w.pos()), 0);  // unmarked VP hexes are Allied
  update_control(*w.s, w.pos(), none, all);
  EXPECT_EQ(controller(w.pos(), H(3, 3)), kAllied);  // out of supply: no capture
  update_control(*w.s, w.pos(), all, all);
  EXPECT_EQ(german_vp(w.pos()), 3);
  // leaving keeps control
  w.s->units[g].hex = H(1, 1);
  update_control(*w.s, w.pos(), all, all);
  EXPECT_EQ(german_vp(w.pos()), 3);
  // a US unit retakes it
  w.place(w.def(infantry(kAllied)), H(3, 3));
  update_control(*w.s, w.pos(), all, all);
  EXPECT_EQ(german_vp(w.pos()), 0);
}

// Control is re-traced only for a side that holds a VP hex alone and does not own it
// yet; the trace of the side that must show supply is the one asked.
TEST(Rule_6_0, ControlTracesOnlyTheSideThatMayCapture) {
  World w;
  w.board.set_vp(H(3, 3), 3);
  const auto g = w.place(w.def(infantry(kGerman)), H(1, 1));
  std::vector<int> asked;
  auto trace = [&](int side) {
    asked.push_back(side);
    return std::vector<uint8_t>(size_t(w.board.size()), 1);
  };
  update_control(*w.s, w.pos(), trace);
  EXPECT_TRUE(asked.empty());  // no one alone in a VP hex
  w.s->units[g].hex = H(3, 3);
  update_control(*w.s, w.pos(), trace);
  EXPECT_EQ(asked, std::vector<int>{kGerman});
  EXPECT_EQ(controller(w.pos(), H(3, 3)), kGerman);
  update_control(*w.s, w.pos(), trace);
  EXPECT_EQ(asked.size(), 1u);  // already German: nothing to trace
}

TEST(Rule_6_0, Levels) {
  const auto levels = campaign_levels();
  EXPECT_EQ(level_for(levels, 33).name, "Major German Victory");
  EXPECT_EQ(level_for(levels, 29).name, "Minor German Victory");
  EXPECT_EQ(level_for(levels, 26).name, "Draw");
  EXPECT_EQ(level_for(levels, 24).winner, -1);
  EXPECT_EQ(level_for(levels, 19).name, "Minor Allied Victory");
  EXPECT_EQ(level_for(levels, 18).name, "Major Allied Victory");
  EXPECT_EQ(level_for(levels, 0).winner, kAllied);
}

}  // namespace
}  // namespace ard2::test
