// Issue 3 "done when": every Ardennes II scenario can be played from `new` to its end
// through the engine protocol by `legal` and `do` alone, and the final status names
// the victory level. The player picks uniformly among the listed actions, ending a phase
// only one time in eight while it has something else to do (as the random AI does), so
// games move on.
#include <gtest/gtest.h>

#include <random>

#include "protocol/engine.h"

namespace protocol {
namespace {

using nlohmann::json;

json play_to_the_end(const std::string& scenario, uint64_t seed, int* actions_played) {
  Session s;
  const json created = s.handle({{"cmd", "new"}, {"game", "ard2"}, {"scenario", scenario}, {"seed", seed}});
  EXPECT_TRUE(created["ok"].get<bool>()) << created.dump();
  std::mt19937_64 pick(seed);
  json status = created;
  int played = 0;
  for (; played < 20000 && !status["over"].get<bool>(); ++played) {
    const json legal = s.handle({{"cmd", "legal"}});
    EXPECT_TRUE(legal["ok"].get<bool>()) << legal.dump();
    const json& acts = legal["actions"];
    if (acts.empty()) {
      ADD_FAILURE() << scenario << ": no legal action before the end (turn " << legal["turn"] << ")";
      break;
    }
    size_t k = pick() % acts.size();
    if (acts[k]["type"] == "end_phase" && acts.size() > 1 && pick() % 8 != 0) k = (k + 1 + pick() % (acts.size() - 1)) % acts.size();
    status = s.handle({{"cmd", "do"}, {"action", acts[k]}});
    if (!status["ok"].get<bool>()) {
      ADD_FAILURE() << scenario << ": a listed action was refused: " << acts[k].dump() << " -> " << status.dump();
      break;
    }
  }
  *actions_played = played;
  return status;
}

class EngineScenario : public ::testing::TestWithParam<const char*> {};

TEST_P(EngineScenario, PlaysFromNewToTheEndByLegalAndDo) {
  int played = 0;
  const json end = play_to_the_end(GetParam(), 11, &played);
  ASSERT_TRUE(end["over"].get<bool>()) << GetParam() << " not over after " << played << " actions";
  ASSERT_TRUE(end.contains("outcome")) << end.dump();
  const json& o = end["outcome"];
  EXPECT_FALSE(o["level"].get<std::string>().empty()) << o.dump();
  EXPECT_TRUE(o.contains("winner")) << o.dump();
  EXPECT_GT(played, 10);
}

std::string scenario_name(const ::testing::TestParamInfo<const char*>& p) {
  std::string id = p.param;
  for (char& c : id)
    if (c == '.') c = '_';
  return "Scenario" + id;
}

INSTANTIATE_TEST_SUITE_P(Ard2, EngineScenario, ::testing::Values("7.3", "7.4", "7.5", "7.6"), scenario_name);
// The campaigns list thousands of actions per step as JSON: a game of 7.1 takes minutes
// (220 s of CPU here), 7.2 about 40 s. Run them with --gtest_also_run_disabled_tests.
INSTANTIATE_TEST_SUITE_P(DISABLED_Ard2Campaigns, EngineScenario, ::testing::Values("7.1", "7.2"), scenario_name);

}  // namespace
}  // namespace protocol
