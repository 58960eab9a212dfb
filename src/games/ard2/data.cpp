#include "games/ard2/data.h"

#include <cstdlib>
#include <fstream>
#include <algorithm>
#include <map>

#ifndef HEXFRONT_DATA_DIR
#define HEXFRONT_DATA_DIR "data"
#endif

namespace ard2 {

std::string data_root() {
  if (const char* env = std::getenv("HEXFRONT_DATA"); env && *env) return env;
  return HEXFRONT_DATA_DIR;
}

HexNumber hex_number(const std::string& id) {
  HexNumber n;
  const size_t dot = id.find('.');
  if (id.size() < 4 || dot == std::string::npos) return n;
  n.sheet = id[0];
  n.col = std::atoi(id.substr(1, dot - 1).c_str());
  n.row = std::atoi(id.substr(dot + 1).c_str());
  return n;
}

bool read_json(const std::string& path, nlohmann::json& out, std::string& err) {
  std::ifstream in(path);
  if (!in) {
    err = "cannot read " + path;
    return false;
  }
  try {
    out = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    err = path + ": " + e.what();
    return false;
  }
  return true;
}

namespace {

// A TEC MP cell in half MP: "2" -> 4, "1/2" -> 1, "+2" -> 4, "P" -> prohibited,
// "ot"/"DG"/"-" -> other terrain (no cost of its own).
bool mp_cell(const std::string& c, int16_t& out) {
  if (c == "P") {
    out = scs::kProhibited;
    return true;
  }
  if (c == "All") {
    out = scs::kAllMp;
    return true;
  }
  if (c == "ot" || c == "DG" || c == "-" || c == "road" || c == "na") {
    out = scs::kOtherTerrain;
    return true;
  }
  std::string s = c[0] == '+' ? c.substr(1) : c;
  if (s == "1/2") {
    out = 1;
    return true;
  }
  try {
    size_t used = 0;
    const int v = std::stoi(s, &used);
    if (used != s.size()) return false;
    out = int16_t(v * scs::kHalfMp);
    return true;
  } catch (...) {
    return false;
  }
}

int shift_cell(const std::string& c) {
  if (c.size() >= 2 && c.back() == 'L') return std::atoi(c.c_str());
  return 0;
}

// "3-4" -> 3, "6" -> 6, "-" -> 0.
int range_lo(const std::string& c) { return c == "-" || c == "ot" ? 0 : std::atoi(c.c_str()); }

}  // namespace

bool tec_from_table(const nlohmann::json& table, scs::Tec& out, std::string& err) {
  try {
    std::map<std::string, int> col;
    int i = 0;
    for (const auto& c : table.at("columns")) col[c.get<std::string>()] = i++;
    for (const char* need : {"leg_mp", "mech_mp", "defender_hex_shift", "hexside_shift", "barrage_half", "barrage_full"})
      if (!col.count(need)) {
        err = std::string("tec: no column ") + need;
        return false;
      }
    scs::Tec tec;
    for (const auto& r : table.at("rows")) {
      const std::string label = r.at("label").get<std::string>();
      const std::string kind = r.value("kind", std::string("hex"));
      std::vector<std::string> cells;
      for (const auto& c : r.at("cells")) cells.push_back(c.get<std::string>());
      auto cell = [&](const char* name) { return cells.at(size_t(col[name])); };
      int16_t leg = 0, mech = 0;
      if (!mp_cell(cell("leg_mp"), leg) || !mp_cell(cell("mech_mp"), mech)) {
        if (kind == "marker" || kind == "other") continue;  // multipliers, "na": rules, not terrain
        err = "tec: bad MP cell in row '" + label + "'";
        return false;
      }
      if (label == "Road" || label == "Track") {
        tec.set_road_cost(label == "Road" ? scs::RoadKind::Road : scs::RoadKind::Track, leg, mech);
      } else if (label == "Enemy ZOC Bond hex") {
        tec.zoc_bond_cost = leg;
      } else if (label == "Moving Adjacently") {
        tec.adjacent_cost = leg;
      } else if (label == "Occupied Traffic Jam hex" || label.rfind("Bridge", 0) == 0 || kind == "marker" ||
                 kind == "other") {
        continue;  // ARD2 3.1, 3.8, 3.5, 3.3: applied by the rule code
      } else if (kind == "hexside") {
        scs::SideTerrainKind k;
        k.name = label;
        k.cost = {leg == scs::kOtherTerrain ? int16_t(0) : leg, mech == scs::kOtherTerrain ? int16_t(0) : mech};
        k.shift = int8_t(shift_cell(cell("hexside_shift")));
        k.water = label.find("River") != std::string::npos || label.find("Stream") != std::string::npos;
        tec.add_side(k);
      } else {
        scs::HexTerrainKind k;
        k.name = label;
        k.cost = {leg, mech};
        k.shift = int8_t(shift_cell(cell("defender_hex_shift")));
        const std::string half = cell("barrage_half"), full = cell("barrage_full");
        k.barrage.other = full == "ot";
        k.barrage.half_lo = int8_t(range_lo(half));
        k.barrage.full_lo = int8_t(range_lo(full));
        k.city = label == "City";
        k.traffic_jam = label == "Traffic Jam hex";
        // ARD2 1.3: West Wall hexes apply only to German units occupying them.
        if (label == "West Wall") k.only_side = kGerman;
        const int idx = tec.add_hex(k);
        if (label == "Open") tec.default_hex = idx;
      }
    }
    out = std::move(tec);
    return true;
  } catch (const std::exception& e) {
    err = std::string("tec: ") + e.what();
    return false;
  }
}

bool levels_from_table(const nlohmann::json& table, std::vector<VictoryLevel>& out, std::string& err) {
  try {
    std::vector<VictoryLevel> levels;
    for (const auto& r : table.at("rows")) {
      VictoryLevel l;
      l.min_vp = r.at("min").is_null() ? 0 : r.at("min").get<int>();
      l.name = r.at("cells").at(0).get<std::string>();
      l.winner = l.name.find("German") != std::string::npos   ? kGerman
                 : l.name.find("Allied") != std::string::npos ? kAllied
                                                              : -1;
      levels.push_back(l);
    }
    std::sort(levels.begin(), levels.end(), [](const VictoryLevel& a, const VictoryLevel& b) { return a.min_vp > b.min_vp; });
    if (levels.empty()) {
      err = "victory levels: no rows";
      return false;
    }
    out = std::move(levels);
    return true;
  } catch (const std::exception& e) {
    err = std::string("victory levels: ") + e.what();
    return false;
  }
}

bool units_from_catalog(const core::CounterSet& counters, const nlohmann::json& formations, std::vector<UnitInfo>& out,
                        std::string& err) {
  try {
    std::map<std::string, int> division;
    for (const auto& f : formations) {
      const std::string id = f.at("id").get<std::string>();
      const int n = int(division.size());
      division[id] = f.value("independent", false) ? -1 : n;
    }
    static const char* const kInfantryTypes[] = {"Inf", "MechInf", "Abn", "Glider", "FJ", "PG"};
    const core::UnitCatalog& cat = counters.catalog;
    const int exploit = counters.flag_bit("exploit"), zoc = counters.flag_bit("zoc_infantry");
    if (exploit < 0 || zoc < 0) {
      err = "counters: the flags exploit and zoc_infantry are not read";
      return false;
    }
    std::vector<int> value;
    for (const char* name : {"attack", "defense", "ma", "range"}) {
      value.push_back(cat.value_index(name));
      if (value.back() < 0) {
        err = std::string("counters: no value ") + name;
        return false;
      }
    }
    out.clear();
    for (int k = 0; k < cat.size(); ++k) {
      const core::UnitDef& d = cat[k];
      UnitInfo i;
      i.side = int8_t(d.side);
      const auto div = division.find(d.formation);
      if (div == division.end()) {
        err = "counters: unit " + d.id + " has an unknown formation";
        return false;
      }
      i.division = int16_t(div->second);
      i.move = d.move_class == "Mech" ? scs::MoveType::Mech : scs::MoveType::Leg;
      i.artillery = d.type == "Arty";
      i.divarty = i.artillery && i.division >= 0;  // ARD2 3.1: artillery of a Division
      i.zoc_infantry = (d.flags >> zoc) & 1u;
      i.exploit = (d.flags >> exploit) & 1u;
      i.steps = int8_t(d.steps);
      bool infantry = false;
      for (const char* t : kInfantryTypes) infantry |= d.type == t;
      // ARD2 4.2: the 2 Pz Division's Mech MA infantry.
      i.rubber_boats = d.formation == "2Pz" && infantry && i.move == scs::MoveType::Mech;
      if (d.values.empty()) {
        err = "counters: unit " + d.id + " has no values";
        return false;
      }
      // A one-step unit shows its only side whatever its losses.
      for (size_t side = 0; side < 2; ++side) {
        const auto& v = d.values[std::min(side, d.values.size() - 1)];
        i.attack[side] = int8_t(v[size_t(value[0])].value);
        i.defense[side] = int8_t(v[size_t(value[1])].value);
        i.ma[side] = int8_t(v[size_t(value[2])].value);
        i.range[side] = int8_t(v[size_t(value[3])].value);
      }
      out.push_back(i);
    }
    return true;
  } catch (const std::exception& e) {
    err = std::string("counters: ") + e.what();
    return false;
  }
}

}  // namespace ard2
