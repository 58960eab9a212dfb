// The players behind the factory (player.h). Declared here for tests and benches
// that tune them directly; everyone else goes through make_player().
#pragma once

#include <chrono>
#include <memory>
#include <unordered_map>
#include <vector>

#include "ai/evaluator.h"
#include "ai/player.h"
#include "ai/simulator.h"

namespace ai {

// Uniform over the legal actions, except that ending the phase is picked only now
// and then while other actions exist: uniform play would end most phases at once
// and the game would never move, and never ending one could loop.
class RandomPlayer final : public Player {
 public:
  RandomPlayer(const core::Rules& rules, uint64_t seed);
  std::string_view name() const override { return "random"; }
  core::Action act(const core::Rules& rules, const core::State& s, const Budget& budget) override;

 private:
  static constexpr double kEndPhaseChance = 0.125;
  Rng rng_;
  int end_phase_ = -1;
  core::ActionList legal_;
};

// The best immediate value: each action is judged by the evaluator on the position
// it leads to, following an attack being built to its resolution (the simulator's
// tactical lookahead), so attacks are picked for their odds and what they win, and
// moves for what the evaluator says of the new position (toward objectives).
class GreedyPlayer final : public Player {
 public:
  // `plain`: judge positions by material and the VP hexes occupied only
  // (GenericEvaluator), not by the game's own evaluator: the plain baseline of best
  // immediate odds and VP, named "greedy-vp".
  GreedyPlayer(const core::Rules& rules, uint64_t seed, bool plain = false);
  std::string_view name() const override { return plain_ ? "greedy-vp" : "greedy"; }
  core::Action act(const core::Rules& rules, const core::State& s, const Budget& budget) override;

 private:
  bool plain_;
  Rng rng_;
  std::unique_ptr<Evaluator> eval_;
  Simulator sim_;
  core::ActionList legal_;
};

// Turn-level planning by online evolutionary planning (Justesen et al.) over the
// dice-free part of a phase (movement), each plan judged by the tactical lookahead's
// value of the best first action of the phase that follows (the attack it sets up),
// or by the evaluator where the greedy plan stops before a die;
// decisions with dice (combat, barrage) are taken by the tactical lookahead with a
// larger budget. See search_player.cpp for the loop.
class SearchPlayer final : public Player {
 public:
  struct Options {
    int population = 24;
    int elite = 8;
    double mutation_rate = 0.3;  // chance that one more gene of a child is redrawn
    // ASSUMED: the share of what is left of the turn's bank one planning may spend (a
    // Movement Phase's plan); the rest stays for the phases that follow.
    double plan_share = 0.3;
  };

  SearchPlayer(const core::Rules& rules, uint64_t seed, Options options);
  SearchPlayer(const core::Rules& rules, uint64_t seed) : SearchPlayer(rules, seed, Options{}) {}
  std::string_view name() const override { return "search"; }
  core::Action act(const core::Rules& rules, const core::State& s, const Budget& budget) override;

 private:
  // A gene that asks the decoder to draw an action: kRedraw at random (mutation; an
  // action of the gene's unit when it has one), kFill greedily (past the genome).
  // kStay keeps the gene's unit where it stands for the rest of the phase: no move of
  // it is played or drawn after it (a garrison the greedy plan would march out).
  static constexpr uint16_t kStay = 0xfffd, kRedraw = 0xfffe, kFill = 0xffff;

  struct Plan {
    std::vector<core::Action> genes;
    double value = 0;
    bool scored = false;
  };

  // Evolves a plan for the phase of `s` until `deadline` or the iteration budget;
  // false when there is nothing to plan: the phase rolls dice from its first actions
  // (combat: the lookahead handles it better) or the plan is empty.
  bool plan(const core::State& s, int side, const Budget& budget, const Deadline& deadline);
  // Plays `p` from `root` on a blind clone until root's phase ends, an action would
  // roll a die (the plan stops before it) or the clock runs out (a wide phase's plan
  // past its genome is then filled quickly: quick_unit), repairing genes that are not
  // legal where they come, and scores the position reached; the genes actually played
  // replace p's.
  double decode(const core::State& root, int side, Plan& p, const Deadline& deadline);
  // The value for `side` of the position where a plan ends: the lookahead's value of
  // `die` when the plan stopped before that action's die, else its outcome, the
  // evaluator (still in the phase, the opponent to act, or a phase whose greedy plan
  // stopped before a die: judge_ends_statically_) or the lookahead's best first
  // action of the side's next phase.
  double score(const core::State& c, const core::Frame& phase, int side, const core::Action* die = nullptr);
  core::Action draw(const core::State& s, const core::ActionList& legal, int side, const core::Action& gene);
  // The fill of a huge phase (see kHuge): the next unit's best move into `out`, or
  // false when it is better left where it is (it is then marked as acted).
  bool fill_unit(const core::State& c, int side, core::Action& out);
  // The fill of a wide phase once the planning's time is out: the best of kQuickMoves
  // of the next unit's actions drawn at random, by the evaluator alone.
  bool quick_unit(const core::State& c, int side, core::Action& out);
  // Drops unit u's exit from open_exits_: it has left, or stays where it is.
  void close_exit(core::UnitId u);
  // Adds to the first population the plans that march units off the map now (ARD2
  // 7.2, 7.3, 7.5: formations score or win by exiting), formation by formation: a
  // formation counts only once enough of its units are out, which no plan of a
  // single move or exit (mutation, the greedy fill) finds.
  void march_out_seeds(const core::State& s, int side);
  // Whether the phase of `root` is too wide for the clock: an army's (kHuge), or its
  // planning is still on its first population.
  bool too_wide(const core::State& root) const;
  // Ranks `side`'s units of an army's phase (`huge`: kHuge) by their distance to
  // the enemy, for next_unit; elsewhere units come in the list's order.
  void front_order(const core::State& s, int side, bool huge);
  // The actions of the next unit still to act in legal_ into next_legal_; false, with
  // the phase's end (or the first action) in `end`, when no unit is left.
  bool next_unit(core::Action& end);
  // The best of `legal` for `side` by the lookahead; a move that rates below standing
  // still (the evaluator of `s`) gives way to the best other action when ending the
  // phase would cost more than kCliff. Sets *value.
  core::Action best_or_stand(const core::State& s, const core::ActionList& legal, int side, uint64_t seed,
                             double* value = nullptr);
  void mutate(Plan& p, int genes);
  void breed(std::vector<Plan>& pop);
  core::Action lookahead(const core::State& s, int side);
  // Out of time: the phase ends if it can, else a quick look at a few actions.
  core::Action hurry(const core::State& s, int side);
  // The deadline of this call: what is left of the game turn's bank (Budget: the bank
  // is per game turn, and only the player's own thinking spends it).
  Deadline bank(const core::State& s, const Budget& budget);
  // The phase of `s` (turn, bottom frame), and whether plan() found it rolls dice: its
  // later decisions go straight to the lookahead.
  static uint64_t phase_key(const core::State& s);
  bool in_dice_phase(const core::State& s) const;
  core::Action hand_out(const core::State& s);
  // Moves next_ past the plan's kStay genes: they are not actions to hand out.
  void skip_stays();
  // Whether the planned action `a` of a wide plan is still legal in `s`, cheaply.
  bool still_legal(const core::State& s, const core::Action& a);

  Options options_;
  Rng rng_;
  std::unique_ptr<Evaluator> eval_;
  Simulator sim_;
  core::ActionList legal_, next_legal_;
  // A wide phase (Simulator::kWide actions and more: an army's moves) is decoded
  // against the root's legal actions less those of units that have acted, rather
  // than listing them again at every step; its plan is checked as it is handed out.
  bool wide_ = false;
  core::ActionList root_legal_;
  std::vector<uint8_t> acted_;
  std::vector<uint8_t> stayed_;  // per unit: a kStay gene of this decode keeps it in place
  // The exits opened by moves of this decode to units that have acted (Rules::exits):
  // a unit may move to the edge and leave in the same phase.
  core::ActionList open_exits_;
  std::vector<int> front_rank_;  // per unit: distance to the nearest enemy (front_order); empty: list order
  core::State scratch_{}, before_{}, probe_{};
  std::vector<Plan> population_;
  std::vector<core::Action> played_;         // the genes a decode plays, reused
  std::unordered_map<uint64_t, double> scores_;  // by the hash of a phase's end, per planning
  uint64_t plan_seed_ = 0;                   // the dice of every lookahead in one planning
  bool rolled_ = false;                      // the last decode stopped before a die
  bool rolled_at_phase_ = false;             // ... of a phase-level action (a barrage)
  bool judge_ends_statically_ = false;       // this planning's greedy plan stopped before a die
  core::Action pending_;                     // the action whose die it stopped before
  int phase_actions_ = 0;                    // phase-level actions of the last decode
  uint64_t dice_phase_ = ~0ull;
  int bank_turn_ = -1;
  Deadline fill_deadline_ = Deadline::none();  // where a wide phase's quick fill stops (kFillShare)
  bool first_population_ = false;              // the plan being decoded is of the first population
  uint64_t army_phase_ = ~0ull;                // the last phase planned with a huge list (kHuge)
  uint64_t rushed_phase_ = ~0ull;              // the phase a plan of which was filled quickly
  Deadline rush_end_ = Deadline::none();       // ... and where that phase ends
  std::chrono::steady_clock::duration bank_spent_{};  // thinking in the game turn bank_turn_
  // The chosen plan, handed out from next_ while the state is the expected one.
  std::vector<core::Action> chosen_;
  size_t next_ = 0;
  uint64_t expected_hash_ = 0;
  bool expecting_ = false;
};

}  // namespace ai
