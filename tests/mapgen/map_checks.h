// Helpers for the named-hex tests: one build per game per test run, and questions
// about what lies in or around a printed hex.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "core/map.h"
#include "mapgen/build.h"
#include "mapgen/gazetteer.h"

namespace mapgen::testing {

// The map built from the source tree's data/ (built once per game per run).
inline const BuildResult& built(const std::string& game) {
  static std::map<std::string, BuildResult> cache;
  auto it = cache.find(game);
  if (it == cache.end()) it = cache.emplace(game, build_map(HEXFRONT_DATA_DIR, game)).first;
  return it->second;
}

inline const core::Map& map_of(const std::string& game) {
  const BuildResult& r = built(game);
  if (!r.map) {
    for (const std::string& e : r.errors) ADD_FAILURE() << e;
    throw std::runtime_error(game + " did not build");
  }
  return *r.map;
}

inline core::Hex hex(const core::Map& m, const std::string& id) {
  const auto h = m.ids().parse(id);
  if (!h || !m.contains(*h)) throw std::runtime_error(id + " is not on the map");
  return *h;
}

inline bool has_word(const core::Map& m, const std::string& id, const std::string& word) {
  return m.has_terrain(hex(m, id), m.terrain_bit(word));
}

// Does any hexside of a hex within `radius` of `id` carry `word`?
inline bool side_near(const core::Map& m, const std::string& id, int radius, const std::string& word) {
  const int bit = m.side_feature_bit(word);
  for (const core::Hex h : core::area(hex(m, id), radius))
    for (int dir = 0; dir < core::kDirections; ++dir)
      if (m.contains(h) && m.has_side(h, dir, bit)) return true;
  return false;
}

inline bool side_between(const core::Map& m, const std::string& a, const std::string& b, const std::string& word) {
  const int dir = core::direction_to(hex(m, a), hex(m, b));
  return dir >= 0 && m.has_side(hex(m, a), dir, m.side_feature_bit(word));
}

// A named place in the hex, with one of the given terrain words.
inline void expect_place(const core::Map& m, const std::string& id, const std::string& name,
                         std::initializer_list<const char*> terrain) {
  EXPECT_EQ(m.place(hex(m, id)), name) << id;
  bool any = false;
  for (const char* w : terrain) any = any || has_word(m, id, w);
  EXPECT_TRUE(any) << id << " " << name << " lacks its settlement terrain";
}

}  // namespace mapgen::testing
