// Reading the game's JSON data files (counters, tables, scenarios) with errors a
// person can act on: "data/games/toy/counters.json:12: ..." and, for values, the path
// of the bad field ("counters[3].values[0].ma: not an integer").
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/provenance.h"
#include "core/units.h"

namespace core {

// The parsed file, or nullopt with `error` = "file:line: reason".
std::optional<nlohmann::json> read_json_file(const std::string& path, std::string& error);

// A {"kind":"assumed","note":"..."} object; nullopt (and `error`) when malformed.
std::optional<Source> source_from_json(const nlohmann::json& j, std::string& error);
nlohmann::json source_to_json(const Source& s);

// A counters file (see data/games/toy/counters.json) into a catalog; false and
// `error` = "file: path: reason" at the first problem.
bool load_catalog(const nlohmann::json& j, const std::string& file, const std::string& game,
                  UnitCatalog& out, std::string& error);

}  // namespace core
