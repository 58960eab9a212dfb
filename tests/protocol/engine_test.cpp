#include "protocol/engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <sstream>

namespace protocol {
namespace {

using nlohmann::json;

json ask(Session& s, const json& req) { return s.handle(req); }

void expect_error(const json& answer, const std::string& code) {
  EXPECT_FALSE(answer["ok"].get<bool>()) << answer.dump();
  EXPECT_EQ(answer["error"]["code"], code) << answer.dump();
  EXPECT_TRUE(answer["error"].contains("message"));
  EXPECT_TRUE(answer["error"].contains("rule"));
}

TEST(Protocol, EveryCommandAnswers) {
  Session s;
  EXPECT_EQ(ask(s, {{"cmd", "hello"}})["engine"], "hexfront");
  const json games = ask(s, {{"cmd", "games"}});
  ASSERT_TRUE(games["ok"].get<bool>());
  EXPECT_EQ(games["games"][0]["id"], "toy");
  EXPECT_EQ(ask(s, {{"cmd", "scenarios"}, {"game", "toy"}})["scenarios"][0]["id"], "1");
  EXPECT_FALSE(ask(s, {{"cmd", "tables"}, {"game", "toy"}})["tables"].empty());

  const json created = ask(s, {{"cmd", "new"}, {"game", "toy"}, {"scenario", "1"}, {"seed", 42}});
  ASSERT_TRUE(created["ok"].get<bool>()) << created.dump();
  EXPECT_EQ(created["to_act"], "Blue");
  const json state = ask(s, {{"cmd", "state"}})["state"];
  EXPECT_EQ(state["seed"], "42");
  const json legal = ask(s, {{"cmd", "legal"}});
  EXPECT_GT(legal["actions"].size(), 1u);
  const json moves = ask(s, {{"cmd", "moves"}, {"unit", "B1"}});
  ASSERT_FALSE(moves["moves"].empty());
  const json done = ask(s, {{"cmd", "do"}, {"action", {{"type", "move"}, {"unit", "B1"}, {"hex", moves["moves"][0]["hex"]}}}});
  ASSERT_TRUE(done["ok"].get<bool>()) << done.dump();
  EXPECT_EQ(done["events"][0]["kind"], "move");
  EXPECT_TRUE(ask(s, {{"cmd", "undo"}})["ok"].get<bool>());
  EXPECT_EQ(ask(s, {{"cmd", "hash"}})["hash"], created["hash"]);
  const json odds = ask(s, {{"cmd", "odds"}, {"attackers", {"B1", "B2"}}, {"defender", "A5.05"}});
  EXPECT_EQ(odds["odds"]["defense"], 8);
  EXPECT_EQ(ask(s, {{"cmd", "supply"}, {"side", "Red"}})["supply"]["side"], "Red");
  EXPECT_EQ(ask(s, {{"cmd", "dice"}, {"next", {6, 5}}})["forced"], json({6, 5}));
  ASSERT_TRUE(ask(s, {{"cmd", "do"}, {"action", {{"type", "end_phase"}}}})["ok"].get<bool>());
  const json record = ask(s, {{"cmd", "record"}})["record"];
  EXPECT_EQ(record["actions"].size(), 2u);
  const json replayed = ask(s, {{"cmd", "replay"}, {"record", record}});
  ASSERT_TRUE(replayed["ok"].get<bool>()) << replayed.dump();
  EXPECT_EQ(replayed["entries"], 2);
  const json loaded = ask(s, {{"cmd", "load"}, {"state", state}});
  ASSERT_TRUE(loaded["ok"].get<bool>()) << loaded.dump();
  EXPECT_EQ(loaded["hash"], created["hash"]);
  EXPECT_EQ(ask(s, {{"cmd", "ping"}, {"id", 7}})["id"], 7);
  EXPECT_TRUE(ask(s, {{"cmd", "quit"}})["bye"].get<bool>());
  EXPECT_TRUE(s.quit());
}

TEST(Protocol, BadInputIsRefusedAndChangesNothing) {
  Session s;
  expect_error(json::parse(s.handle_line("{not json")), "bad_json");
  expect_error(json::parse(s.handle_line("\xff\xfe")), "bad_json");
  expect_error(ask(s, json::array()), "bad_request");
  expect_error(ask(s, {{"cmd", "fly"}}), "unknown_command");
  expect_error(ask(s, {{"cmd", "legal"}}), "no_game");
  expect_error(ask(s, {{"cmd", "scenarios"}}), "bad_request");
  expect_error(ask(s, {{"cmd", "new"}, {"game", "chess"}, {"scenario", "1"}, {"seed", 1}}), "unknown_game");
  expect_error(ask(s, {{"cmd", "new"}, {"game", "toy"}, {"scenario", "1"}, {"seed", -1}}), "bad_request");
  ASSERT_TRUE(ask(s, {{"cmd", "new"}, {"game", "toy"}, {"scenario", "1"}, {"seed", "7"}})["ok"].get<bool>());
  const json before = ask(s, {{"cmd", "state"}});

  const json illegal = ask(s, {{"cmd", "do"}, {"action", {{"type", "resolve"}}}});
  expect_error(illegal, "illegal_action");
  EXPECT_EQ(illegal["error"]["rule"], "TOY 1");
  expect_error(ask(s, {{"cmd", "do"}, {"action", {{"type", "move"}, {"unit", "B1"}, {"hex", "A8.08"}}}}), "illegal_action");
  expect_error(ask(s, {{"cmd", "do"}, {"action", {{"type", "move"}, {"unit", "B1"}, {"hex", "Z9"}}}}), "bad_action");
  expect_error(ask(s, {{"cmd", "do"}, {"action", {{"type", "teleport"}}}}), "bad_action");
  expect_error(ask(s, {{"cmd", "do"}}), "bad_request");
  expect_error(ask(s, {{"cmd", "moves"}, {"unit", "Z1"}}), "bad_request");
  expect_error(ask(s, {{"cmd", "odds"}, {"attackers", "B1"}, {"defender", "A5.05"}}), "bad_request");
  expect_error(ask(s, {{"cmd", "supply"}, {"side", "Green"}}), "bad_request");
  expect_error(ask(s, {{"cmd", "dice"}, {"next", {0}}}), "bad_request");
  expect_error(ask(s, {{"cmd", "undo"}}), "cannot_undo");
  json forged = before["state"];
  forged["units"][0]["hex"] = "Z9.99";
  expect_error(ask(s, {{"cmd", "load"}, {"state", forged}}), "bad_state");
  expect_error(ask(s, {{"cmd", "replay"}, {"record", {{"game", "toy"}, {"actions", {{{"type", "resolve"}}}}}}}), "bad_record");

  expect_error(ask(s, {{"cmd", "replay"}, {"record", {{"game", "toy"}}}, {"validate", "yes"}}), "bad_request");

  EXPECT_EQ(ask(s, {{"cmd", "state"}}), before);
}

TEST(Protocol, TheAiCommandAnswersALegalActionAndPlaysItOnRequest) {
  Session s;
  expect_error(ask(s, {{"cmd", "ai"}, {"budget_ms", 50}}), "no_game");
  const json created = ask(s, {{"cmd", "new"}, {"game", "toy"}, {"scenario", "1"}, {"seed", 9}});
  ASSERT_TRUE(created["ok"].get<bool>());
  // given a new game, when the AI is asked, then it names one of the legal actions
  const json asked = ask(s, {{"cmd", "ai"}, {"budget_ms", 100}, {"player", "greedy"}});
  ASSERT_TRUE(asked["ok"].get<bool>()) << asked.dump();
  EXPECT_EQ(asked["player"], "greedy");
  const json legal = ask(s, {{"cmd", "legal"}})["actions"];
  EXPECT_NE(std::find(legal.begin(), legal.end(), asked["action"]), legal.end()) << asked.dump();
  EXPECT_EQ(asked["hash"], created["hash"]);  // asking changes nothing
  // when it is asked to play, then the action is applied like `do`
  const json played = ask(s, {{"cmd", "ai"}, {"budget_ms", 100}, {"play", true}});
  ASSERT_TRUE(played["ok"].get<bool>()) << played.dump();
  EXPECT_EQ(played["player"], "search");
  EXPECT_NE(played["hash"], created["hash"]);
  EXPECT_TRUE(played.contains("events"));
  const json record = ask(s, {{"cmd", "record"}})["record"];
  ASSERT_EQ(record["actions"].size(), 1u);
  EXPECT_EQ(record["actions"][0], played["action"]);
  // bad requests change nothing
  const json before = ask(s, {{"cmd", "hash"}});
  expect_error(ask(s, {{"cmd", "ai"}}), "bad_request");
  expect_error(ask(s, {{"cmd", "ai"}, {"budget_ms", 0}}), "bad_request");
  expect_error(ask(s, {{"cmd", "ai"}, {"budget_ms", "fast"}}), "bad_request");
  expect_error(ask(s, {{"cmd", "ai"}, {"budget_ms", 50}, {"player", "oracle"}}), "bad_request");
  expect_error(ask(s, {{"cmd", "ai"}, {"budget_ms", 50}, {"play", "yes"}}), "bad_request");
  EXPECT_EQ(ask(s, {{"cmd", "hash"}}), before);
}

TEST(Protocol, RunStopsAtQuitAndSkipsBlankLines) {
  std::istringstream in("{\"cmd\":\"hello\"}\n\n{\"cmd\":\"quit\"}\n{\"cmd\":\"hello\"}\n");
  std::ostringstream out;
  run(in, out);
  std::istringstream lines(out.str());
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) ++n;
  EXPECT_EQ(n, 2);
}

TEST(Protocol, TheRealBinaryAnswersOnItsStdout) {
  const std::string command = std::string("echo '{\"cmd\":\"hello\"}' | ") + HEXFRONT_BINARY + " engine";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::array<char, 512> buf{};
  std::string out;
  while (fgets(buf.data(), int(buf.size()), pipe)) out += buf.data();
  EXPECT_EQ(pclose(pipe), 0);
  const json answer = json::parse(out);
  EXPECT_TRUE(answer["ok"].get<bool>());
  EXPECT_EQ(answer["engine"], "hexfront");
}

}  // namespace
}  // namespace protocol
