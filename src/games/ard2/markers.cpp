#include "games/ard2/markers.h"

namespace ard2 {

bool set_marker(core::State& s, core::Hex h, uint16_t kind, int value) {
  const int i = core::find_hex_marker(s, h, kind);
  if (value == 0) {
    if (i >= 0) core::remove_hex_marker(s, i);
    return true;
  }
  if (i >= 0) {
    s.hex_markers[size_t(i)].value = int16_t(value);
    return true;
  }
  return core::add_hex_marker(s, core::HexMarker{h, kind, int16_t(value)});
}

bool add_marker_count(core::State& s, core::Hex h, uint16_t kind, int delta) {
  return set_marker(s, h, kind, core::hex_marker_value(s, h, kind) + delta);
}

void clear_markers(core::State& s, uint16_t kind) {
  for (int i = s.hex_marker_count - 1; i >= 0; --i)
    if (s.hex_markers[size_t(i)].kind == kind) core::remove_hex_marker(s, i);
}

bool mark_side(core::State& s, core::HexSide side, uint16_t kind) {
  const core::HexSide c = core::HexSide::of(side.hex, side.dir);
  return core::find_side_marker(s, c, kind) >= 0 || core::add_side_marker(s, c, kind);
}

}  // namespace ard2
