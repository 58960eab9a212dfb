// ARD2 3.8 Bridges: German-built bridges by date, US blowing.
#include <gtest/gtest.h>

#include <memory>

#include "games/ard2/ard2_rules.h"
#include "games/ard2/data.h"
#include "games/ard2/movement.h"
#include "games/ard2/status.h"
#include "world.h"

namespace ard2::test {
namespace {

TEST(Rule_3_8, BlowingRequirements) {
  World w;
  const core::HexSide side = core::HexSide::of(H(4, 4), 0);
  w.board.add_side_feature(H(4, 4), 0, w.t.river);
  w.board.set_road(H(4, 4), 0, scs::RoadKind::Road);
  const int br = w.board.add_bridge({side, 0, H(4, 3)});
  const auto us = w.place(w.def(infantry(kAllied)), H(2, 3));
  EXPECT_TRUE(bridge_primed(w.pos(), br));
  EXPECT_EQ(blow_refusal(w.pos(), br, us), nullptr);
  // too far from the plunger
  w.s->units[us].hex = H(1, 3);
  EXPECT_NE(blow_refusal(w.pos(), br, us), nullptr);
  w.s->units[us].hex = H(2, 3);
  // a German in a hex of the bridge
  const auto ge = w.place(w.def(infantry(kGerman)), H(5, 4));
  EXPECT_NE(blow_refusal(w.pos(), br, us), nullptr);
  // a German in the plunger hex: Tested with no attempt
  w.s->units[ge].hex = H(4, 3);
  EXPECT_TRUE(plunger_captured(w.pos(), br));
  EXPECT_NE(blow_refusal(w.pos(), br, us), nullptr);
  // only the US blows bridges
  w.s->units[ge].hex = H(9, 9);
  EXPECT_NE(blow_refusal(w.pos(), br, ge), nullptr);
}

TEST(Rule_3_8, OneRollForEveryBridgeOfAPlunger) {
  World w;
  const int b1 = w.board.add_bridge({core::HexSide::of(H(4, 4), 0), 0, H(4, 3)});
  const int b2 = w.board.add_bridge({core::HexSide::of(H(4, 4), 1), 0, H(4, 3)});
  const int b3 = w.board.add_bridge({core::HexSide::of(H(7, 7), 1), 0, H(7, 6)});
  resolve_blow(*w.s, w.board, H(4, 3), true);
  const Position p = w.pos();
  EXPECT_FALSE(bridge_primed(p, b1));
  EXPECT_FALSE(bridge_primed(p, b2));
  EXPECT_TRUE(bridge_primed(p, b3));
  EXPECT_TRUE(p.side_marker(core::HexSide::of(H(4, 4), 1), kBridgeBlown));
  resolve_blow(*w.s, w.board, H(7, 6), false);
  EXPECT_TRUE(w.pos().side_marker(core::HexSide::of(H(7, 7), 1), kBridgeTested));
  // a Tested bridge still carries its road
  w.board.set_road(H(7, 7), 1, scs::RoadKind::Road);
  w.board.add_side_feature(H(7, 7), 1, w.t.river);
  EXPECT_EQ(w.pos().effective_road(H(7, 7), 1), scs::RoadKind::Road);
}

// --- German-built bridges and the RR overpass on the real map -----------------------
// data/games/ard2/map_additions.json puts them on data/maps/ard2.map (T-bridges).

const Ard2Rules& real() {
  static const std::unique_ptr<Ard2Rules> r = [] {
    std::string error;
    auto loaded = Ard2Rules::load(data_root() + "/games/ard2", error);
    EXPECT_NE(loaded, nullptr) << error;
    return loaded;
  }();
  return *r;
}

core::Hex at(const char* id) { return *core::find_hex(real(), id); }

// Scenario 7.1 on `turn` with no unit on the map: only the bridges decide the costs.
core::State empty_71(int turn) {
  const auto& list = real().scenarios();
  int sc = 0;
  while (list[size_t(sc)].id != "7.1") ++sc;
  core::State s = real().setup(sc, 7);
  for (core::UnitId u = 0; u < s.unit_count; ++u) s.units[u].where = core::Where::Eliminated;
  s.turn = int16_t(turn);
  return s;
}

// What a German Mech unit pays to step from `from` into the adjacent `to`.
int mech_step(int turn, const char* from, const char* to) {
  const core::State s = empty_71(turn);
  const Position p = real().position(s);
  Mover m;
  m.type = scs::MoveType::Mech;
  return step_cost(p, move_cache(p, kGerman), m, at(from), at(to));
}

int built_turn(const char* a, const char* b) {
  const int k = real().board().bridge_at(core::HexSide::between(at(a), at(b)));
  return k < 0 ? -1 : real().board().bridges()[size_t(k)].built_turn;
}

TEST(Rule_3_8, EveryGermanBridgeCarriesARoadFromItsDayOnly) {
  // Given each bridge the map additions build (on a printed road or track),
  int built = 0;
  for (const scs::Bridge& b : real().board().bridges()) {
    if (b.built_turn == 0) continue;
    ++built;
    const scs::RoadKind road = real().board().road(b.side.hex, b.side.dir);
    ASSERT_NE(road, scs::RoadKind::None) << core::hex_name(real(), b.side.hex);
    // then the road is cut the turn before its day, and there from its day on.
    EXPECT_EQ(real().position(empty_71(b.built_turn - 1)).effective_road(b.side.hex, b.side.dir), scs::RoadKind::None);
    EXPECT_EQ(real().position(empty_71(b.built_turn)).effective_road(b.side.hex, b.side.dir), road);
  }
  EXPECT_EQ(built, 8);
}

TEST(Rule_3_8, DasburgBridgeOpensOn17Dec) {
  // Given the Dasburg bridge, built 17 Dec (Turn 2; Cole p.198),
  ASSERT_EQ(built_turn("B23.17", "B22.17"), 2);
  const int road = real().board().tec().road_cost(scs::RoadKind::Road, scs::MoveType::Mech);
  // when a German tank tries the Our at Dasburg on 16 Dec, the unbridged river is
  // Prohibited (TEC, ARD2 4.2);
  EXPECT_EQ(mech_step(1, "B23.17", "B22.17"), scs::kProhibited);
  // on 17 Dec it follows the road.
  EXPECT_EQ(mech_step(2, "B23.17", "B22.17"), road);
}

TEST(Rule_3_8, RothBridgeOpensOn18Dec) {
  // Given the 5th Parachute Division's bridge at Vianden/Roth, finished on the evening
  // of 17 Dec (Cole p.222), then its track is cut on Turns 1-2 and open on Turn 3.
  ASSERT_EQ(built_turn("B25.11", "B25.10"), 3);
  const int track = real().board().tec().road_cost(scs::RoadKind::Track, scs::MoveType::Mech);
  EXPECT_EQ(mech_step(2, "B25.11", "B25.10"), scs::kProhibited);
  EXPECT_EQ(mech_step(3, "B25.11", "B25.10"), track);
}

TEST(Rule_3_8, LosheimOverpassOpensOn17Dec) {
  // Given the RR overpass on the road Losheim-Losheimergraben (no water under it),
  ASSERT_EQ(built_turn("B33.40", "B32.40"), 2);
  EXPECT_FALSE(real().board().side_has_water(at("B33.40"), core::direction_to(at("B33.40"), at("B32.40"))));
  const int road = real().board().tec().road_cost(scs::RoadKind::Road, scs::MoveType::Mech);
  // when Peiper's tanks leave Losheim on 16 Dec they go cross-country (no road, but
  // nothing forbids the step);
  const int off_road = mech_step(1, "B33.40", "B32.40");
  EXPECT_NE(off_road, road);
  EXPECT_NE(off_road, scs::kProhibited);
  // from 17 Dec they take the road, both ways.
  EXPECT_EQ(mech_step(2, "B33.40", "B32.40"), road);
  EXPECT_EQ(mech_step(2, "B32.40", "B33.40"), road);
}

TEST(Rule_3_8, OurenKeepsItsPrintedBridges) {
  // Given the stone bridges at Ouren the US held on 16 Dec (Cole p.203), they are no
  // German-built bridge: the road over the Our is there on Turn 1.
  EXPECT_EQ(built_turn("B21.24", "B22.24"), -1);
  EXPECT_EQ(real().position(empty_71(1)).effective_road(at("B21.24"), core::direction_to(at("B21.24"), at("B22.24"))),
            scs::RoadKind::Road);
}

}  // namespace
}  // namespace ard2::test
