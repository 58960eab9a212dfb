#include "core/path.h"

#include <gtest/gtest.h>

#include <map>

namespace core {
namespace {

std::vector<Hex> rhombus(int w, int h) {
  std::vector<Hex> hexes;
  for (int q = 0; q < w; ++q)
    for (int r = 0; r < h; ++r) hexes.push_back({int16_t(q), int16_t(r)});
  return hexes;
}

// A made-up terrain: a cost per hex from a hash, some hexes impassable, some ending
// the move, and a "river" making some directions dearer.
struct Terrain {
  uint32_t seed;
  uint32_t h(Hex x) const { return (x.key() * 2654435761u) ^ seed; }
  StepCost operator()(const PathStep& st) const {
    const uint32_t v = h(st.to) % 97;
    if (v < 8) return {kImpassable, false};
    int cost = 1 + int(v % 3);
    if ((st.dir == 1 || st.dir == 4) && (h(st.from) & 8)) cost += 2;
    return {cost, v % 11 == 0};
  }
};

struct Best {
  int key = 1 << 30;
  int cost = 0;
};

// Every path, by depth-first search: slow and obviously right.
void brute(const HexGraph& g, const Terrain& t, int n, int spent, int mp, std::map<int, Best>& best,
           bool stopped) {
  const int key = stopped ? mp + 1 + spent : spent;
  Best& b = best[n];
  if (key >= b.key) return;
  b = {key, spent};
  if (stopped) return;
  for (int d = 0; d < kDirections; ++d) {
    const int m = g.neighbor_index(n, d);
    if (m < 0) continue;
    const StepCost c = t(PathStep{g.hex_at(n), g.hex_at(m), n, m, d, spent});
    if (c.cost < 0 || spent + c.cost > mp) continue;
    brute(g, t, m, spent + c.cost, mp, best, c.stop);
  }
}

TEST(Path, RangeMatchesExhaustiveSearch) {
  HexGraph g(rhombus(12, 12));
  PathFinder pf(g);
  std::vector<Reach> out;
  for (uint32_t seed : {1u, 2u, 3u, 99u}) {
    const Terrain t{seed};
    for (int mp : {0, 3, 7}) {
      for (Hex start : {Hex{5, 5}, Hex{0, 0}, Hex{11, 3}}) {
        pf.range(start, mp, t, out);
        std::map<int, Best> want;
        brute(g, t, g.index(start), 0, mp, want, false);
        ASSERT_EQ(out.size(), want.size()) << "seed " << seed << " mp " << mp;
        EXPECT_EQ(out[0].hex, start);
        EXPECT_EQ(out[0].cost, 0);
        std::map<int, Reach> got;
        for (const Reach& r : out) got[g.index(r.hex)] = r;
        for (const auto& [n, b] : want) {
          ASSERT_TRUE(got.count(n));
          const Reach& r = got[n];
          EXPECT_EQ(r.cost, b.cost);
          if (r.hex == start) continue;
          // the predecessor is reached, may go on, and the step from it adds up
          const Reach& p = got.at(g.index(r.from));
          EXPECT_LE(want[g.index(r.from)].key, mp);
          const int d = direction_to(r.from, r.hex);
          ASSERT_GE(d, 0);
          EXPECT_EQ(p.cost + t(PathStep{r.from, r.hex, 0, 0, d, p.cost}).cost, r.cost);
        }
      }
    }
  }
}

TEST(Path, CheapestFirstAndOffGraphStartsGiveNothing) {
  HexGraph g(rhombus(6, 6));
  PathFinder pf(g);
  std::vector<Reach> out;
  auto flat = [](const PathStep&) { return StepCost{1, false}; };
  pf.range({2, 2}, 2, flat, out);
  EXPECT_EQ(out.size(), 19u);  // radius 2 fits inside
  for (size_t i = 1; i < out.size(); ++i) EXPECT_LE(out[i - 1].cost, out[i].cost);
  pf.range({40, 40}, 5, flat, out);
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(g.index({40, 40}), -1);
}

TEST(Path, StopHexesAreEnteredButNotLeftAndFreeEntriesWin) {
  // given two rows of hexes where (2,0) ends the move when entered from the west and
  // costs 3 from anywhere else
  HexGraph g(rhombus(5, 2));
  PathFinder pf(g);
  auto cost = [](const PathStep& st) {
    if (st.to == Hex{2, 0} && st.dir == 0) return StepCost{1, true};
    return StepCost{st.to == Hex{2, 0} ? 3 : 1, false};
  };
  std::vector<Reach> out;
  pf.range({0, 0}, 4, cost, out);
  std::map<int, Reach> got;
  for (const Reach& r : out) got[g.index(r.hex)] = r;
  // (2,0) is reached by the cheap stopping step (cost 2)...
  ASSERT_TRUE(got.count(g.index({2, 0})));
  EXPECT_EQ(got[g.index({2, 0})].cost, 2);
  // ...and (3,0) is reached around it by the other row, not through it
  ASSERT_TRUE(got.count(g.index({3, 0})));
  EXPECT_EQ(got[g.index({3, 0})].cost, 4);
  EXPECT_EQ(got[g.index({3, 0})].from, (Hex{2, 1}));
}

TEST(Path, ZeroCostStepsAndRepeatedSearchesReuseBuffers) {
  HexGraph g(rhombus(4, 4));
  PathFinder pf(g);
  auto free_road = [](const PathStep& st) { return StepCost{st.to.r == 0 ? 0 : 2, false}; };
  std::vector<Reach> out;
  for (int i = 0; i < 3; ++i) {
    pf.range({0, 0}, 1, free_road, out);
    EXPECT_EQ(out.size(), 4u);  // the whole r = 0 row, nothing else
  }
}

}  // namespace
}  // namespace core
