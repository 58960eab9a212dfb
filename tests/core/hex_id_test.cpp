#include "core/hex_id.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

namespace core {
namespace {

std::unique_ptr<HexIdScheme> scheme(std::string_view spec) {
  std::string error;
  auto s = make_scheme(spec, &error);
  EXPECT_TRUE(s) << spec << ": " << error;
  return s;
}

Hex id(const HexIdScheme& s, std::string_view printed) {
  const auto h = s.parse(printed);
  EXPECT_TRUE(h) << printed;
  return h.value_or(Hex{});
}

bool adjacent(const HexIdScheme& s, std::string_view a, std::string_view b) {
  return distance(id(s, a), id(s, b)) == 1;
}

// Every hex of every sheet formats to an ID that parses back to it, and every ID of an
// overlap hex names the same hex.
void expect_round_trips(const HexIdScheme& s) {
  const auto all = s.hexes();
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(std::set<Hex>(all.begin(), all.end()).size(), all.size());
  for (Hex h : all) {
    const std::string printed = s.format(h);
    ASSERT_EQ(s.parse(printed), h) << printed;
    const auto ids = s.all_ids(h);
    ASSERT_FALSE(ids.empty());
    EXPECT_EQ(ids.front(), printed);
    for (const auto& other : ids) EXPECT_EQ(s.parse(other), h) << other;
  }
  const auto again = make_scheme(s.spec());
  ASSERT_TRUE(again) << s.spec();
  EXPECT_EQ(again->spec(), s.spec());
  EXPECT_EQ(again->hexes(), all);
}

TEST(ScsIds, RoundTripOverBothMaps) {
  auto s = scheme("scs A:40x60 B:40x60");
  EXPECT_EQ(s->spec(), "scs A:40x60 B:40x60 high=even");
  EXPECT_EQ(s->orientation(), Orientation::FlatTop);
  EXPECT_EQ(s->hexes().size(), 4800u);
  expect_round_trips(*s);
  expect_round_trips(*scheme("scs A:40x0-60 B:40x0-60 high=odd"));
}

TEST(ScsIds, PrintsBareColumnAndTwoDigitRow) {
  auto s = scheme("scs A:40x60 B:40x60");
  EXPECT_EQ(s->format(id(*s, "B1.6")), "B1.06");
  EXPECT_EQ(s->format(id(*s, "A35.53")), "A35.53");
  EXPECT_EQ(s->format(id(*s, "A1.46")), "A1.46");
}

TEST(ScsIds, MapAColumn40AdjoinsMapBColumn1) {
  auto s = scheme("scs A:40x60 B:40x60");
  // The Ardennes II errata joins the track in B1.11 to the road in A40.10.
  EXPECT_TRUE(adjacent(*s, "A40.10", "B1.11"));
  EXPECT_TRUE(adjacent(*s, "A40.10", "B1.10"));
  EXPECT_FALSE(adjacent(*s, "A40.10", "B1.09"));
  for (int row = 1; row <= 60; ++row) {
    const std::string a40 = "A40." + std::to_string(row), b1 = "B1." + std::to_string(row);
    EXPECT_TRUE(adjacent(*s, a40, b1)) << a40;
    if (row < 60) {
      EXPECT_TRUE(adjacent(*s, a40, "B1." + std::to_string(row + 1))) << a40;
    }
    EXPECT_EQ(distance(id(*s, "A1." + std::to_string(row)), id(*s, b1)), 40) << b1;
  }
  EXPECT_EQ(distance(id(*s, "A39.10"), id(*s, "B2.10")), 3);
  // Bastogne B1.16 and Senochamps A38.16 are 3 columns apart on the same row.
  EXPECT_EQ(distance(id(*s, "A38.16"), id(*s, "B1.16")), 3);
  // Along a column, rows are neighbours and row numbers grow north.
  EXPECT_TRUE(adjacent(*s, "B5.10", "B5.11"));
  EXPECT_EQ(direction_to(id(*s, "B5.10"), id(*s, "B5.11")), direction_from_name("n", Orientation::FlatTop));
}

TEST(ScsIds, HighOddFlipsTheColumnShift) {
  auto s = scheme("scs A:40x60 B:40x60 high=odd");
  EXPECT_TRUE(adjacent(*s, "A40.10", "B1.09"));
  EXPECT_FALSE(adjacent(*s, "A40.10", "B1.11"));
}

TEST(ScsIds, RefusesMalformedAndOffMapIds) {
  auto s = scheme("scs A:40x60 B:40x60");
  for (const char* bad : {"", "A", "A12", "A12.", "A.12", "a12.34", "C1.01", "A41.01", "A1.61", "A1.00", "A123.01",
                          "A1.123", "A1,01", "A1.0x", "A-1.01", "A1.01 "})
    EXPECT_FALSE(s->parse(bad)) << bad;
}

TEST(SpiIds, MosaicCornerHasFourNames) {
  auto s = scheme("spi");
  EXPECT_EQ(s->orientation(), Orientation::PointyTop);
  const Hex h = id(*s, "A0122");
  EXPECT_EQ(id(*s, "B0101"), h);
  EXPECT_EQ(id(*s, "C2322"), h);
  EXPECT_EQ(id(*s, "D2301"), h);
  EXPECT_EQ(s->format(h), "A0122");  // the first sheet listed is canonical
  const auto ids = s->all_ids(h);
  EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()), (std::set<std::string>{"A0122", "B0101", "C2322", "D2301"}));
  // Reordering the sheets changes which name is canonical, not the geometry.
  auto b_first = scheme("spi B:28x23 A:28x23 D:28x23 C:28x23");
  EXPECT_EQ(b_first->format(id(*b_first, "A0122")), "B0101");
  EXPECT_EQ(id(*b_first, "C2322"), h);
}

TEST(SpiIds, NeighboursFollowRowParity) {
  auto s = scheme("spi");
  EXPECT_TRUE(adjacent(*s, "B1210", "B1110"));  // Stavelot next to Trois Ponts
  EXPECT_TRUE(adjacent(*s, "B0911", "B1010"));
  EXPECT_TRUE(adjacent(*s, "D2101", "C2221"));
  EXPECT_TRUE(adjacent(*s, "C2221", "C2321"));
  // Odd rows touch YY-1 and YY in the rows beside them, even rows YY and YY+1.
  EXPECT_TRUE(adjacent(*s, "C0505", "C0604"));
  EXPECT_TRUE(adjacent(*s, "C0505", "C0605"));
  EXPECT_FALSE(adjacent(*s, "C0505", "C0606"));
  EXPECT_TRUE(adjacent(*s, "C0605", "C0706"));
  EXPECT_FALSE(adjacent(*s, "C0605", "C0704"));
  // La Roche appears on two sheets; Martelange D1006 is C1027.
  EXPECT_EQ(id(*s, "A0324"), id(*s, "B0303"));
  EXPECT_EQ(id(*s, "D1006"), id(*s, "C1027"));
  EXPECT_EQ(distance(id(*s, "C1020"), id(*s, "D1006")), 7);
}

TEST(SpiIds, RoundTripAndMalformed) {
  expect_round_trips(*scheme("spi"));
  auto s = scheme("spi");
  for (const char* bad : {"", "B162", "B16200", "E0101", "b1620", "B0001", "B2401", "B0129", "B16x0", "1620"})
    EXPECT_FALSE(s->parse(bad)) << bad;
}

TEST(WotIds, NeighboursOfE4110) {
  auto s = scheme("wot");
  EXPECT_EQ(s->orientation(), Orientation::FlatTop);
  const Hex h = id(*s, "E4110");
  std::set<std::string> around;
  for (int d = 0; d < kDirections; ++d) around.insert(s->format(neighbor(h, d)));
  EXPECT_EQ(around, (std::set<std::string>{"E4109", "E4111", "E4010", "E4011", "E4210", "E4211"}));
  // Even columns: (c±1, r-1) and (c±1, r).
  EXPECT_TRUE(adjacent(*s, "E4210", "E4109"));
  EXPECT_TRUE(adjacent(*s, "E4210", "E4110"));
  EXPECT_FALSE(adjacent(*s, "E4210", "E4111"));
  // Rows grow south.
  EXPECT_EQ(direction_to(h, id(*s, "E4111")), direction_from_name("s", Orientation::FlatTop));
}

TEST(WotIds, SeamJoinsTheSheets) {
  auto s = scheme("wot");
  EXPECT_EQ(s->spec(), "wot W:18-48x0-44 E:10-45x0-44 seam=48:10");
  EXPECT_EQ(id(*s, "W4820"), id(*s, "E1020"));
  EXPECT_EQ(s->format(id(*s, "E1020")), "W4820");
  EXPECT_TRUE(adjacent(*s, "W4720", "E1120") == false);
  EXPECT_EQ(distance(id(*s, "W4720"), id(*s, "E1120")), 2);
  // The literal reading of rule 2.2 is one option away.
  auto literal = scheme("wot seam=18:10");
  EXPECT_EQ(id(*literal, "W1805"), id(*literal, "E1005"));
  EXPECT_FALSE(make_scheme("wot seam=18:11"));  // would break the column parity
  expect_round_trips(*s);
  expect_round_trips(*literal);
}

TEST(WotIds, RefusesMalformed) {
  auto s = scheme("wot");
  for (const char* bad : {"", "X4110", "E411", "E41100", "E4610", "E0910", "W1710", "E4145", "e4110", "E41.0"})
    EXPECT_FALSE(s->parse(bad)) << bad;
}

TEST(SchemeSpec, RefusesBadSpecsWithAReason) {
  for (const char* bad :
       {"", "hex", "scs", "scs A:0x60", "scs A:40", "scs A:40x60 A:40x60", "scs A:2-40x60", "scs A:40x60 high=up",
        "scs A:40x100", "spi E:28x23", "spi foo=1", "wot X:1x1", "wot seam=48"}) {
    std::string error;
    EXPECT_FALSE(make_scheme(bad, &error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
}

TEST(SchemeRange, RectangleOfOneSheet) {
  auto s = scheme("scs A:40x60 B:40x60");
  const auto r = s->range("A3.05", "A5.10");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->size(), 18u);
  EXPECT_FALSE(s->range("A3.05", "B5.10"));
  EXPECT_FALSE(s->range("A3.05", "A5.99"));
  const auto col = scheme("wot")->range("E4110", "E4112");
  ASSERT_TRUE(col);
  EXPECT_EQ(col->size(), 3u);
}

TEST(Directions, NamesRoundTripAndPointTheRightWay) {
  for (Orientation o : {Orientation::FlatTop, Orientation::PointyTop})
    for (int d = 0; d < kDirections; ++d) {
      EXPECT_EQ(direction_from_name(direction_name(d, o), o), d);
      const Point p = hex_to_point(kDirectionVectors[size_t(d)], o);
      const std::string_view n = direction_name(d, o);
      // y grows south, x grows east.
      const bool north = n.find('n') != std::string_view::npos, south = n.find('s') != std::string_view::npos;
      const bool east = n.find('e') != std::string_view::npos, west = n.find('w') != std::string_view::npos;
      EXPECT_EQ(p.y < -0.1, north) << n;
      EXPECT_EQ(p.y > 0.1, south) << n;
      EXPECT_EQ(p.x > 0.1, east) << n;
      EXPECT_EQ(p.x < -0.1, west) << n;
    }
  EXPECT_EQ(direction_from_name("up", Orientation::FlatTop), -1);
  EXPECT_EQ(direction_from_name("e", Orientation::FlatTop), -1);
}

// Property tests over seeded random hexes (a fixed seed keeps failures reproducible).
class HexProperties : public ::testing::Test {
 protected:
  Hex random_hex() { return {int16_t(coord_(rng_)), int16_t(coord_(rng_))}; }
  std::mt19937 rng_{20261129};
  std::uniform_int_distribution<int> coord_{-60, 60};
};

TEST_F(HexProperties, DistanceIsAMetric) {
  for (int i = 0; i < 5000; ++i) {
    const Hex a = random_hex(), b = random_hex(), c = random_hex();
    ASSERT_EQ(distance(a, b), distance(b, a));
    ASSERT_EQ(distance(a, a), 0);
    ASSERT_LE(distance(a, c), distance(a, b) + distance(b, c));
  }
}

TEST_F(HexProperties, LinesAreContiguousAndShortest) {
  for (int i = 0; i < 2000; ++i) {
    const Hex a = random_hex(), b = random_hex();
    for (int nudge : {+1, -1}) {
      const auto l = line(a, b, nudge);
      ASSERT_EQ(int(l.size()), distance(a, b) + 1);
      ASSERT_EQ(l.front(), a);
      ASSERT_EQ(l.back(), b);
      for (size_t k = 1; k < l.size(); ++k) ASSERT_EQ(distance(l[k - 1], l[k]), 1);
    }
  }
}

TEST_F(HexProperties, RingsHaveSixRHexesAtDistanceR) {
  std::uniform_int_distribution<int> radius(0, 12);
  for (int i = 0; i < 300; ++i) {
    const Hex c = random_hex();
    const int r = radius(rng_);
    const auto ring_hexes = ring(c, r);
    ASSERT_EQ(int(ring_hexes.size()), r == 0 ? 1 : 6 * r);
    ASSERT_EQ(std::set<Hex>(ring_hexes.begin(), ring_hexes.end()).size(), ring_hexes.size());
    for (Hex h : ring_hexes) ASSERT_EQ(distance(c, h), r);
  }
}

TEST_F(HexProperties, PointRoundTripsAndNeighboursAreOneApart) {
  std::uniform_real_distribution<double> jitter(-0.45, 0.45);
  for (Orientation o : {Orientation::FlatTop, Orientation::PointyTop})
    for (int i = 0; i < 3000; ++i) {
      const Hex h = random_hex();
      const Point p = hex_to_point(h, o);
      ASSERT_EQ(point_to_hex(p, o), h);
      // Anywhere inside the inscribed circle (radius 0.5) still rounds to h.
      const Point q{p.x + jitter(rng_), p.y};
      ASSERT_EQ(point_to_hex(q, o), h);
      const Point n = hex_to_point(neighbor(h, i % kDirections), o);
      ASSERT_NEAR(std::hypot(n.x - p.x, n.y - p.y), 1.0, 1e-9);
    }
}

}  // namespace
}  // namespace core
