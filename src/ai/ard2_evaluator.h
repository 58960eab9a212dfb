// The Ardennes II evaluator (game id "ard2"). It reads the game through the
// core::Rules interface and the state's documented vocabulary (unit flag, hex marker
// and value names), so it survives changes of the module's internals. Exceptions, read
// from ard2::Ard2Rules because core::Rules has no word for them:
//  - each unit's Division and the stacking limit, to see which stacks the end of the
//    phase will make DG (overstacked or mixing Divisions, ARD2 3.1; the module's own
//    check needs a Position, too slow for every evaluation);
//  - the scenario's play area (no objective outside it), its scheduled removals, and
//    whether VP levels decide it (7.1-7.3) or control of named hexes (7.4-7.6);
//  - the board's terrain, roads and bridges, to price each exit goal's routes.
//
// Objectives. Which hexes decide a scenario is learned once per scenario by probing
// outcome(): on the set-up position, each VP hex and named place is given to the
// Germans (its "control" marker set) alone, and taken back from a position where all
// of them are German; a hex whose control moves the winner, or the VP total where VP
// levels decide (not 7.5's Houffalize and Wiltz, decision A47), is an objective,
// weighted by the VP it is worth, plus 6 when it can decide the winner (at least 1).
// Where a count of hexes decides (7.6: six of eight), a third probe finds the hexes
// whose control turns a just-winning set (pivotal_hexes). This covers 6.0's VP
// levels (7.1-7.3) and the control conditions of 7.4, 7.5 and 7.6 without reading
// the scenario files.
//
// Exits (7.2, 7.3: exit VP; 7.5: exit conditions) are learned the same way: each
// formation's units are marked exited (ext "exits") and a formation whose exits move
// the VP or the winner is an exit goal (weighted as an objective, and far more when the
// winner turns on it: 7.5); how many of its units must leave and until
// which turn is found by probing counts and turns; where they can leave by asking
// legal_actions() for `exit` with its units set on each hex in their Movement Phase.
// The objectives are probed twice, without and with every exit made, so that 7.5's
// Bastogne decides the winner once the exits are in. A unit still to leave counts by
// its route to the exit: the cheapest in MP (ARD2 1.3's road and terrain costs) that
// passes through no enemy's hex and pays ARD2 1.2's extra MP beside one, against
// what the unit's MA covers in the turns left.
// The routes are recomputed only when the enemy has moved.
//
// Scheduled removals (7.1, 7.4: a formation leaves play at a turn's Reinforcement
// step, ARD2 2.2) are read from the module's scenario. From the turn before it leaves,
// such a unit counts only as an occupant: no material (losing it costs nothing), no
// threat, no garrison, and an objective only it holds is one its side still lacks,
// so the search sends others to take over before it goes.
//
// Terms, all from side 0's (Allied) view, about one point per strength point:
//  - material: attack + defense of every unit not eliminated; DG and Out of Supply
//    units count less (ARD2 3.4, 3.7), and so does a unit the phase's end will make DG;
//  - strength in threats and holding: what DG and the enemy's Barrage markers leave of
//    it (ARD2 3.4, 3.5; a Half marker by the odds that its phase's end makes it Full);
//  - projected control: a VP hex occupied by one side only will be that side's at the
//    end of the phase (ARD2 6.0, update of control); else its marker;
//  - the projected outcome: outcome() of the position with the projected control
//    (winner and VP), weighing more as the last turn nears; cached by control mask.
//    The win counts as much as the winner is likely to keep every objective whose
//    loss alone would turn it, each against its threat ratio, while the loser still
//    has a phase to play;
//  - threats: the enemy attack strength that can reach an objective against its
//    holder's defense in and next to it; garrisons. Reach and approach count the hex
//    steps the terrain allows to a hex the objective may be attacked from (the way
//    round a river to a crossing), not the hex distance. The defense in the hex counts at
//    the odds its terrain's column shift is worth (a City's two columns: 5/3);
//  - approach: each combat unit joins an objective its side lacks, nearest first,
//    while that objective still calls for attack strength (three times the defense
//    in, at its terrain's odds, and half of that next to it), and is pulled by its
//    distance against the march the turns left allow; a unit past every call is
//    pulled half as much toward the nearest, and no unit by an objective it cannot
//    reach in time. Artillery is pulled as a joined unit toward the objective its
//    side lacks that it can bring within its barrage range soonest, and no nearer.
//    A unit whose formation must still exit to win (an exit goal that decides the
//    winner, not yet met, its deadline not past) is bound for the exit: it neither
//    threatens nor approaches the objectives, so 7.5's march west is not drawn into
//    Bastogne. Exits that only score VP (7.2, 7.3) do not bind;
//  - assault prospects: from its Movement Phase to the first attack of its Combat
//    Phase, the side whose Player Turn it is gains what each attack its units next to
//    an objective the enemy holds could make is worth on average over the CRT (the hex
//    taken, with the hold term and the projected outcome it turns; steps lost on both
//    sides), where that is more than nothing; short of the next column, by how far the
//    attack has gone toward it (the two columns' worths blended);
//  - front-line cohesion: a stack within two hexes of an enemy in supply with no
//    friend within two hexes pays for being alone. Being near the enemy earns
//    nothing: a bonus paid there would make each enemy unit worth keeping alive.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ai/evaluator.h"

namespace ard2 {
class Ard2Rules;
}

namespace ai {

class Ard2Evaluator final : public GenericEvaluator {
 public:
  explicit Ard2Evaluator(const core::Rules& rules);
  double evaluate(const core::State& s, int side) override;

  // A hex whose control decides the scenario, with its weight in VP.
  struct Objective {
    core::Hex hex;
    double weight = 1;
    // Per defending side, what the hex's terrain multiplies a garrison's defense by,
    // read as odds (see kNeedOdds): (kNeedOdds + its column shift) / kNeedOdds.
    float cover[2] = {1.0f, 1.0f};
    // Per side: its win cannot do without this hex (with every other objective its
    // own and every exit made, losing this one loses the win): 7.4's three towns for
    // the Germans; none of 7.6's eight, of which six win.
    bool needed[2] = {false, false};
    // Per defending side, the columns the hex's terrain shifts an attack left, and per
    // direction d the hexside's shift for a stack attacking from the neighbour there
    // (ARD2 1.3 b)): what the assault prospects read the odds by.
    int8_t hex_shift[2] = {0, 0};
    int8_t side_shift[2][core::kDirections] = {};
    // Per move type (DefInfo::move): bit d is set when no unit of that type may attack
    // the hex from its neighbour in direction d (ARD2 TEC note 1: across Prohibited
    // terrain only along a road or track), read from the set-up's terrain.
    uint8_t no_attack_from[2] = {0, 0};
    // Per move type, per node of the play area (RouteGraph): the hex steps a unit there
    // takes to a hex it may attack this one from, plus the attack (1 next to it, kFar
    // when no step leads there). The steps are the terrain's (no Prohibited hexside,
    // bridges as set up); an unbridged river thus counts as the detour to a crossing,
    // where the hex distance made the bank across it look one hex off (7.4's Berg
    // Reuland behind the Our).
    std::vector<uint16_t> steps[2];
    // Per move type, per node: the half MP of the cheapest march into this hex over the
    // set-up's terrain and roads, no unit in the way (kNoRoute where none): who can
    // walk into it when its holder leaves it bare.
    std::vector<uint16_t> march[2];
  };
  static constexpr uint16_t kFar = 999;
  // Units of one formation leaving the map for the VP or the win.
  struct ExitGoal {
    int side = 1;
    std::string formation;
    int need = 1;            // units that must leave
    int deadline = 0;        // the last turn an exit counts
    double weight = 1;       // as an objective's, far more when it decides (kDecidingExit)
    bool decides = false;    // a condition of the win (7.5), not only VP (7.2, 7.3)
    std::vector<core::Hex> hexes;  // where its units can leave
    size_t routes_of = 0;          // the first exit goal with the same hexes (routes shared)
  };
  // The play area's hexes as a march reads them: per hex (a node), the neighbours a
  // unit may step from into it and what that step costs, in half MP, per move type
  // (Leg, Mech), by the roads, bridges and terrain of the set-up.
  struct RouteGraph {
    std::vector<int32_t> node_of;  // per board index: its node, -1 outside the play area
    std::vector<std::array<int32_t, core::kDirections>> from;  // per node: -1 none
    std::vector<std::array<int16_t, core::kDirections>> cost[2];
    int max_step = 0;  // the dearest step, which sizes the route search's buckets
  };
  // What decides scenario `scenario` (learned on first use, shared by threads).
  struct Goals {
    std::vector<Objective> objectives;
    std::vector<ExitGoal> exits;
    std::vector<int8_t> exit_goal_of_def;  // per counter definition: its exit goal or -1
    std::vector<int16_t> leaves_on_turn;    // per counter definition: its removal turn, or 0
    RouteGraph routes;                      // the play area's: exit routes, attack steps
  };
  const Goals& goals(int scenario);
  const std::vector<Objective>& objectives(int scenario) { return goals(scenario).objectives; }
  // Objective::steps of objective i for a unit of move type `move` at `h`.
  int attack_steps(int scenario, size_t i, core::Hex h, int move);
  // The half MP of unit u's cheapest route to its exit goal's exit around the enemy
  // of s, or -1 (no exit goal, not on the map, no route).
  int exit_route_cost(const core::State& s, core::UnitId u);

 private:
  // Per counter definition: what the evaluator reads of it, by steps lost.
  struct DefInfo {
    int side = 0;
    bool combat = false;  // has an attack strength (not artillery)
    int ma = 0;
    int move = 0;         // scs::MoveType: 0 Leg, 1 Mech
    int division = -1;    // ARD2 3.1: -1 for an Independent
    int range = 0;        // artillery's barrage range (ARD2 3.5), 0 for other units
    int steps = 2;        // steps of a full-strength unit
    float attack[4] = {}, defense[4] = {};
  };
  struct Projected {
    int winner = core::kNoSide;
    double vp = 0;
  };
  struct Piece {
    core::Hex hex;
    int cell;  // its hex's cell in the grid below
    int side;
    float attack, defense;
    int reach;
    int range;  // artillery's barrage range, 0 for other units
    bool combat;
    bool marching;  // of an exit goal still open: bound for the exit, not the objectives
    bool spent;     // in its side's last phase of the game, it has attacked already
    int move;       // DefInfo::move
    int node;       // its hex's node in the play area's RouteGraph, -1 outside
    int mp;         // its MA, in half MP
    bool fresh;     // it has not attacked in this phase
    float step_worth;  // what the material term loses with one of its steps
    int steps;         // its steps left
  };
  // Hex steps from `p` to a hex it may attack objective `o` from, plus the attack
  // (Objective::steps).
  static int attack_distance(const Piece& p, const Objective& o);
  // Objective::steps at `node` (the node of `h`), or the hex distance where there are none.
  static int steps_to(const Objective& o, core::Hex h, int node, int move);

  Projected projected_outcome(const core::State& s, uint64_t mask, const std::vector<Objective>& objs, int exited);
  void learn_exits(const core::State& base, const core::State& all_german, Goals& g);
  void learn_objectives(const core::State& base, const core::State& all_german, Goals& g);
  void mark_needed(const core::State& base, std::vector<Objective>& objs);
  // The candidates (indices) whose control turns the winner where a count of hexes
  // decides, which probing one hex alone misses; o0, o1: the outcomes of `base` and of
  // all candidates German.
  std::vector<size_t> pivotal_hexes(const core::State& base, const nlohmann::json& o0, const nlohmann::json& o1);
  std::vector<core::Hex> exit_hexes(const core::State& base, const std::vector<core::UnitId>& units, int side);
  RouteGraph route_graph(const core::State& base) const;
  int route_node(const Goals& g, core::Hex h) const;  // -1 outside the play area
  // Objective::steps of every objective, over the graph.
  void measure_attack_steps(Goals& g) const;
  // Objective::march of every objective, over the graph.
  void measure_marches(Goals& g);
  // Whether piece p can march into objective o's hex in one Movement Phase (o.march).
  static bool marches_into(const Piece& p, const Objective& o);
  // The route costs of exit goal k's units of move type `type` (per node, in
  // half MP, kNoRoute where none) around the enemy of state s; recomputed only when
  // the enemy has moved since the last call.
  // Only costs up to `reach` are searched; dearer nodes read kNoRoute, as unreachable ones do.
  const std::vector<uint16_t>& route_costs(const core::State& s, const Goals& g, size_t k, int type,
                                           int reach = INT32_MAX);
  // A fresh stamp for the route searches' enemy marks (route_now_), none marked yet, over
  // a graph of `nodes` nodes.
  void stamp_no_enemy(size_t nodes);
  // Per node of `graph`, the half MP of its cheapest route for move type `type` to one
  // of sources_ (Dial's Dijkstra), up to `reach` (dearer or unreachable: kNoRoute). No
  // route enters a node marked as the enemy's (enemy_stamp_ at route_now_); leaving one
  // marked next to the enemy costs kContested more.
  void sweep_routes(const RouteGraph& graph, int type, int reach, std::vector<uint16_t>& cost);
  core::State with_exits(const core::State& s, const std::vector<core::UnitId>& units, int turn) const;
  // Counts each exit goal's units gone (exited_of_goal_) and which goals are still open
  // (open_goal_); called first in evaluate(), exit_terms() reads the counts.
  void mark_open_exit_goals(const core::State& s, const Goals& g);
  // Whether a unit of counter definition `def` is bound for an open exit goal.
  bool marching(const Goals& g, int def) const;
  // The exit goals' terms, side 0's view (after mark_open_exit_goals()).
  double exit_terms(const core::State& s, const Goals& g);
  int cell(core::Hex h) const;
  int controller(const core::State& s, core::Hex h) const;
  void set_control(core::State& s, core::Hex h, int side) const;
  // Whether `winner`, projected, wins even with every objective the loser's: the VP
  // it has banked (ARD2 6.0) and its exits settle the game. Not while the loser has
  // an exit goal still to make (after mark_open_exit_goals()).
  bool locked(const core::State& s, const Goals& g, int winner, int exited);
  // The chance, as the threats read it, that the projected winner keeps every
  // objective its win turns on until the game ends (1: the loser has no phase left).
  // `mask`: the projected control, bit i set where objective i is German.
  double odds_to_keep(const core::State& s, int winner, uint64_t mask, const std::vector<Objective>& objs,
                      int exited, const double* threat);
  // Side's defense in hex h, times `cover`, plus half of its defense next to h (this
  // evaluation's units, as evaluate() has placed them).
  float defense_near(int side, core::Hex h, float cover) const;
  // The combat units' and the artillery's approach to the objectives their side
  // lacks, side 0's view.
  double approach_terms(const std::vector<Objective>& objs, const int* marked, const int* holder, int turns_left);
  // What the enemy's Barrage markers in a cell leave of a unit's attack and defense:
  // its Full markers, and its Half markers as the phase's end will reconcile them.
  float barrage_factor(int cell, int side) const;
  // ... and DG with them.
  float combat_factor(int cell, int side, bool dg) const;
  // The turn owner's chances against the objectives its enemy holds, in the attacks its
  // units next to them can make in its coming Combat Phase; side 0's view.
  // `outcome_now`: the projected outcome's term as evaluate() counted it; `winner_weight`:
  // what the projected winner weighs at this turn.
  double assault_prospects(const core::State& s, const std::vector<Objective>& objs, uint64_t mask, int exited,
                           double outcome_now, double winner_weight);
  // Per cell and side: the units that count for stacking, whether they mix
  // Divisions, and the enemy's Barrage markers; stamped with now_.
  void index_stacks(const core::State& s);
  // Whether the unit counts toward its hex's stacking when the phase ends.
  bool counts_for_stacking(const core::UnitState& us, int side) const;
  // Whether the end of the current phase makes this unit DG (ARD2 3.1).
  bool pending_dg(const core::UnitState& us, int side, int cell) const;

  std::vector<DefInfo> defs_;
  uint32_t dg_bit_ = 0, oos_bit_ = 0, entry_bit_ = 0, attacked_bit_ = 0, defended_bit_ = 0;
  // Per side, its last phase of a player-turn (its Exploitation Phase), and whether the
  // position being judged is in the phasing side's last such phase of the game, with
  // the hexes whose units were attacked in it (this evaluate()'s scratch).
  int last_step_[2] = {-1, -1};
  bool final_phase_ = false;
  std::vector<core::Hex> defended_;
  int control_kind_ = -1;
  // Full and Half Barrage markers fired by side 0 and by side 1 (hex marker kinds), or -1.
  int full_kind_[2] = {-1, -1}, half_kind_[2] = {-1, -1};
  std::vector<core::Hex> candidates_;  // hexes probed for objectives
  std::unordered_map<uint64_t, Projected> projected_;
  std::vector<Piece> pieces_;
  // approach_terms()'s scratch: the (distance, objective, piece) pairs packed as
  // distance << 32 | objective << 16 | piece, what each objective still calls for per
  // side, and each piece's distance to the objective it joined and to the nearest it
  // lacks (-1: none).
  std::vector<uint64_t> approach_pairs_;
  double call_[2][64] = {};
  std::vector<int> assigned_, spare_;
  std::vector<double> pull_;  // per piece: the weight of the objective it is drawn to
  std::vector<uint8_t> open_goal_;    // per exit goal: still to be met
  std::vector<int> exited_of_goal_;   // per exit goal: its units gone so far
  std::vector<std::vector<double>> progress_;  // per exit goal: its units' progress
  std::vector<std::array<const std::vector<uint16_t>*, 2>> goal_routes_;  // per exit goal and move type
  static constexpr uint16_t kNoRoute = 0xffff;
  struct RouteField {
    uint64_t enemy = ~uint64_t(0);  // a hash of the enemy's hexes it was computed around
    int reach = 0;                  // the dearest cost it was searched to
    std::vector<uint16_t> cost;
  };
  std::vector<RouteField> route_fields_[2];  // per move type, per exit goal
  std::vector<uint32_t> enemy_stamp_, near_enemy_stamp_;  // per node
  uint32_t route_now_ = 0;
  std::vector<int> route_best_;
  std::vector<int32_t> sources_;  // the nodes sweep_routes() starts from
  std::vector<std::vector<int32_t>> route_buckets_;  // nodes by cost, modulo the dearest step
  const ard2::Ard2Rules* ard2_ = nullptr;
  int max_ma_[2] = {0, 0};  // per move type: the largest MA of any counter
  // A dense grid over the map's bounding box: per side, the stamp of the evaluation
  // that last put a unit there, and its defense.
  int q0_ = 0, r0_ = 0, width_ = 0, height_ = 0;
  // The cell steps to the six neighbours and to the twelve hexes two away (kRing2).
  int ring1_[core::kDirections] = {}, ring2_[12] = {};
  std::vector<uint32_t> stamp_[2];
  std::vector<uint32_t> supplied_stamp_[2];  // per cell: now_ where a unit in supply stands (a front)
  std::vector<float> defense_at_[2];
  std::vector<float> steps_at_[2], worth_at_[2];  // per cell: steps left, material
  // Per side: the first and last steps in which its coming attacks count (its Movement
  // Phase to its Combat Phase); -1 when the game has none.
  int assault_from_[2] = {-1, -1}, assault_to_[2] = {-1, -1};
  bool attack_declared_ = false;  // a unit is marked attacking or attacked this phase (evaluate()'s scratch)
  struct Stack {
    uint32_t stamp = 0;
    uint8_t count = 0;         // units that count for stacking
    int16_t division = -1;     // the first Division seen, -1 none
    bool mixed = false;
    uint32_t barrage_stamp = 0;   // stamps `full` and `half`
    uint8_t full = 0;          // Full Barrage markers fired by the other side
    uint8_t half = 0;          // ... and Half markers, until their phase ends
  };
  std::vector<Stack> stacks_[2];
  // Per side: the hexes of units about to leave play (scheduled removals).
  std::vector<core::Hex> leaving_[2];
  int phasing_ = core::kNoSide;  // the side whose phase is under way
  int moving_ = core::kNoSide;   // ... when that phase is its Movement Phase
  int turn_owner_ = core::kNoSide;  // whose Player Turn it is (the US Barrage Phase is the German's)
  uint32_t now_ = 0;
  core::State scratch_{};
};

}  // namespace ai
