// The `hexfront` binary's subcommands and exit codes (0 ok, 1 failure, 2 usage).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sys/wait.h>

namespace {

struct Outcome {
  int code = -1;
  std::string out;
};

Outcome run(const std::string& args) {
  const std::string command = std::string(HEXFRONT_BINARY) + " " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  Outcome r;
  if (!pipe) return r;
  std::array<char, 4096> buf{};
  while (fgets(buf.data(), int(buf.size()), pipe)) r.out += buf.data();
  const int status = pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string temp_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path.string();
}

TEST(Cli, HelpAndUsageErrors) {
  EXPECT_EQ(run("--help").code, 0);
  EXPECT_EQ(run("selfplay --games 0").code, 2);
  EXPECT_EQ(run("no-such-command").code, 2);
}

TEST(Cli, SelfplayFinishesCleanGamesAndSummarises) {
  const Outcome r = run("selfplay --game toy --seed 5 --games 3");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("finished 3, dead ends 0, runaways 0, invariant breaks 0, replay mismatches 0"), std::string::npos)
      << r.out;
  EXPECT_EQ(run("selfplay --game chess").code, 1);
}

// The binary names the commit it was built from, so a result file tells a stale or
// patched build from the commit it claims (cmake/build_source.cmake). The source tree
// is the data directory's parent.
TEST(Cli, VersionAndSelfplayNameTheCommitTheBinaryWasBuiltFrom) {
  const std::string source = std::filesystem::path(HEXFRONT_DATA_DIR).parent_path().string();
  FILE* git = popen(("git -C '" + source + "' rev-parse --short=12 HEAD 2>/dev/null").c_str(), "r");
  std::array<char, 64> buf{};
  std::string head = git && fgets(buf.data(), int(buf.size()), git) ? std::string(buf.data()) : "";
  if (git) pclose(git);
  if (!head.empty() && head.back() == '\n') head.pop_back();
  const std::string expected = head.empty() ? "(source not under git)" : "(commit " + head;
  const Outcome version = run("--version");
  EXPECT_EQ(version.code, 0);
  EXPECT_EQ(version.out.rfind("hexfront ", 0), 0u) << version.out;
  EXPECT_NE(version.out.find(expected), std::string::npos) << version.out << " lacks " << expected;
  const Outcome selfplay = run("selfplay --game toy --seed 5 --games 1");
  EXPECT_NE(selfplay.out.find("; build: " + expected.substr(1)), std::string::npos) << selfplay.out;
}

// --records writes each game's record; one that cannot be written is a problem of
// the run (exit 1), and the other games' records are still written.
TEST(Cli, SelfplayWritesRecordsAndReportsOneItCannotWrite) {
  const auto dir = std::filesystem::temp_directory_path() / "hexfront_selfplay_records";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const Outcome good = run("selfplay --game toy --seed 5 --games 2 --records " + dir.string());
  EXPECT_EQ(good.code, 0) << good.out;
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "1-5.json"));
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "1-6.json"));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "1-5.json");  // a directory where the file must go
  const Outcome bad = run("selfplay --game toy --seed 5 --games 2 --records " + dir.string());
  EXPECT_EQ(bad.code, 1) << bad.out;
  EXPECT_NE(bad.out.find("records not written 1"), std::string::npos) << bad.out;
  EXPECT_NE(bad.out.find("seed 5: cannot write the record"), std::string::npos) << bad.out;
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "1-6.json"));
  std::filesystem::remove_all(dir);
}

TEST(Cli, SelfplayPlaysAiSidesOnThreadsAndPlotsTheVp) {
  const auto plot = std::filesystem::temp_directory_path() / "hexfront_selfplay_test.svg";
  std::filesystem::remove(plot);
  const Outcome r = run("selfplay --game toy --blue greedy --red search --iterations 5 --games 2 --threads 2 --plot " +
                        plot.string());
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("Blue greedy, Red search"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("finished 2, dead ends 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("VP histogram"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("winner"), std::string::npos) << r.out;
  std::ifstream in(plot);
  std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(svg.find("(2 games)"), std::string::npos) << svg;
  // a side the game does not have, or a player nobody knows, is a usage error
  EXPECT_EQ(run("selfplay --game toy --allied search --games 1").code, 2);
  EXPECT_EQ(run("selfplay --game toy --blue oracle --games 1").code, 2);
  EXPECT_EQ(run("selfplay --game toy --scenario 9 --games 1").code, 2);
}

TEST(Cli, ReplayChecksARecordFile) {
  const Outcome rec = run("engine < " + temp_file("hexfront_cli_requests.jsonl",
                                              "{\"cmd\":\"new\",\"game\":\"toy\",\"scenario\":\"1\",\"seed\":3}\n"
                                              "{\"cmd\":\"do\",\"action\":{\"type\":\"end_phase\"}}\n"
                                              "{\"cmd\":\"record\"}\n"));
  const std::string last = rec.out.substr(rec.out.rfind("{\"ok\""));
  const std::string record = last.substr(last.find("\"record\":") + 9, last.rfind('}') - last.find("\"record\":") - 9);
  const Outcome good = run("replay " + temp_file("hexfront_cli_record.json", record));
  EXPECT_EQ(good.code, 0) << good.out << record;
  std::string broken = record;
  broken.replace(broken.find("\"hashes\":[\"") + 11, 4, "ffff");
  EXPECT_EQ(run("replay " + temp_file("hexfront_cli_broken.json", broken)).code, 1);
}

// --at stops where a turn's step begins; --state writes that position, and the
// protocol loads it to the same hash. A stop the record never reaches, or a step the
// game does not have, is an error that says so.
TEST(Cli, ReplayStopsAtATurnsStepAndWritesItsState) {
  const auto dir = std::filesystem::temp_directory_path() / "hexfront_cli_replay_at";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  ASSERT_EQ(run("selfplay --game toy --seed 5 --games 1 --records " + dir.string()).code, 0);
  const std::string record = (dir / "1-5.json").string();
  const std::string state = (dir / "state.json").string();

  const Outcome at = run("replay " + record + " --at 2:combat --state " + state);
  ASSERT_EQ(at.code, 0) << at.out;
  EXPECT_NE(at.out.find("turn 2, Blue Combat Phase"), std::string::npos) << at.out;
  const size_t h = at.out.rfind("; hash ");
  ASSERT_NE(h, std::string::npos) << at.out;
  const std::string hash = at.out.substr(h + 7, 16);

  std::ifstream in(state);
  const std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_NE(json.find("\"step\": \"combat\""), std::string::npos) << json;
  std::string one_line;
  for (const char c : json) one_line += c == '\n' ? ' ' : c;
  const Outcome loaded = run("engine < " + temp_file("hexfront_cli_load.jsonl", "{\"cmd\":\"load\",\"state\":" +
                                                                                 one_line + "}\n{\"cmd\":\"hash\"}\n"));
  EXPECT_NE(loaded.out.rfind("\"hash\":\"" + hash + "\""), std::string::npos) << loaded.out;

  // The whole record replays past the stop point; the stop moves with the turn.
  const Outcome later = run("replay " + record + " --at 3");
  EXPECT_EQ(later.code, 0) << later.out;
  EXPECT_NE(later.out.find("turn 3, Blue Movement Phase"), std::string::npos) << later.out;
  EXPECT_EQ(run("replay " + record + " --at 99").code, 1);
  EXPECT_EQ(run("replay " + record + " --at 2:no_such_step").code, 1);
  EXPECT_EQ(run("replay " + record + " --at two").code, 1);
  std::filesystem::remove_all(dir);
}

TEST(Cli, ValidateReportsFileAndLine) {
  EXPECT_EQ(run(std::string("validate ") + HEXFRONT_DATA_DIR + "/games/toy").code, 0);
  const Outcome bad = run("validate " + temp_file("hexfront_cli_bad.json", "{\n  \"a\": 1,\n  oops\n}\n"));
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.out.find("hexfront_cli_bad.json:3: not valid JSON"), std::string::npos) << bad.out;
  EXPECT_EQ(run("validate /no/such/path").code, 2);
}

TEST(Cli, TablesShowProvenance) {
  // Each cell carries its provenance mark: ᵃ assumed, ᵖ public, ˢ seed.
  const Outcome toy = run("tables toy");
  EXPECT_EQ(toy.code, 0);
  EXPECT_NE(toy.out.find("Combat results"), std::string::npos);
  EXPECT_NE(toy.out.find("ALᵃ"), std::string::npos);
  EXPECT_NE(toy.out.find("6ᵖ"), std::string::npos);
  EXPECT_NE(toy.out.find("assumed: toy test game"), std::string::npos);
  const Outcome ard2 = run("tables ard2");
  EXPECT_EQ(ard2.code, 0);
  EXPECT_NE(ard2.out.find("remove_unitˢ"), std::string::npos);
  EXPECT_NE(ard2.out.find("seed: ARD2 3.7"), std::string::npos);
}

}  // namespace
