// ARD2 3.7 Trace Supply and Air Supply (on SCS 12.0), 1.3 Friendly Map Edges.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <vector>

#include "games/ard2/position.h"

namespace ard2 {

// Where a side's supply comes from: roads leaving its friendly map edges (1.3), or a
// scenario's own sources (7.x): some edges, Roads only (not Tracks), listed hexes.
struct SupplySources {
  uint8_t edges = 0;       // core::EdgeBits
  bool road_only = false;  // "Road (not Track)"
  std::vector<core::Hex> hexes;
};
// ARD2 1.3: the US draws from the North, West and South edges, the German from the East.
SupplySources default_sources(int side);

inline constexpr int kTraceHexes = 5;  // ARD2 3.7: at most 5 hexes to the road

// Per board index: 1 when a unit of `side` there is in Trace Supply. ARD2 3.7: within
// 5 hexes of a road hex from which a contiguous road runs, unobstructed, to a source;
// the 5-hex path avoids hexes Prohibited to Leg MA unless it follows a road.
// ASSUMED (A20, SCS 12.0): enemy-held hexes obstruct both the road and the 5-hex
// path; blown or unbuilt bridges break the road; ZOC Bonds and Barrage markers do not
// obstruct (1.2: Bonds only cost MP and stop retreats).
std::vector<uint8_t> trace_supply(const Position& p, int side, const SupplySources& src);

// ARD2 3.7, 7.x: a scenario may name sources of different kinds (edges with any road,
// Roads only, hexes): a hex is supplied when any of them supplies it.
std::vector<uint8_t> trace_supply(const Position& p, int side, const std::vector<SupplySources>& sources);

// ARD2 2.2, 3.7: US units within 5 hexes of an Air Supply marker (terrain and enemy
// units do not matter).
bool air_supplied(const Position& p, core::Hex h);

// A unit is in supply: by trace, or (US) by Air Supply.
bool in_supply(const Position& p, const std::vector<uint8_t>& traced, core::UnitId u);

// Everything a trace of `side` reads from the state, when its sources follow from the
// scenario and the turn (Ard2Rules::sources): the scenario, the turn (bridges built,
// sources opening), the side, the hexside markers (bridges blown) and the hexes of the
// enemy units on the map. Two states with equal keys have equal traces.
std::vector<uint32_t> trace_key(const core::State& s, const std::vector<UnitInfo>& info, int side);

// The traces of the last few positions, so that the rules asking for one side's supply
// in the same position (end of phase, Supply phase, Bug Out, DG Removal) trace it once.
// Exact: a trace is reused only for an equal trace_key. Thread-safe.
class TraceCache {
 public:
  // The trace for `key`, computed by `trace()` unless kept.
  template <class F>
  std::vector<uint8_t> get(const std::vector<uint32_t>& key, F&& trace) {
    {
      const std::lock_guard lock(mutex_);
      for (const Entry& e : entries_)
        if (e.key == key) return e.traced;
    }
    std::vector<uint8_t> traced = trace();
    const std::lock_guard lock(mutex_);
    Entry& e = entries_[next_++ % entries_.size()];
    e.key = key;
    e.traced = traced;
    return traced;
  }

 private:
  struct Entry {
    std::vector<uint32_t> key;  // empty: unused (a real key is never empty)
    std::vector<uint8_t> traced;
  };
  std::mutex mutex_;
  std::array<Entry, 4> entries_;
  size_t next_ = 0;
};

}  // namespace ard2
