// Toy: the engine's test game (rules in data/games/toy/README.md, cited "TOY n.n").
// Small on purpose, but it uses every part of the contract: a sequence of play on the
// flow stack with an interrupt (the defender's choice after a DR), dice, path search
// with a zone of control, hex markers, ext state, provenance on every table cell.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/path.h"
#include "core/rules.h"

namespace toy {

// Flow steps (Frame::step). Movement and Combat are phases at the bottom of the
// stack; Attack and DefenderChoice are pushed above Combat and pop back to it.
enum Step : uint16_t { kMovement, kCombat, kAttack, kDefenderChoice };

// Action types (Action::type), in action_names() order.
enum ActionType : uint16_t { kMove, kDeclareAttack, kAddAttacker, kResolve, kRetreat, kTakeLoss, kEndPhase };

// UnitState::flags bits, in unit_flag_names() order.
enum UnitFlag : uint32_t { kMoved = 1, kAttacked = 2, kAttacking = 4 };

// HexMarker::kind: a hex already attacked this phase (TOY 4.1).
enum HexMarkerKind : uint16_t { kAttackedHex };

enum class Result : uint8_t { AL, NE, DR, DE };

// The game's scalars in State::ext: tallies, shown in the state JSON.
struct Ext {
  int32_t attacks = 0;
  std::array<int32_t, 2> steps_lost{};
};

struct TerrainRow {
  std::string name;
  int bit = -1;
  int move = 0;     // half MP to enter
  int defense = 1;  // defense multiplier
  core::Source source;
};

struct CrtRow {
  int odds = 1;  // n:1
  std::vector<Result> results;  // by die roll - 1
  core::Source source;
};

struct Scenario {
  core::ScenarioInfo info;
  std::vector<std::pair<int, core::Hex>> setup;  // counter index, hex
};

// Reusable buffers for movement searches (one per thread).
struct MoveScratch {
  explicit MoveScratch(const core::HexGraph& g) : finder(g), occupant(size_t(g.size())), zoc(size_t(g.size())) {}
  core::PathFinder finder;
  std::vector<int8_t> occupant;  // side in the hex, -1 none
  std::vector<uint8_t> zoc;      // adjacent to a unit of the mover's enemy
};

class ToyRules final : public core::Rules {
 public:
  // Loads data/games/toy/ from `dir` (map.txt, counters.json, game.json); nullptr and
  // `error` ("file:line: reason" or "file: path: reason") when anything is wrong.
  static std::unique_ptr<ToyRules> load(const std::string& dir, std::string& error);
  // The same with another map (benches use a big generated one).
  static std::unique_ptr<ToyRules> load_with_map(const std::string& dir, std::unique_ptr<core::Map> map,
                                                 std::string& error);

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

  const core::HexGraph& graph() const { return *graph_; }
  // moves() with caller-owned buffers: no allocation once they have grown.
  void moves(const core::State& s, core::UnitId unit, MoveScratch& scratch, std::vector<core::Reach>& out) const;

 private:
  ToyRules() = default;
  bool read_game(const nlohmann::json& j, const std::string& file, std::string& error);
  void prepare_map();

  int value(const core::State& s, core::UnitId u, int index) const;
  int side_of(const core::State& s, core::UnitId u) const { return catalog_[s.units[u].def].side; }
  int count_in(const core::State& s, core::Hex h, int side) const;  // side -1: any
  bool enemy_adjacent(const core::State& s, core::Hex h, int side) const;
  int defense_of(const core::State& s, core::Hex h) const;
  int attack_of(const core::State& s, core::Hex target, bool committed_only) const;
  bool eligible_attacker(const core::State& s, core::UnitId u, core::Hex target) const;
  int odds_ratio(int attack, int defense) const;  // n of n:1 on the CRT, 0 below 1:1
  void lose_step(core::State& s, core::UnitId u, core::Events& ev) const;
  void resolve(core::State& s, core::Events& ev) const;
  void end_phase(core::State& s, core::Events& ev) const;
  bool can_retreat_to(const core::State& s, core::Hex from, core::Hex to, int side) const;

  core::GameInfo info_;
  std::unique_ptr<core::Map> map_;
  std::unique_ptr<core::HexGraph> graph_;
  core::UnitCatalog catalog_;
  std::vector<Scenario> scenario_list_;
  std::vector<core::ScenarioInfo> scenario_infos_;
  std::vector<TerrainRow> terrain_;
  int road_bit_ = -1, river_bit_ = -1;
  int road_move_ = 1, river_extra_ = 2;
  core::Source road_source_, river_source_;
  std::vector<CrtRow> crt_;
  int die_ = 6;
  int stacking_ = 2;
  core::Source stacking_source_;
  core::Hex town_{};
  int attack_ = 0, defense_ = 1, ma_ = 2;  // value indices in the catalog
  // Per map index: cost to enter, defense factor; per index*6+dir: hexside mask.
  std::vector<int16_t> enter_cost_;
  std::vector<int8_t> defense_factor_;
  std::vector<uint32_t> side_mask_;
};

}  // namespace toy
