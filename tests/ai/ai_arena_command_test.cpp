// `hexfront arena` end to end: the binary plays a short match and writes its plot.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
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

// A toy position on Turn 2, cut from a recorded game by `hexfront replay --at 2 --state`.
std::filesystem::path toy_position(const std::filesystem::path& dir) {
  std::filesystem::remove_all(dir);
  int status = -1;
  const std::string bin = HEXFRONT_BINARY;
  run(bin + " arena --game toy --first greedy --second random --seeds 1 --seed 7 --side blue --threads 1 --records " +
          (dir / "records").string() + " >/dev/null 2>&1",
      status);
  EXPECT_EQ(status, 0);
  std::filesystem::create_directories(dir / "positions");
  const auto position = dir / "positions" / "turn2.json";
  run(bin + " replay " + (dir / "records" / "1-7-Blue.json").string() + " --at 2 --state " + position.string() +
          " >/dev/null 2>&1",
      status);
  EXPECT_EQ(status, 0);
  return position;
}

// --from plays each position from every seed, its dice reseeded per seed: the games
// start on Turn 2, differ from one seed to the next, name their position, and their
// records (which carry the position) replay to the same end.
TEST(AiArenaCommand, PlaysFromASavedPositionWithFreshDicePerSeed) {
  const auto dir = std::filesystem::temp_directory_path() / "hexfront_arena_from";
  const auto position = toy_position(dir);
  ASSERT_TRUE(std::filesystem::is_regular_file(position));
  int status = -1;
  const std::string out = run(std::string(HEXFRONT_BINARY) + " arena --game toy --from " +
                                  position.parent_path().string() +
                                  " --first greedy --second random --seeds 3 --seed 11 --side blue --threads 1"
                                  " --records " + (dir / "played").string() + " 2>&1",
                              status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_NE(out.find("[1/3] seed 11 from turn2.json, greedy as Blue: "), std::string::npos) << out;
  EXPECT_NE(out.find("[3/3] seed 13 from turn2.json, greedy as Blue: "), std::string::npos) << out;
  EXPECT_NE(out.find("1 positions from "), std::string::npos) << out;
  const size_t tally = out.find("turn2.json as Blue: ");
  ASSERT_NE(tally, std::string::npos) << out;
  EXPECT_EQ(out.substr(out.find('/', tally), 3), "/3\n") << out;
  const nlohmann::json saved = nlohmann::json::parse(std::ifstream(position));
  std::set<std::string> dice;  // each record's starting generator state
  for (int seed = 11; seed <= 13; ++seed) {
    const auto record = dir / "played" / ("1-turn2-" + std::to_string(seed) + "-Blue.json");
    ASSERT_TRUE(std::filesystem::is_regular_file(record)) << record;
    const std::string replay = run(std::string(HEXFRONT_BINARY) + " replay " + record.string() + " 2>&1", status);
    EXPECT_EQ(status, 0) << replay;
    EXPECT_NE(replay.find("every hash matches"), std::string::npos) << replay;
    // The record begins at the position, its dice reseeded: the units stand as saved,
    // the generator is the seed's own.
    const nlohmann::json start = nlohmann::json::parse(std::ifstream(record))["start"];
    EXPECT_EQ(start["units"], saved["units"]) << record;
    EXPECT_EQ(start["turn"], saved["turn"]) << record;
    EXPECT_NE(start["rng"], saved["rng"]) << record;
    dice.insert(start["rng"].dump());
  }
  EXPECT_EQ(dice.size(), 3u);
  std::filesystem::remove_all(dir);
}

// Two positions played from the same seed draw their own dice: the seed alone gave
// every position of a run one stream of dice, so a run's positions fared together.
TEST(AiArenaCommand, GivesEachPositionItsOwnDiceForTheSameSeed) {
  const auto dir = std::filesystem::temp_directory_path() / "hexfront_arena_from_two";
  const auto turn2 = toy_position(dir);
  int status = -1;
  const std::string bin = HEXFRONT_BINARY;
  run(bin + " replay " + (dir / "records" / "1-7-Blue.json").string() + " --at 3 --state " +
          (turn2.parent_path() / "turn3.json").string() + " >/dev/null 2>&1",
      status);
  ASSERT_EQ(status, 0);
  const std::string out = run(bin + " arena --game toy --from " + turn2.parent_path().string() +
                                  " --first greedy --second random --seeds 2 --seed 11 --side blue --threads 1"
                                  " --records " + (dir / "played").string() + " 2>&1",
                              status);
  ASSERT_EQ(status, 0) << out;
  std::set<std::string> dice;  // each record's starting generator state
  for (const char* stem : {"turn2", "turn3"})
    for (int seed = 11; seed <= 12; ++seed) {
      const auto record = dir / "played" / ("1-" + std::string(stem) + "-" + std::to_string(seed) + "-Blue.json");
      ASSERT_TRUE(std::filesystem::is_regular_file(record)) << record;
      dice.insert(nlohmann::json::parse(std::ifstream(record))["start"]["rng"].dump());
    }
  EXPECT_EQ(dice.size(), 4u);
  std::filesystem::remove_all(dir);
}

// A --from that is not a position of the game is named, and no game is played.
TEST(AiArenaCommand, RefusesAFromPathThatIsNotAPosition) {
  const auto dir = std::filesystem::temp_directory_path() / "hexfront_arena_from_bad";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "broken.json") << "{\"flow\": 3}";
  int status = -1;
  const std::string bin = HEXFRONT_BINARY;
  std::string err = run(bin + " arena --game toy --seeds 1 --from " + (dir / "broken.json").string() + " 2>&1", status);
  EXPECT_NE(status, 0);
  EXPECT_NE(err.find("broken.json: not a position of toy"), std::string::npos) << err;
  EXPECT_EQ(err.find("[1/"), std::string::npos) << err;
  err = run(bin + " arena --game toy --seeds 1 --from " + (dir / "missing.json").string() + " 2>&1", status);
  EXPECT_NE(status, 0);
  EXPECT_NE(err.find("missing.json: no such file or directory"), std::string::npos) << err;
  std::filesystem::remove(dir / "broken.json");
  err = run(bin + " arena --game toy --seeds 1 --from " + dir.string() + " 2>&1", status);
  EXPECT_NE(status, 0);
  EXPECT_NE(err.find("no .json position in the directory"), std::string::npos) << err;
  std::filesystem::remove_all(dir);
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
