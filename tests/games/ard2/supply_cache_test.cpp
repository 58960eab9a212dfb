// The supply traces Ard2Rules keeps per position (ARD2 3.7; TraceCache, trace_key):
// a kept trace must be the one a fresh trace_supply() gives, and a change to what the
// trace reads (an enemy unit's hex, a bridge marker) must not find the old one.
#include <gtest/gtest.h>

#include <stdexcept>

#include "core/game.h"
#include "games/ard2/ard2_rules.h"
#include "games/ard2/supply.h"
#include "games/registry.h"

namespace ard2::test {
namespace {

// The loaded game (a test fails in it when the data does not load).
const Ard2Rules& rules() {
  static const auto* r = dynamic_cast<const Ard2Rules*>(games::find_game("ard2"));
  if (!r) throw std::runtime_error("ard2 does not load");
  return *r;
}

int scenario(const char* id) {
  for (size_t i = 0; i < rules().scenarios().size(); ++i)
    if (rules().scenarios()[i].id == id) return int(i);
  return 0;
}

std::vector<uint8_t> fresh(const core::State& s, int side) {
  return trace_supply(rules().position(s), side, rules().sources(s, side));
}

uint64_t next(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  return z ^ (z >> 31);
}

TEST(SupplyCache, AKeptTraceIsTheFreshOneOverRandomPlay) {
  core::Game game(rules(), scenario("7.1"), 5);
  core::ActionList legal;
  uint64_t picker = 3;
  int checked = 0;
  for (int n = 0; n < 600 && !game.state().over; ++n) {
    const core::State& s = game.state();
    if (n % 5 == 0)
      for (int side : {kAllied, kGerman}) {
        // Twice: the second answer comes from the cache.
        ASSERT_EQ(rules().traced(s, side), fresh(s, side)) << "action " << n << ", side " << side;
        ASSERT_EQ(rules().traced(s, side), fresh(s, side)) << "action " << n << ", side " << side;
        ++checked;
      }
    rules().legal_actions(s, legal);
    ASSERT_FALSE(legal.empty());
    ASSERT_FALSE(game.apply(legal[next(picker) % legal.size()]).has_value());
  }
  EXPECT_GT(checked, 100);
}

TEST(SupplyCache, AnEnemyUnitMovedOntoATracedHexIsSeen) {
  // Given the 7.1 set-up and its US trace, kept
  core::State s = rules().setup(scenario("7.1"), 1);
  const auto before = rules().traced(s, kAllied);
  const Position p = rules().position(s);
  const scs::Board& b = rules().board();
  int target = -1;
  for (int i = 0; i < b.size() && target < 0; ++i)
    if (before[size_t(i)] && p.units_at(b.hex_at(i)).empty()) target = i;
  ASSERT_GE(target, 0);
  core::UnitId german = core::kNoUnit;
  for (core::UnitId u : p.on_map(kGerman)) german = u;
  ASSERT_NE(german, core::kNoUnit);
  // when a German unit stands in a hex the US traced to
  s.units[german].hex = b.hex_at(target);
  // then the US trace is made again: that hex (enemy-held) is no longer supplied
  const auto after = rules().traced(s, kAllied);
  EXPECT_EQ(after, fresh(s, kAllied));
  EXPECT_EQ(after[size_t(target)], 0);
}

TEST(SupplyCache, BlownBridgesAreSeen) {
  // Given the 7.1 set-up and both sides' traces, kept
  core::State s = rules().setup(scenario("7.1"), 1);
  (void)rules().traced(s, kAllied);
  (void)rules().traced(s, kGerman);
  // when every bridge of the map is blown (ARD2 3.8: its road is cut)
  for (const scs::Bridge& br : rules().board().bridges())
    if (core::find_side_marker(s, br.side, kBridgeBlown) < 0) core::add_side_marker(s, br.side, kBridgeBlown);
  // then the traces are those of the new markers
  EXPECT_EQ(rules().traced(s, kAllied), fresh(s, kAllied));
  EXPECT_EQ(rules().traced(s, kGerman), fresh(s, kGerman));
}

TEST(SupplyCache, TheKeyReadsMarkersAndSideAndEachKeyIsTracedOnce) {
  // Given a state with no units, its key for each side and with a bridge marker
  core::State s{};
  const std::vector<UnitInfo> none;
  const auto plain = trace_key(s, none, kAllied);
  core::add_side_marker(s, core::HexSide::of(core::Hex{3, 4}, 0), kBridgeBlown);
  const auto blown = trace_key(s, none, kAllied);
  EXPECT_NE(plain, blown);
  EXPECT_NE(plain, trace_key(core::State{}, none, kGerman));
  // when a cache is asked for them
  TraceCache cache;
  int traces = 0;
  const auto trace = [&] { return std::vector<uint8_t>{uint8_t(++traces)}; };
  // then each key is traced once and answered from the cache after
  EXPECT_EQ(cache.get(plain, trace), std::vector<uint8_t>{1});
  EXPECT_EQ(cache.get(plain, trace), std::vector<uint8_t>{1});
  EXPECT_EQ(cache.get(blown, trace), std::vector<uint8_t>{2});
  EXPECT_EQ(cache.get(plain, trace), std::vector<uint8_t>{1});
  EXPECT_EQ(traces, 2);
}

}  // namespace
}  // namespace ard2::test
