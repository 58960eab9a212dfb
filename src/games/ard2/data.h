// Reading Ardennes II data (data/games/ard2, formats in its README.md) into the rule
// functions' types: the TEC, the CRT, victory levels and each counter's UnitInfo.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/catalog_json.h"
#include "games/ard2/position.h"
#include "games/ard2/status.h"
#include "series/scs/board.h"
#include "series/scs/crt.h"

namespace ard2 {

// The data folder: $HEXFRONT_DATA, else the source tree's data/ (HEXFRONT_DATA_DIR).
std::string data_root();
// Reads a JSON file; false with `err` set when missing or malformed.
bool read_json(const std::string& path, nlohmann::json& out, std::string& err);

// A printed SCS hex number: "A33.11" is sheet 'A', column 33, row 11. All zero when
// `id` is not of that form. Scenario files bound play areas and edges with them.
struct HexNumber {
  char sheet = 0;
  int col = 0, row = 0;
};
HexNumber hex_number(const std::string& id);

// tables/tec.json: hex rows with MP costs ("1/2", "3", "P", "ot", "DG"), the defender
// shift ("2L"), Barrage ranges ("3-4", "5-6", "-", "ot"); hexside rows with "+n" costs
// and per-stack shifts; Road/Track rates; the Enemy ZOC Bond and Moving Adjacently
// extras. Rows whose effect is a rule (occupied Traffic Jams, bridges, markers,
// Overrun) are not terrain and are left to the code that implements them.
bool tec_from_table(const nlohmann::json& table, scs::Tec& out, std::string& err);

// tables/victory_levels*.json: rows with min (null = 0) and the level name; the winner
// is read from the name ("German", "Allied", else a draw).
bool levels_from_table(const nlohmann::json& table, std::vector<VictoryLevel>& out, std::string& err);

// One UnitInfo per unit of the catalog read from counters.json (core::load_game_data,
// owner overrides applied), in catalog order; `formations` is the file's formation
// list (which are Independents, ARD2 3.1).
bool units_from_catalog(const core::CounterSet& counters, const nlohmann::json& formations, std::vector<UnitInfo>& out,
                        std::string& err);

}  // namespace ard2
