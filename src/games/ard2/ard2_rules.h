// Ardennes II as a core::Rules: the sequence of play (sequence.h) as frames on the flow
// stack, with the rule functions of this folder deciding what is legal and what an
// action does. Automatic steps (markers, supply, DG recovery, reinforcements, turn end)
// run inside apply() until a player has a choice.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/rules.h"
#include "games/ard2/movement.h"
#include "games/ard2/position.h"
#include "games/ard2/sequence.h"
#include "games/ard2/status.h"
#include "series/scs/board.h"
#include "series/scs/crt.h"

namespace ard2 {

// Frames pushed above a sequence step (Frame::step values after Step::kCount).
enum PushedStep : uint16_t {
  kAttackStep = uint16_t(Step::kCount),  // a = defender hex key: adding attackers
  kDefenderChoice,                       // a = defender hex key: Hold or Retreat
  kRetreatStep,                          // a = origin key, b = current hex key, flags = done | length << 4
};

// Action types, in action_names() order.
enum ActionType : uint16_t {
  kMove,
  kBarrage,
  kDeclareAttack,
  kAddAttacker,
  kResolveAttack,
  kHold,
  kRetreat,
  kRetreatTo,
  kEndPhase,
};

// A unit flag of the module beyond position.h's: committed to the attack being built.
inline constexpr uint32_t kCommitted = 1u << kUnitFlagCount;

// The game's scalars in State::ext.
struct Ext {
  int32_t max_vp = 0;   // ARD2 6.0: greatest German VP total at the end of a turn
  int32_t attacks = 0;  // attacks resolved (for the log)
};

struct Reinforcement {
  core::UnitId unit = 0;
  int turn = 0;
  int entry = -1;     // index into Scenario::entries; -1: placement not implemented
  int min_roll = 0;   // conditional arrival: one die, arrives on min_roll or more
};

struct Scenario {
  core::ScenarioInfo info;
  std::vector<std::pair<int, core::Hex>> setup;  // catalog index, hex
  std::vector<uint8_t> setup_dg, setup_reduced;  // per setup line
  std::vector<std::pair<int, Reinforcement>> arrivals;  // catalog index, arrival
  std::vector<std::vector<core::Hex>> entries;
  std::vector<std::pair<int, std::vector<int>>> removals;  // turn, catalog indices
  std::vector<core::Hex> blown;                              // hexes with a blown bridge
  std::vector<core::Hex> german_control;
  std::vector<uint8_t> in_play;  // per board index
  // Victory (6.0, 7.x): VP levels, or control of hexes by `victory_side`.
  std::string victory_type;
  std::vector<VictoryLevel> levels;
  std::vector<core::Hex> victory_hexes;
  int min_hexes = 0;  // control_count
  int victory_side = kGerman;
  int otherwise_winner = kAllied;
};

class Ard2Rules final : public core::Rules {
 public:
  // Loads data/games/ard2 from `dir` and the map from <dir>/../../maps/ard2.map (with
  // ard2.override beside it when present); nullptr and `error` naming the file when
  // anything is wrong.
  static std::unique_ptr<Ard2Rules> load(const std::string& dir, std::string& error);
  // The same with a given map (tests use a small hand-made one) and, when
  // `override_path` is given, that owner override file instead of <dir>/owner.override.
  static std::unique_ptr<Ard2Rules> load_with_map(const std::string& dir, std::unique_ptr<core::Map> map,
                                                  std::string& error, const std::string& override_path = "");

  const core::GameInfo& info() const override { return info_; }
  const core::Map& map() const override { return *map_; }
  const core::UnitCatalog& catalog() const override { return catalog_; }
  const std::vector<core::ScenarioInfo>& scenarios() const override { return scenario_infos_; }
  core::State setup(int scenario, uint64_t seed) const override;
  int to_act(const core::State& s) const override;
  core::Prompt prompt(const core::State& s) const override;
  void legal_actions(const core::State& s, core::ActionList& out) const override;
  void apply(core::State& s, const core::Action& a, core::Events& ev) const override;
  core::Error explain_illegal(const core::State& s, const core::Action& a) const override;
  const std::vector<std::string>& action_names() const override;
  uint8_t action_operands(int type) const override;
  const std::vector<std::string>& unit_flag_names() const override;
  const std::vector<std::string>& hex_marker_names() const override;
  const std::vector<std::string>& side_marker_names() const override;
  const std::vector<std::string>& step_names() const override;
  nlohmann::json ext_to_json(const core::State& s) const override;
  bool ext_from_json(core::State& s, const nlohmann::json& j, core::Error& err) const override;
  std::vector<std::string> check_invariants(const core::State& s) const override;
  nlohmann::json outcome(const core::State& s) const override;
  std::vector<core::Reach> moves(const core::State& s, core::UnitId unit) const override;
  nlohmann::json odds(const core::State& s, const std::vector<core::UnitId>& attackers,
                      core::Hex defender) const override;
  nlohmann::json supply(const core::State& s, int side) const override;
  nlohmann::json tables() const override;

  const scs::Board& board() const { return *board_; }
  const scs::Crt& crt() const { return crt_; }
  Position position(const core::State& s) const { return Position(*board_, unit_info_, s); }

 private:
  Ard2Rules() = default;
  bool read_scenario(const nlohmann::json& j, const std::string& dir, std::string& error);
  bool in_play(const core::State& s, core::Hex h) const;
  int side_of(const core::State& s, core::UnitId u) const { return unit_info_[s.units[u].def].side; }

  // Sequence of play.
  void enter_step(core::State& s, Step step, core::Events& ev) const;
  void run_automatic(core::State& s, core::Events& ev) const;
  bool automatic_now(const core::State& s) const;
  void finish_step(core::State& s, core::Events& ev) const;
  void reinforcements(core::State& s, core::Events& ev) const;
  void turn_end(core::State& s, core::Events& ev) const;
  void report_dg(const core::State& s, const std::vector<uint8_t>& before, const std::vector<core::UnitId>& made,
                 const char* why, core::Events& ev) const;

  // Combat.
  std::vector<core::UnitId> committed(const core::State& s) const;
  std::vector<core::UnitId> defenders(const core::State& s, core::Hex h, int side) const;
  bool may_attack_with(const Position& p, core::UnitId u, core::Hex target) const;
  bool attack_possible(const Position& p, core::Hex target) const;
  void resolve_attack(core::State& s, core::Events& ev) const;
  void lose_steps(core::State& s, std::vector<core::UnitId> units, bool attacker, int steps, core::Events& ev) const;
  std::vector<core::Hex> retreat_hexes(const core::State& s) const;
  void end_retreat(core::State& s, bool lose_step, core::Events& ev) const;
  void retreat_step(core::State& s, core::Hex to, core::Events& ev) const;
  void barrage(core::State& s, core::UnitId arty, core::Hex target, core::Events& ev) const;
  void legal_moves(const core::State& s, bool exploitation, core::ActionList& out) const;
  void legal_barrages(const core::State& s, core::ActionList& out) const;
  void legal_attacks(const core::State& s, core::ActionList& out) const;

  core::GameInfo info_;
  std::unique_ptr<core::Map> map_;
  std::unique_ptr<scs::Board> board_;
  std::unique_ptr<ReachCachePool> reach_caches_;  // movement searches kept between calls
  core::UnitCatalog catalog_;
  std::vector<UnitInfo> unit_info_;
  scs::Crt crt_;
  std::vector<Scenario> scenario_list_;
  std::vector<core::ScenarioInfo> scenario_infos_;
  nlohmann::json tables_;               // the table files as read, for the rule readers
  nlohmann::json tables_with_sources_;  // core::to_json(TableSet): every cell with its provenance
};

}  // namespace ard2
