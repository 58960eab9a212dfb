#include "core/table.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace core {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using nlohmann::json;

const std::string kTables = std::string(HEXFRONT_DATA_DIR) + "/games/ard2/tables";

TableSet ard2_tables() {
  std::vector<std::string> errors;
  auto set = TableSet::load(kTables, errors);
  EXPECT_THAT(errors, ElementsAre());
  return set ? std::move(*set) : TableSet{};
}

// A small valid table; tests break one part of it at a time.
json small_table() {
  return json::parse(R"({
    "schema": "hexfront.table/1", "id": "t", "title": "Test", "rule": "X 1.0", "dice": "1d6",
    "legend": {"D": "defender"},
    "provenance": {"S": {"kind": "seed", "note": "L1"}, "A": {"kind": "assumed", "note": "why"}},
    "columns": ["1:1", "2:1"],
    "rows": [
      {"label": "1-3", "min": null, "max": 3, "cells": ["A1", "D1"], "prov": "S"},
      {"label": "4-6", "min": 4, "max": 6, "cells": ["D1", 2], "prov": ["S", "A"], "kind": "hex"}
    ]})");
}

std::vector<std::string> errors_of(const json& j) {
  std::vector<std::string> errors;
  EXPECT_FALSE(Table::from_json(j, "tables/t.json", errors));
  return errors;
}

TEST(TableTest, LoadsEveryArdennesTable) {
  const TableSet set = ard2_tables();
  EXPECT_EQ(set.tables().size(), 15u);
  for (const char* id : {"crt", "tec", "dg_effects", "vp_hexes", "turn_record", "weather"})
    EXPECT_NE(set.find(id), nullptr) << id;
}

TEST(TableTest, CrtCellsCarryTheirProvenance) {
  const TableSet set = ard2_tables();
  const Table& crt = *set.find("crt");
  EXPECT_EQ(crt.dice(), "2d6");
  // given the seed rows "2 or 3" and "4", and the assumed gap at the end of row 4
  const TableCell* seed = crt.find("2-3", "6:1");
  ASSERT_NE(seed, nullptr);
  EXPECT_EQ(seed->text(), "A1D1");
  EXPECT_EQ(seed->source.kind, Provenance::Seed);
  EXPECT_THAT(seed->source.note, HasSubstr("L1631"));
  const TableCell& gap = crt.cell(crt.row_index("4"), crt.column_index("7:1+"));
  EXPECT_EQ(gap.text(), "D1r1");
  EXPECT_EQ(gap.source.kind, Provenance::Assumed);
  EXPECT_EQ(gap.source_key, "A4");
  EXPECT_EQ(crt.cell(crt.row_index("4"), 0).source.kind, Provenance::Seed);
  EXPECT_EQ(crt.find("12", "7:1+")->text(), "D3r4");
  EXPECT_EQ(crt.find("12", "7:1+")->source.kind, Provenance::Assumed);
}

TEST(TableTest, RollsFindTheirRow) {
  const TableSet set = ard2_tables();
  const Table& crt = *set.find("crt");
  EXPECT_EQ(crt.rows()[size_t(crt.row_for(3))].label, "2-3");
  EXPECT_EQ(crt.rows()[size_t(crt.row_for(7))].label, "7");
  EXPECT_EQ(crt.row_for(13), -1);
  const Table& levels = *set.find("victory_levels");
  EXPECT_EQ(levels.rows()[size_t(levels.row_for(40))].label, "33+");  // open upper end
  EXPECT_EQ(set.find("tec")->row_for(1), -1);                          // no ranges at all
}

TEST(TableTest, TecCellsAsTextAndNumbers) {
  const TableSet set = ard2_tables();
  const Table& tec = *set.find("tec");
  const TableCell& woods_mech = *tec.find("Woods", "mech_mp");
  EXPECT_EQ(woods_mech.as_int(), 6);
  EXPECT_EQ(woods_mech.source.kind, Provenance::Seed);
  EXPECT_EQ(tec.find("Woods", "leg_mp")->source.kind, Provenance::Assumed);
  EXPECT_EQ(tec.find("Stream", "mech_mp")->as_int(), 2);  // "+2"
  EXPECT_EQ(tec.find("Road", "leg_mp")->as_int(), std::nullopt);  // "1/2"
  EXPECT_EQ(tec.find("City", "defender_hex_shift")->text(), "2L");
  EXPECT_EQ(tec.find("Woods", "nope"), nullptr);
  EXPECT_EQ(tec.rows()[size_t(tec.row_index("River"))].extra["kind"], "hexside");
  EXPECT_TRUE(tec.extra().contains("legend"));
}

TEST(TableTest, ColumnKindsAndUnknownCells) {
  const TableSet set = ard2_tables();
  const Table& vp = *set.find("vp_hexes");
  EXPECT_EQ(vp.column_kind(0), CellKind::Text);
  EXPECT_EQ(vp.column_kind(1), CellKind::Integer);
  EXPECT_EQ(vp.find("Namur", "vp")->as_int(), 3);
  // St. Vith's hex is not in the seed: taken from the reconstructed map, tagged assumed.
  EXPECT_EQ(vp.find("St. Vith", "hex")->text(), "B21.33");
  EXPECT_EQ(vp.find("St. Vith", "hex")->source.kind, Provenance::Assumed);
  // A cell nobody knows is null and shows as empty text.
  json j = small_table();
  j["rows"][0]["cells"][1] = nullptr;
  std::vector<std::string> errors;
  const auto t = Table::from_json(j, "t.json", errors);
  ASSERT_TRUE(t) << errors[0];
  EXPECT_EQ(t->cell(0, 1).text(), "");
  EXPECT_TRUE(t->cell(0, 1).value.is_null());
  const Table& turns = *set.find("turn_record");
  EXPECT_EQ(turns.column_kind(1), CellKind::List);
  EXPECT_EQ(turns.find("1", "flags")->text(), "traffic_jams,rubber_boats,no_german_exploitation");
}

TEST(TableTest, SmallTableReadsEveryPart) {
  std::vector<std::string> errors;
  const auto t = Table::from_json(small_table(), "t.json", errors);
  ASSERT_TRUE(t) << errors[0];
  EXPECT_EQ(t->id(), "t");
  EXPECT_EQ(t->rule(), "X 1.0");
  EXPECT_THAT(t->columns(), ElementsAre("1:1", "2:1"));
  EXPECT_FALSE(t->rows()[0].min.has_value());
  EXPECT_EQ(t->rows()[0].max, 3);
  EXPECT_EQ(t->row_for(-5), 0);
  EXPECT_EQ(t->cell(1, 1).as_int(), 2);
  EXPECT_EQ(t->cell(1, 1).source.kind, Provenance::Assumed);
  EXPECT_EQ(t->column_kind(1), CellKind::Text);
  EXPECT_EQ(t->sources().size(), 2u);
}

TEST(TableTest, ReportsEveryDefectWithItsPath) {
  json j = small_table();
  j["rows"][1]["cells"].erase(1);
  j["rows"][0]["prov"] = "X";
  j["rows"][0]["cells"][0] = 1.5;
  EXPECT_THAT(errors_of(j), ElementsAre("tables/t.json: rows[0].cells[0]: not a string, integer, null or list of strings",
                                        "tables/t.json: rows[0].prov: unknown provenance key \"X\"",
                                        "tables/t.json: rows[1]: 1 cells, 2 columns",
                                        "tables/t.json: rows[1].prov: 2 keys, 1 cells"));
}

TEST(TableTest, ReportsHeaderDefects) {
  json j = small_table();
  j["schema"] = "hexfront.table/2";
  j.erase("id");
  j["provenance"]["B"] = {{"kind", "guess"}};
  j["columns"].push_back("1:1");
  EXPECT_THAT(errors_of(j), ElementsAre("tables/t.json: schema: want \"hexfront.table/1\"", "tables/t.json: id: missing",
                                        "tables/t.json: provenance.B: source kind \"guess\" is not seed, public, assumed or owner",
                                        "tables/t.json: columns[2]: repeated label \"1:1\""));
  EXPECT_THAT(errors_of(json::array()), ElementsAre("tables/t.json: top level: not an object"));
  EXPECT_THAT(errors_of(json::object()), Contains("tables/t.json: rows: missing list of rows"));
}

TEST(TableTest, ReportsRowDefects) {
  json j = small_table();
  j["rows"][1]["label"] = "1-3";
  j["rows"][1]["min"] = 3;
  j["rows"].push_back({{"label", "x"}, {"min", 9}, {"max", 8}, {"cells", {"a", "b"}}});
  j["rows"].push_back("row");
  EXPECT_THAT(errors_of(j), ElementsAre("tables/t.json: rows[2]: min 9 above max 8", "tables/t.json: rows[2].prov: missing",
                                        "tables/t.json: rows[3]: not an object",
                                        "tables/t.json: rows[1]: label \"1-3\" repeats rows[0]",
                                        "tables/t.json: rows[1]: range overlaps rows[0]"));
}

TEST(TableTest, BrokenFilesInAFolderAreNamedAndNothingIsLoaded) {
  const auto dir = std::filesystem::temp_directory_path() / "hexfront_table_test" / "tables";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "a.json") << small_table().dump(1);
  std::ofstream(dir / "b.json") << "{\n  \"schema\": \"hexfront.table/1\",\n  \"id\": ,\n}";
  json twin = small_table();
  std::ofstream(dir / "c.json") << twin.dump();
  std::vector<std::string> errors;
  EXPECT_FALSE(TableSet::load(dir.string() + "/", errors));
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_THAT(errors[0], HasSubstr("tables/b.json:3: not valid JSON"));
  EXPECT_EQ(errors[1], "tables/c.json: id: another table has the same id");
  errors.clear();
  EXPECT_FALSE(Table::load((dir / "none.json").string(), "tables/none.json", errors));
  EXPECT_THAT(errors, ElementsAre("tables/none.json:0: cannot read the file"));
  std::filesystem::remove_all(dir.parent_path());
}

TEST(TableTest, JsonGivesEveryCellWithItsProvenance) {
  const TableSet set = ard2_tables();
  const json j = to_json(set);
  ASSERT_EQ(j["tables"].size(), 15u);
  const json& crt = j["tables"][4];  // in file-name order
  ASSERT_EQ(crt["id"], "crt");
  EXPECT_EQ(crt["dice"], "2d6");
  EXPECT_TRUE(crt.contains("legend"));
  EXPECT_EQ(crt["rows"][1]["cells"][9], json({{"value", "D1r1"}, {"kind", "assumed"}, {"source", "A4"}}));
  EXPECT_EQ(crt["rows"][1]["min"], 4);
  EXPECT_EQ(crt["sources"]["A4"]["kind"], "assumed");
  EXPECT_EQ(j["tables"][size_t(0)]["dice"], "1d6");  // air_strikes
}

TEST(TableTest, SchemaJsonReadsBackToTheSameTable) {
  const TableSet set = ard2_tables();
  for (const Table& t : set.tables()) {
    std::vector<std::string> errors;
    const auto back = Table::from_json(to_schema_json(t), "again.json", errors);
    ASSERT_TRUE(back) << t.id() << ": " << errors.at(0);
    EXPECT_EQ(to_json(*back), to_json(t)) << t.id();
  }
  const json crt = to_schema_json(*set.find("crt"));
  EXPECT_EQ(crt["rows"][1]["cells"][9], "D1r1");
  EXPECT_EQ(crt["rows"][1]["prov"][9], "A4");
}

TEST(TableTest, TextShowsAlignedCellsWithProvenanceMarks) {
  const TableSet set = ard2_tables();
  const std::string text = format_tables(to_json(*set.find("crt")));
  EXPECT_THAT(text, HasSubstr("crt: Combat Results Table (two dice) [ARD2 3.2; Tables sheet; 2d6]"));
  EXPECT_THAT(text, HasSubstr("\n       1:4    1:3    1:2"));
  EXPECT_THAT(text, HasSubstr("\n  2-3  A2ˢ    A2ˢ"));
  EXPECT_THAT(text, HasSubstr("D1r1ᵃ"));
  EXPECT_THAT(text, HasSubstr("    A4 assumed: row 4 prints 9 cells"));
  EXPECT_THAT(text, HasSubstr("provenance: ˢ seed"));
  EXPECT_THAT(format_tables(to_json(set)), HasSubstr("\n  St. Vith            B21.33ᵃ  3ᵃ\n"));
  json unknown = small_table();
  unknown["rows"][0]["cells"][1] = nullptr;
  std::vector<std::string> errors;
  const auto t = Table::from_json(unknown, "t.json", errors);
  ASSERT_TRUE(t) << errors[0];
  EXPECT_THAT(format_tables(to_json(*t)), HasSubstr("  1-3  A1ˢ  ?ˢ\n"));  // an unknown cell shows as ?
  EXPECT_THAT(format_tables(json("not tables")), HasSubstr("provenance:"));  // no crash on foreign JSON
}

TEST(TableTest, TextAlsoReadsTheSimpleRowForm) {
  // given tables as a game may build them in code: [label, cell...] rows, sources inline
  const json j = json::parse(R"([{"name": "Terrain", "columns": ["terrain", "move"],
    "rows": [["clear", {"value": 2, "source": {"kind": "assumed", "note": "toy"}}],
             ["woods", {"value": 4, "source": {"kind": "seed", "note": "L1"}}]]}])");
  EXPECT_THAT(format_tables(j), HasSubstr("Terrain\n  terrain  move\n  clear    2ᵃ\n  woods    4ˢ\n"
                                          "    assumed: toy\n    seed: L1\n"));
}

}  // namespace
}  // namespace core
