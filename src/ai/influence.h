// Influence maps: how much strength each side can bring to each hex soon, from the
// units' strengths decaying with distance (Millington; OpenPanzerBlitz's threat and
// potential maps). The front line is where both sides' influence meet; a hex where
// the enemy's influence dwarfs ours is threatened.
//
// Decay is linear to zero at a unit's reach (its movement allowance in hexes plus
// one for the attack from the adjacent hex), so a unit projects its full strength
// onto its own hex and none beyond where it could strike next turn.
#pragma once

#include <array>
#include <vector>

#include "core/rules.h"
#include "core/state.h"

namespace ai {

// The printed values of a game's counters that the AI reads, by name, resolved once.
struct ValueIndex {
  explicit ValueIndex(const core::UnitCatalog& catalog);
  int attack = -1, defense = -1, ma = -1;

  int get(const core::UnitCatalog& c, const core::UnitState& u, int index) const {
    return index < 0 ? 0 : c.value(u.def, u.steps_lost, index);
  }
  // A unit's fighting worth: attack plus defense, or its first value when the game
  // names neither.
  int strength(const core::UnitCatalog& c, const core::UnitState& u) const;
};

class InfluenceMap {
 public:
  explicit InfluenceMap(const core::Rules& rules);

  // Recomputes both sides' influence over every hex of the map for `s`.
  void compute(const core::State& s);

  // Influence of `side` (0 or 1) on the hex with map index `i`.
  float at(int side, int i) const { return influence_[size_t(side)][size_t(i)]; }
  // Influence of `side` on hex h, 0 off the map.
  float at(int side, core::Hex h) const;
  // Positive where `side` dominates, negative where the enemy does.
  float balance(int side, core::Hex h) const { return at(side, h) - at(1 - side, h); }
  // True where both sides project force and neither dominates by more than `ratio`.
  bool front(core::Hex h, float ratio = 2.0f) const;

 private:
  const core::Rules* rules_;
  ValueIndex values_;
  std::vector<core::Hex> hexes_;                   // by map index
  std::array<std::vector<float>, 2> influence_;    // by side, by map index
};

}  // namespace ai
