// Reading a game's JSON data files with errors a person can act on
// ("data/games/toy/game.json:12: ..."), and the {"kind", "note"} source objects in them.
// Counters files have their own reader (core/catalog_json.h).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/provenance.h"

namespace core {

// The parsed file, or nullopt with `error` = "file:line: reason".
std::optional<nlohmann::json> read_json_file(const std::string& path, std::string& error);

// A {"kind":"assumed","note":"..."} object; nullopt (and `error`) when malformed.
std::optional<Source> source_from_json(const nlohmann::json& j, std::string& error);
nlohmann::json source_to_json(const Source& s);

}  // namespace core
