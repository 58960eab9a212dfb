// `hexfront map build GAME [--out DIR]` and `hexfront map render GAME --out FILE`:
// thin shells over src/mapgen.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "mapgen/build.h"
#include "mapgen/gazetteer.h"
#include "mapgen/render.h"

namespace cli {

namespace {

int build(const std::string& game, const std::string& out_dir) {
  const auto r = mapgen::build_map(mapgen::data_dir(), game, &std::cerr);
  for (const std::string& e : r.errors) std::cerr << e << "\n";
  if (r.text.empty()) return 1;
  const std::string path = out_dir + "/" + game + ".map";
  std::filesystem::create_directories(out_dir);
  std::ofstream(path) << r.text;
  for (const std::string& line : r.report) std::cout << line << "\n";
  std::cout << "wrote " << path << " (" << r.map->size() << " hexes)\n";
  return 0;
}

int render(const std::string& game, const std::string& map_path, const std::string& out, const mapgen::RenderOptions& o) {
  const std::string base = mapgen::data_dir() + "/maps/" + game;
  const std::string path = map_path.empty() ? base + ".map" : map_path;
  const std::string override_path = map_path.empty() && std::filesystem::exists(base + ".override") ? base + ".override" : "";
  std::vector<core::MapIssue> issues;
  const auto map = core::Map::load(path, issues, override_path);
  for (const core::MapIssue& i : issues) std::cerr << i.to_string() << "\n";
  if (!map) return 1;
  std::string error;
  if (!mapgen::write_render(*map, out, o, error)) {
    std::cerr << error << "\n";
    return 1;
  }
  std::cout << "wrote " << out << "\n";
  return 0;
}

}  // namespace

void register_map(CLI::App& app, int& exit_code) {
  auto* map = app.add_subcommand("map", "build and render game maps from the gazetteer (data/geo)");
  map->require_subcommand(1);

  auto* b = map->add_subcommand("build", "generate data/maps/GAME.map from data/geo");
  auto game_b = std::make_shared<std::string>();
  auto out_dir = std::make_shared<std::string>(mapgen::data_dir() + "/maps");
  b->add_option("game", *game_b, "game: ard2, bfta or wot")->required();
  b->add_option("--out", *out_dir, "output directory");
  b->callback([&exit_code, game_b, out_dir] { exit_code = build(*game_b, *out_dir); });

  auto* r = map->add_subcommand("render", "draw a map as SVG, or PNG through rsvg-convert");
  auto game_r = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto map_path = std::make_shared<std::string>();
  auto opts = std::make_shared<mapgen::RenderOptions>();
  r->add_option("game", *game_r, "game: ard2, bfta or wot")->required();
  r->add_option("--out", *out, "FILE.svg or FILE.png")->required();
  r->add_option("--map", *map_path, "map file (default data/maps/GAME.map and its override)");
  r->add_option("--scale", opts->px_per_hex, "pixels between adjacent hex centres");
  r->add_flag("--ids", opts->ids, "print every hex ID (automatic from 40 px per hex)");
  auto* window = r->add_option_function<std::vector<std::string>>(
      "--window", [opts](const std::vector<std::string>& ids) { opts->from = ids[0], opts->to = ids[1]; },
      "FROM TO: draw only the box between two hex IDs");
  window->expected(2);
  r->callback([&exit_code, game_r, out, map_path, opts] { exit_code = render(*game_r, *map_path, *out, *opts); });
}

}  // namespace cli
