// The state as JSON, and back: the save format, the protocol's `state`/`load`, and
// the test position format (take a state, edit a unit's hex, load it).
//
// Everything is named: units by their counter id with printed hex IDs, flags and
// markers by the game's names, flow steps by name when the game gives them. 64-bit
// numbers (seed, rng) are decimal strings so no JSON reader rounds them.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>

#include "core/action.h"
#include "core/rules.h"
#include "core/state.h"

namespace core {

nlohmann::json state_to_json(const Rules& rules, const State& s);

// Checks everything (field names and types, ids, hexes, capacities, the game's
// invariants) before building the state; on any problem returns nullopt and `err`
// names the first one by path: `units[3].hex: "Z9.99" is not a hex of this map`.
std::optional<State> state_from_json(const Rules& rules, const nlohmann::json& j, Error& err);

// A 64-bit hash as 16 hex digits, as records and the protocol show it.
std::string hash_string(uint64_t h);

}  // namespace core
