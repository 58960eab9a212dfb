// Where the engine finds its games. Each game's data is loaded from the data
// directory on first use and kept for the life of the process (Rules objects are
// immutable and shared by every session and thread).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/rules.h"

namespace games {

// The data directory: $HEXFRONT_DATA when set, else the source tree's data/.
std::string data_dir();

// Ids of every game the engine knows, whether or not its data loads.
std::vector<std::string> game_ids();

// The game `id`, loaded on first use; nullptr when unknown or when its data is
// broken, with `error` naming the file and the problem.
const core::Rules* find_game(std::string_view id, std::string* error = nullptr);

// Loads game `id` from `dir` afresh, uncached (`hexfront validate` on a data folder).
std::unique_ptr<core::Rules> load_game(std::string_view id, const std::string& dir, std::string& error);

}  // namespace games
