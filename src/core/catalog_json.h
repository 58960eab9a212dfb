// A game's counters file (`hexfront.<game>.counters/1`, documented in
// data/games/ard2/README.md, "counters.json") read into a core::UnitCatalog, keeping
// the provenance of every printed value and attribute.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/provenance.h"
#include "core/units.h"

namespace core {

// The catalog plus what UnitDef has no room for: the sources of the attributes that
// are not values (move_class, steps and each flag).
struct CounterSet {
  std::string game;
  UnitCatalog catalog;
  // UnitDef::flags bit i is the unit's boolean attribute flag_names[i] ("exploit").
  std::vector<std::string> flag_names;
  // attribute_sources[unit index]["move_class" | "steps" | <flag name>]
  std::vector<std::map<std::string, Source, std::less<>>> attribute_sources;

  int flag_bit(std::string_view name) const;  // -1 when not a flag
};

// Reads the counters JSON. `flag_names` are the per-unit boolean attributes the game
// keeps as UnitDef::flags bits, in bit order (Ardennes II: {"exploit", "zoc_infantry"});
// each unit must give every one. nullopt when anything is wrong, with every defect
// appended to `errors` as "file: units[12] (<id>): values[1].attack: reason".
std::optional<CounterSet> counters_from_json(const nlohmann::json& j, const std::string& file,
                                             const std::vector<std::string>& flag_names,
                                             std::vector<std::string>& errors);
// The same from a file; `file` is the name used in messages ("counters.json").
std::optional<CounterSet> load_counters(const std::string& path, const std::string& file,
                                        const std::vector<std::string>& flag_names,
                                        std::vector<std::string>& errors);

// The counters as one table in the to_json(Table) form (table.h), id "counters", so
// `hexfront tables` and the UI show them with their provenance: a row per printed
// side ("<id>" full, "<id>@1" after one loss), columns the value names then
// move_class, steps and the flags. Sources are keyed "c1", "c2", ... in order of use.
nlohmann::json to_json(const CounterSet& counters);

}  // namespace core
