#include "games/registry.h"

#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <mutex>

#include "games/ard2/ard2_rules.h"
#include "games/toy/toy.h"

namespace games {

namespace {

using Loader = std::function<std::unique_ptr<core::Rules>(const std::string& dir, std::string& error)>;

// One line per game: its id and how to load it from its data folder.
const std::vector<std::pair<std::string, Loader>>& loaders() {
  static const std::vector<std::pair<std::string, Loader>> kLoaders{
      {"toy", [](const std::string& dir, std::string& error) -> std::unique_ptr<core::Rules> {
         return toy::ToyRules::load(dir, error);
       }},
      {"ard2", [](const std::string& dir, std::string& error) -> std::unique_ptr<core::Rules> {
         return ard2::Ard2Rules::load(dir, error);
       }},
  };
  return kLoaders;
}

struct Loaded {
  std::unique_ptr<core::Rules> rules;
  std::string error;
};

}  // namespace

std::string data_dir() {
  const char* env = std::getenv("HEXFRONT_DATA");
  return env && *env ? env : HEXFRONT_DATA_DIR;
}

std::vector<std::string> game_ids() {
  std::vector<std::string> ids;
  for (const auto& [id, load] : loaders()) ids.push_back(id);
  return ids;
}

std::unique_ptr<core::Rules> load_game(std::string_view id, const std::string& dir, std::string& error) {
  for (const auto& [name, load] : loaders())
    if (name == id) return load(dir, error);
  error = "no game \"" + std::string(id) + "\"";
  return nullptr;
}

const core::Rules* find_game(std::string_view id, std::string* error) {
  static std::mutex mutex;
  static std::map<std::string, Loaded, std::less<>> cache;
  const std::lock_guard lock(mutex);
  auto it = cache.find(id);
  if (it == cache.end()) {
    Loaded loaded;
    loaded.rules = load_game(id, data_dir() + "/games/" + std::string(id), loaded.error);
    it = cache.emplace(std::string(id), std::move(loaded)).first;
  }
  if (!it->second.rules && error) *error = it->second.error;
  return it->second.rules.get();
}

}  // namespace games
