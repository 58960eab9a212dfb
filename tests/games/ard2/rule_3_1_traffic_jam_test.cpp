// ARD2 3.1 Traffic Jams with the hexes of data/games/ard2/map_additions.json (T-jams), the
// All Scenarios errata exemption (A9) and 7.3 errata 1.
#include "turn_world.h"

namespace ard2::test {
namespace {

using core::State;

TEST(Rule_3_1, TrafficJamHexesComeFromTheMapAdditions) {
  const scs::Board& b = turn_rules().board();
  for (const char* id : {"B23.16", "B23.20", "B35.37", "B38.38"}) EXPECT_TRUE(b.is_traffic_jam(hx(id))) << id;
  EXPECT_FALSE(b.is_traffic_jam(hx("B30.30")));
}

TEST(Rule_3_1, AGermanUnitEnteringAJamOnTurnTwoIsDg) {
  // Given Turn 2's German Movement Phase and a German tank next to the B23.20 jam,
  State s = bare("7.1", Step::GermanMovement, 2);
  const auto ger = put(s, "2Pz.Pz.I/3", "B23.22");
  core::Game g(turn_rules(), s);
  // when it moves in, then it is DG; on Turn 3 the jam is gone.
  ASSERT_FALSE(g.apply(act(kMove, ger, hx("B23.20"))));
  EXPECT_TRUE(g.state().units[ger].flags & kDG);
  State later = bare("7.1", Step::GermanMovement, 3);
  put(later, "2Pz.Pz.I/3", "B23.22");
  core::Game h(turn_rules(), later);
  ASSERT_FALSE(h.apply(act(kMove, ger, hx("B23.20"))));
  EXPECT_FALSE(h.state().units[ger].flags & kDG);
}

TEST(Rule_3_1, SetUpInAJam) {
  // 7.3 errata 1: German units set up in a Traffic Jam hex start DG (B34.39, B38.38).
  const State s = turn_rules().setup(scenario_of("7.3"), 1);
  const auto knittel = unit_of(s, "1SS.Recon.Knittel");
  ASSERT_EQ(s.units[knittel].hex, hx("B38.38"));
  EXPECT_TRUE(s.units[knittel].flags & kDG);
  // 7.1 prints DG on the units it sets up in jams; they start DG.
  const State c = turn_rules().setup(scenario_of("7.1"), 1);
  EXPECT_TRUE(c.units[unit_of(c, "2Pz.Recon.vBohm")].flags & kDG);
}

}  // namespace
}  // namespace ard2::test
