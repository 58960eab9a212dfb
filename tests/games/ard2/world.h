// A small hand-made Ardennes II position for rule tests: a parallelogram of hexes
// with a test Terrain Effects Chart, counters defined in the test, and a State.
#pragma once

#include <memory>
#include <vector>

#include "core/state.h"
#include "games/ard2/position.h"
#include "series/scs/board.h"

namespace ard2::test {

using core::Hex;

// Test TEC (half-MP costs). Open, Road and Track as printed (TEC rows in the seed);
// Woods Mech 6 (1.3 example); Stream Mech +2 and 1 column per stack (1.2, 1.3);
// City 2 columns left (1.2). Other numbers are made up for the tests.
struct Terrain {
  int open, woods, city, swamp, jam, wall;
  int stream, river, our;
};

inline scs::Tec test_tec(Terrain& t) {
  scs::Tec tec;
  t.open = tec.add_hex({"Open", {4, 6}, 0, -1, {3, 5, false}, false, false});
  t.woods = tec.add_hex({"Woods", {6, 12}, 1, -1, {4, 6, false}, false, false});
  t.city = tec.add_hex({"City", {2, 2}, 2, -1, {0, 6, false}, true, false});
  t.swamp = tec.add_hex({"Swamp", {8, scs::kProhibited}, 1, -1, {3, 5, false}, false, false});
  t.jam = tec.add_hex({"Traffic Jam hex", {scs::kOtherTerrain, scs::kOtherTerrain}, 0, -1, {0, 0, true}, false, true});
  t.wall = tec.add_hex({"West Wall", {scs::kOtherTerrain, scs::kOtherTerrain}, 1, kGerman, {0, 0, true}, false, false});
  t.stream = tec.add_side({"Stream", {2, 4}, 1, true});
  t.river = tec.add_side({"River", {scs::kProhibited, scs::kProhibited}, 2, true});
  t.our = tec.add_side({"Our River", {scs::kProhibited, scs::kProhibited}, 2, true});
  tec.default_hex = t.open;
  return tec;
}

struct World {
  Terrain t{};
  scs::Board board;
  std::vector<UnitInfo> info;
  std::unique_ptr<core::State> s = std::make_unique<core::State>();

  explicit World(int w = 10, int h = 10) : board(test_tec(t)) {
    for (int q = 0; q < w; ++q)
      for (int r = 0; r < h; ++r) board.add_hex(Hex{int16_t(q), int16_t(r)}, 1u << t.open);
    s->turn = 3;
  }

  int def(UnitInfo i) {
    info.push_back(i);
    return int(info.size()) - 1;
  }
  core::UnitId place(int d, Hex h) {
    const core::UnitId id = s->unit_count++;
    s->units[id].def = uint16_t(d);
    s->units[id].hex = h;
    s->units[id].where = core::Where::OnMap;
    return id;
  }
  void marker(Hex h, uint16_t kind, int value) {
    s->hex_markers[s->hex_marker_count++] = core::HexMarker{h, kind, int16_t(value)};
  }
  void side_marker(core::HexSide side, uint16_t kind) {
    const core::HexSide c = core::HexSide::of(side.hex, side.dir);
    core::SideMarker m;
    m.hex_key = c.hex.key();
    m.dir = c.dir;
    m.kind = kind;
    s->side_markers[s->side_marker_count++] = m;
  }
  Position pos() const { return Position(board, info, *s); }
};

// Counter helpers.
inline UnitInfo infantry(int side, int a = 3, int d = 4, int ma = 8, int division = 1) {
  UnitInfo i;
  i.side = int8_t(side);
  i.division = int16_t(division);
  i.move = scs::MoveType::Leg;
  i.zoc_infantry = true;
  i.attack = {int8_t(a), int8_t(a > 1 ? a - 1 : a)};
  i.defense = {int8_t(d), int8_t(d > 1 ? d - 1 : d)};
  i.ma = {int8_t(ma), int8_t(ma)};
  return i;
}
inline UnitInfo armor(int side, int a = 6, int d = 4, int ma = 12, int division = 2, bool exploit = true) {
  UnitInfo i = infantry(side, a, d, ma, division);
  i.move = scs::MoveType::Mech;
  i.zoc_infantry = false;
  i.exploit = exploit;
  return i;
}
inline UnitInfo artillery(int side, int range = 8, int ma = 8, int division = -1) {
  UnitInfo i = infantry(side, 0, 1, ma, division);
  i.zoc_infantry = false;
  i.artillery = true;
  i.divarty = division >= 0;
  i.steps = 1;
  i.range = {int8_t(range), int8_t(range)};
  i.move = scs::MoveType::Mech;
  return i;
}

inline Hex H(int q, int r) { return Hex{int16_t(q), int16_t(r)}; }

}  // namespace ard2::test
