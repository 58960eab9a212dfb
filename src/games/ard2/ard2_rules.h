// Ardennes II as a core::Rules: the sequence of play (sequence.h) as frames on the flow
// stack, with the rule functions of this folder deciding what is legal and what an
// action does. Automatic steps (markers, supply, DG recovery, reinforcements, turn end)
// run inside apply() until a player has a choice.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/rules.h"
#include "games/ard2/combat.h"
#include "games/ard2/movement.h"
#include "games/ard2/position.h"
#include "games/ard2/sequence.h"
#include "games/ard2/status.h"
#include "games/ard2/supply.h"
#include "series/scs/board.h"
#include "series/scs/crt.h"

namespace ard2 {

// Frames pushed above a sequence step (Frame::step values after Step::kCount).
// kAttackStep and kDefenderChoice: flags bit kOverrunFrame marks an Overrun (3.3), whose
// attackers all stand in hex b.
enum PushedStep : uint16_t {
  kAttackStep = uint16_t(Step::kCount),  // a = defender hex key: adding attackers
  kDefenderChoice,                       // a = defender hex key: Hold or Retreat
  kRetreatStep,                          // a = origin key, b = current hex key, flags = done | length << 4
  // Placement and bridges (ARD2 4.1, 5.1, 3.8).
  kPlaceStep,    // a = unit placed by its owner's choice (ARD2 4.1 vdH, 5.1 XVIII Abn Corps)
  kBridgeWindow, // the US may try to blow bridges in the German turn (ARD2 3.8, A35)
  // After a combat (ARD2 3.2, 3.6, 3.7; SCS 8.0).
  kLossStep,     // side = owner; a = steps still due, b = steps taken of this result;
                 // flags 1: the attackers (kAttacker) lose, else the defending stack (kCommitted)
  kAdvanceStep,  // side = attacker; a = defender hex key, b = the result's retreat length;
                 // flags kOverrunFrame: no choice, the overrunners enter a vacated hex
  kBugOutStep,   // side = owner of the artillery marked kBugOutDue
  kArtilleryRecovery,  // side = owner; a = the DG artillery asked about (ARD2 3.7)
};
inline constexpr uint8_t kOverrunFrame = 1;

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
  // The Pre-Turn and the turn's edges (ARD2 2.2, 3.7, 3.8, 4.1, 5.1, 7.x).
  kPlaceAirSupply,  // hex: an Air Strike placed as an Air Supply marker (ARD2 2.2, 3.7)
  kAirStrike,   // hex: an Air Strike on an enemy hex (ARD2 2.2, 3.5)
  kBlowBridge,  // unit, hex = plunger: a bridge blowing attempt (ARD2 3.8)
  kPlace,       // hex: where the unit of a kPlaceStep frame goes (ARD2 4.1, 5.1)
  kExit,        // unit: leaves the map from an exit hex (ARD2 7.2, 7.3, 7.5; S-exit)
  // Overruns and the steps of a combat (ARD2 3.2, 3.3, 3.6, 3.7; SCS 8.0).
  kOverrun,     // unit, hex: the unit's stack overruns the adjacent hex (3.3)
  kTakeLoss,    // unit: it takes the next step of the loss (SCS 8.0)
  kAdvance,     // unit, hex: one hex of an advance after combat (3.2)
  kEndAdvance,  // no further advance after this combat
  kBugOut,      // unit, hex: where the artillery bugs out to (3.6)
  kRecoveryRoll,  // roll for the artillery of the kArtilleryRecovery frame (3.7)
  kKeepDg,        // leave it DG without rolling (3.7)
};

// A unit flag of the module beyond position.h's: committed to the attack being built.
inline constexpr uint32_t kCommitted = 1u << kUnitFlagCount;
// Marks of a combat being resolved (ARD2 3.2) and of Bug Outs (3.6).
inline constexpr uint32_t kAttacker = kCommitted << 1;   // took part in the attack being resolved
inline constexpr uint32_t kBugOutDue = kCommitted << 2;  // artillery that must Bug Out now (3.6)
inline constexpr uint32_t kBuggedOut = kCommitted << 3;  // bugged out this phase (3.6): its hex may be overstacked
inline constexpr uint32_t kCombatFlags = kCommitted | kAttacker | kBugOutDue;

// The game's scalars in State::ext.
struct Ext {
  int32_t max_vp = 0;   // ARD2 6.0: greatest German VP total at the end of a turn
  int32_t attacks = 0;  // attacks resolved (for the log)
  // The Pre-Turn and exits (ARD2 2.2, 7.2, 7.3, 7.5).
  int32_t freeze = 0;       // ARD2 2.2, A33: 1 once Freeze has set in (it stays)
  int32_t air_strikes = 0;  // ARD2 2.2: US Air Strikes left this turn
  std::array<uint8_t, core::State::kMaxUnits> exit_turn{};  // turn a unit left by an exit hex, 0: not
};

// How a reinforcement reaches the map: into its entry hexes (SCS 5.0), or by its
// owner's choice: vdH's drop (ARD2 4.1) or the XVIII Abn Corps (ARD2 5.1).
enum class Placement : uint8_t { Entry, Vdh, Xviii };

struct Reinforcement {
  core::UnitId unit = 0;
  int turn = 0;
  int entry = -1;     // index into Scenario::entries (the hexes it may be placed in)
  int min_roll = 0;   // conditional arrival: one die, arrives on min_roll or more
  Placement placement = Placement::Entry;
};

// A scenario's supply source for one side (7.x "Supply Sources"): road hexes leading
// off the play area, or listed hexes; from `from_turn` on.
struct SourceLine {
  int side = kAllied;
  int from_turn = 0;
  SupplySources src;
};

// Exit VP / exit conditions (7.2, 7.3, 7.5): units of `formation` that left by an exit
// hex; `min_units` of them score `vp` (or meet the condition), counting exits up to
// the end of `deadline` (0: any turn).
struct ExitRule {
  std::string formation;
  int min_units = 0;
  int vp = 0;  // 0: a condition of an all_of victory
  int deadline = 0;
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
  // Air, supply and exits (ARD2 2.2, 3.7, 7.x; scenario_turn.cpp).
  int air_divide = 1;                // 7.3-7.6: Air Strike results halved, rounded down
  std::vector<SourceLine> sources;   // empty for a side: its ARD2 1.3 map edges
  std::vector<ExitRule> exits;
  std::vector<uint8_t> exit_hex;     // per board index
  bool tj_setup_dg = false;          // 7.3 errata 1: set-up units in TJ hexes start DG
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
  void exits(const core::State& s, core::UnitId unit, core::ActionList& out) const override;
  bool exit_hex(const core::State& s, core::UnitId unit, core::Hex hex) const override;
  nlohmann::json odds(const core::State& s, const std::vector<core::UnitId>& attackers,
                      core::Hex defender) const override;
  nlohmann::json supply(const core::State& s, int side) const override;
  nlohmann::json tables() const override;
  std::vector<core::VpHex> vp_hexes() const override;

  const scs::Board& board() const { return *board_; }
  const MoveTables& move_tables() const { return reach_caches_->tables(); }
  const Scenario& scenario(const core::State& s) const { return scenario_list_[s.scenario]; }
  // ARD2 3.7, 7.x: where `side` draws supply now (the scenario's sources, else 1.3's).
  std::vector<SupplySources> sources(const core::State& s, int side) const;
  // trace_supply() from those sources, per board index; kept for the last few positions.
  std::vector<uint8_t> traced(const core::State& s, int side) const;
  const scs::Crt& crt() const { return crt_; }
  Position position(const core::State& s) const { return Position(*board_, unit_info_, s); }
  const UnitInfo& unit_info(int def) const { return unit_info_[size_t(def)]; }
  // 7.x: whether hex `h` lies in the scenario's play area.
  bool in_play(const core::State& s, core::Hex h) const;
  // ARD2 2.2, 7.x: the units scenario `scenario` takes out of play, by turn.
  const std::vector<std::pair<int, std::vector<int>>>& scenario_removals(int scenario) const {
    return scenario_list_[size_t(scenario)].removals;
  }

 private:
  Ard2Rules() = default;
  bool read_scenario(const nlohmann::json& j, const std::string& dir, std::string& error);
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
  std::vector<core::Hex> retreat_hexes(const core::State& s) const;
  void end_retreat(core::State& s, bool lose_step, core::Events& ev) const;
  void retreat_step(core::State& s, core::Hex to, core::Events& ev) const;
  // Air Supply for Artillery (artillery_recovery.cpp)
  std::optional<core::UnitId> next_recovery_choice(const core::State& s, int side, int after) const;
  void ask_artillery_recovery(core::State& s) const;
  void artillery_recovery(core::State& s, bool roll, core::Events& ev) const;
  // The frames of a combat, Overruns and Bug Outs (ARD2 3.2, 3.3, 3.6; ard2_combat.cpp).
  bool combat_frame(uint16_t step) const { return step >= kLossStep && step <= kBugOutStep; }
  std::vector<core::UnitId> flagged(const core::State& s, uint32_t flag, int side) const;
  void start_combat(core::State& s, core::Events& ev) const;
  void choose_retreat(core::State& s, core::Events& ev) const;
  void legal_overruns(const Position& p, bool exploitation, core::ActionList& out) const;
  std::vector<core::UnitId> overrun_stack(const Position& p, core::Hex from, core::Hex target, bool exploitation) const;
  void legal_combat_frame(const core::State& s, core::ActionList& out) const;
  bool combat_automatic(const core::State& s) const;
  void run_combat_frame(core::State& s, core::Events& ev) const;
  void apply_combat(core::State& s, const core::Action& a, core::Events& ev) const;
  core::Error explain_combat(const core::State& s, const core::Action& a) const;
  core::Prompt combat_prompt(const core::State& s) const;
  void take_loss(core::State& s, core::UnitId u, core::Events& ev) const;
  std::vector<core::Action> advances(const core::State& s) const;
  void finish_advance(core::State& s, core::Events& ev) const;
  // ARD2 3.6: where `arty` may Bug Out to, in the play area; at most `limit` of them.
  std::vector<core::Hex> bug_out_hexes(const core::State& s, core::UnitId arty, size_t limit = SIZE_MAX) const;
  bool can_bug_out(const core::State& s, core::UnitId arty) const { return !bug_out_hexes(s, arty, 1).empty(); }
  void mark_phase_bug_outs(core::State& s) const;
  void schedule_bug_outs(core::State& s) const;
  void after_move(core::State& s, core::UnitId u, const std::vector<core::Reach>& range, core::Events& ev) const;
  nlohmann::json odds_detail(const OddsInfo& o, const Position& p, const std::vector<core::UnitId>& attackers,
                             core::Hex defender) const;
  void barrage(core::State& s, core::UnitId arty, core::Hex target, core::Events& ev) const;
  // The actions of a sequence step (legal_actions() less ending it); `first_only`
  // stops at the first one found, for automatic_now().
  void phase_actions(const core::State& s, core::ActionList& out, bool first_only) const;
  void legal_moves(const Position& p, bool exploitation, core::ActionList& out, bool first_only) const;
  void legal_barrages(const Position& p, core::ActionList& out, bool first_only) const;
  void legal_attacks(const Position& p, core::ActionList& out, bool first_only) const;

  // Weather and air (ARD2 2.2, 3.7: weather.cpp, air.cpp), bridges (3.8: bridges.cpp),
  // placement (4.1, 5.1: placement.cpp) and exits (7.2, 7.3, 7.5: exits.cpp).
  bool read_turn_data(const nlohmann::json& j, Scenario& sc, std::string& error) const;
  bool read_air_tables(std::string& error);
  bool apply_map_additions(const std::string& dir, std::string& error);
  bool read_vp_hexes(std::string& error);
  std::optional<core::Hex> place_hex(const std::string& name) const;
  void weather_step(core::State& s, core::Events& ev) const;
  void air_strike_step(core::State& s, core::Events& ev) const;
  void legal_air(const core::State& s, core::ActionList& out) const;
  void air_supply(core::State& s, core::Hex h, core::Events& ev) const;
  void air_strike(core::State& s, core::Hex h, core::Events& ev) const;
  std::vector<core::Hex> air_supply_hexes(const core::State& s) const;
  void legal_blows(const Position& p, core::ActionList& out) const;
  void blow_bridge(core::State& s, core::UnitId unit, core::Hex plunger, core::Events& ev) const;
  void capture_plungers(core::State& s, core::Events& ev) const;
  bool bridge_threat(const core::State& s, std::optional<core::Hex> near) const;
  void open_bridge_window(core::State& s, std::optional<core::Hex> near) const;
  void report_new_bridges(const core::State& s, core::Events& ev) const;
  std::vector<core::Hex> placement_hexes(const core::State& s, core::UnitId u) const;
  bool push_placement(core::State& s, Placement kind) const;
  void place(core::State& s, core::Hex h, core::Events& ev) const;
  void no_placement(core::State& s, core::Events& ev) const;
  const Reinforcement& arrival(const core::State& s, core::UnitId u) const;
  bool may_exit(const core::State& s, core::UnitId u) const;
  void legal_exits(const core::State& s, core::ActionList& out) const;
  void exit_unit(core::State& s, core::UnitId u, core::Events& ev) const;
  int exit_vp(const core::State& s) const;
  bool exit_conditions_met(const core::State& s) const;
  bool setup_exempt(const core::State& s, core::UnitId u) const;

  struct AirTables {
    int first_roll_turn = 8;
    std::array<bool, 7> freeze_on{};                 // by die 1-6
    std::array<std::array<int, 2>, 7> strikes{};     // by die, [no freeze, freeze]
    std::array<bool, 7> blown_on{};                  // Bridge Blowing Table by die
  };
  AirTables air_;
  std::vector<core::Hex> plungers_;  // distinct plunger hexes of the board
  std::map<std::string, core::Hex> vp_places_;  // VP table label -> hex

  core::GameInfo info_;
  std::unique_ptr<core::Map> map_;
  std::unique_ptr<scs::Board> board_;
  std::unique_ptr<ReachCachePool> reach_caches_;  // movement searches kept between calls
  std::unique_ptr<TraceCache> traces_ = std::make_unique<TraceCache>();  // supply traces (3.7)
  core::UnitCatalog catalog_;
  std::vector<UnitInfo> unit_info_;
  scs::Crt crt_;
  std::vector<Scenario> scenario_list_;
  std::vector<core::ScenarioInfo> scenario_infos_;
  nlohmann::json tables_;               // the table files as read, for the rule readers
  nlohmann::json tables_with_sources_;  // core::to_json(TableSet): every cell with its provenance
};

}  // namespace ard2
