#include "core/state.h"

#include <gtest/gtest.h>

#include <memory>

namespace core {
namespace {

std::unique_ptr<State> fresh() { return std::make_unique<State>(); }

TEST(State, FlowStackPushesPopsAndRefusesBeyondItsCapacity) {
  auto s = fresh();
  EXPECT_FALSE(pop_frame(*s));
  ASSERT_TRUE(push_frame(*s, Frame{1, 0, 0, 10, 0}));
  ASSERT_TRUE(push_frame(*s, Frame{7, 1, 0, 20, 0}));
  EXPECT_EQ(s->top().step, 7);
  goto_frame(*s, Frame{8, 1, 0, 0, 0});
  EXPECT_EQ(s->depth, 2);
  EXPECT_EQ(s->top().step, 8);
  EXPECT_TRUE(pop_frame(*s));
  EXPECT_EQ(s->top().step, 1);
  while (s->depth < State::kMaxDepth) ASSERT_TRUE(push_frame(*s, Frame{}));
  EXPECT_FALSE(push_frame(*s, Frame{}));
}

TEST(State, PoppedFramesAndRemovedMarkersLeaveNoTrace) {
  // given two states that differ only by a frame pushed and popped, and a marker
  // added and removed
  auto a = fresh(), b = fresh();
  push_frame(*b, Frame{3, 1, 2, 4, 5});
  pop_frame(*b);
  add_hex_marker(*b, HexMarker{{1, 2}, 3, 4});
  remove_hex_marker(*b, 0);
  add_side_marker(*b, HexSide::of({1, 1}, 4), 2);
  remove_side_marker(*b, 0);
  // then their bytes are equal
  EXPECT_EQ(std::memcmp(a.get(), b.get(), sizeof(State)), 0);
}

TEST(State, HexMarkersAreFoundByHexAndKind) {
  auto s = fresh();
  ASSERT_TRUE(add_hex_marker(*s, HexMarker{{1, 2}, 0, 5}));
  ASSERT_TRUE(add_hex_marker(*s, HexMarker{{1, 2}, 1, 6}));
  ASSERT_TRUE(add_hex_marker(*s, HexMarker{{3, 2}, 0, 7}));
  EXPECT_EQ(find_hex_marker(*s, {1, 2}, 1), 1);
  EXPECT_EQ(hex_marker_value(*s, {3, 2}, 0), 7);
  EXPECT_EQ(hex_marker_value(*s, {3, 3}, 0, -9), -9);
  remove_hex_marker(*s, 0);
  EXPECT_EQ(find_hex_marker(*s, {1, 2}, 0), -1);
  EXPECT_EQ(find_hex_marker(*s, {3, 2}, 0), 0);  // the last moved into the hole
}

TEST(State, SideMarkersNameTheSameSideFromEitherHex) {
  auto s = fresh();
  const Hex a{2, 2}, b = neighbor(a, 4);
  ASSERT_TRUE(add_side_marker(*s, HexSide::between(a, b), 1));
  EXPECT_EQ(find_side_marker(*s, HexSide::between(b, a), 1), 0);
  EXPECT_EQ(find_side_marker(*s, HexSide::between(b, a), 2), -1);
  while (s->side_marker_count < State::kMaxSideMarkers) ASSERT_TRUE(add_side_marker(*s, HexSide::of(a, 0), 3));
  EXPECT_FALSE(add_side_marker(*s, HexSide::of(a, 0), 3));
}

TEST(State, HashSeesEveryUsedPartAndIgnoresNothingElse) {
  auto base = fresh();
  base->unit_count = 2;
  base->units[1].hex = {4, 5};
  const uint64_t h0 = hash_state(*base);
  EXPECT_EQ(hash_state(*base), h0);

  auto changed = [&](auto edit) {
    auto s = std::make_unique<State>(*base);
    edit(*s);
    return hash_state(*s) != h0;
  };
  EXPECT_TRUE(changed([](State& s) { s.rng ^= 1; }));
  EXPECT_TRUE(changed([](State& s) { s.turn = 2; }));
  EXPECT_TRUE(changed([](State& s) { s.units[1].hex.q = 5; }));
  EXPECT_TRUE(changed([](State& s) { s.units[0].flags = 1; }));
  EXPECT_TRUE(changed([](State& s) { push_frame(s, Frame{}); }));
  EXPECT_TRUE(changed([](State& s) { add_hex_marker(s, HexMarker{}); }));
  EXPECT_TRUE(changed([](State& s) { add_side_marker(s, HexSide{}, 0); }));
  EXPECT_TRUE(changed([](State& s) { s.ext_bytes[2047] = std::byte{1}; }));
  EXPECT_TRUE(changed([](State& s) { s.forced[0] = 3; s.forced_count = 1; }));
  // bytes past the counts are not part of the game
  EXPECT_FALSE(changed([](State& s) { s.units[7].hex.q = 9; }));
}

}  // namespace
}  // namespace core
