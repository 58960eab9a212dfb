#include "core/map.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace core {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Two 4x5 SCS sheets side by side: A1..A4 then B1..B4, rows 1..5.
constexpr std::string_view kSmall = R"(# a small test map
hexfront-map 1
game test
ids scs A:4x5 B:4x5
terrain clear woods city village rough
sides road track stream river bridge
default clear

hex A1.03 city "Namur" elev=2 vp=3
hex A2.03 woods rough
hex B1.02 village "Bastogne Road" vp=1 note="two words"
side A4.02 B1.03 track          # the errata-style join across the sheets
side A1.03 A2.03 river bridge built=20Dec
side A2.03 n road
side A1.01 sw road              # a road leaving the map
area entry:A A1.01..A1.05
area entry:A A2.05
area play A3.02 A4.02
edge A2.03 n
)";

std::unique_ptr<Map> parse_ok(std::string_view text, std::string_view over = {}) {
  std::vector<MapIssue> issues;
  auto m =
      over.empty() ? Map::parse(text, "small.map", issues) : Map::parse(text, "small.map", over, "owner.map", issues);
  for (const auto& i : issues) ADD_FAILURE() << i.to_string();
  return m;
}

std::vector<std::string> issues_of(std::string_view text, std::string_view over = {}) {
  std::vector<MapIssue> issues;
  const auto m =
      over.empty() ? Map::parse(text, "bad.map", issues) : Map::parse(text, "bad.map", over, "owner.map", issues);
  EXPECT_FALSE(m);
  std::vector<std::string> out;
  for (const auto& i : issues) out.push_back(i.to_string());
  return out;
}

Hex at(const Map& m, std::string_view id) {
  const auto h = m.ids().parse(id);
  EXPECT_TRUE(h) << id;
  return h.value_or(Hex{});
}

TEST(Map, ParsesTerrainPlacesAttributesAndElevation) {
  const auto m = parse_ok(kSmall);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->game(), "test");
  EXPECT_EQ(m->size(), 40);
  EXPECT_EQ(m->ids().spec(), "scs A:4x5 B:4x5 high=even");
  const Hex namur = at(*m, "A1.03");
  EXPECT_TRUE(m->has_terrain(namur, m->terrain_bit("city")));
  EXPECT_FALSE(m->has_terrain(namur, m->terrain_bit("clear")));
  EXPECT_EQ(m->terrain(at(*m, "A2.03")), (1u << m->terrain_bit("woods")) | (1u << m->terrain_bit("rough")));
  EXPECT_EQ(m->terrain(at(*m, "B4.05")), 1u << m->terrain_bit("clear"));  // unlisted: the default
  EXPECT_EQ(m->terrain(Hex{100, 100}), 0u);
  EXPECT_EQ(m->terrain_bit("swamp"), -1);
  EXPECT_EQ(m->elevation(namur), 2);
  EXPECT_EQ(m->elevation(at(*m, "A2.03")), 0);
  EXPECT_EQ(m->attr(namur, "vp"), "3");
  EXPECT_EQ(m->attr(namur, "none"), "");
  EXPECT_EQ(m->attr(at(*m, "B1.02"), "note"), "two words");
  EXPECT_EQ(m->place(namur), "Namur");
  EXPECT_EQ(m->place(at(*m, "A2.03")), "");
  EXPECT_EQ(m->find_place("Bastogne Road"), at(*m, "B1.02"));
  EXPECT_FALSE(m->find_place("Liege"));
  EXPECT_EQ(m->places().size(), 2u);
}

TEST(Map, DenseIndexCoversEveryHexOnce) {
  const auto m = parse_ok(kSmall);
  ASSERT_TRUE(m);
  for (int i = 0; i < m->size(); ++i) {
    EXPECT_EQ(m->index(m->hex_at(i)), i);
    EXPECT_TRUE(m->contains(m->hex_at(i)));
  }
  EXPECT_EQ(m->index(Hex{-50, 3}), -1);
  EXPECT_EQ(m->hex_at(0), at(*m, "A1.01"));
}

TEST(Map, SidesAreSeenFromBothHexes) {
  const auto m = parse_ok(kSmall);
  ASSERT_TRUE(m);
  const int track = m->side_feature_bit("track"), river = m->side_feature_bit("river");
  const int bridge = m->side_feature_bit("bridge"), road = m->side_feature_bit("road");
  const Hex a4 = at(*m, "A4.02"), b1 = at(*m, "B1.03");
  const int d = direction_to(a4, b1);
  ASSERT_GE(d, 0);
  EXPECT_TRUE(m->has_side(a4, d, track));
  EXPECT_TRUE(m->has_side(b1, opposite(d), track));
  const HexSide crossing = HexSide::between(at(*m, "A2.03"), at(*m, "A1.03"));
  EXPECT_EQ(m->side(crossing), (1u << river) | (1u << bridge));
  EXPECT_EQ(m->attr(crossing, "built"), "20Dec");
  EXPECT_EQ(m->attr(crossing, "other"), "");
  EXPECT_TRUE(m->has_side(at(*m, "A2.04"), direction_from_name("s", Orientation::FlatTop), road));
  // The road leaving the map is kept on its one map hex.
  EXPECT_TRUE(m->has_side(at(*m, "A1.01"), direction_from_name("sw", Orientation::FlatTop), road));
  EXPECT_EQ(m->side(at(*m, "A3.03"), 0), 0u);
}

TEST(Map, AreasEdgesAndRanges) {
  const auto m = parse_ok(kSmall);
  ASSERT_TRUE(m);
  const Area* entry = m->area("entry:A");
  ASSERT_TRUE(entry);
  EXPECT_EQ(entry->hexes.size(), 6u);
  EXPECT_THAT(m->area("play")->hexes, ElementsAre(at(*m, "A3.02"), at(*m, "A4.02")));
  EXPECT_FALSE(m->area("nowhere"));
  EXPECT_EQ(m->areas().size(), 2u);
  // Computed edges: corners get two, the sheet join none.
  EXPECT_EQ(m->edges(at(*m, "A1.01")), kEdgeSouth | kEdgeWest);
  EXPECT_EQ(m->edges(at(*m, "B4.05")), kEdgeNorth | kEdgeEast);
  EXPECT_EQ(m->edges(at(*m, "A4.03")), 0);
  EXPECT_EQ(m->edges(at(*m, "B1.03")), 0);
  EXPECT_EQ(m->edges(at(*m, "A3.05")), kEdgeNorth);
  EXPECT_EQ(m->edges(at(*m, "A3.01")), kEdgeSouth);
  // Declared: A2.03 is inside but the file says it is on the north edge.
  EXPECT_EQ(m->edges(at(*m, "A2.03")), kEdgeNorth);
}

TEST(Map, SaveThenParseIsEqualAndStable) {
  const auto m = parse_ok(kSmall);
  ASSERT_TRUE(m);
  const std::string text = m->save();
  const auto again = parse_ok(text);
  ASSERT_TRUE(again) << text;
  EXPECT_TRUE(*again == *m) << text;
  EXPECT_EQ(again->save(), text);
  EXPECT_THAT(text, HasSubstr("hex A1.03 city \"Namur\" elev=2 vp=3\n"));
  EXPECT_THAT(text, HasSubstr("note=\"two words\""));
  EXPECT_THAT(text, HasSubstr("side A1.01 sw road\n"));
  EXPECT_THAT(text, HasSubstr("area entry:A A1.01..A1.05 A2.05\n"));
  // Ranges come back as ranges, column by column.
  const auto whole = parse_ok(std::string(kSmall) + "area all A1.01..A4.05 B1.01..B4.05\n");
  ASSERT_TRUE(whole);
  EXPECT_EQ(whole->area("all")->hexes.size(), 40u);
  const std::string whole_text = whole->save();
  EXPECT_THAT(whole_text, HasSubstr("area all A1.01..A1.05 A2.01..A2.05 A3.01..A3.05"));
  const auto whole_again = parse_ok(whole_text);
  ASSERT_TRUE(whole_again);
  EXPECT_TRUE(*whole_again == *whole);
  const auto different = parse_ok(std::string(kSmall) + "hex B4.05 woods\n");
  ASSERT_TRUE(different);
  EXPECT_FALSE(*different == *m);
}

TEST(Map, EveryDefectIsReportedWithItsLine) {
  const std::string text = R"(hexfront-map 1
game test
ids scs A:4x5 B:4x5
terrain clear woods
sides road river
hex A1.01 swamp
hex A9.01 clear
hex A1.01 woods
hex Z1.01 woods
side A1.01 A3.01 road
side A1.02 A1.03 canal
area entry A1.02 B9.09
bogus line
hex A1.02 woods elev=high
side A1.04 A1.05 -road
edge A1.02 up
)";
  EXPECT_THAT(
      issues_of(text),
      ElementsAre(HasSubstr("bad.map:6: unknown terrain 'swamp'"),
                  HasSubstr("bad.map:7: hex 'A9.01' is not a hex ID on the declared maps"),
                  HasSubstr("bad.map:8: hex A1.01 already given at line 6"), HasSubstr("bad.map:9: hex 'Z1.01'"),
                  HasSubstr("bad.map:10: side between non-adjacent hexes A1.01 and A3.01"),
                  HasSubstr("bad.map:11: unknown hexside feature 'canal'"), HasSubstr("bad.map:12: area hex 'B9.09'"),
                  HasSubstr("bad.map:13: unknown keyword 'bogus'"), HasSubstr("bad.map:14: elevation 'high'"),
                  HasSubstr("bad.map:15: '-road' removes a feature"), HasSubstr("bad.map:16: unknown map edge 'up'")));
}

TEST(Map, HeaderDefects) {
  EXPECT_THAT(issues_of("hexfront-map 2\ngame x\n"),
              ElementsAre("bad.map:1: unsupported format version '2' (this engine reads 1)"));
  EXPECT_THAT(issues_of("# nothing\n"), ElementsAre(HasSubstr("bad.map:1: empty file")));
  EXPECT_THAT(issues_of("map 1\n"), ElementsAre(HasSubstr("bad.map:1: first line must be 'hexfront-map 1'")));
  EXPECT_THAT(issues_of("hexfront-map 1\ngame x\nids hex 3\nterrain a a\nsides b\nhex A1.01 a\nterrain c\n"),
              ElementsAre(HasSubstr("bad.map:3: bad hex-ID scheme: unknown hex-ID scheme 'hex'"),
                          HasSubstr("bad.map:4: terrain word 'a' given twice"),
                          HasSubstr("bad.map:7: 'terrain' must come before the first hex")));
  EXPECT_THAT(issues_of("hexfront-map 1\ngame x\nids scs A:2x2\nterrain a\nhex A1.01 a \"unterminated\n"),
              ElementsAre(HasSubstr("bad.map:5: unterminated quote"), HasSubstr("bad.map:5: missing 'sides' line")));
}

TEST(Map, OverrideWinsOverTheBase) {
  const std::string_view over = R"(hexfront-override 1
game test
hex A2.03 clear "Clearing"
side A1.03 A2.03 -bridge built=
side A4.02 B1.03 road
area entry:A A3.01
edge A2.03
)";
  const auto m = parse_ok(kSmall, over);
  ASSERT_TRUE(m);
  const Hex h = at(*m, "A2.03");
  EXPECT_EQ(m->terrain(h), 1u << m->terrain_bit("clear"));
  EXPECT_EQ(m->place(h), "Clearing");
  const HexSide crossing = HexSide::between(h, at(*m, "A1.03"));
  EXPECT_EQ(m->side(crossing), 1u << m->side_feature_bit("river"));
  EXPECT_EQ(m->attr(crossing, "built"), "");
  const HexSide join = HexSide::between(at(*m, "A4.02"), at(*m, "B1.03"));
  EXPECT_EQ(m->side(join), (1u << m->side_feature_bit("road")) | (1u << m->side_feature_bit("track")));
  EXPECT_THAT(m->area("entry:A")->hexes, ElementsAre(at(*m, "A3.01")));
  EXPECT_EQ(m->edges(h), 0);
  // The merged map saves as one plain map.
  const auto again = parse_ok(m->save());
  ASSERT_TRUE(again);
  EXPECT_TRUE(*again == *m);
}

TEST(Map, OverrideDefectsCarryTheOverrideFileAndLine) {
  const std::string_view over = "hexfront-override 1\ngame other\nterrain x\nhex A2.03 lava\nside A1.01 A1.05 road\n";
  EXPECT_THAT(issues_of(kSmall, over), ElementsAre(HasSubstr("owner.map:2: override is for game 'other'"),
                                                   HasSubstr("owner.map:3: an override file cannot change 'terrain'"),
                                                   HasSubstr("owner.map:4: unknown terrain 'lava'"),
                                                   HasSubstr("owner.map:5: side between non-adjacent")));
}

TEST(Map, LoadAndValidateFiles) {
  const auto dir = std::filesystem::temp_directory_path() / "hexfront_map_test";
  std::filesystem::create_directories(dir);
  const auto base = (dir / "base.map").string(), over = (dir / "over.map").string();
  std::ofstream(base) << kSmall;
  std::ofstream(over) << "hexfront-override 1\nhex A9.01 clear\n";
  std::vector<MapIssue> issues;
  EXPECT_TRUE(Map::load(base, issues));
  EXPECT_TRUE(issues.empty());
  EXPECT_TRUE(validate_map_file(base).empty());
  const auto bad = validate_map_file(base, over);
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0].file, over);
  EXPECT_EQ(bad[0].line, 2);
  const auto missing = validate_map_file((dir / "missing.map").string());
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_THAT(missing[0].reason, HasSubstr("cannot read"));
  std::filesystem::remove_all(dir);
}

TEST(Map, SpiAndWotMapsParseToo) {
  const auto spi = parse_ok(
      "hexfront-map 1\ngame bfa\nids spi\nterrain clear town\nsides road\ndefault clear\n"
      "hex B0101 town \"Overlap\"\nside C2322 C2321 road\n");
  ASSERT_TRUE(spi);
  EXPECT_EQ(spi->place(at(*spi, "D2301")), "Overlap");
  EXPECT_EQ(spi->find_place("Overlap"), at(*spi, "A0122"));
  EXPECT_THAT(spi->save(), HasSubstr("hex A0122 town \"Overlap\"\n"));
  const auto wot = parse_ok("hexfront-map 1\ngame wot\nids wot\nterrain clear\nsides road\nside E4110 E4211 road\n");
  ASSERT_TRUE(wot);
  EXPECT_TRUE(wot->has_side(at(*wot, "E4211"), direction_to(at(*wot, "E4211"), at(*wot, "E4110")), 0));
}

}  // namespace
}  // namespace core
