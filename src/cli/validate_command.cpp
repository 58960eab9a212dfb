// `hexfront validate PATH`: checks map files and game data files, one
// "file:line: reason" per problem. A folder is walked; a folder named after a
// known game is also loaded whole, which checks the files against each other.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cli/commands.h"
#include "core/catalog_json.h"
#include "core/json_file.h"
#include "core/map.h"
#include "games/registry.h"

namespace cli {

namespace fs = std::filesystem;

namespace {

bool is_map_file(const fs::path& p) {
  std::ifstream in(p);
  std::string first;
  std::getline(in, first);
  return first.rfind("hexfront-map", 0) == 0;
}

// Problems in one file; map override files are checked with their map.
std::vector<std::string> check_file(const fs::path& p) {
  std::vector<std::string> out;
  if (is_map_file(p)) {
    for (const core::MapIssue& issue : core::validate_map_file(p.string())) out.push_back(issue.to_string());
    return out;
  }
  if (p.extension() != ".json") return out;
  std::string error;
  const auto j = core::read_json_file(p.string(), error);
  if (!j) return {error};
  // A counters file of any game (hexfront.<game>.counters/1); the game's own flags are
  // checked when its folder is loaded whole.
  const std::string schema = j->is_object() ? j->value("schema", "") : "";
  if (schema.size() > 11 && schema.ends_with(".counters/1")) core::counters_from_json(*j, p.string(), {}, out);
  return out;
}

int validate(const std::string& path) {
  if (!fs::exists(path)) {
    fmt::print(stderr, "{}: no such file or folder\n", path);
    return 2;
  }
  std::vector<std::string> problems;
  int files = 0;
  auto check_game_folder = [&](const fs::path& dir) {
    const std::string name = dir.filename().string();
    const auto ids = games::game_ids();
    if (std::find(ids.begin(), ids.end(), name) == ids.end()) return;
    std::string error;
    if (!games::load_game(name, dir.string(), error)) problems.push_back(error);
  };
  if (fs::is_directory(path)) {
    std::vector<fs::path> paths;
    for (const auto& entry : fs::recursive_directory_iterator(path))
      if (entry.is_regular_file()) paths.push_back(entry.path());
    std::sort(paths.begin(), paths.end());
    for (const fs::path& p : paths) {
      ++files;
      for (auto& problem : check_file(p)) problems.push_back(std::move(problem));
    }
    check_game_folder(fs::path(path));
    for (const auto& entry : fs::recursive_directory_iterator(path))
      if (entry.is_directory()) check_game_folder(entry.path());
  } else {
    files = 1;
    problems = check_file(path);
  }
  for (const std::string& p : problems) fmt::print("{}\n", p);
  fmt::print(stderr, "{} files checked, {} problems\n", files, problems.size());
  return problems.empty() ? 0 : 1;
}

}  // namespace

void register_validate(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("validate", "Check map files and game data files (file:line: reason)");
  auto path = std::make_shared<std::string>();
  cmd->add_option("PATH", *path, "A file, or a folder to walk (e.g. data/)")->required();
  cmd->callback([path, &exit_code] { exit_code = validate(*path); });
}

}  // namespace cli
