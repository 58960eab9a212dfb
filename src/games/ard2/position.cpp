#include "games/ard2/position.h"

namespace ard2 {

namespace {
const std::vector<core::UnitId> kNone;
}

Position::Position(const scs::Board& board, const std::vector<UnitInfo>& info, const core::State& s)
    : board_(board), info_(info), s_(s), occ_(size_t(board.size())) {
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    if (s.units[u].where != core::Where::OnMap) continue;
    const int i = board.index(s.units[u].hex);
    if (i >= 0) occ_[size_t(i)].push_back(u);
  }
}

const std::vector<core::UnitId>& Position::units_at(core::Hex h) const {
  const int i = board_.index(h);
  return i < 0 ? kNone : occ_[size_t(i)];
}

bool Position::has_side(core::Hex h, int side) const {
  for (core::UnitId u : units_at(h))
    if (info(u).side == side) return true;
  return false;
}

int Position::count(core::Hex h, int side) const {
  int n = 0;
  for (core::UnitId u : units_at(h))
    if (info(u).side == side) ++n;
  return n;
}

bool Position::adjacent_to_enemy(core::Hex h, int side) const {
  for (int d = 0; d < core::kDirections; ++d)
    if (has_enemy(core::neighbor(h, d), side)) return true;
  return false;
}

int Position::marker(core::Hex h, uint16_t kind) const {
  for (int i = 0; i < s_.hex_marker_count; ++i)
    if (s_.hex_markers[size_t(i)].hex == h && s_.hex_markers[size_t(i)].kind == kind)
      return s_.hex_markers[size_t(i)].value;
  return 0;
}

bool Position::side_marker(core::HexSide side, uint16_t kind) const {
  const core::HexSide c = core::HexSide::of(side.hex, side.dir);
  for (int i = 0; i < s_.side_marker_count; ++i) {
    const core::SideMarker& m = s_.side_markers[size_t(i)];
    if (m.hex_key == c.hex.key() && m.dir == c.dir && m.kind == kind) return true;
  }
  return false;
}

bool Position::road_open(core::Hex h, int dir) const {
  const int b = board_.bridge_at(core::HexSide::of(h, dir));
  if (b >= 0) {
    const scs::Bridge& br = board_.bridges()[size_t(b)];
    // 3.8: a German-built bridge does not exist before its day; roads to it are cut.
    if (br.built_turn > turn()) return false;
    if (side_marker(br.side, kBridgeBlown)) return false;
    return true;
  }
  return true;  // a printed bridge (or no water at all)
}

scs::RoadKind Position::effective_road(core::Hex h, int dir) const {
  const scs::RoadKind r = board_.road(h, dir);
  if (r == scs::RoadKind::None) return r;
  return road_open(h, dir) ? r : scs::RoadKind::None;
}

std::vector<core::UnitId> Position::on_map(int side) const {
  std::vector<core::UnitId> out;
  for (core::UnitId u = 0; u < s_.unit_count; ++u)
    if (s_.units[u].where == core::Where::OnMap && info(u).side == side) out.push_back(u);
  return out;
}

}  // namespace ard2
