// Loading the toy game's data files, and its tables with their provenance.
#include <fmt/format.h>

#include <stdexcept>

#include "core/catalog_json.h"
#include "core/json_file.h"
#include "core/map.h"
#include "games/toy/toy.h"

namespace toy {

using nlohmann::json;

namespace {

struct Bad : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const json& need(const json& j, const char* key, const std::string& at) {
  if (!j.is_object() || !j.contains(key)) throw Bad(at + (at.empty() ? "" : ".") + key + ": missing");
  return j[key];
}

int need_int(const json& j, const char* key, const std::string& at, int lo, int hi) {
  const json& v = need(j, key, at);
  if (!v.is_number_integer() || v.get<int>() < lo || v.get<int>() > hi)
    throw Bad(fmt::format("{}{}{}: want an integer in {}..{}", at, at.empty() ? "" : ".", key, lo, hi));
  return v.get<int>();
}

std::string need_string(const json& j, const char* key, const std::string& at) {
  const json& v = need(j, key, at);
  if (!v.is_string()) throw Bad(at + (at.empty() ? "" : ".") + key + ": not a string");
  return v.get<std::string>();
}

core::Source source_or(const json& j, const std::string& at, const core::Source& fallback) {
  if (!j.contains("source")) return fallback;
  std::string err;
  const auto s = core::source_from_json(j["source"], err);
  if (!s) throw Bad(at + ".source: " + err);
  return *s;
}

Result result_from(const std::string& r, const std::string& at) {
  if (r == "AL") return Result::AL;
  if (r == "NE") return Result::NE;
  if (r == "DR") return Result::DR;
  if (r == "DE") return Result::DE;
  throw Bad(at + ": \"" + r + "\" is not AL, NE, DR or DE");
}

constexpr const char* kResultNames[] = {"AL", "NE", "DR", "DE"};

json cell(const json& value, const core::Source& s) { return {{"value", value}, {"source", core::source_to_json(s)}}; }

}  // namespace

std::unique_ptr<ToyRules> ToyRules::load(const std::string& dir, std::string& error) {
  std::vector<core::MapIssue> issues;
  auto map = core::Map::load(dir + "/map.txt", issues);
  if (!map) {
    error = issues.empty() ? dir + "/map.txt: cannot load" : issues.front().to_string();
    return nullptr;
  }
  return load_with_map(dir, std::move(map), error);
}

std::unique_ptr<ToyRules> ToyRules::load_with_map(const std::string& dir, std::unique_ptr<core::Map> map,
                                                  std::string& error) {
  std::unique_ptr<ToyRules> r(new ToyRules());
  r->map_ = std::move(map);
  const std::string counters_file = dir + "/counters.json", game_file = dir + "/game.json";
  std::vector<std::string> errors;
  auto counters = core::load_counters(counters_file, counters_file, {}, errors);
  if (counters && counters->game != "toy") errors.push_back(counters_file + ": game: want \"toy\"");
  if (!counters || !errors.empty()) {
    error = errors.empty() ? counters_file + ": cannot load" : errors.front();
    return nullptr;
  }
  r->catalog_ = std::move(counters->catalog);
  r->attack_ = r->catalog_.value_index("attack");
  r->defense_ = r->catalog_.value_index("defense");
  r->ma_ = r->catalog_.value_index("ma");
  if (r->attack_ < 0 || r->defense_ < 0 || r->ma_ < 0) {
    error = counters_file + ": values: want attack, defense and ma";
    return nullptr;
  }
  const auto game = core::read_json_file(game_file, error);
  if (!game || !r->read_game(*game, game_file, error)) return nullptr;
  r->prepare_map();
  return r;
}

bool ToyRules::read_game(const json& j, const std::string& file, std::string& error) {
  try {
    if (need_int(j, "schema_version", "", 1, 1) != 1) throw Bad("schema_version: want 1");
    info_.id = need_string(j, "id", "");
    if (info_.id != "toy") throw Bad("id: want \"toy\"");
    info_.title = need_string(j, "title", "");
    info_.version = need_string(j, "version", "");
    for (const json& s : need(j, "sides", "")) info_.sides.push_back(s.get<std::string>());
    if (info_.sides.size() != 2) throw Bad("sides: want two side names");
    if (map_->game() != "toy") throw Bad("the map is for game \"" + map_->game() + "\"");
    const core::Source fallback = source_or(j, "", core::Source{});
    stacking_ = need_int(j, "stacking", "", 1, 16);
    stacking_source_ = fallback;

    const json& terrain = need(j, "terrain", "");
    for (size_t i = 0; i < terrain.size(); ++i) {
      const std::string at = fmt::format("terrain[{}]", i);
      TerrainRow row;
      row.name = need_string(terrain[i], "terrain", at);
      row.bit = map_->terrain_bit(row.name);
      if (row.bit < 0) throw Bad(at + ".terrain: \"" + row.name + "\" is not a terrain of the map");
      row.move = need_int(terrain[i], "move", at, 0, 100);
      row.defense = need_int(terrain[i], "defense", at, 1, 10);
      row.source = source_or(terrain[i], at, fallback);
      terrain_.push_back(std::move(row));
    }
    for (const std::string& name : map_->terrain_names()) {
      bool found = false;
      for (const TerrainRow& row : terrain_) found = found || row.name == name;
      if (!found) throw Bad("terrain: no row for the map's terrain \"" + name + "\"");
    }
    const json& sides = need(j, "hexsides", "");
    for (size_t i = 0; i < sides.size(); ++i) {
      const std::string at = fmt::format("hexsides[{}]", i);
      const std::string name = need_string(sides[i], "side", at);
      if (name == "road") {
        road_bit_ = map_->side_feature_bit("road");
        road_move_ = need_int(sides[i], "move", at, 0, 100);
        road_source_ = source_or(sides[i], at, fallback);
      } else if (name == "river") {
        river_bit_ = map_->side_feature_bit("river");
        river_extra_ = need_int(sides[i], "move_extra", at, 0, 100);
        river_source_ = source_or(sides[i], at, fallback);
      } else {
        throw Bad(at + ".side: \"" + name + "\" is not road or river");
      }
    }

    const json& crt = need(j, "crt", "");
    die_ = need_int(crt, "die", "crt", 2, 20);
    const json& rows = need(crt, "rows", "crt");
    for (size_t i = 0; i < rows.size(); ++i) {
      const std::string at = fmt::format("crt.rows[{}]", i);
      CrtRow row;
      row.odds = need_int(rows[i], "odds", at, 1, 20);
      if (!crt_.empty() && row.odds != crt_.back().odds + 1) throw Bad(at + ".odds: rows go 1:1, 2:1, ... in order");
      if (crt_.empty() && row.odds != 1) throw Bad(at + ".odds: the first row is 1:1");
      const json& results = need(rows[i], "results", at);
      if (!results.is_array() || results.size() != size_t(die_))
        throw Bad(fmt::format("{}.results: want {} results, one per die face", at, die_));
      for (size_t k = 0; k < results.size(); ++k)
        row.results.push_back(result_from(results[k].get<std::string>(), fmt::format("{}.results[{}]", at, k)));
      row.source = source_or(rows[i], at, fallback);
      crt_.push_back(std::move(row));
    }
    if (crt_.empty()) throw Bad("crt.rows: empty");

    const auto town = map_->find_place("Toyville");
    if (!town) throw Bad("the map has no hex named Toyville");
    town_ = *town;

    const json& scenarios = need(j, "scenarios", "");
    for (size_t i = 0; i < scenarios.size(); ++i) {
      const std::string at = fmt::format("scenarios[{}]", i);
      const json& sc = scenarios[i];
      Scenario s;
      s.info.id = need_string(sc, "id", at);
      s.info.name = need_string(sc, "name", at);
      s.info.first_turn = need_int(sc, "first_turn", at, 1, 99);
      s.info.last_turn = need_int(sc, "last_turn", at, s.info.first_turn, 99);
      s.info.summary = sc.value("summary", "");
      const json& setup = need(sc, "setup", at);
      for (size_t k = 0; k < setup.size(); ++k) {
        const std::string uat = fmt::format("{}.setup[{}]", at, k);
        const std::string unit = need_string(setup[k], "unit", uat);
        const int def = catalog_.find(unit);
        if (def < 0) throw Bad(uat + ".unit: \"" + unit + "\" is not in counters.json");
        const std::string id = need_string(setup[k], "hex", uat);
        const auto h = map_->ids().parse(id);
        if (!h || !map_->contains(*h)) throw Bad(uat + ".hex: \"" + id + "\" is not a hex of the map");
        s.setup.emplace_back(def, *h);
      }
      scenario_infos_.push_back(s.info);
      scenario_list_.push_back(std::move(s));
    }
    if (scenario_list_.empty()) throw Bad("scenarios: none");
    return true;
  } catch (const Bad& e) {
    error = file + ": " + e.what();
  } catch (const json::exception& e) {
    error = file + ": " + e.what();
  }
  return false;
}

// Flattens the terrain and hexside tables onto the map, by index, so a movement
// search reads two arrays per step.
void ToyRules::prepare_map() {
  graph_ = std::make_unique<core::HexGraph>(*map_);
  const int n = map_->size();
  enter_cost_.assign(size_t(n), 0);
  defense_factor_.assign(size_t(n), 1);
  side_mask_.assign(size_t(n) * core::kDirections, 0);
  for (int i = 0; i < n; ++i) {
    const core::Hex h = map_->hex_at(i);
    for (const TerrainRow& row : terrain_)
      if (map_->has_terrain(h, row.bit)) {
        enter_cost_[size_t(i)] = int16_t(std::max<int>(enter_cost_[size_t(i)], row.move));
        defense_factor_[size_t(i)] = int8_t(std::max<int>(defense_factor_[size_t(i)], row.defense));
      }
    for (int d = 0; d < core::kDirections; ++d) side_mask_[size_t(i) * core::kDirections + size_t(d)] = map_->side(h, d);
  }
}

json ToyRules::tables() const {
  json out = json::array();
  json terrain = {{"name", "Terrain effects"}, {"columns", {"terrain", "move (half MP)", "defense x"}}, {"rows", json::array()}};
  for (const TerrainRow& r : terrain_)
    terrain["rows"].push_back({r.name, cell(r.move, r.source), cell(r.defense, r.source)});
  out.push_back(terrain);
  json sides = {{"name", "Hexside effects"}, {"columns", {"hexside", "move (half MP)"}}, {"rows", json::array()}};
  sides["rows"].push_back({"road", cell(fmt::format("{} instead of the terrain", road_move_), road_source_)});
  sides["rows"].push_back({"river", cell(fmt::format("+{} without a road", river_extra_), river_source_)});
  sides["rows"].push_back({"stacking", cell(stacking_, stacking_source_)});
  out.push_back(sides);
  json crt = {{"name", "Combat results"}, {"columns", {"odds"}}, {"rows", json::array()}};
  for (int f = 1; f <= die_; ++f) crt["columns"].push_back(std::to_string(f));
  for (const CrtRow& r : crt_) {
    json row = {fmt::format("{}:1", r.odds)};
    for (Result res : r.results) row.push_back(cell(kResultNames[int(res)], r.source));
    crt["rows"].push_back(row);
  }
  out.push_back(crt);
  json counters = {{"name", "Counters"}, {"columns", {"counter", "step"}}, {"rows", json::array()}};
  for (const std::string& v : catalog_.value_names()) counters["columns"].push_back(v);
  for (int i = 0; i < catalog_.size(); ++i) {
    const core::UnitDef& d = catalog_[i];
    for (size_t k = 0; k < d.values.size(); ++k) {
      json row = {d.id, k == 0 ? "full" : fmt::format("-{}", k)};
      for (const core::UnitValue& v : d.values[k]) row.push_back(cell(v.value, v.source));
      counters["rows"].push_back(row);
    }
  }
  out.push_back(counters);
  return out;
}

}  // namespace toy
