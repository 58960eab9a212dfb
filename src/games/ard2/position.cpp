#include "games/ard2/position.h"

namespace ard2 {

Position::Position(const scs::Board& board, const std::vector<UnitInfo>& info, const core::State& s)
    : board_(board), info_(info), s_(s), start_(size_t(board.size()) + 1, 0) {
  std::vector<int32_t> index(s.unit_count, -1);
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    if (s.units[u].where != core::Where::OnMap) continue;
    index[u] = board.index(s.units[u].hex);
    if (index[u] >= 0) ++start_[size_t(index[u]) + 1];
  }
  for (size_t i = 1; i < start_.size(); ++i) start_[i] += start_[i - 1];
  by_hex_.resize(size_t(start_.back()));
  std::vector<int32_t> fill(start_.begin(), start_.end() - 1);
  for (core::UnitId u = 0; u < s.unit_count; ++u)
    if (index[u] >= 0) by_hex_[size_t(fill[size_t(index[u])]++)] = u;
}

std::span<const core::UnitId> Position::units_at(core::Hex h) const {
  const int i = board_.index(h);
  if (i < 0) return {};
  return {by_hex_.data() + start_[size_t(i)], by_hex_.data() + start_[size_t(i) + 1]};
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
  return b < 0 || bridge_open(b);  // b < 0: a printed bridge (or no water at all)
}

bool Position::bridge_open(int b) const {
  const scs::Bridge& br = board_.bridges()[size_t(b)];
  // 3.8: a German-built bridge does not exist before its day; roads to it are cut.
  return br.built_turn <= turn() && !side_marker(br.side, kBridgeBlown);
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
