// The evaluation hook: how good a position is for one side. The search is generic
// over core::Rules; what a game values (its objectives, its victory conditions, what
// a step of a unit is worth) lives here, one evaluator per game.
//
// Scale: about one point per strength point of a unit (attack + defense of one step),
// so weights of different terms read in the same currency; a decided game is worth
// +-kWin, far beyond any heuristic sum.
#pragma once

#include <memory>

#include "ai/influence.h"
#include "core/rules.h"
#include "core/state.h"

namespace ai {

inline constexpr double kWin = 10000.0;

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // The value of `s` for `side`: +-kWin when over, else a heuristic; zero-sum, so
  // evaluate(s, 1) == -evaluate(s, 0) for two-player games. Not const: evaluators
  // keep scratch buffers (one evaluator per player and thread).
  virtual double evaluate(const core::State& s, int side) = 0;
};

// Any game: the outcome when over; else material (strength on the map and still to
// come) and the control of hexes whose map attribute `vp` gives a victory-point value.
class GenericEvaluator : public Evaluator {
 public:
  explicit GenericEvaluator(const core::Rules& rules);
  double evaluate(const core::State& s, int side) override;

 protected:
  // +-kWin for a finished game (0 for a draw); the game's own victory level adds to
  // the margin so a bigger win ranks above a smaller one.
  static double final_value(const core::State& s, int side);
  // Strength of side 0 minus side 1, over units not eliminated.
  double material(const core::State& s) const;

  const core::Rules& rules_;
  ValueIndex values_;

 private:
  std::vector<core::VpHex> vp_hexes_;  // the game's (Rules::vp_hexes)
};

// The toy game (data/games/toy/README.md): Blue (side 0) wins by holding the town at
// the end of the last turn. Besides material, Blue values being in the town (more as
// the end nears) and being close to it; Red values keeping its units near the town
// and Blue's influence off it.
class ToyEvaluator : public GenericEvaluator {
 public:
  explicit ToyEvaluator(const core::Rules& rules);
  double evaluate(const core::State& s, int side) override;

 private:
  core::Hex town_{};
  InfluenceMap influence_;
};

// The evaluator for `rules`' game (by GameInfo::id), the generic one for games
// without their own.
std::unique_ptr<Evaluator> make_evaluator(const core::Rules& rules);

}  // namespace ai
