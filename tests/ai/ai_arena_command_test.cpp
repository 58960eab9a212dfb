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
