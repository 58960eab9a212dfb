// The interface every game module implements: the one contract between the engine
// (protocol, server, AI, CLI, tests) and a game's rules. Modeled on OpenSpiel's
// State/Game split and Rally the Troops' legal-actions/apply loop:
//
//   - a Rules object is immutable once loaded: map, counter catalog, tables,
//     scenarios. It holds no game state, so one instance serves every game and thread;
//   - all dynamic state is a core::State (state.h), passed in explicitly;
//   - legal_actions() is the single source of what may be done now: the UI highlights
//     it, the AI searches it, and Game::apply() refuses anything not in it;
//   - apply() assumes a legal action (Game checks first) and changes the state; dice
//     are rolled inside it from the state's own generator.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/action.h"
#include "core/events.h"
#include "core/map.h"
#include "core/state.h"
#include "core/units.h"

namespace core {

struct ScenarioInfo {
  std::string id;       // "7.5"
  std::string name;     // "Bastogne"
  int first_turn = 1;
  int last_turn = 1;
  std::string summary;  // one or two sentences in our own words
};

struct GameInfo {
  std::string id;                  // "ard2", "toy"
  std::string title;               // "Ardennes II"
  std::string series;              // "SCS", "" for none
  std::string version;             // module (data + rules) version, part of a record
  std::vector<std::string> sides;  // side names, index = side number
};

// A reachable hex for a unit's move, with the cheapest cost and the hex it is entered
// from on that path (the UI draws the path; the AI reads the costs).
struct Reach {
  Hex hex;
  int16_t cost = 0;  // movement points, in the game's smallest unit
  Hex from;
};

// A hex worth victory points, and how many.
struct VpHex {
  Hex hex;
  int vp = 0;
};

// What the acting player is asked now, in words, for the phase bar.
struct Prompt {
  int side = kNoSide;
  std::string phase;  // "German Movement Phase"
  std::string text;   // "Move units; end the phase when done."
};

class Rules {
 public:
  virtual ~Rules() = default;

  virtual const GameInfo& info() const = 0;
  virtual const Map& map() const = 0;
  virtual const UnitCatalog& catalog() const = 0;
  virtual const std::vector<ScenarioInfo>& scenarios() const = 0;

  // A new game of scenario `scenario` (an index into scenarios()) from `seed`.
  virtual State setup(int scenario, uint64_t seed) const = 0;

  // The side that must act now, or kNoSide when the game is over.
  virtual int to_act(const State& s) const = 0;
  virtual Prompt prompt(const State& s) const = 0;

  // Every action the acting side may take now; empty only when the game is over.
  virtual void legal_actions(const State& s, ActionList& out) const = 0;

  // Applies a legal action. Must not be called with an illegal one.
  virtual void apply(State& s, const Action& a, Events& ev) const = 0;

  // Why `a` is not legal now, citing the rule it breaks. Called only for an action
  // that legal_actions() does not list, so it may be slow and thorough.
  virtual Error explain_illegal(const State& s, const Action& a) const = 0;

  // Vocabulary and JSON forms of actions: {"type":"move","unit":"...","hex":"..."}.
  virtual const std::vector<std::string>& action_names() const = 0;
  // Which operands an action type uses (ActionOperand bits), so its JSON names only
  // those. The default, kAllOperands, writes every operand that is not at its default.
  virtual uint8_t action_operands(int type) const;
  virtual nlohmann::json action_to_json(const State& s, const Action& a) const;
  virtual std::optional<Action> action_from_json(const State& s, const nlohmann::json& j,
                                                 Error& err) const;

  // Names of the bits of UnitState::flags, of HexMarker::kind and SideMarker::kind, in
  // order; used by the state JSON so a position file reads as words.
  virtual const std::vector<std::string>& unit_flag_names() const = 0;
  virtual const std::vector<std::string>& hex_marker_names() const = 0;
  virtual const std::vector<std::string>& side_marker_names() const = 0;
  // Names of the flow steps (Frame::step), so the state JSON shows "combat", not 3.
  // Empty (the default) writes step numbers.
  virtual const std::vector<std::string>& step_names() const;

  // The game's ext struct (State::ext) as JSON and back. False + err on bad input.
  virtual nlohmann::json ext_to_json(const State& s) const = 0;
  virtual bool ext_from_json(State& s, const nlohmann::json& j, Error& err) const = 0;

  // Checks the game's invariants (stacking, steps, legal terrain). Empty when sound.
  virtual std::vector<std::string> check_invariants(const State& s) const = 0;

  // The outcome when over, e.g. {"winner":"German","level":"Marginal Victory","vp":12}.
  virtual nlohmann::json outcome(const State& s) const = 0;

  // Queries for the UI, the protocol and the AI; they never change the state.
  virtual std::vector<Reach> moves(const State& s, UnitId unit) const = 0;
  // The action by which `unit` may leave the map now, appended to `out` (none by
  // default): a planner that lists an army's actions once per phase asks it after a
  // unit's move, which may have brought the unit to the edge.
  virtual void exits(const State& s, UnitId unit, ActionList& out) const;
  // Whether `unit` could leave the map from `hex` were it there with the MP to pay
  // (false by default): a planner asks it of the hexes a unit can reach, to find the
  // moves after which exits() would list a way out.
  virtual bool exit_hex(const State& s, UnitId unit, Hex hex) const;
  virtual nlohmann::json odds(const State& s, const std::vector<UnitId>& attackers,
                              Hex defender) const = 0;
  virtual nlohmann::json supply(const State& s, int side) const = 0;
  // Every table of the game with the provenance of each cell (`hexfront tables`).
  virtual nlohmann::json tables() const = 0;
  // The game's VP hexes with their values, in map order. The default reads the map's
  // `vp=` marks; a game whose VP list lives in its data (and may be overridden by an
  // owner of the printed game) returns that list instead.
  virtual std::vector<VpHex> vp_hexes() const;
};

// A unit's JSON name (its UnitDef id) and back; kNoUnit when no unit has that id.
std::string unit_name(const Rules& rules, const State& s, UnitId id);
UnitId find_unit(const Rules& rules, const State& s, std::string_view id);

// The side named `name`, whatever its case; kNoSide when the game has no such side.
int find_side(const Rules& rules, std::string_view name);

// A hex's printed ID and back; nullopt when `id` is not a hex of the map.
std::string hex_name(const Rules& rules, Hex h);
std::optional<Hex> find_hex(const Rules& rules, std::string_view id);

}  // namespace core
