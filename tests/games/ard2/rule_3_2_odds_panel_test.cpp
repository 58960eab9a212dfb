// ARD2 3.2 steps 3-4 as the odds panel shows them: every result of the final column
// with its two-dice chance, and every column shift with its cause (1.2, 1.3).
#include <cmath>

#include "rules_fixture.h"
#include "series/scs/crt.h"

namespace ard2::fixture {
namespace {

scs::Crt data_crt() {
  scs::Crt crt;
  nlohmann::json table;
  std::string err;
  EXPECT_TRUE(read_json(data_root() + "/games/ard2/tables/crt.json", table, err)) << err;
  EXPECT_TRUE(scs::crt_from_table(table, crt, err)) << err;
  return crt;
}

// The dice totals "a" or "a-b" of a results entry.
std::pair<int, int> rolls(const std::string& r) {
  const size_t dash = r.find('-');
  if (dash == std::string::npos) return {std::stoi(r), std::stoi(r)};
  return {std::stoi(r.substr(0, dash)), std::stoi(r.substr(dash + 1))};
}

TEST(Rule_3_2_OddsPanel, ResultsCoverTwoDiceAndSumToOne) {
  // given 5 against 3 in the Open (1:1, no shift)
  const State s = position({{"9Arm.Tank.Harper", "B6.20"}, {"2Pz.Pz.I/3", "B7.20"}}, Step::GermanCombat);
  const auto j = rules().odds(s, {unit(s, "2Pz.Pz.I/3")}, hex("B6.20"));
  // then the old keys are there as before
  EXPECT_EQ(j["odds"], "1:1");
  EXPECT_EQ(j["column"], "1:1");
  EXPECT_EQ(j["shift"], 0);
  EXPECT_TRUE(j["shifts"].empty());
  // and the results walk the dice totals 2..12 in order, each as the CRT cell reads
  const scs::Crt crt = data_crt();
  int col = 0;
  while (crt.column_name(col) != "1:1") ++col;
  double total = 0;
  int next = 2;
  std::string last;
  for (const auto& r : j["results"]) {
    const auto [lo, hi] = rolls(r["rolls"].get<std::string>());
    EXPECT_EQ(lo, next);
    int ways = 0;
    for (int roll = lo; roll <= hi; ++roll) {
      EXPECT_EQ(r["result"], scs::to_string(crt.result(col, roll))) << roll;
      ways += 6 - std::abs(roll - 7);
    }
    EXPECT_NEAR(r["probability"].get<double>(), ways / 36.0, 1e-12);
    EXPECT_NE(r["result"], last);  // runs of one result are merged
    last = r["result"].get<std::string>();
    total += r["probability"].get<double>();
    next = hi + 1;
  }
  EXPECT_EQ(next, 13);
  EXPECT_NEAR(total, 1.0, 1e-12);
}

TEST(Rule_3_2_OddsPanel, ShiftsNameTheCityAndEachStackAcrossAStream) {
  // given Bastogne (a City) attacked from B2.16 across a Stream and from B1.17
  const State s =
      position({{"9Arm.Tank.Harper", "B1.16"}, {"2Pz.Pz.I/3", "B2.16"}, {"LehrPz.PG.901", "B1.17"}}, Step::GermanCombat);
  const auto j = rules().odds(s, {unit(s, "2Pz.Pz.I/3"), unit(s, "LehrPz.PG.901")}, hex("B1.16"));
  // then two shifts: the City in the defender's hex, the Stream for the B2.16 stack only
  ASSERT_EQ(j["shifts"].size(), 2u) << j.dump();
  int sum = 0;
  for (const auto& sh : j["shifts"]) {
    sum += sh["shift"].get<int>();
    EXPECT_EQ(sh["rule"], "ARD2 1.3");
  }
  EXPECT_NE(j["shifts"][0]["why"].get<std::string>().find("City"), std::string::npos) << j.dump();
  EXPECT_EQ(j["shifts"][0]["shift"], 2);  // ARD2 1.2 example: a City shifts two columns
  EXPECT_NE(j["shifts"][1]["why"].get<std::string>().find("Stream"), std::string::npos) << j.dump();
  EXPECT_NE(j["shifts"][1]["why"].get<std::string>().find("B2.16"), std::string::npos) << j.dump();
  // and they add up to the panel's total shift, which moved the column left
  EXPECT_EQ(sum, j["shift"].get<int>());
  EXPECT_EQ(j["odds"], "3:1");      // 10 to 3
  EXPECT_NE(j["column"], "3:1");
}

TEST(Rule_3_2_OddsPanel, AnAttackTheTerrainBarsIsNotAllowedWhateverItsOdds) {
  // given a US tank in A36.15, a German regiment east of it across a River hexside no
  // road crosses (A37.15, rules_fixture.h) and another south of it, in the Open (A36.14)
  const State s = position({{"9Arm.Tank.Harper", "A36.15"}, {"2Pz.Pz.I/3", "A37.15"}, {"LehrPz.PG.901", "A36.14"}},
                           Step::GermanCombat);
  // when the panel is asked for the odds of each
  const auto across = rules().odds(s, {unit(s, "2Pz.Pz.I/3")}, hex("A36.15"));
  const auto open = rules().odds(s, {unit(s, "LehrPz.PG.901")}, hex("A36.15"));
  // then the attack across the River is not allowed, with the rule that bars it (TEC
  // note 1), though its odds are on the CRT: the engine would refuse that attacker
  EXPECT_FALSE(across["allowed"].get<bool>()) << across.dump();
  EXPECT_NE(across["why"].get<std::string>().find("TEC note 1"), std::string::npos) << across.dump();
  EXPECT_FALSE(across["results"].empty()) << across.dump();
  State attack = s;
  core::Events events;
  rules().apply(attack, act(kDeclareAttack, core::kNoUnit, hex("A36.15")), events);
  EXPECT_FALSE(has(legal(attack), act(kAddAttacker, unit(s, "2Pz.Pz.I/3"))));
  // and the one from the Open is allowed, with nothing barring it
  EXPECT_TRUE(open["allowed"].get<bool>()) << open.dump();
  EXPECT_FALSE(open.contains("why"));
  EXPECT_TRUE(has(legal(attack), act(kAddAttacker, unit(s, "LehrPz.PG.901"))));
}

}  // namespace
}  // namespace ard2::fixture
