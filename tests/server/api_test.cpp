// The JSON API end to end: a real server on a free port, a real SQLite database in a
// temp dir, the toy game through the engine. No mocks.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <thread>

#include "server/http.h"

namespace server {
namespace {

using nlohmann::json;

class ApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("hexfront-api-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(dir_);
    start();
  }
  void TearDown() override {
    stop();
    std::filesystem::remove_all(dir_);
  }
  void start() {
    Options opts;
    opts.port = 0;
    opts.data_dir = (dir_ / "data").string();
    opts.web_dir = (dir_ / "no-ui").string();
    opts.ai.budget_ms = ai_budget_ms_;
    server_ = std::make_unique<Server>(opts);
    port_ = server_->bind();
    ASSERT_GT(port_, 0);
    thread_ = std::thread([this] { server_->listen(); });
  }
  void stop() {
    server_->stop();
    thread_.join();
    server_.reset();
  }

  // Status and parsed body of a request.
  std::pair<int, json> get(const std::string& path) {
    httplib::Client c("127.0.0.1", port_);
    auto res = c.Get(path);
    return {res ? res->status : 0, res ? json::parse(res->body) : json()};
  }
  std::pair<int, json> post(const std::string& path, const std::string& body) {
    httplib::Client c("127.0.0.1", port_);
    auto res = c.Post(path, body, "application/json");
    return {res ? res->status : 0, res ? json::parse(res->body) : json()};
  }
  // A toy game with seat 0 human; returns {id, token of side 0, token of side 1}.
  std::tuple<int64_t, std::string, std::string> create(const std::string& red = "human") {
    auto [status, body] = post("/api/games", json{{"game", "toy"}, {"scenario", "1"}, {"seed", 7}, {"seats", {"human", red}}}.dump());
    EXPECT_EQ(status, 201) << body.dump();
    return {body["id"].get<int64_t>(), body["seats"][0]["token"], body["seats"][1]["token"]};
  }
  std::string game_path(int64_t id) { return "/api/games/" + std::to_string(id); }

  // A toy game whose AI (Red) has just been handed the move: Blue ended his movement
  // and combat phases. Returns {id, Blue's token, Blue's view after his first end}.
  std::tuple<int64_t, std::string, json> hand_the_ai_the_move() {
    auto [id, blue, red] = create("ai");
    const json view = get(game_path(id) + "?token=" + blue).second;
    json end;
    for (const json& a : view["legal"])
      if (a["type"] == "end_phase") end = a;
    EXPECT_FALSE(end.is_null());
    auto [s1, r1] = post(game_path(id) + "/actions?token=" + blue, json{{"action", end}}.dump());
    EXPECT_EQ(s1, 200) << r1.dump();
    auto [s2, r2] = post(game_path(id) + "/actions?token=" + blue, json{{"action", end}}.dump());
    EXPECT_EQ(s2, 200) << r2.dump();
    EXPECT_TRUE(r2["view"]["ai_thinking"]);
    return {id, blue, r1["view"]};
  }
  // The stored record replays, hash for hash, into the state the server shows.
  void expect_record_is_the_game(int64_t id, const std::string& token) {
    const json view = get(game_path(id) + "?token=" + token).second;
    const json record = get(game_path(id) + "/record").second;
    EXPECT_EQ(record["actions"].size(), view["entries"].get<size_t>());
    auto [status, copy] = post("/api/games", json{{"record", record}, {"seats", {"human", "human"}}}.dump());
    ASSERT_EQ(status, 201) << copy.dump();
    EXPECT_EQ(get(game_path(copy["id"]) + "?token=" + copy["seats"][0]["token"].get<std::string>()).second["state"],
              view["state"]);
  }

  int64_t ai_budget_ms_ = 50;
  std::filesystem::path dir_;
  std::unique_ptr<Server> server_;
  int port_ = 0;
  std::thread thread_;
};

TEST_F(ApiTest, CatalogListsTheToyGameWithItsMapAndCounters) {
  auto [status, body] = get("/api/catalog");
  ASSERT_EQ(status, 200);
  ASSERT_FALSE(body["games"].empty());
  auto [s2, toy] = get("/api/catalog/toy");
  ASSERT_EQ(s2, 200);
  EXPECT_EQ(toy["map"]["directions"].size(), 6u);
  EXPECT_FALSE(toy["map"]["hexes"].empty());
  EXPECT_TRUE(toy["map"]["hexes"][0].contains("id"));
  EXPECT_FALSE(toy["units"].empty());
  EXPECT_TRUE(toy["units"][0]["values"][0][0]["source"].contains("kind"));
  EXPECT_EQ(get("/api/catalog/nope").first, 404);
}

TEST_F(ApiTest, CatalogMapMarksEachVpHexWithItsValueFromTheGamesVpList) {
  // Given Ardennes II, whose VP list is a table (Hotton and St. Vith are in it, not on
  // the generated map's marks), when the UI fetches its catalog, then the map says
  // what each VP hex is worth, and nothing for other hexes.
  auto [status, ard2] = get("/api/catalog/ard2");
  ASSERT_EQ(status, 200);
  std::map<std::string, json> vp;
  for (const json& h : ard2["map"]["hexes"])
    if (h.contains("vp")) vp[h["id"].get<std::string>()] = h["vp"];
  EXPECT_EQ(vp["B1.16"], 3);   // Bastogne
  EXPECT_EQ(vp["B21.33"], 3);  // St. Vith
  EXPECT_EQ(vp["A27.33"], 1);  // Hotton
  EXPECT_EQ(vp["B5.24"], 3);   // Houffalize, reconstructed (decision A47)
  EXPECT_EQ(vp.count("A20.20"), 0u);
  EXPECT_EQ(vp.size(), 25u);   // the VP table's rows
}

TEST_F(ApiTest, SeatToActSeesLegalActionsAndTheOtherSeatIsRefused) {
  auto [id, blue, red] = create();
  auto [status, view] = get(game_path(id) + "?token=" + blue);
  ASSERT_EQ(status, 200);
  EXPECT_EQ(view["seat"]["side"], 0);
  EXPECT_EQ(view["to_act"], 0);
  ASSERT_FALSE(view["legal"].empty());
  EXPECT_FALSE(view["prompt"]["text"].get<std::string>().empty());
  EXPECT_TRUE(get(game_path(id) + "?token=" + red).second["legal"].empty());

  const json action = view["legal"][0];
  auto [s403, refused] = post(game_path(id) + "/actions?token=" + red, json{{"action", action}}.dump());
  EXPECT_EQ(s403, 403);
  EXPECT_EQ(refused["error"]["code"], "not_your_turn");
  EXPECT_EQ(get(game_path(id) + "?token=" + std::string(32, '0')).first, 403);
}

TEST_F(ApiTest, MalformedRequestsNameWhatIsWrong) {
  auto [id, blue, red] = create();
  auto [s1, e1] = post(game_path(id) + "/actions?token=" + blue, "{not json");
  EXPECT_EQ(s1, 400);
  EXPECT_EQ(e1["error"]["message"], "body: not JSON");
  auto [s2, e2] = post(game_path(id) + "/actions?token=" + blue, R"({"action":{"type":"fly"}})");
  EXPECT_EQ(s2, 400);
  EXPECT_NE(e2["error"]["message"].get<std::string>().find("fly"), std::string::npos);
  auto [s3, e3] = post("/api/games", R"({"game":"toy","scenario":"1","seats":["human"]})");
  EXPECT_EQ(s3, 400);
  EXPECT_NE(e3["error"]["message"].get<std::string>().find("seats"), std::string::npos);
  EXPECT_EQ(get("/api/games/999").first, 404);
}

TEST_F(ApiTest, IllegalActionIsRefusedWithItsRuleAndChangesNothing) {
  auto [id, blue, red] = create();
  const json before = get(game_path(id) + "?token=" + blue).second;
  // A move to a hex far beyond any unit's reach.
  const json catalog = get("/api/catalog/toy").second;
  const json far = catalog["map"]["hexes"].back()["id"];
  const std::string unit = before["legal"][0]["unit"];
  auto [status, err] = post(game_path(id) + "/actions?token=" + blue,
                            json{{"action", {{"type", "move"}, {"unit", unit}, {"hex", far}}}}.dump());
  EXPECT_EQ(status, 422) << err.dump();
  EXPECT_FALSE(err["error"]["rule"].get<std::string>().empty()) << err.dump();
  const json after = get(game_path(id) + "?token=" + blue).second;
  EXPECT_EQ(after["state"], before["state"]);
  EXPECT_EQ(after["entries"], 0);
}

TEST_F(ApiTest, MoveThenUndoThenGameSurvivesARestart) {
  auto [id, blue, red] = create();
  const json view = get(game_path(id) + "?token=" + blue).second;
  const json move = view["legal"][0];
  ASSERT_EQ(move["type"], "move");
  auto [s1, done] = post(game_path(id) + "/actions?token=" + blue, json{{"action", move}}.dump());
  ASSERT_EQ(s1, 200) << done.dump();
  EXPECT_EQ(done["view"]["entries"], 1);
  EXPECT_TRUE(done["view"]["can_undo"]);
  EXPECT_EQ(post(game_path(id) + "/undo?token=" + red, "").first, 403);
  auto [s2, undone] = post(game_path(id) + "/undo?token=" + blue, "");
  ASSERT_EQ(s2, 200) << undone.dump();
  EXPECT_EQ(undone["entries"], 0);
  ASSERT_EQ(post(game_path(id) + "/actions?token=" + blue, json{{"action", move}}.dump()).first, 200);

  const json state = get(game_path(id) + "?token=" + blue).second["state"];
  stop();
  start();
  auto [s3, again] = get(game_path(id) + "?token=" + blue);
  ASSERT_EQ(s3, 200) << again.dump();
  EXPECT_EQ(again["state"], state);
  EXPECT_EQ(again["entries"], 1);
  EXPECT_EQ(get("/api/games").second["games"].size(), 1u);
}

TEST_F(ApiTest, AiSeatAnswersAndARecordReplaysIntoANewGame) {
  auto [id, blue, red] = create("ai");
  const json view = get(game_path(id) + "?token=" + blue).second;
  json end;
  for (const json& a : view["legal"])
    if (a["type"] == "end_phase") end = a;
  ASSERT_FALSE(end.is_null());
  // Blue ends movement and combat; the AI's Red turn follows, and Blue is to act again.
  auto [s1, r1] = post(game_path(id) + "/actions?token=" + blue, json{{"action", end}}.dump());
  ASSERT_EQ(s1, 200) << r1.dump();
  auto [s2, r2] = post(game_path(id) + "/actions?token=" + blue, json{{"action", end}}.dump());
  ASSERT_EQ(s2, 200) << r2.dump();
  // The answer comes at once, before the AI has moved: it plays in the background.
  EXPECT_EQ(r2["view"]["entries"], 2);
  EXPECT_EQ(r2["view"]["to_act"], 1);
  EXPECT_TRUE(r2["view"]["ai_thinking"]);
  ASSERT_TRUE(server_->lobby().wait_for_ai(id, 30000));
  const json after = get(game_path(id) + "?token=" + blue).second;
  EXPECT_TRUE(after["ai_error"].is_null()) << after["ai_error"];
  EXPECT_FALSE(after["ai_thinking"]);
  EXPECT_EQ(after["to_act"], 0);
  EXPECT_GT(after["entries"].get<int>(), 2);
  // Each AI action is an entry of the record, like a human's.
  const json record = get(game_path(id) + "/record").second;
  EXPECT_EQ(record["actions"].size(), after["entries"].get<size_t>());
  auto [s3, copy] = post("/api/games", json{{"record", record}, {"seats", {"human", "human"}}}.dump());
  ASSERT_EQ(s3, 201) << copy.dump();
  const json replayed = get(game_path(copy["id"]) + "?token=" + copy["seats"][0]["token"].get<std::string>()).second;
  EXPECT_EQ(replayed["state"], after["state"]);

  auto [s4, at0] = get(game_path(id) + "/replay?at=0");
  ASSERT_EQ(s4, 200);
  EXPECT_EQ(at0["state"], view["state"]);
}

TEST_F(ApiTest, UndoWhileTheAiThinksDropsItsStaleAction) {
  // Given an AI that thinks long enough for Blue to take back his last action meanwhile,
  ai_budget_ms_ = 1500;
  stop();
  start();
  auto [id, blue, before] = hand_the_ai_the_move();
  // when Blue undoes his end of combat while the AI thinks on the position after it,
  auto [status, undone] = post(game_path(id) + "/undo?token=" + blue, "");
  ASSERT_EQ(status, 200) << undone.dump();  // the AI had not moved yet
  EXPECT_EQ(undone["entries"], 1);
  EXPECT_FALSE(undone["ai_thinking"]);
  // then once the AI's thought is over (its budget and a margin), its action, chosen for
  // a position that is gone, has not landed: Blue is still to act where he undid to.
  std::this_thread::sleep_for(std::chrono::milliseconds(3 * ai_budget_ms_));
  const json after = get(game_path(id) + "?token=" + blue).second;
  EXPECT_TRUE(after["ai_error"].is_null()) << after["ai_error"];
  EXPECT_EQ(after["entries"], 1);
  EXPECT_EQ(after["to_act"], 0);
  EXPECT_EQ(after["state"], before["state"]);
  expect_record_is_the_game(id, blue);
  // and the stored game is that one: a restart shows the same position.
  stop();
  start();
  EXPECT_EQ(get(game_path(id) + "?token=" + blue).second["state"], before["state"]);
}

TEST_F(ApiTest, RestartWhileTheAiThinksLosesNothing) {
  // Given the AI thinking on its first action,
  ai_budget_ms_ = 1500;
  stop();
  start();
  auto [id, blue, before] = hand_the_ai_the_move();
  // when the server stops (it waits for the thought) and starts again,
  stop();
  ai_budget_ms_ = 50;
  start();
  // then the game is the stored record, whole: it replays with every hash checked (a
  // half-stored action would refuse it), the AI plays on from where it was, and the
  // record is every action, the AI's included.
  auto [status, view] = get(game_path(id) + "?token=" + blue);
  ASSERT_EQ(status, 200) << view.dump();
  EXPECT_GE(view["entries"].get<int>(), 2);
  ASSERT_TRUE(server_->lobby().wait_for_ai(id, 30000));
  const json after = get(game_path(id) + "?token=" + blue).second;
  EXPECT_TRUE(after["ai_error"].is_null()) << after["ai_error"];
  EXPECT_EQ(after["to_act"], 0);
  EXPECT_GT(after["entries"].get<int>(), 2);
  expect_record_is_the_game(id, blue);
}

TEST_F(ApiTest, SeveralGamesArePlayedAtOnce) {
  auto [a, a_blue, a_red] = create();
  auto [b, b_blue, b_red] = create();
  // Each thread plays a move and its undo over and over in its own game while the
  // other does the same: each game ends where it began, and nothing failed.
  std::atomic<int> failures = 0;
  auto play = [&](int64_t id, const std::string& token) {
    const json move = get(game_path(id) + "?token=" + token).second["legal"][0];
    for (int i = 0; i < 20; ++i) {
      if (post(game_path(id) + "/actions?token=" + token, json{{"action", move}}.dump()).first != 200) ++failures;
      if (post(game_path(id) + "/undo?token=" + token, "").first != 200) ++failures;
    }
  };
  std::thread t1(play, a, a_blue), t2(play, b, b_blue);
  t1.join();
  t2.join();
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(get(game_path(a) + "?token=" + a_blue).second["entries"], 0);
  EXPECT_EQ(get(game_path(b) + "?token=" + b_blue).second["entries"], 0);
}

TEST_F(ApiTest, MovesAndOddsAreTheEnginesQueries) {
  auto [id, blue, red] = create();
  const json view = get(game_path(id) + "?token=" + blue).second;
  const std::string unit = view["legal"][0]["unit"];
  auto [s1, moves] = get(game_path(id) + "/moves?unit=" + unit);
  ASSERT_EQ(s1, 200);
  EXPECT_FALSE(moves["moves"].empty());
  EXPECT_TRUE(moves["moves"][0].contains("cost"));
  std::string enemy_hex;
  for (const json& u : view["state"]["units"])
    if (u["id"].get<std::string>()[0] == 'R' && u.contains("hex")) enemy_hex = u["hex"];
  ASSERT_FALSE(enemy_hex.empty());
  auto [s2, odds] = post(game_path(id) + "/odds", json{{"attackers", {unit}}, {"defender", enemy_hex}}.dump());
  EXPECT_EQ(s2, 200) << odds.dump();
  EXPECT_EQ(post(game_path(id) + "/odds", R"({"attackers":["nobody"],"defender":"A1.01"})").first, 400);
}

}  // namespace
}  // namespace server
