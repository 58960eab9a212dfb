// ARD2 3.7 Air Supply for Artillery: in the DG Removal step, DG artillery that can
// neither trace supply nor reach Air Supply stays DG unless its owner rolls for it.
#include "turn_world.h"

#include "core/dice.h"

namespace ard2::test {
namespace {

using core::State;

const core::Action kRoll{kRecoveryRoll, core::kNoUnit, {}, 0};
const core::Action kKeep{kKeepDg, core::kNoUnit, {}, 0};

// 7.5 at the end of the Air Supply step of turn 3, with two German guns far from the
// German supply hexes (B4.24, B12.20, B12.22), on Map A, and one next to them, all DG.
struct Recovery : ::testing::Test {
  State s = bare("7.5", Step::AirSupply, 3);
  core::UnitId far1 = put(s, "2Pz.Arty.74", "A36.12");
  core::UnitId far2 = put(s, "26VG.Arty.26", "A38.12");
  core::UnitId near = put(s, "LehrPz.Arty.130", "B12.19");
  void SetUp() override {
    for (core::UnitId u : {far1, far2, near}) s.units[u].flags |= kDG;
  }
  core::Game game() { return core::Game(turn_rules(), s); }
};

TEST_F(Recovery, TheOwnerIsAskedForEachUnsuppliedGunInTurn) {
  core::Game g = game();
  // When the pre-turn reaches DG Removal,
  ASSERT_FALSE(g.apply(kEnd));
  // then the supplied gun has recovered by itself, and the German is asked about the first far gun.
  EXPECT_FALSE(g.state().units[near].flags & kDG);
  ASSERT_EQ(g.state().top().step, kArtilleryRecovery);
  EXPECT_EQ(turn_rules().to_act(g.state()), kGerman);
  EXPECT_EQ(g.state().top().a, int32_t(far1));
  EXPECT_EQ(legal(g.state()).size(), 2u);
  // Keeping the DG asks about the next gun; the first stays DG.
  ASSERT_FALSE(g.apply(kKeep));
  EXPECT_TRUE(g.state().units[far1].flags & kDG);
  ASSERT_EQ(g.state().top().step, kArtilleryRecovery);
  EXPECT_EQ(g.state().top().a, int32_t(far2));
  // After the last answer the turn goes on to the German Movement phase (no re-asking).
  ASSERT_FALSE(g.apply(kKeep));
  EXPECT_NE(g.state().top().step, kArtilleryRecovery);
  EXPECT_TRUE(g.state().units[far2].flags & kDG);
}

TEST_F(Recovery, TheRollFollowsTheTable) {
  for (const auto& [die, where, dg] : {std::tuple{1, core::Where::Eliminated, false},
                                       std::tuple{3, core::Where::OnMap, true},
                                       std::tuple{4, core::Where::OnMap, false}}) {
    core::Game g = game();
    ASSERT_FALSE(g.apply(kEnd));
    State forced = g.state();
    const int value = die;
    ASSERT_TRUE(core::force_dice(forced, &value, 1));
    core::Game h(turn_rules(), forced);
    ASSERT_FALSE(h.apply(kRoll)) << die;
    EXPECT_EQ(h.state().units[far1].where, where) << die;
    EXPECT_EQ((h.state().units[far1].flags & kDG) != 0, dg) << die;
    const auto broken = turn_rules().check_invariants(h.state());
    EXPECT_TRUE(broken.empty()) << die << ": " << (broken.empty() ? "" : broken[0]);
  }
}

TEST_F(Recovery, NotOfferedOutsideTheStep) {
  EXPECT_FALSE(offers(s, kRoll));
  const auto e = turn_rules().explain_illegal(s, kRoll);
  EXPECT_EQ(e.code, "illegal_action");
}

}  // namespace
}  // namespace ard2::test
