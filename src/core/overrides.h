// Owner overrides: a player who owns the printed game corrects any table cell or
// counter value we had to reconstruct, in a line-based text file (syntax in
// docs/overrides.md), without editing the shipped data:
//
//   hexfront-override 1
//   game ard2
//   table crt "7" "3:1" = D2r2
//   unit "12SS.Pz.I/12" defense@1 = 3
//
// Every line is checked against the loaded tables and counters; the file is applied
// only when all of it is valid, and each value it sets gets Source{Owner,
// "<file name>:<line>"}.
#pragma once

#include <functional>
#include <optional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/catalog_json.h"
#include "core/table.h"

namespace core {

// One defect of an override file: "file:line: reason".
struct OverrideIssue {
  std::string file;
  int line = 0;
  std::string reason;
  std::string to_string() const;
};

// A game's own check of a new table value (e.g. that a CRT cell is a result it can
// read): "" when fine, else the reason, reported at the line.
using TableValueCheck =
    std::function<std::string(const Table& table, int row, int column, const nlohmann::json& value)>;

// Applies the override `text` (named `file` in issues and notes) to `tables` and
// `counters`. On any defect returns false, leaves both untouched and appends every
// defect to `issues`. A `game` line must name counters.game.
bool apply_overrides(std::string_view text, const std::string& file, TableSet& tables, CounterSet& counters,
                     std::vector<OverrideIssue>& issues, const TableValueCheck& check = {});

// The same for a file on disk; issues and notes name it by its file name
// ("owner.override"). A missing file is a defect: callers that treat the default
// data/games/<game>/owner.override as optional test for it first.
bool apply_override_file(const std::string& path, TableSet& tables, CounterSet& counters,
                         std::vector<OverrideIssue>& issues, const TableValueCheck& check = {});

// Everything a game reads from data/games/<game>/ apart from its map and scenarios.
struct GameData {
  TableSet tables;
  CounterSet counters;
};

// Loads `game_dir`/tables/*.json and `game_dir`/counters.json (flags as in
// load_counters), then applies the owner override: `override_path`, or when that is
// empty `game_dir`/owner.override if it exists. nullopt with every defect in `errors`
// when anything is wrong; a defective override refuses the data, as the owner expects
// his values to be used.
std::optional<GameData> load_game_data(const std::string& game_dir, const std::vector<std::string>& flag_names,
                                       const std::string& override_path, std::vector<std::string>& errors,
                                       const TableValueCheck& check = {});

}  // namespace core
