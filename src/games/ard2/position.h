// What every Ardennes II rule function reads: the board, each counter's printed
// facts (UnitInfo, from the catalog), and a core::State, with the hex occupancy
// computed once. Also the meaning of the State's game-defined bits for this game:
// unit flags, hex marker kinds and hexside marker kinds.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/state.h"
#include "series/scs/board.h"

namespace ard2 {

// Sides (GameInfo::sides order, as in data/games/ard2: 0 Allied, 1 German). The German
// player moves first each turn (2.1).
inline constexpr int kAllied = 0;
inline constexpr int kGerman = 1;
// ARD2 3.1: the most units of one side a hex may hold when a phase ends.
inline constexpr int kStackLimit = 3;
inline constexpr int other_side(int side) { return 1 - side; }

// UnitState::flags bits.
enum UnitFlag : uint32_t {
  kDG = 1u << 0,              // Disorganized (3.4)
  kMoved = 1u << 1,           // expended MP on the map this phase
  kFired = 1u << 2,           // barraged this phase (3.5)
  kSpotted = 1u << 3,         // used as a spotter: may not move further this phase (3.5)
  kOverran = 1u << 4,         // has overrun this phase (3.3)
  kStartedAdjacent = 1u << 5, // began this phase adjacent to an enemy unit (1.2)
  kEnemyBarrage = 1u << 6,    // began in or entered an enemy Full marker hex this phase (3.5)
  kAttacked = 1u << 7,        // attacked this Combat/Exploitation phase
  kStopped = 1u << 8,         // stopped for a bridge-blowing attempt (3.8)
  kInEntryArea = 1u << 9,     // placed reinforcement not yet moved: no DI (3.1)
  kDefended = 1u << 10,       // was attacked this phase
  kOutOfSupply = 1u << 11,    // found Out of Supply in its side's last Supply phase (3.7, A18)
};
inline constexpr int kUnitFlagCount = 12;

// HexMarker kinds; `value` is a count unless said otherwise.
enum MarkerKind : uint16_t {
  kFullAllied = 0,   // Full Barrage markers fired by the Allied (US) player
  kFullGerman = 1,
  kHalfAllied = 2,   // Half markers awaiting reconciliation (3.5)
  kHalfGerman = 3,
  kAirSupply = 4,    // US Air Supply marker (2.2, 3.7)
  kControl = 5,      // VP hex control: value = side + 1 (6.0)
};
inline constexpr uint16_t full_kind(int owner) { return owner == kGerman ? kFullGerman : kFullAllied; }
inline constexpr uint16_t half_kind(int owner) { return owner == kGerman ? kHalfGerman : kHalfAllied; }

// SideMarker kinds (3.8).
enum SideMarkerKind : uint16_t { kBridgeBlown = 0, kBridgeTested = 1 };

// A counter's printed facts as the rules need them, indexed like the catalog.
struct UnitInfo {
  int8_t side = kGerman;
  int16_t division = -1;  // -1: Independent (3.1)
  scs::MoveType move = scs::MoveType::Leg;
  bool artillery = false;
  bool divarty = false;       // divisional artillery: needs an own-division spotter
  bool zoc_infantry = false;  // counts toward a ZOC Post (1.2)
  bool exploit = false;       // yellow banner (1.2)
  bool rubber_boats = false;  // 2 Pz Div Mech MA infantry (4.2)
  int8_t steps = 2;
  // [steps lost]: values of the full and reduced sides.
  std::array<int8_t, 2> attack{0, 0};
  std::array<int8_t, 2> defense{0, 0};
  std::array<int8_t, 2> ma{0, 0};
  std::array<int8_t, 2> range{0, 0};  // artillery only

  int side_index(int steps_lost) const { return steps_lost > 0 ? 1 : 0; }
};

// Per-scenario and per-moment facts that are not in State's unit list.
struct Context {
  int turn = 1;
};

class Position {
 public:
  Position(const scs::Board& board, const std::vector<UnitInfo>& info, const core::State& s);

  const scs::Board& board() const { return board_; }
  const core::State& state() const { return s_; }
  const UnitInfo& info(core::UnitId u) const { return info_[s_.units[u].def]; }
  const core::UnitState& unit(core::UnitId u) const { return s_.units[u]; }
  int turn() const { return s_.turn; }

  // Units on the map in h (any side), in id order.
  std::span<const core::UnitId> units_at(core::Hex h) const;
  bool has_side(core::Hex h, int side) const;
  bool has_enemy(core::Hex h, int side) const { return has_side(h, other_side(side)); }
  bool adjacent_to_enemy(core::Hex h, int side) const;
  int count(core::Hex h, int side) const;
  // Steps a unit has left.
  int steps(core::UnitId u) const { return info(u).steps - unit(u).steps_lost; }
  bool dg(core::UnitId u) const { return unit(u).flags & kDG; }

  // Current printed values (the side shown after losses).
  int attack(core::UnitId u) const { return info(u).attack[size_t(info(u).side_index(unit(u).steps_lost))]; }
  int defense(core::UnitId u) const { return info(u).defense[size_t(info(u).side_index(unit(u).steps_lost))]; }
  int ma(core::UnitId u) const { return info(u).ma[size_t(info(u).side_index(unit(u).steps_lost))]; }
  int range(core::UnitId u) const { return info(u).range[size_t(info(u).side_index(unit(u).steps_lost))]; }

  // Barrage markers in h: Full/Half markers fired by `owner`.
  int full_markers(core::Hex h, int owner) const { return marker(h, full_kind(owner)); }
  int half_markers(core::Hex h, int owner) const { return marker(h, half_kind(owner)); }
  int marker(core::Hex h, uint16_t kind) const;

  // Hexside markers.
  bool side_marker(core::HexSide side, uint16_t kind) const;

  // ARD2 3.8: a road crossing (h, dir) is usable: no water there, or its bridge is
  // built by now and not blown.
  bool road_open(core::Hex h, int dir) const;
  // ARD2 3.8: bridge b of board().bridges() is there (built by now, not blown).
  bool bridge_open(int b) const;
  // Every bridge's bridge_open, indexed as board().bridges(), for walks of the link table.
  std::vector<uint8_t> open_bridges() const;
  // The road usable across (h, dir) (None when closed by water without a bridge).
  scs::RoadKind effective_road(core::Hex h, int dir) const;

  // Every unit of `side` on the map.
  std::vector<core::UnitId> on_map(int side) const;

 private:
  const scs::Board& board_;
  const std::vector<UnitInfo>& info_;
  const core::State& s_;
  // Units on the map grouped by board index, in id order: those of board index i are
  // by_hex_[start[i] .. start[i] + count[i]), read only where stamp[i] is this view's
  // generation. A view so fills only the hexes that hold units: making one costs its
  // units, not the board (the AI makes several per position it looks at). The slot
  // arrays are reused through a per-thread pool.
  struct HexSlots {
    std::vector<uint32_t> stamp;
    std::vector<uint16_t> start, count;
    uint32_t generation = 0;
  };
  struct ReturnToPool {
    void operator()(HexSlots* slots) const;
  };
  static std::vector<std::unique_ptr<HexSlots>>& pool();  // this thread's spare slots
  static std::unique_ptr<HexSlots, ReturnToPool> take_slots(size_t hexes);
  std::unique_ptr<HexSlots, ReturnToPool> slots_;
  uint32_t generation_ = 0;
  std::vector<core::UnitId> by_hex_;
};

// The road across a link of the board's link table: none when the link's bridge is
// down (as Position::effective_road); `open` is Position::open_bridges().
inline scs::RoadKind link_road(const scs::Board::Link& l, const std::vector<uint8_t>& open) {
  return l.bridge < 0 || open[size_t(l.bridge)] ? l.road : scs::RoadKind::None;
}

}  // namespace ard2
