// Online evolutionary planning over whole phases (Justesen, Mahlmann, Risi, Togelius:
// a turn of many actions defeats tree search's branching; evolving the whole turn
// against an evaluator does not), with expectimax where the dice are.
//
// 1. Which phases. A phase whose greedy plan rolls no die (movement) is planned
//    whole by evolution; a phase with dice (combat) is played decision by decision by
//    the simulator's tactical lookahead (expectimax over the attack being built, the
//    die and the defender's answer), as are interrupts and forced actions.
// 2. A genome is the phase's action list. Decoding replays it on a blind clone: a gene
//    not legal where it comes is skipped (a unit moved earlier by a mutation), a
//    redrawn gene is drawn uniformly there and then, and past the genome's end the
//    phase is completed greedily, so every genome decodes to a legal plan. The genes
//    actually played replace the genome.
// 3. Score: where the phase ends, the lookahead's value of the side's best first
//    action of its next phase (the attack the moves set up, its odds and its dice
//    averaged), or the evaluator when the opponent moves next. Scores are cached by
//    the hash of the position reached: many plans are the same moves in another order.
// 4. The first population: the previous plan's remainder, the greedy plan (so search
//    starts no worse than greedy), and plans opening with a few random actions.
// 5. Truncation selection, one-point crossover of elite parents, and mutation that
//    redraws a gene or more, until the budget is spent.
// 6. The chosen plan is handed out while the state is the one it expected; anything
//    else makes the next call plan again from what happened.
#include <algorithm>
#include <chrono>

#include "ai/players.h"

namespace ai {

namespace {

// A phase longer than this is cut and judged where it stands (a guard against rules
// that let a side act forever).
constexpr int kMaxRun = 256;
// Random actions opening the first population's runs, at most.
constexpr int kRandomOpening = 6;
// The tactical lookahead's limits (dice draws, positions): inside a decode it answers
// interrupts and completes phases thousands of times, so it is kept cheap; scoring a
// phase's end gets more, and a decision taken by the lookahead alone the most.
constexpr int kDecodeSamples = 2, kDecodeNodes = 150;
constexpr int kScoreSamples = 6, kScoreNodes = 600;
constexpr int kAloneSamples = 6, kAloneNodes = 4000;

bool contains(const core::ActionList& list, const core::Action& a) {
  return std::find(list.begin(), list.end(), a) != list.end();
}

}  // namespace

SearchPlayer::SearchPlayer(const core::Rules& rules, uint64_t seed, Options options)
    : options_(options), rng_(seed), eval_(make_evaluator(rules)), sim_(rules, *eval_) {}

core::Action SearchPlayer::act(const core::Rules& rules, const core::State& s, const Budget& budget) {
  const auto start = std::chrono::steady_clock::now();
  const int side = rules.to_act(s);
  legal_.clear();
  rules.legal_actions(s, legal_);
  const bool on_plan = expecting_ && next_ < chosen_.size() && core::hash_state(s) == expected_hash_ &&
                       contains(legal_, chosen_[next_]);
  if (!on_plan) {
    expecting_ = false;
    // A forced action, an answer to an interrupt in the opponent's phase, or a phase
    // with dice: the lookahead.
    if (legal_.size() == 1 || s.stack[0].side != side || in_dice_phase(s) || !plan(s, side, budget))
      return lookahead(s, side);
  }
  const core::Action a = hand_out(s);
  if (!on_plan)
    stats_.ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  return a;
}

uint64_t SearchPlayer::phase_key(const core::State& s) {
  return (uint64_t(uint16_t(s.turn)) << 32) | (uint64_t(s.stack[0].step) << 8) | uint8_t(s.stack[0].side);
}

bool SearchPlayer::in_dice_phase(const core::State& s) const { return phase_key(s) == dice_phase_; }

core::Action SearchPlayer::lookahead(const core::State& s, int side) {
  legal_.clear();  // a failed plan() used it
  sim_.rules().legal_actions(s, legal_);
  sim_.reset_nodes();
  sim_.set_limits(kAloneSamples, kAloneNodes);
  double value = 0;
  const core::Action a = sim_.best_action(s, legal_, side, rng_.next(), rng_, &value);
  stats_ = {sim_.nodes(), 0, value};
  return a;
}

core::Action SearchPlayer::hand_out(const core::State& s) {
  const core::Action a = chosen_[next_++];
  // The real next state, to recognise it on the next call.
  scratch_ = s;
  core::Events none;
  sim_.rules().apply(scratch_, a, none);
  expecting_ = scratch_.rolls == s.rolls;
  expected_hash_ = core::hash_state(scratch_);
  return a;
}

bool SearchPlayer::plan(const core::State& s, int side, const Budget& budget) {
  const Deadline deadline(budget.ms);
  const int64_t max_iterations = budget.iterations > 0 ? budget.iterations : INT64_MAX;
  plan_seed_ = rng_.next();
  scores_.clear();
  population_.clear();
  population_.push_back(Plan{});  // the greedy plan
  if (next_ < chosen_.size()) population_.push_back(Plan{{chosen_.begin() + std::ptrdiff_t(next_), chosen_.end()}});
  while (int(population_.size()) < options_.population) {
    Plan p;
    p.genes.resize(size_t(1 + rng_.below(kRandomOpening)), core::Action{kRedraw, core::kNoUnit, {}, 0});
    population_.push_back(std::move(p));
  }
  Plan& greedy = population_.front();
  greedy.value = decode(s, side, greedy);
  greedy.scored = true;
  if (rolled_) {
    dice_phase_ = phase_key(s);
    return false;
  }
  int64_t iterations = 1;
  for (bool stop = false; !stop;) {
    for (Plan& p : population_) {
      stop = iterations >= max_iterations || deadline.passed();
      if (stop) break;
      if (p.scored) continue;
      p.value = decode(s, side, p);
      p.scored = true;
      ++iterations;
    }
    std::stable_sort(population_.begin(), population_.end(),
                     [](const Plan& a, const Plan& b) { return a.scored > b.scored || (a.scored == b.scored && a.value > b.value); });
    if (!stop) breed(population_);
  }
  chosen_ = population_.front().genes;
  next_ = 0;
  stats_ = {iterations, 0, population_.front().value};
  return true;
}

double SearchPlayer::decode(const core::State& root, int side, Plan& p) {
  const core::Rules& rules = sim_.rules();
  core::Events none;
  core::State& c = scratch_;
  c = root;
  blind(c, plan_seed_);
  const core::Frame phase = root.stack[0];
  std::vector<core::Action>& played = played_;
  played.clear();
  size_t i = 0;
  for (int step = 0; step < kMaxRun && !c.over && c.has_frame() && c.stack[0].step == phase.step &&
                     c.stack[0].side == phase.side;
       ++step) {
    const int actor = rules.to_act(c);
    legal_.clear();
    rules.legal_actions(c, legal_);
    sim_.set_limits(kDecodeSamples, kDecodeNodes);
    core::Action a;
    if (actor != side) {
      a = sim_.best_action(c, legal_, actor, mix(plan_seed_ + uint64_t(step)), rng_);
    } else {
      // Skip genes that are no longer legal here; draw when the genome runs out.
      while (i < p.genes.size() && p.genes[i].type < kRedraw && !contains(legal_, p.genes[i])) ++i;
      const uint16_t gene = i < p.genes.size() ? p.genes[i].type : kFill;
      a = gene < kRedraw ? p.genes[i] : draw(c, legal_, side, gene);
      ++i;
      played.push_back(a);
    }
    rules.apply(c, a, none);
  }
  rolled_ = c.rolls != root.rolls;
  p.genes.assign(played.begin(), played.end());
  return score(c, side);
}

double SearchPlayer::score(const core::State& c, int side) {
  const uint64_t key = core::hash_state(c);
  if (const auto it = scores_.find(key); it != scores_.end()) return it->second;
  double value = 0;
  if (c.over || sim_.rules().to_act(c) != side) {
    value = sim_.evaluator().evaluate(c, side);
  } else {
    next_legal_.clear();
    sim_.rules().legal_actions(c, next_legal_);
    sim_.set_limits(kScoreSamples, kScoreNodes);
    value = -1e300;
    for (const core::Action& a : next_legal_) value = std::max(value, sim_.action_value(c, a, side, plan_seed_));
  }
  scores_.emplace(key, value);
  return value;
}

core::Action SearchPlayer::draw(const core::State& s, const core::ActionList& legal, int side, uint16_t how) {
  if (how == kRedraw) return legal[size_t(rng_.below(int(legal.size())))];
  return sim_.best_action(s, legal, side, plan_seed_, rng_);
}

void SearchPlayer::breed(std::vector<Plan>& pop) {
  const int elite = std::min<int>(options_.elite, int(pop.size()));
  for (size_t j = size_t(elite); j < pop.size(); ++j) {
    const Plan& a = pop[size_t(rng_.below(elite))];
    const Plan& b = pop[size_t(rng_.below(elite))];
    Plan& child = pop[j];
    // One-point crossover: a's opening, b's continuation (decoding repairs the seam).
    const size_t cut = size_t(rng_.below(int(std::min(a.genes.size(), b.genes.size())) + 1));
    child.genes.assign(a.genes.begin(), a.genes.begin() + std::ptrdiff_t(cut));
    child.genes.insert(child.genes.end(), b.genes.begin() + std::ptrdiff_t(cut), b.genes.end());
    child.scored = false;
    if (child.genes.empty()) continue;
    // Mutation: redraw one gene, sometimes more.
    do child.genes[size_t(rng_.below(int(child.genes.size())))].type = kRedraw;
    while (rng_.unit() < options_.mutation_rate);
  }
}

}  // namespace ai
