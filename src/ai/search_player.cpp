// Online evolutionary planning over whole phases (Justesen, Mahlmann, Risi, Togelius:
// a turn of many actions defeats tree search's branching; evolving the whole turn
// against an evaluator does not), with expectimax where the dice are.
//
// 1. Which decisions. The dice-free part of a phase (movement, its moves before any
//    barrage) is planned whole by evolution; a plan stops before the first action
//    that rolls a die. A phase whose greedy plan rolls within its first phase-level
//    action (combat) is played decision by decision by the simulator's tactical
//    lookahead (expectimax over the attack being built, the die and the defender's
//    answer), as are the dice actions after a plan, interrupts and forced actions.
// 2. A genome is the phase's action list. Decoding replays it on a blind clone: a gene
//    not legal where it comes is skipped (a unit moved earlier by a mutation), a
//    redrawn gene is drawn there and then (an action of the same unit when the gene
//    had one), and past the genome's end the phase is completed greedily, so every
//    genome decodes to a legal plan. The genes actually played replace the genome.
// 3. Score: where the phase ends, the lookahead's value of the side's best first
//    action of its next phase (the attack the moves set up, its odds and its dice
//    averaged); where the plan stopped before a die (an overrun it declared), the
//    lookahead's value of that action, over one stratified draw per face; else the
//    evaluator (the plan stopped inside the phase, or the opponent moves next, or the
//    greedy plan stopped before a die, so that a plan ending the phase is judged as
//    the plans stopped before their dice are).
//    Scores are cached by the hash of the position reached: many plans are the same
//    moves in another order.
// 4. The first population: the greedy plan (so search starts no worse than greedy),
//    the previous plan's remainder, and mutants of the greedy plan.
// 5. Truncation selection, one-point crossover of elite parents, and mutation that
//    redraws a gene or more, until the budget is spent.
// 6. The chosen plan is handed out while the state is the one it expected (without
//    listing the legal actions again: the plan was legal on this very state); anything
//    else makes the next call plan again from what happened.
// 7. Time: the wall clock is a bank per game turn, spent only by the player's own
//    thinking (the calls of act()). A planning may spend Options::plan_share of what
//    is left of it and a lookahead decision kDecisionShare, so the phases after the
//    first keep their time. Every loop checks its deadline (the greedy fill and the
//    lookahead too); once the bank is spent a phase is ended, so a player turn of the
//    largest scenario stays within the budget (the bank is 9/10 of it). A phase too
//    wide to be planned in its share (an army's) is filled on by a quick look per
//    unit, up to kFillShare, and ends there (a rushed phase).
#include <algorithm>
#include <chrono>
#include <climits>

#include "ai/players.h"

namespace ai {

namespace {

// A phase longer than this is cut and judged where it stands (a guard against rules
// that let a side act forever).
constexpr int kMaxRun = 512;
// Genes redrawn in the first population's mutants of the greedy plan, at most.
constexpr int kFirstMutations = 4;
// Alternatives weighed for a redrawn gene of a unit (the best by the lookahead wins
// half the time; else one at random).
constexpr int kRedrawChoices = 4;
// ASSUMED: the share of a mutated unit gene that keeps its unit in place (kStay)
// rather than drawing another action of it.
constexpr double kStayShare = 0.25;
// The tactical lookahead's limits (dice draws, positions): inside a decode it answers
// interrupts and completes phases thousands of times, so it is kept cheap; scoring a
// phase's end gets more, and a decision taken by the lookahead alone the most.
constexpr int kDecodeSamples = 2, kDecodeNodes = 150;
constexpr int kScoreSamples = 6, kScoreNodes = 600;
constexpr int kAloneSamples = 6, kAloneNodes = 4000;
// A decision inside a sub-frame of a large game (an attacker added, the attack
// resolved, a retreat, an advance) gets this many times the positions. Past its
// budget a choice follows one line only: a line that added an attacker used up the
// budget before the combat's results and the advances after them were followed
// through, and read below resolving at once (7.3: Spa attacked at 2:1 by four units
// with seven more beside it; at 200 positions joining them read 213.7 against 216.5
// for resolving, followed whole 220.6; session 44, docs/ai.md). Five times adds three
// of them, 4:1, and costs 5% more time a game.
constexpr int kSubFrameNodes = 5;
// ASSUMED: the draws of the die a plan stopped before, in every game: one per face of
// a d6, so each face of the first die is drawn once (stratified, simulator.h). With
// three, a 1:4 overrun whose one good row (A1D1 on 10-12, a sixth of the rolls) fell
// in a draw was rated a third good, above ending the phase (7.6, docs/ai.md).
constexpr int kDieSamples = 6;
// Out of time: actions looked at, and positions per action.
constexpr int kHurryActions = 24, kHurryNodes = 20;
// A phase with more actions than this (7.1, 7.2: an army's thousands of moves) is
// completed past its genome a unit at a time, the units nearest the enemy first
// (front_order): each unit's best move by the lookahead, or none when staying is
// worth more. Weighing
// every move of every unit at each step (the shortlist) took seconds per action there.
constexpr size_t kHuge = 3000;
// ASSUMED: a phase too wide for the clock whose planning ran out of time goes on unit
// by unit, each unit's move the best by the evaluator alone of this many of its
// actions (drawn at random among more), or none: a few milliseconds a unit, where
// weighing all its moves by the lookahead took about 40 on 7.2. Stopping there left
// most of 7.2's German army where it stood, and the plannings that followed in the
// phase spent the rest of the turn's bank, so the Combat Phase was ended unplayed
// (docs/ai.md, "The army that never attacked").
constexpr int kQuickMoves = 24;
// ASSUMED: what ending a phase may cost below the position as it stands (about two
// battalions' strength) before a move that loses value is no longer played to put it
// off (best_or_stand).
constexpr double kCliff = 10.0;
// ASSUMED: the share of what is left of the turn's bank that one decision by the
// lookahead may spend (an attack's declaration; a planning's is Options::plan_share);
// the rest stays for the phases that follow.
constexpr double kDecisionShare = 0.05;
// ASSUMED: the share of the bank a wide phase's quick fill may reach (counted, like
// the planning's share, from the call that plans): the other half stays for the
// Combat Phase.
constexpr double kFillShare = 0.5;

uint64_t action_key(const core::Action& a) {
  const uint64_t fields = (uint64_t(a.type) << 48) ^ (uint64_t(a.unit) << 32) ^ (uint64_t(uint16_t(a.hex.q)) << 16) ^
                          uint16_t(a.hex.r);
  return mix(mix(fields) ^ uint32_t(a.arg));
}

bool same_phase(const core::State& c, const core::Frame& phase) {
  return !c.over && c.has_frame() && c.stack[0].step == phase.step && c.stack[0].side == phase.side;
}

}  // namespace

SearchPlayer::SearchPlayer(const core::Rules& rules, uint64_t seed, Options options)
    : options_(options), rng_(seed), eval_(make_evaluator(rules)), sim_(rules, *eval_) {}

core::Action SearchPlayer::act(const core::Rules& rules, const core::State& s, const Budget& budget) {
  const auto start = std::chrono::steady_clock::now();
  const int side = rules.to_act(s);
  // A rushed phase (a plan of it ran past the planning's time and was filled quickly)
  // ends where that fill had to stop: the rest of the bank is the next phases'. Its
  // plans after a barrage's die fill quickly from the start.
  const bool rushed = phase_key(s) == rushed_phase_;
  const Deadline deadline = rushed ? bank(s, budget).earlier(rush_end_) : bank(s, budget);
  fill_deadline_ = rushed ? deadline : deadline.share(kFillShare);
  core::Action a;
  bool on_plan = expecting_ && next_ < chosen_.size() && core::hash_state(s) == expected_hash_;
  if (on_plan && wide_) on_plan = still_legal(s, chosen_[next_]);
  if (on_plan) {
    a = hand_out(s);
  } else {
    expecting_ = false;
    legal_.clear();
    rules.legal_actions(s, legal_);
    if (legal_.size() == 1) {
      a = legal_.front();
    } else if (deadline.passed()) {
      a = hurry(s, side);
    } else {
      // A share of what is left of the bank per planning and per decision: a planning
      // that spent it all left the rest of the turn to hurry(), which ends a phase
      // (the Germans of 7.4 at 2 s declared 2 attacks in a game; at 20 decodes, 16).
      const Deadline plan_time = rushed ? Deadline::now() : deadline.share(options_.plan_share);
      sim_.set_deadline(&plan_time);
      if (s.stack[0].side == side && !in_dice_phase(s) && plan(s, side, budget, plan_time)) {
        a = hand_out(s);
      } else {
        const Deadline decision_time = deadline.share(kDecisionShare);
        sim_.set_deadline(&decision_time);
        a = lookahead(s, side);
      }
      sim_.set_deadline(nullptr);  // only planning and the lookahead think against a clock
    }
    stats_.ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  }
  bank_spent_ += std::chrono::steady_clock::now() - start;
  return a;
}

bool SearchPlayer::still_legal(const core::State& s, const core::Action& a) {
  const core::Rules& rules = sim_.rules();
  const bool at_phase = s.depth <= sim_.phase_depth() && rules.to_act(s) == s.stack[0].side;
  if (a.type == sim_.end_phase_type() && at_phase) return true;
  // A move: its hex in its unit's reach (one unit's reach, not the army's listing).
  if (sim_.is_move(s, a)) {
    for (const core::Reach& r : rules.moves(s, a.unit))
      if (r.hex == a.hex) return true;
    return false;
  }
  legal_.clear();
  rules.legal_actions(s, legal_);
  return std::find(legal_.begin(), legal_.end(), a) != legal_.end();
}

Deadline SearchPlayer::bank(const core::State& s, const Budget& budget) {
  if (budget.ms <= 0) return Deadline::none();
  if (s.turn != bank_turn_) {
    bank_turn_ = s.turn;
    bank_spent_ = {};
  }
  // A tenth of the budget is kept for what follows the bank: the rules applying the
  // handed-out actions and the quick decisions once it is spent (measured on 7.1's
  // German turn: 0.2 s past a 5 s bank on an idle core). Only the time spent in act()
  // counts: a human opponent's minutes between two of its calls in one game turn (the
  // Allied AI answers in the German turn, then waits for its own) spend none of it.
  const std::chrono::steady_clock::duration left = std::chrono::milliseconds(budget.ms - budget.ms / 10) - bank_spent_;
  return Deadline(std::chrono::steady_clock::now() + std::max(left, std::chrono::steady_clock::duration::zero()));
}

uint64_t SearchPlayer::phase_key(const core::State& s) {
  return (uint64_t(uint16_t(s.turn)) << 32) | (uint64_t(s.stack[0].step) << 8) | uint8_t(s.stack[0].side);
}

bool SearchPlayer::in_dice_phase(const core::State& s) const { return phase_key(s) == dice_phase_; }

core::Action SearchPlayer::lookahead(const core::State& s, int side) {
  legal_.clear();  // a failed plan() used it
  sim_.rules().legal_actions(s, legal_);
  sim_.reset_nodes();
  const bool sub_frame = s.depth > sim_.phase_depth();
  const int nodes = sim_.scaled(kAloneNodes) * (sim_.large() && sub_frame ? kSubFrameNodes : 1);
  sim_.set_limits(sim_.large() ? 3 : kAloneSamples, nodes);
  double value = 0;
  const core::Action a = best_or_stand(s, legal_, side, rng_.next(), &value);
  stats_ = {sim_.nodes(), 0, value};
  return a;
}

core::Action SearchPlayer::hurry(const core::State& s, int side) {
  stats_ = {};  // no search: the phase is ended or a few actions glanced at
  const int end = sim_.end_phase_type();
  if (s.stack[0].side == side)
    for (const core::Action& a : legal_)
      if (a.type == end) return a;
  core::ActionList few;
  for (int k = 0; k < kHurryActions; ++k) few.push_back(legal_[size_t(rng_.below(int(legal_.size())))]);
  sim_.set_limits(1, kHurryNodes);
  return sim_.best_action(s, few, side, rng_.next(), rng_);
}

core::Action SearchPlayer::hand_out(const core::State& s) {
  const core::Action a = chosen_[next_++];
  skip_stays();
  // The real next state, to recognise it on the next call.
  scratch_ = s;
  core::Events none;
  sim_.rules().apply(scratch_, a, none);
  expecting_ = scratch_.rolls == s.rolls;
  expected_hash_ = core::hash_state(scratch_);
  return a;
}

bool SearchPlayer::plan(const core::State& s, int side, const Budget& budget, const Deadline& deadline) {
  const int64_t max_iterations = budget.iterations > 0 ? budget.iterations : INT64_MAX;
  plan_seed_ = rng_.next();
  root_legal_ = legal_;
  wide_ = root_legal_.size() > Simulator::kWide;
  if (root_legal_.size() > kHuge) army_phase_ = phase_key(s);
  front_order(s, side, root_legal_.size() > kHuge);
  scores_.clear();
  population_.clear();
  population_.push_back(Plan{});  // the greedy plan
  Plan& greedy = population_.front();
  first_population_ = true;
  judge_ends_statically_ = false;
  greedy.value = decode(s, side, greedy, deadline);
  greedy.scored = true;
  // Where the greedy plan stops before a die, the plans that do are judged where the
  // die leaves them: in this phase, by the evaluator. A plan that ends the phase is
  // then judged by the evaluator too, not by the best first action of the side's next
  // phase, a free move that no die's plan gets. With it, ending a Combat Phase scored
  // the Exploitation Phase's best move and beat every attack: 7.3's Germans ended a
  // Turn 4 Combat Phase unfought where the lookahead rated two attacks 2 points above
  // ending it (docs/ai.md).
  judge_ends_statically_ = rolled_;
  // A phase whose first action leads to a die in the frame it opens (an attack or an
  // overrun declared, then resolved) is played by the lookahead to its end. A die
  // rolled at once by a phase-level action (a barrage) is that decision's alone: taken
  // first, the lookahead decides it and the next call plans again; taken later, the
  // plan stops before it. Marking the whole phase by it left a Movement Phase whose
  // greedy plan fired first, or after one move, to the lookahead (7.4, docs/ai.md).
  if (rolled_ && phase_actions_ < 2) {
    if (!rolled_at_phase_) {
      dice_phase_ = phase_key(s);
      return false;
    }
    // A rushed phase takes the barrage its quick fill chose: the lookahead over an
    // army's whole list of actions spent 0.4 s of the bank on each (7.2).
    if (phase_actions_ == 0 && rushed_phase_ == phase_key(s)) {
      chosen_.assign(1, pending_);
      next_ = 0;
      return true;
    }
    if (phase_actions_ == 0) return false;
  }
  if (greedy.genes.empty()) return false;
  if (next_ < chosen_.size()) population_.push_back(Plan{{chosen_.begin() + std::ptrdiff_t(next_), chosen_.end()}});
  march_out_seeds(s, side);
  while (int(population_.size()) < options_.population) {
    Plan p{population_.front().genes, 0, false};
    mutate(p, 1 + rng_.below(kFirstMutations));
    population_.push_back(std::move(p));
  }
  int64_t iterations = 1;
  for (bool stop = false; !stop;) {
    for (Plan& p : population_) {
      stop = iterations >= max_iterations || deadline.passed();
      if (stop) break;
      if (p.scored) continue;
      first_population_ = iterations < options_.population;
      p.value = decode(s, side, p, deadline);
      p.scored = true;
      ++iterations;
    }
    std::stable_sort(population_.begin(), population_.end(), [](const Plan& a, const Plan& b) {
      return a.scored > b.scored || (a.scored == b.scored && a.value > b.value);
    });
    if (!stop) breed(population_);
  }
  chosen_ = population_.front().genes;
  next_ = 0;
  skip_stays();
  stats_ = {iterations, 0, population_.front().value, true};
  return next_ < chosen_.size();  // a plan of stays alone (stopped before a die) has no action
}

double SearchPlayer::decode(const core::State& root, int side, Plan& p, const Deadline& deadline) {
  const core::Rules& rules = sim_.rules();
  core::Events none;
  core::State& c = scratch_;
  c = root;
  blind(c, plan_seed_);
  const core::Frame phase = root.stack[0];
  std::vector<core::Action>& played = played_;
  played.clear();
  rolled_ = false;
  phase_actions_ = 0;
  size_t i = 0;
  acted_.assign(c.unit_count, 0);
  stayed_.assign(c.unit_count, 0);
  bool any_stayed = false;
  open_exits_.clear();
  for (int step = 0; step < kMaxRun && same_phase(c, phase); ++step) {
    // Past the planning's time a plan of a wide phase that is past its genome goes
    // on, filled quickly (kQuickMoves), until its share of the bank is spent, where
    // the phase is too wide for the clock: an army's (a huge list when it began), or
    // one whose planning is still scoring its first population. The phase is then a
    // rushed one. Elsewhere a planning has its plans; one it cuts short is dropped.
    const bool late = deadline.passed();
    if (late && (!wide_ || !too_wide(root) || fill_deadline_.passed())) break;
    const int actor = rules.to_act(c);
    legal_.clear();
    if (!wide_) {
      rules.legal_actions(c, legal_);
    } else {
      // An interrupt or a sub-frame ends a wide plan: the root's list says nothing there.
      if (actor != side || c.depth != root.depth) break;
      for (const core::Action& r : root_legal_)
        if (r.unit == core::kNoUnit || !acted_[r.unit]) legal_.push_back(r);
      legal_.insert(legal_.end(), open_exits_.begin(), open_exits_.end());
    }
    // A unit kept in place makes no move of the phase (a sub-frame's, an advance after
    // combat, is another choice), unless nothing else is left to do (a placement).
    if (any_stayed && actor == side && c.depth <= sim_.phase_depth()) {
      const auto kept = [&](const core::Action& a) {
        return a.unit != core::kNoUnit && a.unit < stayed_.size() && stayed_[a.unit] && sim_.is_move(c, a);
      };
      if (!std::all_of(legal_.begin(), legal_.end(), kept)) std::erase_if(legal_, kept);
    }
    sim_.set_limits(kDecodeSamples, sim_.scaled(kDecodeNodes));
    core::Action a;
    if (actor != side) {
      a = sim_.best_action(c, legal_, actor, mix(plan_seed_ + uint64_t(step)), rng_);
    } else {
      // Skip genes that are no longer legal here; draw when the genome runs out.
      while (i < p.genes.size() && p.genes[i].type < kStay &&
             std::find(legal_.begin(), legal_.end(), p.genes[i]) == legal_.end())
        ++i;
      const core::Action gene = i < p.genes.size() ? p.genes[i] : core::Action{kFill, core::kNoUnit, {}, 0};
      ++i;
      if (late && gene.type != kFill) break;
      if (gene.type == kStay) {
        if (gene.unit < stayed_.size() && !stayed_[gene.unit]) {
          stayed_[gene.unit] = 1;
          any_stayed = true;
          played.push_back(gene);
        }
        continue;
      }
      if (late) {
        if (rushed_phase_ != phase_key(root)) {  // the first unit filled quickly
          rushed_phase_ = phase_key(root);
          rush_end_ = fill_deadline_;
        }
        if (!quick_unit(c, side, a)) continue;  // the unit keeps its place
      } else if (gene.type == kFill && legal_.size() > kHuge) {
        if (!fill_unit(c, side, a)) continue;
      } else {
        a = gene.type < kRedraw ? gene : draw(c, legal_, side, gene);
      }
    }
    // A plan stops before a die: what the die brings is the lookahead's to weigh.
    before_ = c;
    const bool at_phase = c.depth <= sim_.phase_depth();
    rules.apply(c, a, none);
    if (c.rolls != before_.rolls) {
      c = before_;
      rolled_ = true;
      rolled_at_phase_ = at_phase;
      pending_ = a;
      break;
    }
    if (actor == side) {
      played.push_back(a);
      phase_actions_ += at_phase;
    }
    if (a.unit != core::kNoUnit && a.unit < acted_.size()) {
      acted_[a.unit] = 1;
      close_exit(a.unit);
      // A move may bring its unit to the edge: its exit was not in the root's list.
      if (wide_ && sim_.is_move(before_, a)) rules.exits(c, a.unit, open_exits_);
    }
  }
  p.genes.assign(played.begin(), played.end());
  return score(c, phase, side, rolled_ ? &pending_ : nullptr);
}

void SearchPlayer::march_out_seeds(const core::State& s, int side) {
  // Each unit's way off the map this phase: its exit where it stands, or a move to a
  // hex from which it may leave (Rules::exit_hex) that leaves it the MP to (exits()).
  const core::Rules& rules = sim_.rules();
  const core::UnitCatalog& catalog = rules.catalog();
  std::vector<std::vector<core::Action>> way(s.unit_count);
  core::ActionList out;
  core::Events none;
  for (const core::Action& a : root_legal_) {
    if (a.unit == core::kNoUnit || a.unit >= s.unit_count || !way[a.unit].empty()) continue;
    out.clear();
    if (sim_.is_move(s, a)) {
      if (!rules.exit_hex(s, a.unit, a.hex)) continue;
      probe_ = s;
      rules.apply(probe_, a, none);
      if (probe_.rolls != s.rolls) continue;
      rules.exits(probe_, a.unit, out);
      if (!out.empty()) way[a.unit] = {a, out.front()};
    } else {
      rules.exits(s, a.unit, out);
      if (!out.empty()) way[a.unit] = {out.front()};
    }
  }
  // The units by formation, the formations with the most ways out first.
  std::vector<std::pair<std::string, std::vector<core::UnitId>>> formations;
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    if (way[u].empty() || catalog[s.units[u].def].side != side) continue;
    const std::string& f = catalog[s.units[u].def].formation;
    auto it = std::find_if(formations.begin(), formations.end(), [&](const auto& e) { return e.first == f; });
    if (it == formations.end()) it = formations.insert(formations.end(), {f, {}});
    it->second.push_back(u);
  }
  std::stable_sort(formations.begin(), formations.end(),
                   [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
  // Seeds: the first k formations march out together, for each k; then each
  // formation past the first alone. Past the genes the decode fills greedily.
  const auto genes_of = [&](size_t from, size_t to, Plan& p) {
    for (size_t f = from; f < to; ++f)
      for (const core::UnitId u : formations[f].second) p.genes.insert(p.genes.end(), way[u].begin(), way[u].end());
  };
  const size_t full = population_.size() + size_t(std::max(0, options_.population / 3));
  for (size_t k = 1; k <= formations.size() && population_.size() < full; ++k) {
    Plan p;
    genes_of(0, k, p);
    population_.push_back(std::move(p));
  }
  for (size_t f = 1; f < formations.size() && population_.size() < full; ++f) {
    Plan p;
    genes_of(f, f + 1, p);
    population_.push_back(std::move(p));
  }
}

bool SearchPlayer::too_wide(const core::State& root) const {
  return first_population_ || army_phase_ == phase_key(root);
}

void SearchPlayer::front_order(const core::State& s, int side, bool huge) {
  front_rank_.clear();
  if (!huge) return;
  // ASSUMED: a unit's place at the front is its distance to the nearest enemy unit on
  // the map. By the clock only the first units of an army's phase are weighed by the
  // lookahead before the quick look takes over (kQuickMoves); in the list's order
  // those were the first of the set-up, wherever they stood (7.2, docs/ai.md).
  const core::UnitCatalog& catalog = sim_.rules().catalog();
  std::vector<core::Hex> enemy;
  for (core::UnitId u = 0; u < s.unit_count; ++u)
    if (s.units[u].where == core::Where::OnMap && catalog[s.units[u].def].side != side) enemy.push_back(s.units[u].hex);
  front_rank_.assign(s.unit_count, INT_MAX);
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    if (s.units[u].where != core::Where::OnMap) continue;
    for (const core::Hex h : enemy) front_rank_[u] = std::min(front_rank_[u], core::distance(s.units[u].hex, h));
  }
}

bool SearchPlayer::next_unit(core::Action& end) {
  // The unit nearest the front (front_order), the first in the list among equals.
  const auto rank = [&](core::UnitId unit) { return front_rank_.empty() ? 0 : front_rank_[unit]; };
  core::UnitId u = core::kNoUnit;
  for (const core::Action& a : legal_)
    if (a.unit != core::kNoUnit && (u == core::kNoUnit || rank(a.unit) < rank(u))) u = a.unit;
  next_legal_.clear();
  if (u == core::kNoUnit) {
    end = legal_.front();
    for (const core::Action& a : legal_)
      if (a.type == sim_.end_phase_type()) end = a;
    return false;
  }
  for (const core::Action& a : legal_)
    if (a.unit == u) next_legal_.push_back(a);
  return true;
}

bool SearchPlayer::fill_unit(const core::State& c, int side, core::Action& out) {
  if (!next_unit(out)) return true;  // every unit has acted: `out` ends the phase
  const core::UnitId u = next_legal_.front().unit;
  double value = 0;
  const core::Action best = sim_.best_action(c, next_legal_, side, plan_seed_, rng_, &value);
  if (value > sim_.evaluator().evaluate(c, side)) {
    out = best;
    return true;
  }
  acted_[u] = 1;
  close_exit(u);
  return false;
}

void SearchPlayer::close_exit(core::UnitId u) {
  std::erase_if(open_exits_, [u](const core::Action& a) { return a.unit == u; });
}

bool SearchPlayer::quick_unit(const core::State& c, int side, core::Action& out) {
  if (!next_unit(out)) return true;  // every unit has acted: `out` ends the phase
  const core::UnitId u = next_legal_.front().unit;
  core::Events none;
  double best = sim_.evaluator().evaluate(c, side);
  bool moved = false;
  const int n = int(next_legal_.size());
  for (int k = 0; k < std::min(n, kQuickMoves); ++k) {
    const core::Action& a = next_legal_[size_t(n <= kQuickMoves ? k : rng_.below(n))];
    probe_ = c;
    sim_.rules().apply(probe_, a, none);
    double v = 0;
    if (probe_.rolls == c.rolls) {
      v = sim_.evaluator().evaluate(probe_, side);
    } else {  // a barrage: its worth over a draw per face (the plan stops before it)
      sim_.set_limits(kDieSamples, 1);
      v = sim_.action_value(c, a, side, plan_seed_);
    }
    if (v > best) {
      best = v;
      out = a;
      moved = true;
    }
  }
  if (!moved) {
    acted_[u] = 1;
    close_exit(u);
  }
  return moved;
}

double SearchPlayer::score(const core::State& c, const core::Frame& phase, int side, const core::Action* die) {
  const uint64_t key = core::hash_state(c) ^ (die ? action_key(*die) : 0);
  if (const auto it = scores_.find(key); it != scores_.end()) return it->second;
  double value = 0;
  if (die) {
    // The plan stopped before the die of `die` (an overrun it declared, a barrage): what
    // the die may bring is part of the plan's worth. Judged on the position alone, a
    // long-odds overrun on a town looked free (7.6: four single units overran Dinant
    // at 1:3 and 1:4 in one phase, docs/ai.md).
    sim_.set_limits(kDieSamples, sim_.scaled(kScoreNodes));
    value = sim_.action_value(c, *die, side, plan_seed_);
  } else if (c.over || same_phase(c, phase) || sim_.rules().to_act(c) != side ||
             judge_ends_statically_) {
    value = sim_.evaluator().evaluate(c, side);
  } else {
    next_legal_.clear();
    sim_.rules().legal_actions(c, next_legal_);
    sim_.set_limits(sim_.large() ? 3 : kScoreSamples, sim_.scaled(kScoreNodes));
    value = -1e300;
    for (const core::Action& a : next_legal_) {
      value = std::max(value, sim_.action_value(c, a, side, plan_seed_));
      if (sim_.out_of_time()) break;
    }
  }
  scores_.emplace(key, value);
  return value;
}

core::Action SearchPlayer::draw(const core::State& s, const core::ActionList& legal, int side,
                                const core::Action& gene) {
  if (gene.type == kFill) return best_or_stand(s, legal, side, plan_seed_);
  if (gene.unit == core::kNoUnit) return legal[size_t(rng_.below(int(legal.size())))];
  // Another action of the same unit: the best of a few, or one of them at random.
  next_legal_.clear();
  for (const core::Action& a : legal)
    if (a.unit == gene.unit) next_legal_.push_back(a);
  if (next_legal_.empty()) return legal[size_t(rng_.below(int(legal.size())))];
  if (rng_.unit() < 0.5) return next_legal_[size_t(rng_.below(int(next_legal_.size())))];
  core::ActionList few;
  for (int k = 0; k < kRedrawChoices; ++k) few.push_back(next_legal_[size_t(rng_.below(int(next_legal_.size())))]);
  return sim_.best_action(s, few, side, plan_seed_, rng_);
}

core::Action SearchPlayer::best_or_stand(const core::State& s, const core::ActionList& legal, int side,
                                         uint64_t seed, double* value) {
  double best_value = 0;
  const core::Action best = sim_.best_action(s, legal, side, seed, rng_, &best_value);
  if (value) *value = best_value;
  if (!sim_.is_move(s, best)) return best;
  const double standing = sim_.evaluator().evaluate(s, side);
  if (best_value > standing) return best;
  // The best is a move that loses value. It is played to put off the end of the phase
  // when that costs a little (the lookahead follows the end into what comes next, the
  // opponent's barrage among it). Where ending costs far more than any move can lose
  // (the loser's last phase: the threats it still poses stop counting, ARD2 2.1),
  // every move would be played in turn, even one leaving an objective bare (7.6,
  // docs/ai.md): the best action that is not a move is taken instead.
  const auto end = std::find_if(legal.begin(), legal.end(),
                                [&](const core::Action& a) { return a.type == sim_.end_phase_type(); });
  if (end == legal.end() || standing - sim_.action_value(s, *end, side, seed) < kCliff) return best;
  core::ActionList others;
  for (const core::Action& a : legal)
    if (!sim_.is_move(s, a)) others.push_back(a);
  return others.empty() ? best : sim_.best_action(s, others, side, seed, rng_, value);
}

void SearchPlayer::skip_stays() {
  while (next_ < chosen_.size() && chosen_[next_].type == kStay) ++next_;
}

void SearchPlayer::mutate(Plan& p, int genes) {
  if (p.genes.empty()) return;
  for (int k = 0; k < genes; ++k) {
    core::Action& gene = p.genes[size_t(rng_.below(int(p.genes.size())))];
    // A unit's gene may become its stay: a redraw only moves it elsewhere, so a unit
    // the greedy plan marched out of a town could never be kept there (7.6, Marche on
    // the last turn; docs/ai.md).
    const bool stay = gene.unit != core::kNoUnit && gene.type != kStay && rng_.unit() < kStayShare;
    gene.type = stay ? kStay : kRedraw;
  }
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
    // Mutation: redraw one gene, sometimes more.
    int genes = 1;
    while (rng_.unit() < options_.mutation_rate) ++genes;
    mutate(child, genes);
  }
}

}  // namespace ai
