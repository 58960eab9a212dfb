#include "core/dice.h"

#include <gtest/gtest.h>

#include <array>
#include <memory>

namespace core {
namespace {

TEST(Dice, TheSameSeedRollsTheSameAndAnotherSeedDiffers) {
  auto a = std::make_unique<State>(), b = std::make_unique<State>(), c = std::make_unique<State>();
  seed_rng(*a, 42);
  seed_rng(*b, 42);
  seed_rng(*c, 43);
  Events none;
  int differ = 0;
  for (int i = 0; i < 100; ++i) {
    const int x = roll_die(*a, 6, none, "t");
    EXPECT_EQ(x, roll_die(*b, 6, none, "t"));
    differ += x != roll_die(*c, 6, none, "t");
  }
  EXPECT_GT(differ, 50);
  EXPECT_EQ(a->rolls, 100u);
  EXPECT_EQ(a->seed, 42u);
}

TEST(Dice, ForcedValuesComeFirstInOrderAndAreLoggedAsForced) {
  auto s = std::make_unique<State>();
  seed_rng(*s, 7);
  const int values[] = {6, 1, 9};
  ASSERT_TRUE(force_dice(*s, values, 3));
  std::vector<Event> log;
  Events ev(&log);
  EXPECT_EQ(roll_die(*s, 6, ev, "combat"), 6);
  EXPECT_EQ(roll_die(*s, 6, ev, "combat"), 1);
  EXPECT_EQ(roll_die(*s, 6, ev, "combat"), 6);  // 9 is clamped to the die's faces
  EXPECT_EQ(s->forced_count, 0);
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(log[0].kind, "roll");
  EXPECT_TRUE(log[0].data["forced"].get<bool>());
  EXPECT_EQ(log[1].data["value"], 1);
  roll_die(*s, 6, ev, "free");
  EXPECT_FALSE(log[3].data["forced"].get<bool>());
  EXPECT_EQ(s->rolls, 4u);
}

TEST(Dice, ForcingRefusesBadValuesAndAFullQueue) {
  auto s = std::make_unique<State>();
  const int zero[] = {0};
  EXPECT_FALSE(force_dice(*s, zero, 1));
  std::array<int, State::kMaxForcedDice + 1> many;
  many.fill(3);
  EXPECT_FALSE(force_dice(*s, many.data(), int(many.size())));
  EXPECT_EQ(s->forced_count, 0);
  EXPECT_TRUE(force_dice(*s, many.data(), State::kMaxForcedDice));
}

TEST(Dice, FacesAreEvenlySpread) {
  auto s = std::make_unique<State>();
  seed_rng(*s, 2026);
  Events none;
  constexpr int kRolls = 60000;
  std::array<int, 7> count{};
  for (int i = 0; i < kRolls; ++i) ++count[size_t(roll_die(*s, 6, none, "t"))];
  EXPECT_EQ(count[0], 0);
  double chi2 = 0;
  for (int f = 1; f <= 6; ++f) chi2 += (count[size_t(f)] - kRolls / 6.0) * (count[size_t(f)] - kRolls / 6.0) / (kRolls / 6.0);
  EXPECT_LT(chi2, 20.5);  // 5 degrees of freedom: p < 0.001
  EXPECT_EQ(roll_dice(*s, 2, 1, none, "t"), 2);
}

TEST(Dice, SeedZeroWorks) {
  auto s = std::make_unique<State>();
  seed_rng(*s, 0);
  EXPECT_NE(s->rng, 0u);
  EXPECT_NE(next_random(*s), next_random(*s));
}

}  // namespace
}  // namespace core
