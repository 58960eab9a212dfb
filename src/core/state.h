// The whole dynamic state of one game: plain data, fixed capacity, no pointers, so
// that a copy is a memcpy (the AI clones it by the thousand) and a hash is a hash of
// bytes. Everything static (map, counters, tables) lives in the game's Rules object.
//
// Invariants:
//  - every struct here has no padding (static_asserts below), so equal states have
//    equal bytes and hash_state() is a hash of the bytes;
//  - units[0 .. unit_count) are the scenario's counters, indexed by UnitId; a unit's
//    definition is rules.catalog()[units[i].def];
//  - stack[0 .. depth) is the flow call stack; stack[depth-1] is the step now acting.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/hex.h"

namespace core {

using UnitId = uint16_t;
inline constexpr UnitId kNoUnit = 0xffff;

// Sides are numbered by the game (0 and 1 for two-player games); kNoSide when nobody
// acts (the game is over) and kChance is never an acting side: dice are rolled inside
// apply(), from the seed in the state.
inline constexpr int8_t kNoSide = -1;

enum class Where : uint8_t {
  Pool = 0,        // not yet in play (a reinforcement, or held off map)
  OnMap = 1,
  Eliminated = 2,  // in the dead pile
  Exited = 3,      // left the map (by exit rules or scenario removal)
};

struct UnitState {
  Hex hex;                 // meaningful when where == OnMap
  Where where = Where::Pool;
  uint8_t steps_lost = 0;
  uint16_t def = 0;        // index into the game's unit catalog
  uint32_t flags = 0;      // game-defined status bits (DG, moved, fired, ...)
  int16_t arrival_turn = 0;  // turn it enters play (Pool units); 0 = not scheduled
  uint8_t entry = 0;       // entry area index + 1; 0 = none
  uint8_t spent = 0;       // game-defined per-phase counter (MP spent, attacks made)
};
static_assert(sizeof(UnitState) == 16);

// One frame of the flow call stack: which step of the game's sequence of play is
// acting, for which side, with two step-defined arguments (a hex key, a unit, a
// count). Interrupts (retreats, loss allocation, a defender's choice) push a frame;
// finishing them pops back to the step that called.
struct Frame {
  uint16_t step = 0;
  int8_t side = kNoSide;
  uint8_t flags = 0;
  int32_t a = 0;
  int32_t b = 0;
};
static_assert(sizeof(Frame) == 12);

// A game-defined marker on a hex (a barrage marker, a traffic jam, a control flag).
struct HexMarker {
  Hex hex;
  uint16_t kind = 0;
  int16_t value = 0;
};
static_assert(sizeof(HexMarker) == 8);

// A hexside whose state differs from the printed map (a bridge blown or built).
struct SideMarker {
  uint32_t hex_key = 0;  // HexSide::hex.key()
  uint8_t dir = 0;       // HexSide::dir
  uint8_t pad = 0;
  uint16_t kind = 0;     // game-defined
};
static_assert(sizeof(SideMarker) == 8);

struct State {
  static constexpr int kSchemaVersion = 1;
  static constexpr int kMaxUnits = 1024;
  static constexpr int kMaxDepth = 16;
  static constexpr int kMaxHexMarkers = 512;
  static constexpr int kMaxSideMarkers = 256;
  static constexpr int kMaxForcedDice = 32;
  static constexpr int kExtBytes = 2048;

  // Identity and randomness. rng is the generator's state (see dice.h); seed is the
  // seed the game started with, kept for the record.
  uint64_t seed = 0;
  uint64_t rng = 0;
  uint32_t rolls = 0;        // dice rolled so far; undo stops at the last roll
  uint32_t reveals = 0;      // hidden information revealed so far; undo stops there too
  uint16_t scenario = 0;     // index into rules.scenarios()
  int16_t turn = 0;
  int8_t result_side = kNoSide;  // winner when over (kNoSide for a draw)
  uint8_t over = 0;
  uint8_t depth = 0;
  uint8_t forced_count = 0;  // forced[0 .. forced_count) are the next die values
  uint16_t unit_count = 0;
  uint16_t hex_marker_count = 0;
  uint16_t side_marker_count = 0;
  int16_t result_level = 0;  // game-defined victory level when over

  std::array<Frame, kMaxDepth> stack{};
  std::array<uint8_t, kMaxForcedDice> forced{};
  std::array<UnitState, kMaxUnits> units{};
  std::array<HexMarker, kMaxHexMarkers> hex_markers{};
  std::array<SideMarker, kMaxSideMarkers> side_markers{};
  // The game's own scalar state (weather, VP, air points, ...), as one struct of the
  // game's that has no padding; see ext<T>().
  alignas(8) std::array<std::byte, kExtBytes> ext_bytes{};

  template <class T>
  T& ext() {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= kExtBytes);
    static_assert(std::has_unique_object_representations_v<T>, "no padding in game state");
    return *reinterpret_cast<T*>(ext_bytes.data());
  }
  template <class T>
  const T& ext() const {
    return const_cast<State*>(this)->ext<T>();
  }

  // Flow call stack.
  bool has_frame() const { return depth > 0; }
  Frame& top() { return stack[depth - 1]; }
  const Frame& top() const { return stack[depth - 1]; }

  // Units.
  UnitState& unit(UnitId id) { return units[id]; }
  const UnitState& unit(UnitId id) const { return units[id]; }
};
static_assert(std::is_trivially_copyable_v<State>);
static_assert(std::has_unique_object_representations_v<State>, "no padding: hashes and memcmp see every byte");

// Flow helpers; each returns false (and changes nothing) when the stack is full/empty.
bool push_frame(State& s, Frame f);
bool pop_frame(State& s);
// Replaces the top frame (a "goto" between steps at the same level).
void goto_frame(State& s, Frame f);

// Hex markers.
int find_hex_marker(const State& s, Hex h, uint16_t kind);  // index or -1
bool add_hex_marker(State& s, HexMarker m);                  // false when full
void remove_hex_marker(State& s, int index);                 // swap-with-last
int hex_marker_value(const State& s, Hex h, uint16_t kind, int absent = 0);

// Side markers.
int find_side_marker(const State& s, HexSide side, uint16_t kind);
bool add_side_marker(State& s, HexSide side, uint16_t kind);
void remove_side_marker(State& s, int index);

// 64-bit hash of the used part of the state (header, live stack, units, markers,
// ext). Equal states hash equal; used after every action of a record.
uint64_t hash_state(const State& s);

}  // namespace core
