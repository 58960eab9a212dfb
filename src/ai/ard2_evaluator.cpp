#include "ai/ard2_evaluator.h"

#include <algorithm>
#include <map>
#include <string>

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
constexpr double kApproach = 0.4;   // per combat unit, at the lacking objective
constexpr double kBond = 0.5;       // per friendly stack two hexes away, near the front
constexpr double kAlone = 1.0;      // a stack next to the enemy with no friend near
constexpr float kDgFactor = 0.75f, kOosFactor = 0.8f;
constexpr int kApproachRange = 12;

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

}  // namespace

Ard2Evaluator::Ard2Evaluator(const core::Rules& rules) : GenericEvaluator(rules) {
  const core::UnitCatalog& catalog = rules.catalog();
  const int attack = catalog.value_index("attack"), defense = catalog.value_index("defense"),
            ma = catalog.value_index("ma");
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
  }
  if (const int b = index_of(rules.unit_flag_names(), "dg"); b >= 0) dg_bit_ = 1u << b;
  if (const int b = index_of(rules.unit_flag_names(), "out_of_supply"); b >= 0) oos_bit_ = 1u << b;
  control_kind_ = index_of(rules.hex_marker_names(), "control");
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
  for (int side = 0; side < 2; ++side) {
    stamp_[side].assign(size_t(width_ * height_), 0);
    defense_at_[side].assign(size_t(width_ * height_), 0.0f);
  }
  for (const auto& [h, name] : map.places())
    if (std::find(candidates_.begin(), candidates_.end(), h) == candidates_.end()) candidates_.push_back(h);
}

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

const std::vector<Ard2Evaluator::Objective>& Ard2Evaluator::objectives(int scenario) {
  // Learned once per (rules, scenario) for every evaluator of the process.
  static std::mutex mutex;
  static std::map<std::pair<const core::Rules*, int>, std::vector<Objective>> learned;
  const std::lock_guard lock(mutex);
  const auto key = std::make_pair(&rules_, scenario);
  if (const auto it = learned.find(key); it != learned.end()) return it->second;
  std::vector<Objective>& out = learned[key];
  if (control_kind_ < 0) return out;
  const core::State base = rules_.setup(scenario, 1);
  core::State& s = scratch_;
  s = base;
  for (core::Hex h : candidates_) set_control(s, h, 1);
  const core::State all_german = s;
  const nlohmann::json o0 = rules_.outcome(base), o1 = rules_.outcome(all_german);
  for (core::Hex h : candidates_) {
    s = base;
    set_control(s, h, 1);
    const nlohmann::json gained = rules_.outcome(s);
    s = all_german;
    set_control(s, h, 0);
    const nlohmann::json lost = rules_.outcome(s);
    const double dvp = std::max(vp_of(gained) - vp_of(o0), vp_of(o1) - vp_of(lost));
    const bool decides =
        winner_of(rules_, gained) != winner_of(rules_, o0) || winner_of(rules_, lost) != winner_of(rules_, o1);
    if (dvp > 0 || decides) out.push_back({h, std::max(1.0, dvp + (decides ? 6.0 : 0.0))});
    if (out.size() == 64) break;  // the projected-control mask has 64 bits
  }
  return out;
}

Ard2Evaluator::Projected Ard2Evaluator::projected_outcome(const core::State& s, uint64_t mask,
                                                          const std::vector<Objective>& objs) {
  // The outcome reads control and the game's scalars (the greatest VP so far).
  uint64_t key = mask * 0x9e3779b97f4a7c15ull ^ s.scenario;
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

double Ard2Evaluator::evaluate(const core::State& s, int side) {
  if (s.over) return final_value(s, side);
  const std::vector<Objective>& objs = objectives(s.scenario);
  ++now_;
  pieces_.clear();
  double v = 0;  // side 0's view
  for (core::UnitId u = 0; u < s.unit_count; ++u) {
    const core::UnitState& us = s.units[u];
    if (us.where == core::Where::Eliminated) continue;
    const DefInfo& d = defs_[us.def];
    if (d.side < 0 || d.side > 1) continue;
    const int k = std::min<int>(us.steps_lost, 3);
    float worth = d.attack[k] + d.defense[k];
    if (us.where == core::Where::OnMap) {
      if (us.flags & dg_bit_) worth *= kDgFactor;
      if (us.flags & oos_bit_) worth *= kOosFactor;
      const int c = cell(us.hex);
      if (stamp_[d.side][size_t(c)] != now_) {
        stamp_[d.side][size_t(c)] = now_;
        defense_at_[d.side][size_t(c)] = 0;
      }
      defense_at_[d.side][size_t(c)] += d.defense[k];
      // Reach in hexes: about half the MA off roads, plus the attack into the next hex.
      pieces_.push_back({us.hex, d.side, d.attack[k], d.defense[k], std::clamp(d.ma / 2, 1, 8) + 1, d.combat});
    }
    v += d.side == 0 ? worth : -worth;
  }
  auto occupied = [&](int sd, core::Hex h) { return stamp_[sd][size_t(cell(h))] == now_; };
  auto defense_at = [&](int sd, core::Hex h) { return occupied(sd, h) ? defense_at_[sd][size_t(cell(h))] : 0.0f; };

  // Objectives: projected control, threats, and the projected outcome.
  uint64_t mask = 0;
  int holder[64];
  for (size_t i = 0; i < objs.size(); ++i) {
    const core::Hex h = objs[i].hex;
    const bool a = occupied(0, h), g = occupied(1, h);
    const int ctrl = a != g ? (g ? 1 : 0) : controller(s, h);
    holder[i] = ctrl;
    if (ctrl == 1) mask |= uint64_t(1) << i;
    const double sign = ctrl == 0 ? 1.0 : -1.0;
    float enemy = 0;
    for (const Piece& p : pieces_) {
      if (p.side == ctrl || !p.combat) continue;
      const int dist = core::distance(p.hex, h);
      if (dist <= p.reach) enemy += p.attack * float(p.reach + 1 - dist) / float(p.reach + 1);
    }
    float own = 2.0f * defense_at(ctrl, h);
    for (int dir = 0; dir < core::kDirections; ++dir) own += 0.5f * defense_at(ctrl, core::neighbor(h, dir));
    const double threat = enemy / (enemy + own + 1.0);
    v += sign * objs[i].weight * (kHold - kThreat * threat);
  }
  if (!objs.empty()) {
    const Projected p = projected_outcome(s, mask, objs);
    const core::ScenarioInfo& info = rules_.scenarios()[s.scenario];
    const double progress =
        info.last_turn > info.first_turn ? double(s.turn - info.first_turn) / (info.last_turn - info.first_turn) : 1.0;
    const double win = p.winner == 0 ? 1.0 : p.winner == 1 ? -1.0 : 0.0;
    v += win * (kWinner + (kWinnerEnd - kWinner) * std::clamp(progress, 0.0, 1.0)) - kVp * p.vp;
  }

  // Each combat unit's approach to the nearest objective its side lacks, and the
  // shape of the front: friends two hexes apart, no stack alone next to the enemy.
  for (const Piece& p : pieces_) {
    const double sign = p.side == 0 ? 1.0 : -1.0;
    if (!p.combat) continue;
    int nearest = kApproachRange;
    for (size_t i = 0; i < objs.size(); ++i)
      if (holder[i] != p.side) nearest = std::min(nearest, core::distance(p.hex, objs[i].hex));
    if (nearest < kApproachRange) v += sign * kApproach * double(kApproachRange - nearest) / kApproachRange;
    bool near_enemy = false;
    for (int dir = 0; dir < core::kDirections && !near_enemy; ++dir)
      near_enemy = occupied(1 - p.side, core::neighbor(p.hex, dir));
    for (const core::Hex o : kRing2) near_enemy = near_enemy || occupied(1 - p.side, p.hex + o);
    if (!near_enemy) continue;
    int bonds = 0, adjacent = 0;
    for (const core::Hex o : kRing2) bonds += occupied(p.side, p.hex + o);
    for (int dir = 0; dir < core::kDirections; ++dir) adjacent += occupied(p.side, core::neighbor(p.hex, dir));
    v += sign * kBond * std::min(bonds, 2);
    if (bonds + adjacent == 0) v -= sign * kAlone;
  }
  return side == 0 ? v : -v;
}

}  // namespace ai
