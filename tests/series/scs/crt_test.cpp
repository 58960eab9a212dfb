// SCS combat arithmetic: odds rounding, CRT cells and columns.
#include <gtest/gtest.h>

#include "series/scs/crt.h"

namespace scs {
namespace {

std::vector<Odds> ard2_columns() { return {{1, 4}, {1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {7, 1}}; }

TEST(ScsOdds, RoundedInTheDefendersFavour) {
  EXPECT_EQ(round_odds(7, 3), (Odds{2, 1}));
  EXPECT_EQ(round_odds(3, 7), (Odds{1, 3}));
  EXPECT_EQ(round_odds(6, 6), (Odds{1, 1}));
  EXPECT_EQ(round_odds(5, 6), (Odds{1, 2}));
  // eighths: 2 1/2 against 1 is 2:1
  EXPECT_EQ(round_odds(20, 8), (Odds{2, 1}));
}

TEST(ScsCrt, ParsesResults) {
  EXPECT_EQ(parse_result("A1D1")->attacker_loss, 1);
  EXPECT_EQ(parse_result("A1D1")->defender_loss, 1);
  const auto r = parse_result("D1r1");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->defender_retreat, 1);
  EXPECT_EQ(r->attacker_retreat, 0);
  EXPECT_EQ(parse_result("r2")->defender_retreat, 2);
  EXPECT_TRUE(parse_result("De")->defender_eliminated);
  EXPECT_EQ(*parse_result("-"), CombatResult{});
  EXPECT_FALSE(parse_result("X3"));
  EXPECT_EQ(to_string(*parse_result("A1D2r3")), "A1D2r3");
}

TEST(ScsCrt, ColumnsClampAndShift) {
  Crt crt(ard2_columns());
  EXPECT_EQ(crt.column({1, 6}), 0);  // worse than 1:4
  EXPECT_EQ(crt.column({1, 4}), 0);
  EXPECT_EQ(crt.column({3, 1}), 5);
  EXPECT_EQ(crt.column({12, 1}), 9);  // 7:1+
  EXPECT_EQ(crt.shifted(5, 2), 3);
  EXPECT_EQ(crt.shifted(1, 3), 0);
  EXPECT_EQ(crt.shifted(8, -3), 9);
  EXPECT_EQ(crt.column_name(9), "7:1");
}

TEST(ScsCrt, RowsFromTheTablesSheet) {
  Crt crt(ard2_columns());
  ASSERT_TRUE(crt.set_rows(2, 3, {"A2", "A2", "A2", "A2", "A2", "A2", "A1", "A1", "A1D1", "A1D1"}));
  EXPECT_FALSE(crt.set_rows(4, 4, {"A2"}));
  EXPECT_FALSE(crt.complete());
  EXPECT_EQ(crt.result(8, 3).defender_loss, 1);
  EXPECT_EQ(crt.result(0, 2).attacker_loss, 2);
}

}  // namespace
}  // namespace scs

TEST(ScsCrt, TwoDiceWaysCountEveryThrowOnce) {
  // given the CRT's two dice, when each roll's ways are counted, then they make 36,
  // one way for 2 and 12 and six for 7, and none outside 2-12
  int all = 0;
  for (int roll = 0; roll <= 14; ++roll) all += scs::two_dice_ways(roll);
  EXPECT_EQ(all, 36);
  EXPECT_EQ(scs::two_dice_ways(2), 1);
  EXPECT_EQ(scs::two_dice_ways(7), 6);
  EXPECT_EQ(scs::two_dice_ways(12), 1);
  EXPECT_EQ(scs::two_dice_ways(1), 0);
  EXPECT_EQ(scs::two_dice_ways(13), 0);
}
