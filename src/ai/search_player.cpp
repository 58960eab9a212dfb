// Online evolutionary planning over whole phase-runs (Justesen, Mahlmann, Risi,
// Togelius: a turn of many actions defeats tree search's branching; evolving the
// whole turn against an evaluator does not).
//
// 1. The phase-run: from the acting side's decision to the start of the opponent's
//    next phase (movement and combat of one player-turn, with the opponent's answers
//    to interrupts played by the tactical lookahead).
// 2. A genome is that run's action list. Decoding replays it on a blind clone:
//    a gene not legal where it comes is skipped (a unit moved earlier by a mutation),
//    a redrawn gene is drawn uniformly there and then, and past the genome's end the
//    run is completed greedily (the simulator's tactical lookahead, kept cheap), so
//    every genome decodes to a legal plan whose unplanned rest is played sensibly.
//    The genes actually played replace the genome.
// 3. The first population: the previous plan's remainder (after a die fell), the
//    greedy run (an empty genome: search starts no worse than greedy), and runs
//    opening with a few random actions.
// 4. Each generation draws fresh dice seeds and every plan meets them; a plan's
//    fitness is its mean over all the draws it met, so survivors are judged on more
//    dice than newcomers and luck washes out of the elite.
// 5. Truncation selection, one-point crossover of elite parents, and mutation that
//    redraws a gene or two.
// 6. The chosen plan is handed out action by action while the state is the one it
//    expected; a die or an unexpected answer makes the next call plan again.
#include <algorithm>

#include "ai/players.h"

namespace ai {

namespace {

// A phase-run longer than this is cut and judged where it stands (a guard against
// rules that let a side act forever).
constexpr int kMaxRun = 256;
// Random actions opening the first population's runs, at most.
constexpr int kRandomOpening = 6;
// The tactical lookahead's limits (dice draws, positions): inside a decode it answers
// interrupts and completes runs thousands of times, so it is kept cheap and the
// evolution does the rest; a decision taken by the lookahead alone gets more.
constexpr int kDecodeSamples = 2, kDecodeNodes = 150;
constexpr int kAloneSamples = 6, kAloneNodes = 4000;

bool contains(const core::ActionList& list, const core::Action& a) {
  return std::find(list.begin(), list.end(), a) != list.end();
}

}  // namespace

SearchPlayer::SearchPlayer(const core::Rules& rules, uint64_t seed, Options options)
    : options_(options), rng_(seed), eval_(make_evaluator(rules)), sim_(rules, *eval_) {
  sim_.set_limits(kDecodeSamples, kDecodeNodes);
}

bool SearchPlayer::phase_run_over(const core::State& s, int side) const {
  return s.over || !s.has_frame() || sim_.rules().to_act(s) == core::kNoSide || s.stack[0].side != side;
}

core::Action SearchPlayer::act(const core::Rules& rules, const core::State& s, const Budget& budget) {
  const auto start = std::chrono::steady_clock::now();
  const int side = rules.to_act(s);
  legal_.clear();
  rules.legal_actions(s, legal_);
  const bool on_plan = expecting_ && next_ < chosen_.size() && core::hash_state(s) == expected_hash_ &&
                       contains(legal_, chosen_[next_]);
  if (!on_plan) {
    expecting_ = false;
    if (legal_.size() == 1 || s.stack[0].side != side) {
      // A forced move, or an answer to an interrupt in the opponent's phase: the
      // tactical lookahead sees all there is to see.
      sim_.reset_nodes();
      sim_.set_limits(kAloneSamples, kAloneNodes);
      double value = 0;
      const core::Action a = sim_.best_action(s, legal_, side, rng_.next(), rng_, &value);
      sim_.set_limits(kDecodeSamples, kDecodeNodes);
      stats_ = {sim_.nodes(), 0, value};
      return a;
    }
    plan(s, side, budget);
  }
  const core::Action a = hand_out(s);
  if (!on_plan)
    stats_.ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  return a;
}

core::Action SearchPlayer::hand_out(const core::State& s) {
  const core::Action a = chosen_[next_++];
  // The real next state, to recognise it on the next call; a die rolled here makes
  // it unknowable, so the next call plans again from what really happened.
  scratch_ = s;
  core::Events none;
  sim_.rules().apply(scratch_, a, none);
  expecting_ = scratch_.rolls == s.rolls;
  expected_hash_ = core::hash_state(scratch_);
  if (!expecting_) chosen_.erase(chosen_.begin(), chosen_.begin() + std::ptrdiff_t(next_)), next_ = 0;
  return a;
}

void SearchPlayer::plan(const core::State& s, int side, const Budget& budget) {
  const Deadline deadline(budget.ms);
  const int64_t max_iterations = budget.iterations > 0 ? budget.iterations : INT64_MAX;
  int64_t iterations = 0;
  population_.clear();
  if (next_ < chosen_.size()) population_.push_back(Plan{{chosen_.begin() + std::ptrdiff_t(next_), chosen_.end()}});
  population_.push_back(Plan{});  // the greedy run
  while (int(population_.size()) < options_.population) {
    Plan p;
    p.genes.resize(size_t(1 + rng_.below(kRandomOpening)), core::Action{kRedraw, core::kNoUnit, {}, 0});
    population_.push_back(std::move(p));
  }

  bool stop = false;
  std::vector<uint64_t> seeds(size_t(options_.samples_per_generation));
  for (int generation = 0; !stop; ++generation) {
    for (auto& seed : seeds) seed = rng_.next();
    for (size_t i = 0; i < population_.size() && !stop; ++i) {
      Plan& p = population_[i];
      for (uint64_t seed : seeds) {
        p.sum += decode(s, side, p, seed);
        ++p.count;
        stop = ++iterations >= max_iterations || deadline.passed();
        if (stop) break;
      }
    }
    std::stable_sort(population_.begin(), population_.end(),
                     [](const Plan& a, const Plan& b) { return a.mean() > b.mean(); });
    if (!stop) breed(population_);
  }
  // The best mean among plans that met more than one generation's dice, when any
  // did: a newcomer's mean over two draws is mostly luck.
  const int seasoned = 2 * options_.samples_per_generation;
  const Plan* best = &population_.front();
  for (const Plan& p : population_)
    if (p.count >= seasoned) {
      best = &p;
      break;
    }
  chosen_ = best->genes;
  next_ = 0;
  stats_ = {iterations, 0, best->mean()};
}

double SearchPlayer::decode(const core::State& root, int side, Plan& p, uint64_t seed) {
  const core::Rules& rules = sim_.rules();
  core::Events none;
  core::State& c = scratch_;
  c = root;
  blind(c, seed);
  std::vector<core::Action>& played = played_;
  played.clear();
  size_t i = 0;
  for (int step = 0; step < kMaxRun && !phase_run_over(c, side); ++step) {
    const int actor = rules.to_act(c);
    legal_.clear();
    rules.legal_actions(c, legal_);
    core::Action a;
    if (actor != side) {
      a = sim_.best_action(c, legal_, actor, mix(seed + uint64_t(step)), rng_);
    } else {
      // Skip genes that are no longer legal here; draw when the genome runs out.
      while (i < p.genes.size() && p.genes[i].type < kRedraw && !contains(legal_, p.genes[i])) ++i;
      const uint16_t gene = i < p.genes.size() ? p.genes[i].type : kFill;
      a = gene < kRedraw ? p.genes[i] : draw(c, legal_, side, gene, mix(seed + uint64_t(step)));
      ++i;
      played.push_back(a);
    }
    const uint32_t rolls = c.rolls;
    rules.apply(c, a, none);
    // The blind clone must stay blind after a roll too: apply() drew from it.
    if (c.rolls != rolls) blind(c, mix(seed ^ uint64_t(step)));
  }
  p.genes.assign(played.begin(), played.end());
  return sim_.evaluator().evaluate(c, side);
}

core::Action SearchPlayer::draw(const core::State& s, const core::ActionList& legal, int side, uint16_t how,
                                uint64_t seed) {
  if (how == kRedraw) return legal[size_t(rng_.below(int(legal.size())))];
  return sim_.best_action(s, legal, side, seed, rng_);
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
    child.sum = 0;
    child.count = 0;
    if (child.genes.empty()) continue;
    // Mutation: redraw one gene, sometimes more.
    do child.genes[size_t(rng_.below(int(child.genes.size())))].type = kRedraw;
    while (rng_.unit() < options_.mutation_rate);
  }
}

}  // namespace ai
