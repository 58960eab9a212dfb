#include "games/ard2/position.h"

#include <algorithm>

namespace ard2 {

std::vector<std::unique_ptr<Position::HexSlots>>& Position::pool() {
  thread_local std::vector<std::unique_ptr<HexSlots>> spare;
  return spare;
}

void Position::ReturnToPool::operator()(HexSlots* slots) const { pool().emplace_back(slots); }

std::unique_ptr<Position::HexSlots, Position::ReturnToPool> Position::take_slots(size_t hexes) {
  std::unique_ptr<HexSlots, ReturnToPool> out;
  if (pool().empty()) {
    out.reset(new HexSlots);
  } else {
    out.reset(pool().back().release());
    pool().pop_back();
  }
  if (out->stamp.size() < hexes) {  // new entries have stamp 0, never a live generation
    out->stamp.resize(hexes, 0);
    out->start.resize(hexes);
    out->count.resize(hexes);
  }
  if (++out->generation == 0) {
    std::fill(out->stamp.begin(), out->stamp.end(), 0);
    out->generation = 1;
  }
  return out;
}

Position::Position(const scs::Board& board, const std::vector<UnitInfo>& info, const core::State& s)
    : board_(board), info_(info), s_(s), slots_(take_slots(size_t(board.size()))), generation_(slots_->generation) {
  HexSlots& t = *slots_;
  constexpr uint16_t kUnplaced = 0xffff;
  size_t on_board = 0;
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    if (s.units[u].where != core::Where::OnMap) continue;
    const int i = board.index(s.units[u].hex);
    if (i < 0) continue;
    if (t.stamp[size_t(i)] != generation_) {
      t.stamp[size_t(i)] = generation_;
      t.count[size_t(i)] = 0;
      t.start[size_t(i)] = kUnplaced;
    }
    ++t.count[size_t(i)];
    ++on_board;
  }
  by_hex_.resize(on_board);
  // Each hex's run starts where the previous hex met (in unit order) ends; count is
  // reset there and counts the run back up as its units are placed.
  uint16_t next = 0;
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    if (s.units[u].where != core::Where::OnMap) continue;
    const int i = board.index(s.units[u].hex);
    if (i < 0) continue;
    if (t.start[size_t(i)] == kUnplaced) {
      t.start[size_t(i)] = next;
      next = uint16_t(next + t.count[size_t(i)]);
      t.count[size_t(i)] = 0;
    }
    by_hex_[size_t(t.start[size_t(i)] + t.count[size_t(i)]++)] = u;
  }
}

std::span<const core::UnitId> Position::units_at(core::Hex h) const {
  const int i = board_.index(h);
  if (i < 0 || slots_->stamp[size_t(i)] != generation_) return {};
  return {by_hex_.data() + slots_->start[size_t(i)], slots_->count[size_t(i)]};
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

std::vector<uint8_t> Position::open_bridges() const {
  std::vector<uint8_t> out(board_.bridges().size());
  for (size_t k = 0; k < out.size(); ++k) out[k] = bridge_open(int(k));
  return out;
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
