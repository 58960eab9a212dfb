// Changing the State's hex and hexside markers the way Ardennes II counts them: one
// HexMarker per (hex, kind) whose value is the count; built on core's marker helpers
// (state.h).
#pragma once

#include "core/state.h"

namespace ard2 {

// Hex marker kinds beyond position.h's (ARD2 2.2): Air Strikes resolved on the hex
// this phase (A6: the first needs no spotter, each further one does).
inline constexpr uint16_t kAirStruck = 6;

// Adds `delta` to the count of `kind` in h (removing the marker at 0). False when full.
bool add_marker_count(core::State& s, core::Hex h, uint16_t kind, int delta);
// Sets the value of `kind` in h (0 removes it).
bool set_marker(core::State& s, core::Hex h, uint16_t kind, int value);
// Removes every hex marker of `kind`.
void clear_markers(core::State& s, uint16_t kind);
// Marks a hexside.
bool mark_side(core::State& s, core::HexSide side, uint16_t kind);

}  // namespace ard2
