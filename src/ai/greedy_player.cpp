#include <chrono>

#include "ai/players.h"

namespace ai {

GreedyPlayer::GreedyPlayer(const core::Rules& rules, uint64_t seed, bool plain)
    : plain_(plain),
      rng_(seed),
      eval_(plain ? std::make_unique<GenericEvaluator>(rules) : make_evaluator(rules)),
      sim_(rules, *eval_) {}

core::Action GreedyPlayer::act(const core::Rules& rules, const core::State& s, const Budget&) {
  const auto start = std::chrono::steady_clock::now();
  legal_.clear();
  rules.legal_actions(s, legal_);
  sim_.reset_nodes();
  double value = 0;
  const core::Action a = sim_.best_action(s, legal_, rules.to_act(s), rng_.next(), rng_, &value);
  stats_ = {sim_.nodes(),
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count(),
            value};
  return a;
}

}  // namespace ai
