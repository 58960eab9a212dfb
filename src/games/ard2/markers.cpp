#include "games/ard2/markers.h"

namespace ard2 {

namespace {

int find(const core::State& s, core::Hex h, uint16_t kind) {
  for (int i = 0; i < s.hex_marker_count; ++i)
    if (s.hex_markers[size_t(i)].hex == h && s.hex_markers[size_t(i)].kind == kind) return i;
  return -1;
}

void remove_at(core::State& s, int i) {
  s.hex_markers[size_t(i)] = s.hex_markers[size_t(s.hex_marker_count - 1)];
  s.hex_markers[size_t(s.hex_marker_count - 1)] = core::HexMarker{};
  --s.hex_marker_count;
}

}  // namespace

bool set_marker(core::State& s, core::Hex h, uint16_t kind, int value) {
  const int i = find(s, h, kind);
  if (value == 0) {
    if (i >= 0) remove_at(s, i);
    return true;
  }
  if (i >= 0) {
    s.hex_markers[size_t(i)].value = int16_t(value);
    return true;
  }
  if (s.hex_marker_count >= core::State::kMaxHexMarkers) return false;
  s.hex_markers[size_t(s.hex_marker_count++)] = core::HexMarker{h, kind, int16_t(value)};
  return true;
}

bool add_marker_count(core::State& s, core::Hex h, uint16_t kind, int delta) {
  const int i = find(s, h, kind);
  const int now = i < 0 ? 0 : s.hex_markers[size_t(i)].value;
  return set_marker(s, h, kind, now + delta);
}

void clear_markers(core::State& s, uint16_t kind) {
  for (int i = s.hex_marker_count - 1; i >= 0; --i)
    if (s.hex_markers[size_t(i)].kind == kind) remove_at(s, i);
}

bool mark_side(core::State& s, core::HexSide side, uint16_t kind) {
  const core::HexSide c = core::HexSide::of(side.hex, side.dir);
  for (int i = 0; i < s.side_marker_count; ++i) {
    const core::SideMarker& m = s.side_markers[size_t(i)];
    if (m.hex_key == c.hex.key() && m.dir == c.dir && m.kind == kind) return true;
  }
  if (s.side_marker_count >= core::State::kMaxSideMarkers) return false;
  core::SideMarker m;
  m.hex_key = c.hex.key();
  m.dir = c.dir;
  m.kind = kind;
  s.side_markers[size_t(s.side_marker_count++)] = m;
  return true;
}

}  // namespace ard2
