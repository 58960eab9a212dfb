#include "ai/ard2_evaluator.h"

#include <algorithm>
#include <functional>
#include <map>
#include <string>

#include "games/ard2/ard2_rules.h"
#include "games/ard2/combat.h"
#include "games/ard2/sequence.h"

namespace ai {

namespace {

// Weights, in strength points. ASSUMED (tuned by hand on 7.5 and 7.4 games): a VP of
// projected control is worth a few strength points, a threat to it as much again,
// the projected winner as much as a battalion or two, more as the end nears.
constexpr double kHold = 4.0;       // per VP of an objective held
constexpr double kThreat = 4.0;     // per VP of an objective, times the threat ratio
constexpr double kWinner = 12.0;    // the projected winner, at the first turn
constexpr double kWinnerEnd = 40.0; // ... and at the last
constexpr double kVp = 1.0;         // per German VP of the projected outcome
// ASSUMED: a projected win that no loss of any objective can undo (its VP banked, ARD2
// 6.0's greatest total of a turn's end, and exits made) is nearly a finished game: far
// beyond every other term together, short of kWin, so the terms still order such
// positions. At kWinnerEnd alone, seven 12 SS units stepping off the map for 7.3's
// 10th VP rated 39 points worse than staying to threaten the towns (docs/ai.md).
constexpr double kLockedWin = 1000.0;
constexpr double kApproach = 1.0;   // per combat unit, at the objective it joined
// ASSUMED: an objective its side's win cannot do without (Objective::needed) pulls
// kTake times as hard. At 1 the Germans of 7.4 came near Vielsalm with nothing before
// their Turn 6 in most games (docs/ai.md). Doubling every pull instead made a German
// unit entering an empty St. Vith worth less than before, as each US unit around the
// town began to count its approach to it twice, and lost on 7.6.
constexpr double kTake = 2.0;
constexpr double kAlone = 1.0;      // a stack next to the enemy with no friend near
constexpr float kDgFactor = 0.75f, kOosFactor = 0.8f;
constexpr int kFirstSide = 1;  // ARD2 2.1: the German Turn comes first in a Game Turn
// ASSUMED: an objective pulls a unit from as far as the unit marches in the turns left
// and one more (a turn's march read as the threats read it, half the MA), at most
// kApproachRange hexes, and the pull falls linearly to nothing there. Before, a fixed
// 12 hexes at 0.4 left 7.4's 9 SS and 7.6's far hexes out of every pull (docs/ai.md).
constexpr int kApproachRange = 40;
// ASSUMED: the attack an objective its side lacks calls for, per point of the enemy's
// defense in it (and half of that next to it): odds of 3 to 1 after the hex's terrain,
// plus one point so that an empty objective still draws a unit. Each column the
// terrain shifts left costs one more point of odds (the CRT's columns from 1:1 up step
// by one), so a City's garrison (2L) calls for 5 to 1. A unit beyond every objective's
// call approaches the nearest at kSpareApproach of the pull.
constexpr double kNeedOdds = 3.0, kNeedBase = 1.0, kSpareApproach = 0.5;
// Exit goals (ASSUMED, by hand): a goal met is worth kExit x its weight; a unit still on
// the map counts kExitApproach of an exited one at the exit, and nothing where its
// route takes longer than the turns left before the deadline. kExitApproach 0.75
// exited more units on 7.5, but made a unit on the exit hex worth more than one gone
// (ValuesExitingAndApproachingTheExit).
constexpr double kExit = 8.0, kExitApproach = 0.5;
// ASSUMED: what an exit goal on which the winner turns (7.5) weighs beyond its VP. The
// march's pull per MP is its worth over the route's reach (exit_terms); at 6 (an
// objective's) the other terms outweighed it, and units that could make the exit stood
// still for a turn and arrived a hex short. 7.5, German search against random, with
// the whole MA a turn and kContested below: 24 won 29 of seeds 41-80, 48 31, 72 37 and
// 32 of 81-120, 96 38 and 35, 144 35 of 81-120 (docs/ai.md). The exits of 7.2 and 7.3
// only score VP and keep an objective's scale.
constexpr double kDecidingExit = 96.0;
// What a route's hex next to an enemy unit costs more, in half MP: ARD2 1.2's price of
// a move from one hex next to the enemy to another (TEC note 3). ASSUMED: charged on
// the first such hex too (the graph does not know where a route came from), a little
// dear. Before, 4 MP (the enemy will fight for it) priced most of 7.5's routes beyond
// reach (docs/ai.md).
constexpr int kContested = 1 * scs::kHalfMp;

// The 12 hexes at distance 2 and the 6 at distance 1, as offsets.
constexpr core::Hex kRing2[12] = {{2, 0}, {2, -1}, {2, -2}, {1, -2}, {0, -2}, {-1, -1},
                                  {-2, 0}, {-2, 1}, {-2, 2}, {-1, 2}, {0, 2}, {1, 1}};

int index_of(const std::vector<std::string>& names, const char* name) {
  const auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : int(it - names.begin());
}

int winner_of(const core::Rules& rules, const nlohmann::json& o) {
  if (!o.contains("winner") || !o["winner"].is_string()) return core::kNoSide;
  const auto& sides = rules.info().sides;
  const auto it = std::find(sides.begin(), sides.end(), o["winner"].get<std::string>());
  return it == sides.end() ? core::kNoSide : int(it - sides.begin());
}

double vp_of(const nlohmann::json& o) { return o.contains("vp") && o["vp"].is_number() ? o["vp"].get<double>() : 0.0; }

// Where a ratio of attack to defense stands on the CRT's scale of columns, one apart:
// 1:4 is -3, 1:1 is 0, 7:1 is 6.
double odds_position(double ratio) { return ratio >= 1 ? ratio - 1 : 1 - 1 / std::max(ratio, 1e-6); }
double odds_position(scs::Odds o) { return odds_position(double(o.attack) / o.defense); }

}  // namespace

Ard2Evaluator::Ard2Evaluator(const core::Rules& rules) : GenericEvaluator(rules) {
  const core::UnitCatalog& catalog = rules.catalog();
  const int attack = catalog.value_index("attack"), defense = catalog.value_index("defense"),
            ma = catalog.value_index("ma"), range = catalog.value_index("range");
  defs_.resize(size_t(catalog.size()));
  for (int i = 0; i < catalog.size(); ++i) {
    DefInfo& d = defs_[size_t(i)];
    d.side = catalog[i].side;
    d.ma = ma < 0 ? 4 : catalog.value(i, 0, ma);
    for (int k = 0; k < 4; ++k) {
      d.attack[k] = attack < 0 ? 0.0f : float(catalog.value(i, k, attack));
      d.defense[k] = defense < 0 ? 0.0f : float(catalog.value(i, k, defense));
    }
    d.combat = d.attack[0] > 0;
    d.range = (d.combat || range < 0) ? 0 : catalog.value(i, 0, range);
  }
  ard2_ = dynamic_cast<const ard2::Ard2Rules*>(&rules);
  if (ard2_)
    for (int i = 0; i < catalog.size(); ++i) {
      defs_[size_t(i)].division = ard2_->unit_info(i).division;
      defs_[size_t(i)].move = int(ard2_->unit_info(i).move);
      defs_[size_t(i)].steps = std::max<int>(1, ard2_->unit_info(i).steps);
      int& top = max_ma_[defs_[size_t(i)].move];
      top = std::max(top, defs_[size_t(i)].ma);
    }
  if (const int b = index_of(rules.unit_flag_names(), "dg"); b >= 0) dg_bit_ = 1u << b;
  if (const int b = index_of(rules.unit_flag_names(), "out_of_supply"); b >= 0) oos_bit_ = 1u << b;
  if (const int b = index_of(rules.unit_flag_names(), "in_entry_area"); b >= 0) entry_bit_ = 1u << b;
  if (const int b = index_of(rules.unit_flag_names(), "attacked"); b >= 0) attacked_bit_ = 1u << b;
  if (const int b = index_of(rules.unit_flag_names(), "defended"); b >= 0) defended_bit_ = 1u << b;
  last_step_[0] = index_of(rules.step_names(), "us_exploitation");
  last_step_[1] = index_of(rules.step_names(), "german_exploitation");
  control_kind_ = index_of(rules.hex_marker_names(), "control");
  full_kind_[0] = index_of(rules.hex_marker_names(), "full_allied");
  full_kind_[1] = index_of(rules.hex_marker_names(), "full_german");
  half_kind_[0] = index_of(rules.hex_marker_names(), "half_allied");
  half_kind_[1] = index_of(rules.hex_marker_names(), "half_german");
  assault_from_[0] = index_of(rules.step_names(), "us_movement");
  assault_to_[0] = index_of(rules.step_names(), "us_combat");
  assault_from_[1] = index_of(rules.step_names(), "german_movement");
  assault_to_[1] = index_of(rules.step_names(), "german_combat");
  const core::Map& map = rules.map();
  int q1 = 0, r1 = 0;
  for (int i = 0; i < map.size(); ++i) {
    const core::Hex h = map.hex_at(i);
    if (i == 0 || h.q < q0_) q0_ = h.q;
    if (i == 0 || h.r < r0_) r0_ = h.r;
    if (i == 0 || h.q > q1) q1 = h.q;
    if (i == 0 || h.r > r1) r1 = h.r;
    if (!map.attr(h, "vp").empty()) candidates_.push_back(h);
  }
  // A margin of two hexes so ring offsets never leave the grid.
  q0_ -= 2, r0_ -= 2;
  width_ = q1 - q0_ + 3, height_ = r1 - r0_ + 3;
  for (int d = 0; d < core::kDirections; ++d)
    ring1_[d] = core::kDirectionVectors[size_t(d)].q * height_ + core::kDirectionVectors[size_t(d)].r;
  for (int i = 0; i < 12; ++i) ring2_[i] = kRing2[i].q * height_ + kRing2[i].r;
  for (int side = 0; side < 2; ++side) {
    stamp_[side].assign(size_t(width_ * height_), 0);
    supplied_stamp_[side].assign(size_t(width_ * height_), 0);
    defense_at_[side].assign(size_t(width_ * height_), 0.0f);
    steps_at_[side].assign(size_t(width_ * height_), 0.0f);
    worth_at_[side].assign(size_t(width_ * height_), 0.0f);
    stacks_[side].assign(size_t(width_ * height_), Stack{});
  }
  for (const auto& [h, name] : map.places())
    if (std::find(candidates_.begin(), candidates_.end(), h) == candidates_.end()) candidates_.push_back(h);
  // And any VP hex of the game's list (an owner's override may add one the map
  // neither marks nor names); appended last, so the order above stays as it was.
  for (const core::VpHex& v : rules.vp_hexes())
    if (std::find(candidates_.begin(), candidates_.end(), v.hex) == candidates_.end()) candidates_.push_back(v.hex);
}

int Ard2Evaluator::steps_to(const Objective& o, core::Hex h, int node, int move) {
  // Without a graph (a game other than Ardennes II's module) or its node, the hex distance.
  return node >= 0 && !o.steps[move].empty() ? o.steps[move][size_t(node)] : core::distance(h, o.hex);
}

int Ard2Evaluator::attack_distance(const Piece& p, const Objective& o) { return steps_to(o, p.hex, p.node, p.move); }

int Ard2Evaluator::cell(core::Hex h) const { return (h.q - q0_) * height_ + (h.r - r0_); }

int Ard2Evaluator::controller(const core::State& s, core::Hex h) const {
  // ARD2 6.0 (A31): a VP hex with no control marker is Allied.
  return std::max(0, core::hex_marker_value(s, h, uint16_t(control_kind_), 1) - 1);
}

void Ard2Evaluator::set_control(core::State& s, core::Hex h, int side) const {
  const int i = core::find_hex_marker(s, h, uint16_t(control_kind_));
  if (i >= 0)
    s.hex_markers[size_t(i)].value = int16_t(side + 1);
  else
    core::add_hex_marker(s, core::HexMarker{h, uint16_t(control_kind_), int16_t(side + 1)});
}

void Ard2Evaluator::index_stacks(const core::State& s) {
  phasing_ = s.has_frame() ? s.stack[0].side : core::kNoSide;
  moving_ = turn_owner_ = phasing_;
  if (ard2_ && s.has_frame()) {
    const auto step = ard2::Step(s.stack[0].step);
    if (!ard2::is_movement(step)) moving_ = core::kNoSide;
    // ARD2 2.1, 3.6: the rules' Player Turn, in which the US fires its Barrage Phase
    // inside the German Turn. The Pre-Turn, which has none, keeps the side acting.
    if (const int owner = ard2::phasing_side(step); owner != core::kNoSide) turn_owner_ = owner;
  }
  for (int i = 0; i < s.hex_marker_count; ++i)  // the markers in use, not the array's 512
    for (int owner = 0; owner < 2; ++owner) {
      const core::HexMarker& m = s.hex_markers[size_t(i)];
      const bool full = int(m.kind) == full_kind_[owner], half = int(m.kind) == half_kind_[owner];
      if (!full && !half) continue;
      Stack& st = stacks_[1 - owner][size_t(cell(m.hex))];
      if (st.barrage_stamp != now_) st.full = st.half = 0;
      st.barrage_stamp = now_;
      (full ? st.full : st.half) = uint8_t(std::clamp<int>(m.value, 0, 255));
    }
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    const core::UnitState& us = s.units[u];
    const DefInfo& d = defs_[us.def];
    if (us.where != core::Where::OnMap || d.side < 0 || d.side > 1) continue;
    Stack& st = stacks_[d.side][size_t(cell(us.hex))];
    if (st.stamp != now_) {
      st.stamp = now_;
      st.count = 0;
      st.division = -1;
      st.mixed = false;
    }
    if (!counts_for_stacking(us, d.side)) continue;
    ++st.count;
    if (d.division < 0) continue;
    if (st.division >= 0 && st.division != d.division) st.mixed = true;
    st.division = int16_t(d.division);
  }
}

bool Ard2Evaluator::counts_for_stacking(const core::UnitState& us, int side) const {
  // ARD2 3.1: a reinforcement placed in its Entry Area is free of the limits until
  // its side's Movement Phase ends: in that phase it counts, as the phase's end will
  // count it, and before it, not. Counted in every phase of its side, a mixed stack of
  // US arrivals turned DG as the German Movement Phase ended (the US Barrage Phase
  // follows), which made ending that phase look better than any move (7.3, docs/ai.md).
  return !(us.flags & entry_bit_) || side == moving_;
}

bool Ard2Evaluator::pending_dg(const core::UnitState& us, int side, int c) const {
  if (!counts_for_stacking(us, side)) return false;
  const Stack& st = stacks_[side][size_t(c)];
  return st.count > ard2::kStackLimit || st.mixed;
}

float Ard2Evaluator::barrage_factor(int c, int side) const {
  // ARD2 3.5: one enemy Full Barrage marker in the hex halves attack and defense, two
  // or more quarter them. When the phase that fired them ends, two or more Half
  // markers make one Full and a lone one does so on 4-6 of a die: a lone Half counts
  // as half a Full marker's chance.
  const Stack& st = stacks_[side][size_t(c)];
  if (st.barrage_stamp != now_) return 1.0f;
  auto with = [](int fulls) { return float(ard2::barrage_eighths(fulls)) / scs::kEighths; };
  if (st.half >= 2) return with(st.full + 1);
  if (st.half == 1) return 0.5f * (with(st.full) + with(st.full + 1));
  return with(st.full);
}

float Ard2Evaluator::combat_factor(int c, int side, bool dg) const {
  // ARD2 3.4: DG halves attack and defense; the enemy's Barrage markers come on top.
  return (dg ? 0.5f : 1.0f) * barrage_factor(c, side);
}

const Ard2Evaluator::Goals& Ard2Evaluator::goals(int scenario) {
  // Learned once per (rules, scenario) for every evaluator of the process.
  static std::mutex mutex;
  static std::map<std::pair<const core::Rules*, int>, Goals> learned;
  const std::lock_guard lock(mutex);
  const auto key = std::make_pair(&rules_, scenario);
  if (const auto it = learned.find(key); it != learned.end()) return it->second;
  Goals& g = learned[key];
  g.exit_goal_of_def.assign(defs_.size(), -1);
  g.leaves_on_turn.assign(defs_.size(), 0);
  if (ard2_)
    for (const auto& [turn, defs] : ard2_->scenario_removals(scenario))
      for (int def : defs) g.leaves_on_turn[size_t(def)] = int16_t(turn);
  if (control_kind_ < 0) return g;
  const core::State base = rules_.setup(scenario, 1);
  core::State all_german = base;
  for (core::Hex h : candidates_) set_control(all_german, h, 1);
  learn_exits(base, all_german, g);
  if (ard2_) g.routes = route_graph(base);
  learn_objectives(base, all_german, g);
  measure_attack_steps(g);
  measure_marches(g);
  return g;
}

core::State Ard2Evaluator::with_exits(const core::State& s, const std::vector<core::UnitId>& units, int turn) const {
  core::State out = s;
  nlohmann::json ext = rules_.ext_to_json(out);
  if (!ext.is_object() || !ext.contains("exits")) return out;
  for (core::UnitId u : units) {
    out.units[u].where = core::Where::Exited;
    ext["exits"].push_back({u, turn});
  }
  core::Error error;
  if (!rules_.ext_from_json(out, ext, error)) return s;
  return out;
}

void Ard2Evaluator::learn_exits(const core::State& base, const core::State& all_german, Goals& g) {
  if (index_of(rules_.action_names(), "exit") < 0 || !ard2_) return;  // routes read the board
  const core::UnitCatalog& catalog = rules_.catalog();
  std::map<std::string, std::vector<core::UnitId>> by_formation;
  std::vector<core::UnitId> all;
  for (core::UnitId u = 0; u < base.unit_count; ++u) {
    const core::UnitDef& d = catalog[base.units[u].def];
    if (d.formation.empty() || d.side < 0 || d.side > 1) continue;
    by_formation[d.formation].push_back(u);
    all.push_back(u);
  }
  const core::ScenarioInfo& info = rules_.scenarios()[base.scenario];
  const int first = std::max(1, info.first_turn);
  const nlohmann::json o_base = rules_.outcome(base), o_done = rules_.outcome(with_exits(all_german, all, first));
  for (const auto& [formation, units] : by_formation) {
    std::vector<core::UnitId> others;
    for (core::UnitId u : all)
      if (std::find(units.begin(), units.end(), u) == units.end()) others.push_back(u);
    const core::State without = with_exits(all_german, others, first);
    const nlohmann::json gained = rules_.outcome(with_exits(base, units, first)), lost = rules_.outcome(without);
    const double dvp = std::max(vp_of(gained) - vp_of(o_base), vp_of(o_done) - vp_of(lost));
    const bool decides = winner_of(rules_, gained) != winner_of(rules_, o_base) ||
                         winner_of(rules_, o_done) != winner_of(rules_, lost);
    if (dvp <= 0 && !decides) continue;
    // Whether `n` of its units leaving on `turn` has the effect: the win (with every
    // other exit made and every objective German) or the VP.
    auto effect = [&](size_t n, int turn) {
      const std::vector<core::UnitId> some(units.begin(), units.begin() + std::ptrdiff_t(n));
      if (decides) return winner_of(rules_, rules_.outcome(with_exits(without, some, turn))) != winner_of(rules_, lost);
      return vp_of(rules_.outcome(with_exits(base, some, turn))) > vp_of(o_base);
    };
    ExitGoal goal;
    goal.side = catalog[base.units[units.front()].def].side;
    goal.formation = formation;
    goal.weight = std::max(1.0, dvp + (decides ? kDecidingExit : 0.0));
    goal.decides = decides;
    goal.need = int(units.size());
    for (size_t n = 1; n <= units.size(); ++n)
      if (effect(n, first)) {
        goal.need = int(n);
        break;
      }
    goal.deadline = first;
    for (int t = std::max(first, info.last_turn); t > first; --t)
      if (effect(units.size(), t)) {
        goal.deadline = t;
        break;
      }
    goal.hexes = exit_hexes(base, units, goal.side);
    goal.routes_of = g.exits.size();
    for (size_t j = 0; j < g.exits.size(); ++j)
      if (g.exits[j].hexes == goal.hexes && g.exits[j].side == goal.side) {
        goal.routes_of = j;
        break;
      }
    for (core::UnitId u : units) g.exit_goal_of_def[base.units[u].def] = int8_t(g.exits.size());
    g.exits.push_back(std::move(goal));
  }
}

int Ard2Evaluator::exit_route_cost(const core::State& s, core::UnitId u) {
  const Goals& g = goals(s.scenario);
  const core::UnitState& us = s.units[u];
  const int k = g.exit_goal_of_def[us.def];
  const int i = us.where == core::Where::OnMap ? route_node(g, us.hex) : -1;
  if (k < 0 || i < 0) return -1;
  const uint16_t cost = route_costs(s, g, size_t(k), defs_[us.def].move)[size_t(i)];
  return cost == kNoRoute ? -1 : cost;
}

Ard2Evaluator::RouteGraph Ard2Evaluator::route_graph(const core::State& base) const {
  // The movement rules' terrain price of each step (ARD2 1.3). ASSUMED: the bridges
  // are those of the set-up for the whole game: the graph is built once per scenario,
  // and a bridge blown or built later (3.8) changes an estimate, not a legal move.
  const scs::Board& board = ard2_->board();
  const ard2::MoveTables& tables = ard2_->move_tables();
  const std::vector<uint8_t> open = ard2_->position(base).open_bridges();
  RouteGraph graph;
  graph.node_of.assign(size_t(board.size()), -1);
  std::vector<int> board_of;
  for (int i = 0; i < board.size(); ++i)
    if (ard2_->in_play(base, board.hex_at(i))) {
      graph.node_of[size_t(i)] = int32_t(board_of.size());
      board_of.push_back(i);
    }
  graph.from.assign(board_of.size(), {-1, -1, -1, -1, -1, -1});
  for (int t = 0; t < 2; ++t) graph.cost[t].assign(board_of.size(), {});
  for (size_t node = 0; node < board_of.size(); ++node) {
    const int to = board_of[node];
    for (int d = 0; d < core::kDirections; ++d) {
      const int from = tables.neighbor(to, d);
      if (from < 0 || graph.node_of[size_t(from)] < 0) continue;
      bool any = false;
      for (int t = 0; t < 2; ++t) {
        int step = tables.terrain_cost(from, core::opposite(d), to, scs::MoveType(t), open);
        // ASSUMED: an "All MP" step is priced as half the march of a turn.
        if (step == scs::kAllMp) step = 6 * scs::kHalfMp;
        graph.cost[t][node][size_t(d)] = int16_t(step);
        graph.max_step = std::max(graph.max_step, step);
        any |= step >= 0;
      }
      if (any) graph.from[node][size_t(d)] = graph.node_of[size_t(from)];
    }
  }
  return graph;
}

void Ard2Evaluator::measure_attack_steps(Goals& g) const {
  // A breadth-first search back from the hexes each objective may be attacked from
  // (ARD2 TEC note 1: across a river or Prohibited terrain only along a road or
  // track), over the steps the terrain allows a unit of each move type (ARD2 1.3).
  const RouteGraph& graph = g.routes;
  std::vector<int32_t> queue;
  for (Objective& o : g.objectives) {
    const int at = route_node(g, o.hex);
    if (at < 0) continue;  // no graph: the hex distance stands (attack_distance)
    for (int t = 0; t < 2; ++t) {
      std::vector<uint16_t>& steps = o.steps[t];
      steps.assign(graph.from.size(), kFar);
      steps[size_t(at)] = 0;
      queue.clear();
      for (int d = 0; d < core::kDirections; ++d)
        if (const int n = route_node(g, core::neighbor(o.hex, d)); n >= 0 && !((o.no_attack_from[t] >> d) & 1)) {
          steps[size_t(n)] = 1;
          queue.push_back(n);
        }
      for (size_t head = 0; head < queue.size(); ++head) {
        const int node = queue[head];
        for (int d = 0; d < core::kDirections; ++d) {
          const int from = graph.from[size_t(node)][size_t(d)];
          if (from < 0 || graph.cost[t][size_t(node)][size_t(d)] < 0 || steps[size_t(from)] != kFar) continue;
          steps[size_t(from)] = uint16_t(steps[size_t(node)] + 1);
          queue.push_back(from);
        }
      }
    }
  }
}

void Ard2Evaluator::measure_marches(Goals& g) {
  // The exit routes' search back from each objective's hex (ARD2 1.3: roads and
  // terrain), with no unit in the way: an estimate that ignores the extra MP a move
  // beside the enemy pays (ARD2 1.2), as the threat terms' hex reach does.
  stamp_no_enemy(g.routes.from.size());
  for (Objective& o : g.objectives) {
    const int at = route_node(g, o.hex);
    if (at < 0) continue;
    sources_.assign(1, at);
    for (int t = 0; t < 2; ++t) sweep_routes(g.routes, t, INT32_MAX, o.march[t]);
  }
}

bool Ard2Evaluator::marches_into(const Piece& p, const Objective& o) {
  return p.node >= 0 && !o.march[p.move].empty() && o.march[p.move][size_t(p.node)] <= p.mp;
}

int Ard2Evaluator::attack_steps(int scenario, size_t i, core::Hex h, int move) {
  const Goals& g = goals(scenario);
  return steps_to(g.objectives[i], h, route_node(g, h), move);
}

int Ard2Evaluator::route_node(const Goals& g, core::Hex h) const {
  const int i = ard2_ ? ard2_->board().index(h) : -1;
  return i < 0 || g.routes.node_of.empty() ? -1 : g.routes.node_of[size_t(i)];
}

const std::vector<uint16_t>& Ard2Evaluator::route_costs(const core::State& s, const Goals& g, size_t k, int type,
                                                        int reach) {
  k = g.exits[k].routes_of;
  const ExitGoal& e = g.exits[k];
  // The scenario (its play area numbers the nodes) and the enemy's hexes, hashed by
  // unit: the field stands while none of them moves.
  uint64_t enemy = (0xcbf29ce484222325ull ^ uint64_t(s.scenario)) * 0x100000001b3ull;
  for (core::UnitId u = 0; u < s.unit_count; ++u)
    if (s.units[u].where == core::Where::OnMap && defs_[s.units[u].def].side == 1 - e.side)
      enemy = (enemy ^ (uint64_t(u) << 32 | s.units[u].hex.key())) * 0x100000001b3ull;
  std::vector<RouteField>& fields = route_fields_[type];
  if (fields.size() < g.exits.size()) fields.resize(g.exits.size());
  RouteField& field = fields[k];
  if (field.enemy == enemy && field.reach >= reach && !field.cost.empty()) return field.cost;
  field.enemy = enemy;
  field.reach = reach;

  stamp_no_enemy(g.routes.from.size());
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    const core::UnitState& us = s.units[u];
    if (us.where != core::Where::OnMap || defs_[us.def].side != 1 - e.side) continue;
    if (const int i = route_node(g, us.hex); i >= 0) enemy_stamp_[size_t(i)] = route_now_;
    for (int d = 0; d < core::kDirections; ++d)
      if (const int i = route_node(g, core::neighbor(us.hex, d)); i >= 0) near_enemy_stamp_[size_t(i)] = route_now_;
  }
  // A Dijkstra from the exits outward. No route leads through an enemy's hex; a hex
  // next to one costs kContested more to enter (ARD2 1.2 and TEC note 3 charge a move
  // from one such hex to another, and the enemy will fight for it).
  sources_.clear();
  for (core::Hex h : e.hexes)
    if (const int i = route_node(g, h); i >= 0) sources_.push_back(i);
  sweep_routes(g.routes, type, reach, field.cost);
  return field.cost;
}

void Ard2Evaluator::stamp_no_enemy(size_t nodes) {
  if (enemy_stamp_.size() != nodes) enemy_stamp_.assign(nodes, 0), near_enemy_stamp_.assign(nodes, 0);
  ++route_now_;
}

void Ard2Evaluator::sweep_routes(const RouteGraph& graph, int type, int reach, std::vector<uint16_t>& cost_of) {
  const size_t n = graph.from.size();
  cost_of.assign(n, kNoRoute);
  std::vector<int>& best = route_best_;
  best.assign(n, INT32_MAX);
  // Dial's buckets: a step costs at most `width - 1`, so the nodes waiting fit in a
  // ring of `width` cost buckets, swept in order of cost.
  const int width = graph.max_step + kContested + 1;
  std::vector<std::vector<int32_t>>& buckets = route_buckets_;
  buckets.resize(size_t(width));
  for (auto& b : buckets) b.clear();
  size_t waiting = 0;
  auto push = [&](int cost, int node) {
    buckets[size_t(cost % width)].push_back(node);
    ++waiting;
  };
  for (const int i : sources_)
    if (enemy_stamp_[size_t(i)] != route_now_) push(best[size_t(i)] = 0, i);
  for (int cost = 0; waiting > 0 && cost <= reach; ++cost) {
    std::vector<int32_t>& bucket = buckets[size_t(cost % width)];
    // A step of 0 adds to this very bucket: walk it by index.
    for (size_t j = 0; j < bucket.size(); ++j) {
      const int to = bucket[j];
      --waiting;
      if (best[size_t(to)] != cost) continue;  // reached cheaper since
      cost_of[size_t(to)] = uint16_t(std::min(cost, int(kNoRoute) - 1));
      const int extra = near_enemy_stamp_[size_t(to)] == route_now_ ? kContested : 0;
      for (int d = 0; d < core::kDirections; ++d) {
        const int from = graph.from[size_t(to)][size_t(d)], step = graph.cost[type][size_t(to)][size_t(d)];
        if (from < 0 || step < 0 || enemy_stamp_[size_t(from)] == route_now_) continue;
        if (cost + step + extra < best[size_t(from)]) push(best[size_t(from)] = cost + step + extra, from);
      }
    }
    bucket.clear();
  }
}

std::vector<core::Hex> Ard2Evaluator::exit_hexes(const core::State& base, const std::vector<core::UnitId>& units,
                                                 int side) {
  // The formation alone on the map in its side's Movement Phase, already moved (so no
  // moves are listed, and moving does not bar an exit), a batch of hexes at a time.
  const int exit_type = index_of(rules_.action_names(), "exit");
  const int movement = index_of(rules_.step_names(), side == 1 ? "german_movement" : "us_movement");
  const int moved = index_of(rules_.unit_flag_names(), "moved");
  std::vector<core::Hex> out;
  if (exit_type < 0 || movement < 0) return out;
  core::State s = base;
  s.depth = 1;
  s.stack[0] = core::Frame{uint16_t(movement), int8_t(side), 0, 0, 0};
  for (core::UnitId u = 0; u < s.unit_count; ++u)
    if (s.units[u].where == core::Where::OnMap) s.units[u].where = core::Where::Pool;
  const core::Map& map = rules_.map();
  core::ActionList legal;
  for (int i = 0; i < map.size(); i += int(units.size())) {
    for (size_t j = 0; j < units.size(); ++j) {
      core::UnitState& us = s.units[units[j]];
      const int at = i + int(j);
      us.where = at < map.size() ? core::Where::OnMap : core::Where::Pool;
      if (at < map.size()) us.hex = map.hex_at(at);
      us.flags = moved >= 0 ? 1u << moved : 0;
      us.spent = 0;
      us.steps_lost = 0;
    }
    legal.clear();
    rules_.legal_actions(s, legal);
    for (const core::Action& a : legal)
      if (a.type == exit_type) out.push_back(s.units[a.unit].hex);
  }
  return out;
}

// A count of hexes to hold (7.6: six of the area's eight) is missed by the probes of
// one hex alone: from the set-up one more hex wins nothing, and from all of them one
// fewer loses nothing. So the hexes are given to the Germans one by one, in play-area
// order, until the winner turns; a hex of that winning set whose loss (to the Allies,
// even one German from the start) turns it back decides, and so does a hex outside
// it that can stand in for the last one given.
std::vector<size_t> Ard2Evaluator::pivotal_hexes(const core::State& base, const nlohmann::json& o0,
                                                 const nlohmann::json& o1) {
  std::vector<size_t> out;
  const int start = winner_of(rules_, o0);
  if (start == winner_of(rules_, o1)) return out;
  std::vector<size_t> in_area;
  for (size_t i = 0; i < candidates_.size(); ++i)
    if (!ard2_ || ard2_->in_play(base, candidates_[i])) in_area.push_back(i);
  core::State won = base;
  size_t last = in_area.size();
  for (size_t k = 0; k < in_area.size() && last == in_area.size(); ++k) {
    set_control(won, candidates_[in_area[k]], 1);
    if (winner_of(rules_, rules_.outcome(won)) != start) last = k;
  }
  if (last == in_area.size()) return out;
  core::State& s = scratch_;
  for (size_t k = 0; k < in_area.size(); ++k) {
    const core::Hex h = candidates_[in_area[k]];
    s = won;
    const bool held = controller(won, h) == 1;
    if (held) {
      set_control(s, h, 0);  // lost, even a hex German from the start
    } else {
      set_control(s, candidates_[in_area[last]], 0);
      set_control(s, h, 1);
    }
    const bool turns_back = winner_of(rules_, rules_.outcome(s)) == start;
    if (held ? turns_back : !turns_back) out.push_back(in_area[k]);
  }
  return out;
}

void Ard2Evaluator::learn_objectives(const core::State& base0, const core::State& all_german0, Goals& g) {
  // Probed as the scenario starts, and again with every exit made (7.5: Bastogne
  // decides only once the exits are in); a hex keeps its larger weight.
  std::vector<core::UnitId> all;
  for (core::UnitId u = 0; u < base0.unit_count; ++u)
    if (g.exit_goal_of_def[base0.units[u].def] >= 0) all.push_back(u);
  const int first = std::max(1, rules_.scenarios()[base0.scenario].first_turn);
  std::vector<double> weight(candidates_.size(), 0.0);
  // Where control of named hexes decides (7.4-7.6), a VP hex that cannot turn the
  // winner is no objective: the outcome reports its VP, but they score nothing (7.5's
  // Houffalize and Wiltz, decision A47).
  const bool vp_scores = !ard2_ || !ard2_->scenario(base0).levels.empty();
  for (int pass = 0; pass < (all.empty() ? 1 : 2); ++pass) {
    const core::State base = pass ? with_exits(base0, all, first) : base0;
    const core::State all_german = pass ? with_exits(all_german0, all, first) : all_german0;
    core::State& s = scratch_;
    const nlohmann::json o0 = rules_.outcome(base), o1 = rules_.outcome(all_german);
    const std::vector<size_t> pivotal = pivotal_hexes(base, o0, o1);
    for (size_t i = 0; i < candidates_.size(); ++i) {
      const core::Hex h = candidates_[i];
      s = base;
      set_control(s, h, 1);
      const nlohmann::json gained = rules_.outcome(s);
      s = all_german;
      set_control(s, h, 0);
      const nlohmann::json lost = rules_.outcome(s);
      const double dvp = std::max(vp_of(gained) - vp_of(o0), vp_of(o1) - vp_of(lost));
      const bool decides = winner_of(rules_, gained) != winner_of(rules_, o0) ||
                           winner_of(rules_, lost) != winner_of(rules_, o1) ||
                           std::find(pivotal.begin(), pivotal.end(), i) != pivotal.end();
      if ((dvp > 0 && vp_scores) || decides)
        weight[i] = std::max(weight[i], std::max(1.0, dvp + (decides ? 6.0 : 0.0)));
    }
  }
  // A hex outside the play area can never change hands: the outcome may count it,
  // but it is no objective (and would pull units toward the area's edge).
  for (size_t i = 0; i < candidates_.size() && g.objectives.size() < 64; ++i)  // the mask has 64 bits
    if (weight[i] > 0 && (!ard2_ || ard2_->in_play(base0, candidates_[i]))) {
      Objective o;
      o.hex = candidates_[i];
      o.weight = weight[i];
      if (ard2_) {
        // The hex terrain's shift alone (no attacking stack, so no hexside), ARD2 1.3 b).
        const ard2::Position at = ard2_->position(base0);
        for (int side = 0; side < 2; ++side) {
          const int shift = ard2::terrain_shift(at, o.hex, side, {});
          o.cover[side] = float((kNeedOdds + shift) / kNeedOdds);
          o.hex_shift[side] = int8_t(shift);
          for (int d = 0; d < core::kDirections; ++d)
            o.side_shift[side][d] =
                int8_t(ard2::terrain_shift(at, o.hex, side, {core::neighbor(o.hex, d)}) - shift);
        }
        for (int type = 0; type < 2; ++type)
          for (int d = 0; d < core::kDirections; ++d)
            if (!ard2::can_attack_across(at, core::neighbor(o.hex, d), o.hex, scs::MoveType(type)))
              o.no_attack_from[type] |= uint8_t(1u << d);
      }
      g.objectives.push_back(o);
    }
  mark_needed(all.empty() ? base0 : with_exits(base0, all, first), g.objectives);
}

void Ard2Evaluator::mark_needed(const core::State& base, std::vector<Objective>& objs) {
  for (int side = 0; side < 2; ++side) {
    core::State own = base;
    for (const Objective& o : objs) set_control(own, o.hex, side);
    if (winner_of(rules_, rules_.outcome(own)) != side) continue;  // the hexes alone never win
    for (Objective& o : objs) {
      core::State without = own;
      set_control(without, o.hex, 1 - side);
      o.needed[side] = winner_of(rules_, rules_.outcome(without)) != side;
    }
  }
}

double Ard2Evaluator::exit_terms(const core::State& s, const Goals& g) {
  const size_t goals = g.exits.size();
  if (goals == 0) return 0;
  progress_.resize(goals);
  // Pointers into route_fields_ are kept below: size those vectors first, so no call
  // of route_costs() can move them.
  for (auto& fields : route_fields_)
    if (fields.size() < goals) fields.resize(goals);
  goal_routes_.assign(goals, {nullptr, nullptr});  // per goal and move type, fetched once
  for (auto& p : progress_) p.clear();
  // A unit counts by how much of its march it has behind it, in the turns its route
  // still takes against the turns left: nothing where it cannot make it, more per move
  // point as time runs out. ASSUMED: a turn covers the unit's whole MA; that sets the
  // reach, kDecidingExit the pull (half the MA, before, left out units that could make
  // it; docs/ai.md). One walk over the units, each to its own goal.
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    const core::UnitState& us = s.units[u];
    const int k = g.exit_goal_of_def[us.def];
    if (k < 0 || us.where != core::Where::OnMap) continue;
    const ExitGoal& e = g.exits[size_t(k)];
    if (s.turn > e.deadline) continue;  // settled: the projected outcome has it
    const DefInfo& d = defs_[us.def];
    const std::vector<uint16_t>*& routes = goal_routes_[size_t(k)][size_t(d.move)];
    // No unit of this move type gets anything from a route dearer than its type's
    // largest MA over the turns left, so the search stops there.
    const int reach = (e.deadline - s.turn + 1) * max_ma_[d.move] * scs::kHalfMp;
    if (!routes) routes = &route_costs(s, g, size_t(k), d.move, reach);
    const int i = route_node(g, us.hex);
    const uint16_t cost = i < 0 ? kNoRoute : (*routes)[size_t(i)];
    if (cost == kNoRoute || d.ma <= 0) continue;
    const double turns = double(cost) / (d.ma * scs::kHalfMp), turns_left = e.deadline - s.turn + 1;
    progress_[size_t(k)].push_back(std::max(0.0, 1.0 - turns / turns_left));
  }
  double v = 0;
  for (size_t k = 0; k < goals; ++k) {
    const ExitGoal& e = g.exits[k];
    if (s.turn > e.deadline) continue;
    std::vector<double>& progress = progress_[k];
    double score = std::min(exited_of_goal_[k], e.need);  // counted by mark_open_exit_goals()
    const size_t missing = size_t(e.need - int(score));
    // On its deadline's turn a goal pays only while enough of its units can still
    // leave: a formation's exit scores once `need` of its units are out and not before
    // (the exit VP of ARD2 7.2 and 7.3), so a march to an exit the formation cannot
    // complete only takes units from the fight (in 7.3, 5.3 units a game left by
    // formations that never completed it; docs/ai.md). ASSUMED: not on the turns
    // before, where a route the enemy blocks now may open; counted there too (trial
    // X), fewer formations completed their exits.
    if (s.turn == e.deadline && missing > 0 &&
        size_t(std::count_if(progress.begin(), progress.end(), [](double p) { return p > 0; })) < missing)
      continue;
    if (missing > 0) {
      // The units nearest their way out, as many as are still to leave.
      const size_t n = std::min(missing, progress.size());
      std::partial_sort(progress.begin(), progress.begin() + std::ptrdiff_t(n), progress.end(), std::greater<>());
      for (size_t i = 0; i < n; ++i) score += kExitApproach * progress[i];
    }
    v += (e.side == 0 ? 1.0 : -1.0) * e.weight * kExit * score / e.need;
  }
  return v;
}

void Ard2Evaluator::mark_open_exit_goals(const core::State& s, const Goals& g) {
  exited_of_goal_.assign(g.exits.size(), 0);
  open_goal_.assign(g.exits.size(), 0);
  if (g.exits.empty()) return;  // 7.4, 7.6: no walk over the units on every evaluation
  for (core::UnitId u = 0; u < s.unit_count; ++u)
    if (const int k = g.exit_goal_of_def[s.units[u].def]; k >= 0 && s.units[u].where == core::Where::Exited)
      ++exited_of_goal_[size_t(k)];
  for (size_t k = 0; k < g.exits.size(); ++k)
    open_goal_[k] = g.exits[k].decides && s.turn <= g.exits[k].deadline && exited_of_goal_[k] < g.exits[k].need;
}

bool Ard2Evaluator::marching(const Goals& g, int def) const {
  const int k = g.exit_goal_of_def[size_t(def)];
  return k >= 0 && open_goal_[size_t(k)];
}

Ard2Evaluator::Projected Ard2Evaluator::projected_outcome(const core::State& s, uint64_t mask,
                                                          const std::vector<Objective>& objs, int exited) {
  // The outcome reads control, exits and the game's scalars (the greatest VP so far).
  uint64_t key = (mask * 0x9e3779b97f4a7c15ull ^ s.scenario) + uint64_t(exited) * 0x100000001b3ull;
  for (size_t i = 0; i < 16; ++i) key = key * 31 + uint64_t(s.ext_bytes[i]);
  if (const auto it = projected_.find(key); it != projected_.end()) return it->second;
  if (projected_.size() > 4096) projected_.clear();
  scratch_ = s;
  for (size_t i = 0; i < objs.size(); ++i) set_control(scratch_, objs[i].hex, int((mask >> i) & 1));
  const nlohmann::json o = rules_.outcome(scratch_);
  const Projected p{winner_of(rules_, o), vp_of(o)};
  projected_.emplace(key, p);
  return p;
}

bool Ard2Evaluator::locked(const core::State& s, const Goals& g, int winner, int exited) {
  // The loser may still score by exits it has to make: then nothing is settled.
  for (size_t k = 0; k < g.exits.size(); ++k)
    if (g.exits[k].side != winner && s.turn <= g.exits[k].deadline && exited_of_goal_[k] < g.exits[k].need)
      return false;
  const uint64_t every = g.objectives.size() >= 64 ? ~uint64_t(0) : (uint64_t(1) << g.objectives.size()) - 1;
  return projected_outcome(s, winner == 1 ? 0 : every, g.objectives, exited).winner == winner;
}

double Ard2Evaluator::odds_to_keep(const core::State& s, int winner, uint64_t mask,
                                   const std::vector<Objective>& objs, int exited, const double* threat) {
  // Only a side with a phase still to play can take an objective back: in the last
  // turn the German, who plays first (ARD2 2.1), has none once the US Player Turn is
  // under way. The US Barrage Phase is not that turn: the German Combat and
  // Exploitation Phases follow it. Read as the US Turn, it made the end of the German
  // Movement Phase of the last turn look 36 points worse than any overrun (7.3,
  // docs/ai.md).
  const int loser = 1 - winner;
  if (s.turn >= rules_.scenarios()[s.scenario].last_turn && loser == kFirstSide && turn_owner_ == winner) return 1.0;
  // Each objective whose loss alone would turn the winner is kept against its threat
  // ratio, read as the odds of losing it (ASSUMED); an objective held beyond what the
  // win needs risks nothing (7.6: a seventh of the eight). An objective under no
  // threat risks nothing either, and costs no probe of the outcome.
  double keep = 1.0;
  for (size_t i = 0; i < objs.size(); ++i)
    if (threat[i] > 0 && int((mask >> i) & 1) == winner &&
        projected_outcome(s, mask ^ (uint64_t(1) << i), objs, exited).winner != winner)
      keep *= 1.0 - threat[i];
  return keep;
}

float Ard2Evaluator::defense_near(int side, core::Hex h, float cover) const {
  const int c = cell(h);
  auto at = [&](int cc) { return stamp_[side][size_t(cc)] == now_ ? defense_at_[side][size_t(cc)] : 0.0f; };
  float d = cover * at(c);
  for (const int o : ring1_) d += 0.5f * at(c + o);
  return d;
}

double Ard2Evaluator::assault_prospects(const core::State& s, const std::vector<Objective>& objs, uint64_t mask,
                                       int exited, double outcome_now, double winner_weight) {
  // From its Movement Phase on, the side whose Player Turn it is will attack in its
  // Combat Phase, and its units next to an objective the enemy holds may attack it
  // (ARD2 3.2). Each such attack is worth what the CRT gives on average at its odds:
  // the hex taken (its hold term turned, and the projected outcome with it), steps
  // lost on both sides; an attack worth less than nothing is not made. Without it a
  // plan of a Movement Phase is judged as if its Combat Phase never came, and two SS
  // panzer battalions left Verviers's side for a hex two off Theux, whose garrison
  // was then attacked at 1:2 (7.3, docs/ai.md).
  const int owner = turn_owner_;
  if (!ard2_ || owner == core::kNoSide || !s.has_frame()) return 0.0;
  const int step = int(s.stack[0].step);
  if (step < assault_from_[owner] || step > assault_to_[owner]) return 0.0;
  // Once an attack of that Combat Phase is declared, the lookahead plays the phase out:
  // counted past its start, ending the phase would forfeit the prospects left and
  // every attack declared would look better than ending it. Counted only until its
  // Movement Phase ends, the enemy's Barrage Phase between would gain them all by
  // ending.
  if (step == assault_to_[owner] && attack_declared_) return 0.0;
  const int enemy = 1 - owner;
  const scs::Crt& crt = ard2_->crt();
  double total = 0;
  for (size_t i = 0; i < objs.size(); ++i) {
    const Objective& o = objs[i];
    const int c = cell(o.hex);
    if (int((mask >> i) & 1) == owner || stamp_[enemy][size_t(c)] != now_) continue;
    const float defense = defense_at_[enemy][size_t(c)];
    if (defense <= 0) continue;
    float attack = 0, lost_worth = 0;
    int attackers = 0, attacker_steps = 0, shift = o.hex_shift[enemy];
    uint8_t stacks = 0;  // the directions attacked from
    for (const Piece& p : pieces_) {
      if (p.side != owner || !p.combat || p.marching || p.spent || !p.fresh || p.attack <= 0) continue;
      int dir = 0;
      while (dir < core::kDirections && core::neighbor(o.hex, dir) != p.hex) ++dir;
      if (dir == core::kDirections || ((o.no_attack_from[p.move] >> dir) & 1)) continue;
      attack += p.attack;
      lost_worth += p.step_worth;
      ++attackers;
      attacker_steps += p.steps;
      if (!((stacks >> dir) & 1)) shift += o.side_shift[enemy][dir];
      stacks |= uint8_t(1u << dir);
    }
    if (attackers == 0) continue;
    const scs::Odds odds = scs::round_odds(int(attack * scs::kEighths), int(defense * scs::kEighths));
    if (!crt.reaches_first_column(odds)) continue;  // S-odds: it cannot be declared
    const int raw = crt.column(odds);
    const float steps = steps_at_[enemy][size_t(c)];
    const double defender_step = worth_at_[enemy][size_t(c)] / std::max(1.0f, steps);
    const double attacker_step = lost_worth / attackers;
    // Taken, the hex's hold term turns and the projected outcome follows it. ASSUMED: the
    // outcome after is read without odds_to_keep()'s doubt that its winner keeps it.
    const uint64_t flipped = mask ^ (uint64_t(1) << i);
    const Projected after = projected_outcome(s, flipped, objs, exited);
    const double win = after.winner == 0 ? 1.0 : after.winner == 1 ? -1.0 : 0.0;
    const double outcome_after = win * winner_weight - kVp * after.vp;
    const double sign = owner == 0 ? 1.0 : -1.0;
    const double gain = 2.0 * kHold * o.weight + sign * (outcome_after - outcome_now);
    auto worth_at_column = [&](int raw_col) {
      const int col = crt.shifted(raw_col, shift);
      double taken = 0, value = 0;
      for (int roll = 2; roll <= 12; ++roll) {
        const double chance = scs::two_dice_ways(roll) / 36.0;
        const scs::CombatResult& r = crt.result(col, roll);
        const bool wiped = r.defender_eliminated || r.defender_loss >= steps;
        const int lost = r.attacker_eliminated ? attacker_steps : std::min<int>(r.attacker_loss, attacker_steps);
        // The hex is taken by an attacker left to advance into it (ARD2 3.2, Advance after Combat).
        if ((wiped || r.defender_retreat > 0) && lost < attacker_steps) taken += chance;
        value += chance * ((wiped ? steps : r.defender_loss) * defender_step - lost * attacker_step);
      }
      return value + taken * gain;
    };
    // Short of the next column, the attack counts the way there (ASSUMED): a plan built
    // a unit at a time adds one attacker after another, and an attacker that leaves the
    // column where it was looked worth nothing, so the units a column needed did not
    // gather (7.3: five beside Verviers at 1:1 on the last turn, more within
    // reach; docs/ai.md, "The way to the next column").
    double value = worth_at_column(raw);
    if (raw + 1 < crt.columns()) {
      const double f = std::clamp(odds_position(attack / defense) - odds_position(crt.column_odds(raw)), 0.0, 1.0);
      if (f > 0) value += f * (worth_at_column(raw + 1) - value);
    }
    if (value > 0) total += value;
  }
  return owner == 0 ? total : -total;
}

double Ard2Evaluator::approach_terms(const std::vector<Objective>& objs, const int* marked, const int* holder,
                                     int turns_left) {
  // Forces split between the objectives by what each calls for: the (unit, objective)
  // pairs are taken nearest first, and a unit joins an objective its side lacks while
  // that one's call is not met (7.4: once Berg Reuland has what it calls for, the
  // other units around St. Vith are drawn on to Vielsalm, where before all of them
  // drew to the nearest). "Lacks" reads the control markers, not the projected
  // control: taking an objective in this phase must not cost the approach of every
  // unit around it, which would outweigh the objective (7.6: a plan that entered an
  // empty Hotton scored lower).
  auto lacks = [&](int side, size_t i) { return marked[i] != side || holder[i] != side; };
  // How far the unit marches in the turns left and one more (a turn's march as the
  // threats read it): an objective farther off pulls it no more.
  auto span = [&](const Piece& p) { return std::min(kApproachRange, (p.reach - 1) * (turns_left + 1)); };
  // One pair a number, to sort as numbers: distance, objective, piece (objectives are
  // at most 64, pieces at most core::State::kMaxUnits).
  static_assert(core::State::kMaxUnits <= 0xffff);
  approach_pairs_.clear();
  for (size_t k = 0; k < pieces_.size(); ++k) {
    const Piece& p = pieces_[k];
    if (!p.combat || p.marching) continue;
    const int reach = span(p);
    for (size_t i = 0; i < objs.size(); ++i)
      if (const int d = attack_distance(p, objs[i]); d < reach && lacks(p.side, i))
        approach_pairs_.push_back(uint64_t(d) << 32 | uint64_t(i) << 16 | k);
  }
  std::sort(approach_pairs_.begin(), approach_pairs_.end());
  for (int sd = 0; sd < 2; ++sd)
    for (size_t i = 0; i < objs.size(); ++i)
      call_[sd][i] =
          lacks(sd, i) ? kNeedBase + kNeedOdds * defense_near(1 - sd, objs[i].hex, objs[i].cover[1 - sd]) : 0.0;
  auto pull = [&](int side, size_t i) { return objs[i].needed[side] ? kTake * kApproach : kApproach; };
  assigned_.assign(pieces_.size(), -1);
  spare_.assign(pieces_.size(), -1);
  pull_.assign(pieces_.size(), 0.0);
  for (const uint64_t pair : approach_pairs_) {
    const int d = int(pair >> 32);
    const size_t i = (pair >> 16) & 0xffff, k = pair & 0xffff;
    const Piece& p = pieces_[k];
    if (spare_[k] < 0) {  // the nearest objective lacked, for a unit no call takes
      spare_[k] = d;
      pull_[k] = pull(p.side, i);
    }
    if (assigned_[k] >= 0 || call_[p.side][i] <= 0) continue;
    assigned_[k] = d;
    pull_[k] = pull(p.side, i);
    call_[p.side][i] -= std::max(p.attack, 0.5f);
  }
  // Artillery (ARD2 3.5) supports the attack from within its range: it is pulled to
  // the objective its side lacks that it can bring in range soonest, and no nearer,
  // as much as a joined combat unit (ASSUMED; docs/ai.md). On the last turn no
  // Barrage Phase of its side follows (ARD2 2.1) and a gun that moves fires no more in
  // this one (ARD2 3.5), so where it stands wins nothing: drawn on, 785 of 7.3's German
  // guns moved in the last Movement Phases of 100 games and 299 fired, each counted
  // once a game (677 and 352 without the pull; docs/ai.md).
  if (turns_left > 0)
    for (size_t k = 0; k < pieces_.size(); ++k) {
      const Piece& p = pieces_[k];
      if (p.combat || p.range <= 0 || p.marching) continue;
      for (size_t i = 0; i < objs.size(); ++i)
        if (const int gap = std::max(0, core::distance(p.hex, objs[i].hex) - p.range);
            gap < span(p) && lacks(p.side, i) && (assigned_[k] < 0 || gap < assigned_[k])) {
          assigned_[k] = gap;
          pull_[k] = pull(p.side, i);
        }
    }
  double v = 0;
  for (size_t k = 0; k < pieces_.size(); ++k) {
    const Piece& p = pieces_[k];
    const double sign = p.side == 0 ? 1.0 : -1.0;
    if (assigned_[k] >= 0)
      v += sign * pull_[k] * (1.0 - double(assigned_[k]) / span(p));
    else if (spare_[k] >= 0)
      v += sign * kSpareApproach * pull_[k] * (1.0 - double(spare_[k]) / span(p));
  }
  return v;
}

double Ard2Evaluator::evaluate(const core::State& s, int side) {
  if (s.over) return final_value(s, side);
  const Goals& goals_of = goals(s.scenario);
  const std::vector<Objective>& objs = goals_of.objectives;
  ++now_;
  int exited = 0;
  pieces_.clear();
  leaving_[0].clear();
  leaving_[1].clear();
  index_stacks(s);
  mark_open_exit_goals(s, goals_of);
  // ARD2 2.1: after its Exploitation Phase of the last turn a side has no phase left,
  // so there its threats are only the attacks it can still make in that phase.
  final_phase_ = phasing_ != core::kNoSide && s.turn >= rules_.scenarios()[s.scenario].last_turn &&
                 int(s.stack[0].step) == last_step_[phasing_];
  defended_.clear();
  double v = 0;  // side 0's view
  attack_declared_ = false;
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    const core::UnitState& us = s.units[u];
    // Read before the eliminated are passed over: an attacker may be gone already.
    attack_declared_ |= (us.flags & (attacked_bit_ | defended_bit_)) != 0;
    if (us.where == core::Where::Eliminated) continue;
    exited += us.where == core::Where::Exited;
    const DefInfo& d = defs_[us.def];
    if (d.side < 0 || d.side > 1) continue;
    // About to leave play: it holds its hex until then, nothing more.
    if (const int leaves = goals_of.leaves_on_turn[us.def]; leaves > 0 && s.turn >= leaves - 1) {
      if (us.where == core::Where::OnMap) leaving_[d.side].push_back(us.hex);
      continue;
    }
    const int k = std::min<int>(us.steps_lost, 3);
    float worth = d.attack[k] + d.defense[k];
    if (us.where == core::Where::OnMap) {
      if (final_phase_ && d.side != phasing_ && (us.flags & defended_bit_)) defended_.push_back(us.hex);
      const int c = cell(us.hex);
      const bool dg = (us.flags & dg_bit_) || pending_dg(us, d.side, c);
      if (dg) worth *= kDgFactor;
      if (us.flags & oos_bit_) worth *= kOosFactor;
      if (stamp_[d.side][size_t(c)] != now_) {
        stamp_[d.side][size_t(c)] = now_;
        defense_at_[d.side][size_t(c)] = 0;
        steps_at_[d.side][size_t(c)] = 0;
        worth_at_[d.side][size_t(c)] = 0;
      }
      if (!(us.flags & oos_bit_)) supplied_stamp_[d.side][size_t(c)] = now_;
      // Threats and holding weigh the strength the unit would fight with now.
      const float f = combat_factor(c, d.side, dg);
      defense_at_[d.side][size_t(c)] += f * d.defense[k];
      const int steps_left = std::max(1, d.steps - us.steps_lost);
      steps_at_[d.side][size_t(c)] += float(steps_left);
      worth_at_[d.side][size_t(c)] += worth;
      // Reach in hexes: about half the MA off roads, plus the attack into the next hex.
      pieces_.push_back({us.hex, c, d.side, f * d.attack[k], f * d.defense[k], std::clamp(d.ma / 2, 1, 8) + 1,
                         d.range, d.combat, marching(goals_of, us.def),
                         final_phase_ && d.side == phasing_ && (us.flags & attacked_bit_), d.move,
                         route_node(goals_of, us.hex), d.ma * scs::kHalfMp, !(us.flags & attacked_bit_),
                         worth / float(steps_left), steps_left});
    }
    v += d.side == 0 ? worth : -worth;
  }
  auto occupied_cell = [&](int sd, int c) { return stamp_[sd][size_t(c)] == now_; };
  auto occupied = [&](int sd, core::Hex h) { return occupied_cell(sd, cell(h)); };
  auto defense_at = [&](int sd, core::Hex h) { return occupied(sd, h) ? defense_at_[sd][size_t(cell(h))] : 0.0f; };
  auto leaving_at = [&](int sd, core::Hex h) {
    return std::find(leaving_[sd].begin(), leaving_[sd].end(), h) != leaving_[sd].end();
  };

  // Objectives: projected control, threats, and the projected outcome.
  uint64_t mask = 0;
  int holder[64];
  double threat[64];  // the enemy's threat ratio against the projected controller
  int marked[64];  // control as the markers have it, before this phase's end updates them
  const bool last_turn = s.turn >= rules_.scenarios()[s.scenario].last_turn;
  for (size_t i = 0; i < objs.size(); ++i) {
    const core::Hex h = objs[i].hex;
    const bool a = occupied(0, h) || leaving_at(0, h), g = occupied(1, h) || leaving_at(1, h);
    marked[i] = controller(s, h);
    const int ctrl = a != g ? (g ? 1 : 0) : marked[i];
    // Held only by units about to leave: both sides still have to take it over.
    holder[i] = occupied(ctrl, h) || !leaving_at(ctrl, h) ? ctrl : core::kNoSide;
    if (ctrl == 1) mask |= uint64_t(1) << i;
    const double sign = ctrl == 0 ? 1.0 : -1.0;
    // In the phasing side's last phase a unit that has attacked attacks no more, and
    // a hex whose units were attacked takes no second attack (ARD2 3.2; ASSUMED: its
    // overruns, which may come again, are not counted). Counted, they made the Allied
    // win look in doubt, and 2 Pz's battalion left Marche to stand by a Ciney already
    // attacked (7.6, docs/ai.md).
    const bool attacked_already =
        final_phase_ && ctrl != phasing_ && std::find(defended_.begin(), defended_.end(), h) != defended_.end();
    // On the last turn a hex its holder has left bare is lost by the enemy walking in
    // (ARD2 6.0: control goes to the last side to occupy it): an enemy that can march
    // into it in one Movement Phase threatens it at its whole strength, however far
    // the roads bring it. Read by hexes alone, a US tank battalion 14 hexes off by
    // road left Namur to be retaken in the last US turn (7.6, docs/ai.md). ASSUMED:
    // on the last turn only, as the march ignores the units in its way: earlier,
    // every bare town behind a line read as taken.
    const bool bare = last_turn && !occupied(ctrl, h);
    float enemy = 0;
    if (!attacked_already)
      for (const Piece& p : pieces_) {
        if (p.side == ctrl || !p.combat || p.marching || p.spent) continue;
        if (bare && marches_into(p, objs[i])) {
          enemy += p.attack;
          continue;
        }
        const int dist = attack_distance(p, objs[i]);
        if (dist <= p.reach) enemy += p.attack * float(p.reach + 1 - dist) / float(p.reach + 1);
      }
    float own = 2.0f * objs[i].cover[ctrl] * defense_at(ctrl, h);
    for (int dir = 0; dir < core::kDirections; ++dir) own += 0.5f * defense_at(ctrl, core::neighbor(h, dir));
    threat[i] = enemy / (enemy + own + 1.0);
    v += sign * objs[i].weight * (kHold - kThreat * threat[i]);
  }
  if (!objs.empty()) {
    const Projected p = projected_outcome(s, mask, objs, exited);
    const core::ScenarioInfo& info = rules_.scenarios()[s.scenario];
    const double progress =
        info.last_turn > info.first_turn ? double(s.turn - info.first_turn) / (info.last_turn - info.first_turn) : 1.0;
    const double win = p.winner == 0 ? 1.0 : p.winner == 1 ? -1.0 : 0.0;
    const double hold = win == 0 ? 1.0 : odds_to_keep(s, p.winner, mask, objs, exited, threat);
    const double winner_weight = kWinner + (kWinnerEnd - kWinner) * std::clamp(progress, 0.0, 1.0);
    const double outcome = win * hold * winner_weight - kVp * p.vp;
    v += outcome;
    v += assault_prospects(s, objs, mask, exited, outcome, winner_weight);
    if (win != 0 && locked(s, goals_of, p.winner, exited)) v += win * kLockedWin;
  }
  v += exit_terms(s, goals_of);

  // Each combat unit's approach to an objective its side lacks (approach_terms), and
  // the shape of the front: no stack alone next to the enemy. A front is where an
  // enemy in supply stands. An enemy cut off from supply stays DG (ARD2 3.7, 3.4: half
  // its attack, no recovery), so a pocket left behind is no front: counted as one, a
  // 99th Infantry battalion behind the German front of 7.3 kept most of 1 SS and 9 SS
  // beside it for three turns while the towns lay west (docs/ai.md). Friends two hexes
  // apart near the enemy once earned a bonus too (kBond, 0.5 each, at most two): paid
  // only while the enemy stood there, it made every enemy unit a source of points to
  // the stacks around it, so a 5:1 attack that would eliminate a lone US battalion
  // rated below no attack, and armies lingered beside the enemy (docs/ai.md, "A
  // bonus for standing by the enemy").
  v += approach_terms(objs, marked, holder, std::max(0, rules_.scenarios()[s.scenario].last_turn - s.turn));
  auto front_at = [&](int sd, int c) { return supplied_stamp_[sd][size_t(c)] == now_; };
  auto has_friend = [&](const Piece& p) {
    for (const int o : ring1_)
      if (occupied_cell(p.side, p.cell + o)) return true;
    for (const int o : ring2_)
      if (occupied_cell(p.side, p.cell + o)) return true;
    return false;
  };
  for (const Piece& p : pieces_) {
    if (!p.combat) continue;
    bool near_enemy = false;
    for (int dir = 0; dir < core::kDirections && !near_enemy; ++dir)
      near_enemy = front_at(1 - p.side, p.cell + ring1_[dir]);
    for (int i = 0; i < 12 && !near_enemy; ++i) near_enemy = front_at(1 - p.side, p.cell + ring2_[i]);
    if (near_enemy && !has_friend(p)) v -= (p.side == 0 ? 1.0 : -1.0) * kAlone;
  }
  return side == 0 ? v : -v;
}

}  // namespace ai
