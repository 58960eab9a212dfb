// Issue 3 item 4: the reconstructed CRT keeps the SCS family's shape. Over every cell of
// the loaded table (seed rows, assumed rows and any owner override alike): a better odds
// column or a higher roll never costs the attacker more steps, nor the defender fewer
// steps or a shorter retreat. Checked cell by cell (the table is small: 10 x 11).
#include <gtest/gtest.h>

#include "load_on_map.h"
#include "series/scs/crt.h"

namespace ard2 {
namespace {

// Whether `better` is at least as good for the attacker as `worse` on every count.
::testing::AssertionResult no_worse(const scs::CombatResult& better, const scs::CombatResult& worse) {
  const auto def_loss = [](const scs::CombatResult& r) { return r.defender_eliminated ? 99 : r.defender_loss; };
  const auto att_loss = [](const scs::CombatResult& r) { return r.attacker_eliminated ? 99 : r.attacker_loss; };
  if (att_loss(better) > att_loss(worse)) return ::testing::AssertionFailure() << "the attacker loses more";
  if (def_loss(better) < def_loss(worse)) return ::testing::AssertionFailure() << "the defender loses less";
  if (better.defender_retreat < worse.defender_retreat) return ::testing::AssertionFailure() << "a shorter retreat";
  if (better.attacker_retreat > worse.attacker_retreat) return ::testing::AssertionFailure() << "the attacker retreats";
  return ::testing::AssertionSuccess();
}

const scs::Crt& crt() { return test::real_rules().crt(); }

TEST(CrtShape, TheTableIsComplete) { EXPECT_TRUE(crt().complete()); }

TEST(CrtShape, ABetterColumnIsNeverWorseForTheAttacker) {
  for (int roll = 2; roll <= 12; ++roll)
    for (int col = 0; col + 1 < crt().columns(); ++col)
      EXPECT_TRUE(no_worse(crt().result(col + 1, roll), crt().result(col, roll)))
          << "roll " << roll << ": " << crt().column_name(col + 1) << " " << scs::to_string(crt().result(col + 1, roll))
          << " vs " << crt().column_name(col) << " " << scs::to_string(crt().result(col, roll));
}

TEST(CrtShape, AHigherRollIsNeverWorseForTheAttacker) {
  for (int col = 0; col < crt().columns(); ++col)
    for (int roll = 2; roll < 12; ++roll)
      EXPECT_TRUE(no_worse(crt().result(col, roll + 1), crt().result(col, roll)))
          << crt().column_name(col) << ": roll " << roll + 1 << " " << scs::to_string(crt().result(col, roll + 1))
          << " vs roll " << roll << " " << scs::to_string(crt().result(col, roll));
}

TEST(CrtShape, TheCheckCatchesAnInvertedCell) {
  // The property is not vacuous: a result that is worse for the attacker fails it.
  EXPECT_FALSE(no_worse(*scs::parse_result("A1"), *scs::parse_result("D1r1")));
  EXPECT_FALSE(no_worse(*scs::parse_result("D1r1"), *scs::parse_result("D1r2")));
  EXPECT_TRUE(no_worse(*scs::parse_result("D2r3"), *scs::parse_result("A1D1")));
}

}  // namespace
}  // namespace ard2
