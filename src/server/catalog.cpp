// The static side of a game for the UI: map geometry and counter definitions.
#include <cmath>
#include <unordered_map>

#include "server/lobby.h"

namespace server {

using nlohmann::json;

namespace {

json names_of(const std::vector<std::string>& names, uint32_t mask) {
  json out = json::array();
  for (size_t i = 0; i < names.size() && i < 32; ++i)
    if (mask >> i & 1u) out.push_back(names[i]);
  return out;
}

// Rounded so the JSON stays small; the UI scales by tens of pixels.
double round4(double v) { return std::round(v * 1e4) / 1e4; }

}  // namespace

json map_json(const core::Rules& rules) {
  const core::Map& map = rules.map();
  std::unordered_map<core::Hex, int> vp;
  for (const core::VpHex& v : rules.vp_hexes()) vp[v.hex] = v.vp;
  const core::Orientation o = map.ids().orientation();
  const core::Point origin = core::hex_to_point({0, 0}, o);
  json directions = json::array();
  for (const core::Hex& d : core::kDirectionVectors) {
    const core::Point p = core::hex_to_point(d, o);
    directions.push_back({round4(p.x - origin.x), round4(p.y - origin.y)});
  }
  json hexes = json::array();
  for (int i = 0; i < map.size(); ++i) {
    const core::Hex h = map.hex_at(i);
    const core::Point p = core::hex_to_point(h, o);
    json hex = {{"id", map.ids().format(h)}, {"x", round4(p.x)}, {"y", round4(p.y)},
                {"terrain", names_of(map.terrain_names(), map.terrain(h))}};
    json sides = json::object();
    for (int d = 0; d < core::kDirections; ++d)
      if (const core::SideMask m = map.side(h, d)) sides[std::to_string(d)] = names_of(map.side_feature_names(), m);
    if (!sides.empty()) hex["sides"] = sides;
    if (const auto place = map.place(h); !place.empty()) hex["place"] = place;
    if (const auto it = vp.find(h); it != vp.end()) hex["vp"] = it->second;
    hexes.push_back(std::move(hex));
  }
  return {{"orientation", o == core::Orientation::FlatTop ? "flat" : "pointy"},
          {"directions", directions},
          {"terrain", map.terrain_names()},
          {"side_features", map.side_feature_names()},
          {"hexes", hexes}};
}

json units_json(const core::Rules& rules) {
  const core::UnitCatalog& cat = rules.catalog();
  json out = json::array();
  for (int i = 0; i < cat.size(); ++i) {
    const core::UnitDef& d = cat[i];
    json values = json::array();
    for (const auto& side : d.values) {
      json row = json::array();
      for (const core::UnitValue& v : side)
        row.push_back({{"value", v.value}, {"source", {{"kind", core::to_string(v.source.kind)}, {"note", v.source.note}}}});
      values.push_back(row);
    }
    out.push_back({{"id", d.id}, {"name", d.name}, {"side", d.side}, {"nationality", d.nationality},
                   {"formation", d.formation}, {"type", d.type}, {"size", d.size}, {"move_class", d.move_class},
                   {"symbol", d.symbol}, {"steps", d.steps}, {"values", values}});
  }
  return out;
}

}  // namespace server
