#include "ai/simulator.h"

#include <algorithm>
#include <array>
#include <limits>

#include "core/dice.h"

namespace ai {

namespace {

// Deepest lookahead: a sub-frame chain longer than this is judged statically.
constexpr int kMaxPly = 24;

// Where `k` lands in a shuffle of 0..n-1 drawn from `key` (Fisher-Yates). By hand,
// not std::shuffle: the standard leaves its order to each library, and the lookahead's
// draws must be the same wherever a game is replayed or measured.
int shuffled(uint64_t key, int n, int k) {
  std::array<int, 64> order{};
  n = std::min(n, int(order.size()));
  for (int i = 0; i < n; ++i) order[size_t(i)] = i;
  for (int i = n - 1; i > 0; --i) {
    key = mix(key);
    std::swap(order[size_t(i)], order[size_t(key % uint64_t(i + 1))]);
  }
  return order[size_t(std::min(k, n - 1))];
}

}  // namespace

uint64_t mix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

void blind(core::State& s, uint64_t seed) {
  core::seed_rng(s, seed);
  // Dice forced through the protocol are the game's future too.
  s.forced_count = 0;
  s.forced.fill(0);
}

Simulator::Simulator(const core::Rules& rules, Evaluator& eval)
    : rules_(rules), eval_(eval), lists_(kMaxPly + 1), states_(kMaxPly + 1), outcomes_(kMaxPly + 1) {
  const auto& names = rules.action_names();
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == "end_phase") end_phase_ = int(i);
  relocates_.assign(names.size(), -1);
  dice_.resize(names.size());
  // The set-up position sits in the first phase, so its depth is where phases live.
  if (!rules.scenarios().empty()) {
    const core::State s = rules.setup(0, 0);
    phase_depth_ = std::max<int>(1, s.depth);
    large_ = s.unit_count > kLargeUnits;
  }
  node_limit_ = scaled(node_limit_);
  if (large_) samples_ = 3;
}

double Simulator::action_value(const core::State& s, const core::Action& a, int side, uint64_t seed) {
  budget_left_ = node_limit_;
  return apply_and_value(s, a, side, seed, 0);
}

double Simulator::apply_and_value(const core::State& s, const core::Action& a, int side, uint64_t seed, int ply) {
  core::State& c = states_[size_t(ply)];
  const uint64_t draws = mix(seed ^ (uint64_t(s.rolls) * 0x9e3779b97f4a7c15ull));
  play_draw(s, a, draws, 0, c);
  ++nodes_;
  --budget_left_;
  if (c.rolls == s.rolls) return value_after(c, side, seed, ply + 1, a);
  if (a.type < dice_.size() && dice_[a.type].empty()) {
    learn_dice(s, a, draws);
    play_draw(s, a, draws, 0, c);  // again, its dice in their strata
  }
  if (spent()) {
    // One plain draw of the blind generator: a stratum's draw would lean to its faces.
    play_forced(s, a, draws, nullptr, 0, c);
    return value_after(c, side, seed, ply + 1, a);
  }
  if (samples_ > 1 && a.type < dice_.size() && face_combinations(dice_[a.type]) <= kExactCombinations)
    return exact_value(s, a, side, seed, ply, draws);
  // A die decided it: average a few draws (the first one is already played).
  double sum = value_after(c, side, seed, ply + 1, a);
  for (int k = 1; k < samples_; ++k) {
    play_draw(s, a, draws, k, c);
    ++nodes_;
    --budget_left_;
    sum += value_after(c, side, seed + uint64_t(k), ply + 1, a);
  }
  return sum / samples_;
}

int Simulator::face_combinations(const std::vector<uint8_t>& faces) {
  int n = 1;
  for (uint8_t f : faces) n *= std::max<int>(1, f);
  return n;
}

// Every combination of the faces is played once, on the same blind clone, and the
// combinations that leave the same position are one outcome weighted by how many they
// are. A combat's 36 throws of 2d6 come to the few results of its CRT column (5 to 7
// in Ardennes II), each followed once. Sampled draws (even stratified) could not tell
// a 5:1 from the 3:1 that an extra attacker across a river makes of it: three draws
// rarely fall where the columns differ, while the extra unit's advance shows in
// every draw (a 7.3 record of session 34, docs/ai.md).
double Simulator::exact_value(const core::State& s, const core::Action& a, int side, uint64_t seed, int ply,
                              uint64_t draws) {
  core::State& c = states_[size_t(ply)];
  const std::vector<uint8_t>& faces = dice_[a.type];
  const int combinations = face_combinations(faces);
  std::vector<Outcome>& outcomes = outcomes_[size_t(ply)];
  outcomes.clear();
  for (int i = 0; i < combinations; ++i) {
    play_combination(s, a, draws, i, c);
    const uint64_t key = core::hash_state(c);
    auto same = std::find_if(outcomes.begin(), outcomes.end(), [&](const Outcome& o) { return o.key == key; });
    if (same == outcomes.end())
      outcomes.push_back({key, i, 1});
    else
      ++same->count;
  }
  double sum = 0;
  for (size_t k = 0; k < outcomes.size(); ++k) {
    // Deeper plies keep their outcomes in their own lists.
    const Outcome o = outcomes[k];
    play_combination(s, a, draws, o.combination, c);
    if (k > 0) {
      ++nodes_;
      --budget_left_;
    }
    sum += o.count * value_after(c, side, seed + uint64_t(k), ply + 1, a);
  }
  return sum / combinations;
}

void Simulator::play_combination(const core::State& s, const core::Action& a, uint64_t draws, int combination,
                                 core::State& c) {
  const std::vector<uint8_t>& faces = dice_[a.type];
  int values[kStratifiedDice];
  for (size_t j = 0; j < faces.size(); ++j) {
    values[j] = 1 + combination % faces[j];
    combination /= faces[j];
  }
  play_forced(s, a, draws, values, int(faces.size()), c);
}

void Simulator::play_draw(const core::State& s, const core::Action& a, uint64_t draws, int k, core::State& c) {
  int values[kStratifiedDice];
  int count = 0;
  if (a.type < dice_.size()) {
    const std::vector<uint8_t>& faces = dice_[a.type];
    const int n = std::max(1, samples_);
    for (size_t j = 0; j < faces.size(); ++j) {
      // Die j's stratum for draw k: k itself for the first die, and for the others
      // k's place in a shuffle of the draws (the same for every k of this position).
      const int stratum = j == 0 ? k % n : shuffled(mix(draws ^ (uint64_t(j) << 40)), n, k % n);
      const double u = double(mix(draws ^ uint64_t(k) ^ (uint64_t(j) << 48)) >> 11) * 0x1.0p-53;
      values[j] = 1 + int((stratum + u) * faces[j] / n);
    }
    count = int(faces.size());
  }
  play_forced(s, a, mix(draws ^ (uint64_t(k) << 32)), values, count, c);
}

void Simulator::play_forced(const core::State& s, const core::Action& a, uint64_t blind_seed, const int* values,
                            int count, core::State& c) {
  c = s;
  blind(c, blind_seed);
  core::force_dice(c, values, count);  // blind() left none queued
  core::Events none;
  rules_.apply(c, a, none);
  // An action of a type that rolled before may roll fewer dice this time.
  c.forced_count = 0;
  c.forced.fill(0);
}

void Simulator::learn_dice(const core::State& s, const core::Action& a, uint64_t draws) {
  core::State& c = states_[kMaxPly];
  c = s;
  blind(c, draws);
  roll_log_.clear();
  core::Events log(&roll_log_);
  rules_.apply(c, a, log);
  std::vector<uint8_t>& faces = dice_[a.type];
  for (const core::Event& e : roll_log_)
    if (e.kind == "roll" && faces.size() < size_t(kStratifiedDice)) faces.push_back(uint8_t(e.data.value("sides", 6)));
}

double Simulator::value_after(const core::State& s, int side, uint64_t seed, int ply, const core::Action& last) {
  if (s.over || s.depth <= phase_depth_ || ply >= kMaxPly) return eval_.evaluate(s, side);
  const int actor = rules_.to_act(s);
  if (actor == core::kNoSide) return eval_.evaluate(s, side);
  // Inside a sub-frame (an attack being built, a retreat, an advance) a position is
  // not one to judge: its dice are still to fall. Judged as it stands, an attack cut
  // off by the node budget or the clock read as free, no step lost, and the maximum
  // over its attacker sets then rated every attack at least as high as none (a 7.3
  // record: 2:1 on B31.41 rated above ending the phase at 200 nodes, below it when
  // followed to the end; docs/ai.md). Past the budget the first line of play that
  // ends is followed alone, and the siblings not yet tried are left out.
  const bool hurried = budget_left_ <= 0 || out_of_time();
  core::ActionList& list = lists_[size_t(ply)];
  list.clear();
  rules_.legal_actions(s, list);
  if (list.empty()) return eval_.evaluate(s, side);
  const bool maximize = actor == side;
  double best = maximize ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  // Adding A then B equals adding B then A: runs of one type are taken in unit order.
  // Where every action here is out of order, none is skipped: the last action may have
  // made them legal (a German Bug Out due after the US ones), and where it did not, a
  // repeat is followed once more. Skipped, such a position counted as no line at all,
  // nothing under it ended, and past the node budget the lookahead still tried every
  // sibling: a 7.3 greedy-vp turn ran for minutes over pairs of Bug Out hexes
  // (session 38, docs/ai.md).
  auto out_of_order = [&](const core::Action& a) {
    return a.type == last.type && a.unit != core::kNoUnit && last.unit != core::kNoUnit && a.unit < last.unit;
  };
  const bool in_order = std::any_of(list.begin(), list.end(), [&](const core::Action& a) { return !out_of_order(a); });
  // `list` may be refilled by deeper plies only at other indices; iterate by index.
  for (size_t i = 0; i < list.size(); ++i) {
    const core::Action a = list[i];
    if (in_order && out_of_order(a)) continue;
    const double v = apply_and_value(s, a, side, seed, ply);
    best = maximize ? std::max(best, v) : std::min(best, v);
    if (hurried || budget_left_ <= 0) break;
  }
  return best;
}

bool Simulator::is_move(const core::State& s, const core::Action& a) {
  if (a.unit == core::kNoUnit || a.type >= relocates_.size()) return false;
  if (relocates_[a.type] < 0) {
    // Learn the type from one action: where does its unit end up?
    core::State& probe = states_[kMaxPly];
    probe = s;
    core::Events none;
    rules_.apply(probe, a, none);
    const core::UnitState& u = probe.units[a.unit];
    relocates_[a.type] =
        int8_t(u.where == core::Where::OnMap && u.hex == a.hex && probe.rolls == s.rolls && probe.depth == s.depth);
  }
  return relocates_[a.type] == 1;
}

const core::ActionList& Simulator::shortlist(const core::State& s, const core::ActionList& legal, int side) {
  shortlist_.clear();
  ranked_.clear();
  probe_ = s;
  core::Events none;
  for (size_t i = 0; i < legal.size(); ++i) {
    const core::Action& a = legal[i];
    if (a.unit == core::kNoUnit || a.type >= relocates_.size()) {
      shortlist_.push_back(a);
      continue;
    }
    if (!is_move(s, a)) {
      shortlist_.push_back(a);
      continue;
    }
    core::UnitState& u = probe_.units[a.unit];
    const core::UnitState saved = u;
    u.hex = a.hex;
    u.where = core::Where::OnMap;
    ranked_.emplace_back(eval_.evaluate(probe_, side), i);
    u = saved;
  }
  const size_t keep = std::min(kShortlist, ranked_.size());
  std::partial_sort(ranked_.begin(), ranked_.begin() + std::ptrdiff_t(keep), ranked_.end(),
                    [](const auto& x, const auto& y) { return x.first > y.first; });
  for (size_t k = 0; k < keep; ++k) shortlist_.push_back(legal[ranked_[k].second]);
  return shortlist_;
}

core::Action Simulator::best_action(const core::State& s, const core::ActionList& all, int side, uint64_t seed,
                                    Rng& rng, double* value) {
  // The shortlist is a member: copy it, since action_value may shortlist again deeper.
  const core::ActionList legal = all.size() > kWide ? shortlist(s, all, side) : core::ActionList{};
  const core::ActionList& list = all.size() > kWide ? legal : all;
  core::Action best = list.front();
  double best_value = -std::numeric_limits<double>::infinity();
  for (const core::Action& a : list) {
    const double v = (list.size() == 1 ? 0.0 : action_value(s, a, side, seed)) + 1e-3 * rng.unit();
    if (v > best_value) {
      best_value = v;
      best = a;
    }
    if (out_of_time()) break;
  }
  if (value) *value = best_value;
  return best;
}

}  // namespace ai
