// ARD2 3.8 Bridges: German-built bridges by date, US blowing.
#include <gtest/gtest.h>

#include "games/ard2/movement.h"
#include "games/ard2/status.h"
#include "world.h"

namespace ard2::test {
namespace {

TEST(Rule_3_8, BlowingRequirements) {
  World w;
  const core::HexSide side = core::HexSide::of(H(4, 4), 0);
  w.board.add_side_feature(H(4, 4), 0, w.t.river);
  w.board.set_road(H(4, 4), 0, scs::RoadKind::Road);
  const int br = w.board.add_bridge({side, 0, H(4, 3)});
  const auto us = w.place(w.def(infantry(kAllied)), H(2, 3));
  EXPECT_TRUE(bridge_primed(w.pos(), br));
  EXPECT_EQ(blow_refusal(w.pos(), br, us), nullptr);
  // too far from the plunger
  w.s->units[us].hex = H(1, 3);
  EXPECT_NE(blow_refusal(w.pos(), br, us), nullptr);
  w.s->units[us].hex = H(2, 3);
  // a German in a hex of the bridge
  const auto ge = w.place(w.def(infantry(kGerman)), H(5, 4));
  EXPECT_NE(blow_refusal(w.pos(), br, us), nullptr);
  // a German in the plunger hex: Tested with no attempt
  w.s->units[ge].hex = H(4, 3);
  EXPECT_TRUE(plunger_captured(w.pos(), br));
  EXPECT_NE(blow_refusal(w.pos(), br, us), nullptr);
  // only the US blows bridges
  w.s->units[ge].hex = H(9, 9);
  EXPECT_NE(blow_refusal(w.pos(), br, ge), nullptr);
}

TEST(Rule_3_8, OneRollForEveryBridgeOfAPlunger) {
  World w;
  const int b1 = w.board.add_bridge({core::HexSide::of(H(4, 4), 0), 0, H(4, 3)});
  const int b2 = w.board.add_bridge({core::HexSide::of(H(4, 4), 1), 0, H(4, 3)});
  const int b3 = w.board.add_bridge({core::HexSide::of(H(7, 7), 1), 0, H(7, 6)});
  resolve_blow(*w.s, w.board, H(4, 3), true);
  const Position p = w.pos();
  EXPECT_FALSE(bridge_primed(p, b1));
  EXPECT_FALSE(bridge_primed(p, b2));
  EXPECT_TRUE(bridge_primed(p, b3));
  EXPECT_TRUE(p.side_marker(core::HexSide::of(H(4, 4), 1), kBridgeBlown));
  resolve_blow(*w.s, w.board, H(7, 6), false);
  EXPECT_TRUE(w.pos().side_marker(core::HexSide::of(H(7, 7), 1), kBridgeTested));
  // a Tested bridge still carries its road
  w.board.set_road(H(7, 7), 1, scs::RoadKind::Road);
  w.board.add_side_feature(H(7, 7), 1, w.t.river);
  EXPECT_EQ(w.pos().effective_road(H(7, 7), 1), scs::RoadKind::Road);
}

}  // namespace
}  // namespace ard2::test
