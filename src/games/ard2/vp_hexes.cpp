// ARD2 6.0: the VP hexes and their values come from tables/vp_hexes.json (so a player
// who owns the printed map can correct or complete them), not from the generated map's
// own `vp=` marks, which carry only the towns the seed lists with a hex ID.
#include <stdexcept>

#include "core/map.h"
#include "games/ard2/ard2_internal.h"

namespace ard2 {

bool Ard2Rules::read_vp_hexes(std::string& error) {
  try {
    for (const json& row : tables_.at("vp_hexes").at("rows")) {
      const std::string label = row.at("label").get<std::string>();
      const json& cells = row.at("cells");
      if (cells.at(0).is_null()) continue;  // a VP place whose hex nobody supplied
      const std::string id = cells.at(0).get<std::string>();
      const auto h = map_->ids().parse(id);
      if (!h) throw std::runtime_error(label + ": " + id + " is not a hex ID of this map");
      if (!board_->contains(*h)) continue;  // a small test map without that town
      const int vp = cells.at(1).get<int>();
      vp_places_[label] = *h;
      if (vp <= 0) throw std::runtime_error(label + ": VP must be positive");
      board_->set_vp(*h, vp);
    }
  } catch (const std::exception& e) {
    error = "tables/vp_hexes.json: " + std::string(e.what());
    return false;
  }
  return true;
}

// ARD2 6.0: the VP hexes as the rules count them (the VP table, with any owner's
// override), for readers outside the module such as the AI's plain evaluator.
std::vector<core::VpHex> Ard2Rules::vp_hexes() const {
  std::vector<core::VpHex> out;
  for (core::Hex h : board_->vp_hexes()) out.push_back({h, board_->vp(h)});
  return out;
}

// A hex named in a scenario file: a printed hex ID, a VP place of the VP table, or a
// place of the map's gazetteer.
std::optional<core::Hex> Ard2Rules::place_hex(const std::string& name) const {
  if (const auto h = map_->ids().parse(name); h && board_->contains(*h)) return h;
  if (const auto it = vp_places_.find(name); it != vp_places_.end()) return it->second;
  if (const auto h = map_->find_place(name); h && board_->contains(*h)) return h;
  return std::nullopt;
}

}  // namespace ard2
