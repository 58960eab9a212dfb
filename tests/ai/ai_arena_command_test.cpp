// `hexfront arena` end to end: the binary plays a short match and writes its plot.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

std::string run(const std::string& command, int& status) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return out;
  std::array<char, 512> buf{};
  while (fgets(buf.data(), int(buf.size()), pipe)) out += buf.data();
  status = pclose(pipe);
  return out;
}

TEST(AiArenaCommand, PlaysBothSidesAndWritesTheVpPlot) {
  const auto plot = std::filesystem::temp_directory_path() / "hexfront_arena_test.svg";
  std::filesystem::remove(plot);
  int status = -1;
  const std::string out = run(std::string(HEXFRONT_BINARY) +
                                  " arena --game toy --first greedy --second random --seeds 3 --threads 1 --plot " +
                                  plot.string(),
                              status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_NE(out.find("greedy vs random as Blue: "), std::string::npos) << out;
  EXPECT_NE(out.find("greedy vs random as Red: "), std::string::npos) << out;
  EXPECT_NE(out.find("winner"), std::string::npos) << out;
  std::ifstream in(plot);
  std::stringstream svg;
  svg << in.rdbuf();
  EXPECT_NE(svg.str().find("<svg"), std::string::npos);
  EXPECT_NE(svg.str().find("(6 games)"), std::string::npos);
}

TEST(AiArenaCommand, ReportsEachGameOnStderrAsItEnds) {
  int status = -1;
  const std::string err = run(std::string(HEXFRONT_BINARY) +
                                  " arena --game toy --first greedy --second random --seeds 2 --seed 5 --threads 1"
                                  " 2>&1 >/dev/null",
                              status);
  EXPECT_EQ(status, 0) << err;
  // The first line names the binary's build, so a file of these lines says what played.
  EXPECT_EQ(err.rfind("hexfront ", 0), 0u) << err;
  const std::string first_line = err.substr(0, err.find('\n'));
  EXPECT_TRUE(first_line.find(" (commit ") != std::string::npos ||
              first_line.find(" (source not under git)") != std::string::npos)
      << first_line;
  // Two seeds from both sides: four lines, numbered, each naming its seed and side.
  EXPECT_NE(err.find("[1/4] seed 5, greedy as Blue: "), std::string::npos) << err;
  EXPECT_NE(err.find("[2/4] seed 6, greedy as Blue: "), std::string::npos) << err;
  EXPECT_NE(err.find("[3/4] seed 5, greedy as Red: "), std::string::npos) << err;
  EXPECT_NE(err.find("[4/4] seed 6, greedy as Red: "), std::string::npos) << err;
  EXPECT_EQ(err.find("[5/4]"), std::string::npos) << err;
}

TEST(AiArenaCommand, PlaysOnlyTheSideAskedFor) {
  int status = -1;
  const std::string out = run(std::string(HEXFRONT_BINARY) +
                                  " arena --game toy --first greedy --second random --seeds 2 --seed 5 --side red"
                                  " --threads 1 2>&1",
                              status);
  EXPECT_EQ(status, 0) << out;
  // Two seeds, Red only: two games, numbered out of two, and a summary line for Red alone.
  EXPECT_NE(out.find("[1/2] seed 5, greedy as Red: "), std::string::npos) << out;
  EXPECT_NE(out.find("[2/2] seed 6, greedy as Red: "), std::string::npos) << out;
  EXPECT_EQ(out.find("greedy as Blue"), std::string::npos) << out;
  EXPECT_NE(out.find("greedy vs random as Red: "), std::string::npos) << out;
  EXPECT_EQ(out.find("greedy vs random as Blue: "), std::string::npos) << out;
  EXPECT_NE(out.find("2 games in"), std::string::npos) << out;
}

// --records writes each game's record, named by scenario, seed and the measured
// player's side, and `hexfront replay` plays it to the same hashes and the same end.
TEST(AiArenaCommand, WritesEachGameRecordForReplay) {
  const auto dir = std::filesystem::temp_directory_path() / "hexfront_arena_records" / "made";
  std::filesystem::remove_all(dir.parent_path());
  int status = -1;
  const std::string err = run(std::string(HEXFRONT_BINARY) +
                                  " arena --game toy --first greedy --second random --seeds 1 --seed 7 --threads 1"
                                  " --records " + dir.string() + " 2>&1 >/dev/null",
                              status);
  EXPECT_EQ(status, 0) << err;
  for (const char* side : {"Blue", "Red"}) {
    const auto record = dir / (std::string("1-7-") + side + ".json");
    ASSERT_TRUE(std::filesystem::is_regular_file(record)) << record;
    const std::string replay = run(std::string(HEXFRONT_BINARY) + " replay " + record.string() + " 2>&1", status);
    EXPECT_EQ(status, 0) << replay;
    EXPECT_NE(replay.find("every hash matches"), std::string::npos) << replay;
    // The game's line on stderr ("... greedy as Blue: Blue won (Victory), VP 0, 39 actions, ...")
    // and the replay agree on its length and its winner.
    std::string line = err.substr(err.find(std::string("greedy as ") + side));
    line = line.substr(0, line.find('\n'));
    const std::string winner = line.substr(line.find(": ") + 2, line.find(" won") - line.find(": ") - 2);
    const size_t actions_end = line.find(" actions");
    const std::string actions = line.substr(line.rfind(' ', actions_end - 1) + 1, actions_end - line.rfind(' ', actions_end - 1) - 1);
    EXPECT_NE(replay.find(": " + actions + " entries replayed"), std::string::npos) << replay << "\n" << line;
    EXPECT_NE(replay.find("\"winner\":\"" + winner + "\""), std::string::npos) << replay << "\n" << line;
  }
  std::filesystem::remove_all(dir.parent_path());
}

// A records path that cannot be made a directory stops the run before any game.
TEST(AiArenaCommand, RefusesARecordsPathItCannotMake) {
  const auto file = std::filesystem::temp_directory_path() / "hexfront_arena_records_file";
  std::ofstream(file) << "not a directory";
  int status = -1;
  const std::string err = run(std::string(HEXFRONT_BINARY) + " arena --game toy --seeds 1 --records " +
                                  (file / "sub").string() + " 2>&1 >/dev/null",
                              status);
  EXPECT_NE(status, 0);
  EXPECT_NE(err.find("cannot make the records directory"), std::string::npos) << err;
  EXPECT_EQ(err.find("[1/"), std::string::npos) << err;
  std::filesystem::remove(file);
}

TEST(AiArenaCommand, RefusesAnUnknownSideNamingTheSides) {
  int status = -1;
  const std::string err =
      run(std::string(HEXFRONT_BINARY) + " arena --game toy --side green --seeds 1 2>&1 >/dev/null", status);
  EXPECT_NE(status, 0);
  EXPECT_NE(err.find("unknown side 'green': the sides are Blue, Red"), std::string::npos) << err;
}

TEST(AiArenaCommand, RefusesAnUnknownPlayer) {
  int status = -1;
  run(std::string(HEXFRONT_BINARY) + " arena --first nobody --seeds 1 2>/dev/null", status);
  EXPECT_NE(status, 0);
}

}  // namespace
