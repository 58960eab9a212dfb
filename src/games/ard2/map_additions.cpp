// data/games/ard2/map_additions.json: Traffic Jam hexes (ARD2 3.1) and German-built
// bridges with their day (ARD2 3.8) that the generated map does not carry, added to the
// board at load.
#include <stdexcept>

#include "core/map.h"
#include "games/ard2/ard2_internal.h"
#include "games/ard2/data.h"

namespace ard2 {

bool Ard2Rules::apply_map_additions(const std::string& dir, std::string& error) {
  json j;
  if (!read_json(dir + "/map_additions.json", j, error)) return false;
  try {
    auto hex = [&](const json& id) {
      const auto h = map_->ids().parse(id.get<std::string>());
      if (!h || !board_->contains(*h)) throw std::runtime_error("hex " + id.get<std::string>() + " is not on the map");
      return *h;
    };
    int jam = -1;
    for (int k = 0; k < board_->tec().hex_count(); ++k)
      if (board_->tec().hex(k).traffic_jam) jam = k;
    if (jam < 0) throw std::runtime_error("the TEC has no Traffic Jam row");
    for (const json& id : j.at("traffic_jams").at("hexes")) board_->add_terrain(hex(id), jam);
    for (const json& b : j.at("german_bridges")) {
      const core::Hex a = hex(b.at("hexes").at(0)), c = hex(b.at("hexes").at(1));
      int way = -1;
      for (int d = 0; d < core::kDirections; ++d)
        if (core::neighbor(a, d) == c) way = d;
      if (way < 0) throw std::runtime_error("bridge hexes " + b["hexes"].dump() + " are not adjacent");
      const core::HexSide side = core::HexSide::of(a, way);
      if (board_->bridge_at(side) >= 0) throw std::runtime_error("bridge " + b["hexes"].dump() + " is already on the map");
      const int turn = scs::turn_of_date(b.at("built").get<std::string>());
      if (turn <= 0) throw std::runtime_error("bridge " + b["hexes"].dump() + ": unreadable day");
      board_->add_bridge(scs::Bridge{side, int16_t(turn), std::nullopt});
    }
  } catch (const std::exception& e) {
    error = dir + "/map_additions.json: " + e.what();
    return false;
  }
  return true;
}

}  // namespace ard2
