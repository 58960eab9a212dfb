#include "ai/players.h"

namespace ai {

RandomPlayer::RandomPlayer(const core::Rules& rules, uint64_t seed) : rng_(seed) {
  const auto& names = rules.action_names();
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == "end_phase") end_phase_ = int(i);
}

core::Action RandomPlayer::act(const core::Rules& rules, const core::State& s, const Budget&) {
  legal_.clear();
  rules.legal_actions(s, legal_);
  const int n = int(legal_.size());
  int ends = 0;
  for (const core::Action& a : legal_) ends += a.type == end_phase_;
  stats_ = {1, 0, 0};
  if (ends == 0 || ends == n) return legal_[size_t(rng_.below(n))];
  const bool end = rng_.unit() < kEndPhaseChance;
  // The k-th action of the chosen kind.
  int k = rng_.below(end ? ends : n - ends);
  for (const core::Action& a : legal_)
    if ((a.type == end_phase_) == end && k-- == 0) return a;
  return legal_.front();
}

}  // namespace ai
