// Ardennes II as a core::Rules: set-up, the flow of play, legal actions and their
// effects, refusals, invariants and the outcome.
#include "games/ard2/ard2_rules.h"

#include "core/table.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "core/dice.h"
#include "core/json_file.h"
#include "core/overrides.h"
#include "core/map.h"
#include "games/ard2/ard2_internal.h"
#include "games/ard2/barrage.h"
#include "games/ard2/combat.h"
#include "games/ard2/data.h"
#include "games/ard2/effects.h"
#include "games/ard2/markers.h"
#include "games/ard2/special.h"
#include "games/ard2/movement.h"
#include "games/ard2/supply.h"

namespace ard2 {

namespace {

constexpr uint32_t kAllFlags = (kBuggedOut << 1) - 1;

// A phase a player acts in (the Air Supply step is the US player's, ARD2 2.2).
bool player_phase(Step s) { return step_info(s).side != core::kNoSide; }
bool pre_turn(Step s) { return s < Step::GermanBarrageRemoval; }

// Each hex once, in the order first met (a mark per board index).
class HexSet {
 public:
  explicit HexSet(const scs::Board& b) : board_(b), marks_(size_t(b.size()), 0) {}
  // True the first time `h` is inserted.
  bool insert(Hex h) {
    const int i = board_.index(h);
    if (i < 0) {
      if (std::find(off_board_.begin(), off_board_.end(), h) != off_board_.end()) return false;
      off_board_.push_back(h);
      return true;
    }
    if (marks_[size_t(i)]) return false;
    marks_[size_t(i)] = 1;
    return true;
  }

 private:
  const scs::Board& board_;
  std::vector<uint8_t> marks_;
  std::vector<Hex> off_board_;
};

std::vector<uint8_t> dg_units(const State& s) {
  std::vector<uint8_t> out(s.unit_count);
  for (UnitId u = 0; u < s.unit_count; ++u) out[u] = (s.units[u].flags & kDG) != 0;
  return out;
}

}  // namespace

// Logs the units of `made` that were not DG before.
void Ard2Rules::report_dg(const State& s, const std::vector<uint8_t>& before, const std::vector<UnitId>& made,
                          const char* why, Events& ev) const {
  for (UnitId u : made)
    if (!before[u]) ev.add("dg", core::unit_name(*this, s, u) + " is Disorganized: " + why, {{"unit", core::unit_name(*this, s, u)}});
}

// --- Loading -------------------------------------------------------------------------

std::unique_ptr<Ard2Rules> Ard2Rules::load(const std::string& dir, std::string& error) {
  const std::string path = dir + "/../../maps/ard2.map", override_path = dir + "/../../maps/ard2.override";
  std::vector<core::MapIssue> issues;
  auto map = core::Map::load(path, issues, std::filesystem::exists(override_path) ? override_path : "");
  if (!map) {
    error = issues.empty() ? "cannot read " + path : issues[0].to_string();
    return nullptr;
  }
  return load_with_map(dir, std::move(map), error);
}

namespace {

// An owner's CRT cell must be a result the CRT reader knows (SCS 8.0 notation).
std::string crt_cell_check(const core::Table& table, int, int, const json& value) {
  if (table.id() != "crt" || !value.is_string()) return "";
  return scs::parse_result(value.get<std::string>()) ? "" : "\"" + value.get<std::string>() + "\" is not a CRT result";
}

}  // namespace

std::unique_ptr<Ard2Rules> Ard2Rules::load_with_map(const std::string& dir, std::unique_ptr<core::Map> map,
                                                    std::string& error, const std::string& override_path) {
  std::unique_ptr<Ard2Rules> r(new Ard2Rules());
  r->info_ = {"ard2", "Ardennes II", "SCS", "0.1", {"Allied", "German"}};
  r->map_ = std::move(map);
  auto fail = [&](const std::string& file, const std::string& why) {
    error = dir + "/" + file + ": " + why;
    return nullptr;
  };
  // Tables and counters through core::load_game_data, so the owner override file
  // (docs/overrides.md) reaches the rules and every value keeps its provenance.
  std::vector<std::string> errors;
  auto data = core::load_game_data(dir, {"exploit", "zoc_infantry"}, override_path, errors, crt_cell_check);
  if (!data) {
    error = errors.empty() ? dir + ": unreadable data" : errors.front();
    for (size_t i = 1; i < errors.size(); ++i) error += "\n" + errors[i];
    return nullptr;
  }
  const auto counters = core::read_json_file(dir + "/counters.json", error);
  if (!counters) return nullptr;
  if (!units_from_catalog(data->counters, counters->value("formations", json::array()), r->unit_info_, error))
    return fail("counters.json", error);
  r->catalog_ = std::move(data->counters.catalog);
  for (const core::Table& t : data->tables.tables()) r->tables_[t.id()] = core::to_schema_json(t);
  for (const char* t : {"tec", "crt", "victory_levels", "victory_levels_7_3", "weather", "air_strikes", "vp_hexes",
                        "bridge_blowing"})
    if (!r->tables_.contains(t)) return fail("tables", std::string("no table ") + t);
  // Every table with the provenance of each cell, for `hexfront tables` and the UI.
  r->tables_with_sources_ = core::to_json(data->tables);
  scs::Tec tec;
  if (!tec_from_table(r->tables_["tec"], tec, error)) return fail("tables/tec.json", error);
  if (!scs::crt_from_table(r->tables_["crt"], r->crt_, error)) return fail("tables/crt.json", error);
  r->board_ = std::make_unique<scs::Board>(scs::board_from_map(*r->map_, std::move(tec)));
  if (!r->apply_map_additions(dir, error) || !r->read_vp_hexes(error) || !r->read_air_tables(error)) return nullptr;
  for (const scs::Bridge& b : r->board_->bridges())
    if (b.plunger && std::find(r->plungers_.begin(), r->plungers_.end(), *b.plunger) == r->plungers_.end())
      r->plungers_.push_back(*b.plunger);
  // After the map additions: the movement tables read the board's jams and bridges.
  r->reach_caches_ = std::make_unique<ReachCachePool>(std::make_shared<const MoveTables>(*r->board_));
  for (const char* id : {"7.1", "7.2", "7.3", "7.4", "7.5", "7.6"}) {
    const std::string file = std::string("scenarios/") + id + ".json";
    json j;
    if (!read_json(dir + "/" + file, j, error)) return nullptr;
    std::string why;
    if (!r->read_scenario(j, dir, why)) return fail(file, why);
  }
  return r;
}

bool Ard2Rules::read_scenario(const json& j, const std::string& /*dir*/, std::string& error) {
  Scenario sc;
  try {
    sc.info = {j.at("id").get<std::string>(), j.at("name").get<std::string>(), j.at("first_turn").get<int>(),
               j.at("last_turn").get<int>(), j.at("name").get<std::string>()};
    auto hex = [&](const json& id) -> Hex {
      const auto h = map_->ids().parse(id.get<std::string>());
      if (!h || !board_->contains(*h)) throw std::runtime_error("hex " + id.get<std::string>() + " is not on the map");
      return *h;
    };
    auto unit = [&](const json& id) {
      const int d = catalog_.find(id.get<std::string>());
      if (d < 0) throw std::runtime_error("unit " + id.get<std::string>() + " is not in counters.json");
      return d;
    };
    // Play area: a hex is in play when it is in any box of `bounds` (no boxes: all).
    sc.in_play.assign(size_t(board_->size()), 1);
    const json bounds = j.at("play_area").value("bounds", json::array());
    if (!bounds.empty())
      for (int i = 0; i < board_->size(); ++i) {
        const HexNumber n = hex_number(map_->ids().format(board_->hex_at(i)));
        bool in = false;
        for (const json& b : bounds)
          in |= b.at("map").get<std::string>()[0] == n.sheet && n.col >= b.value("col_min", 0) &&
                n.col <= b.value("col_max", 999) && n.row >= b.value("row_min", 0) && n.row <= b.value("row_max", 999);
        sc.in_play[size_t(i)] = in;
      }
    for (const json& line : j.at("setup")) {
      // ASSUMED: a unit set up "within N of" a hex is placed in that hex.
      sc.setup.emplace_back(unit(line.at("unit")), hex(line.contains("hex") ? line["hex"] : line.at("of")));
      const json status = line.value("status", json::array());
      sc.setup_dg.push_back(std::find(status.begin(), status.end(), "DG") != status.end());
      sc.setup_reduced.push_back(uint8_t(line.value("steps_lost", 0)));
    }
    for (const json& line : j.at("reinforcements")) {
      Reinforcement r;
      r.turn = line.at("turn").get<int>();
      const json& e = line.at("entry");
      std::vector<Hex> hexes;
      if (e.contains("hex")) hexes.push_back(hex(e["hex"]));
      for (const json& h : e.value("hex_choice", json::array())) hexes.push_back(hex(h));
      std::vector<std::string> areas;
      if (e.contains("area")) areas.push_back(e["area"].get<std::string>());
      for (const json& a : e.value("area_choice", json::array())) areas.push_back(a.get<std::string>());
      for (const std::string& a : areas)
        if (const core::Area* area = map_->area("entry:" + a))
          for (Hex h : area->hexes)
            if (board_->contains(h)) hexes.push_back(h);
      if (e.contains("within")) {
        const Hex centre = hex(e.at("of"));
        for (int i = 0; i < board_->size(); ++i)
          if (core::distance(board_->hex_at(i), centre) <= e["within"].get<int>()) hexes.push_back(board_->hex_at(i));
      }
      if (e.contains("edge")) {
        // "A:south": the play area's hexes on that sheet at its limit on that side.
        const std::string edge = e["edge"].get<std::string>();
        const char sheet = edge[0];
        const std::string dirn = edge.substr(2);
        const int sign = dirn == "south" || dirn == "west" ? -1 : 1;
        const bool by_row = dirn == "south" || dirn == "north";
        int best = -100000;
        std::vector<std::pair<int, Hex>> cands;
        for (int i = 0; i < board_->size(); ++i) {
          const HexNumber n = hex_number(map_->ids().format(board_->hex_at(i)));
          if (n.sheet != sheet || !sc.in_play[size_t(i)]) continue;
          const int v = sign * (by_row ? n.row : n.col);
          best = std::max(best, v);
          cands.emplace_back(v, board_->hex_at(i));
        }
        for (const auto& [v, h] : cands)
          if (v == best) hexes.push_back(h);
      }
      // ASSUMED: an entry outside the play area (a 7.3 Entry Area on the map edge) is
      // read as the play-area hexes nearest to it.
      if (!hexes.empty() && std::none_of(hexes.begin(), hexes.end(), [&](Hex h) { return sc.in_play[size_t(board_->index(h))]; })) {
        std::vector<std::pair<int, Hex>> near;
        for (int i = 0; i < board_->size(); ++i) {
          if (!sc.in_play[size_t(i)]) continue;
          int d = 1 << 20;
          for (Hex h : hexes) d = std::min(d, core::distance(h, board_->hex_at(i)));
          near.emplace_back(d, board_->hex_at(i));
        }
        hexes.clear();
        const int nearest = near.empty() ? 0 : std::min_element(near.begin(), near.end())->first;
        for (const auto& [d, h] : near)
          if (d == nearest) hexes.push_back(h);
      }
      std::erase_if(hexes, [&](Hex h) { return !sc.in_play[size_t(board_->index(h))]; });
      // ARD2 5.1 (XVIII Abn Corps) and 4.1 (vdH): the owner picks the hex (placement.cpp).
      if (e.value("rule", "") == "ARD2 5.1") r.placement = Placement::Xviii;
      if (line.contains("condition") && line["condition"].value("rule", "") == "ARD2 4.1") r.placement = Placement::Vdh;
      if (!hexes.empty()) {
        r.entry = int(sc.entries.size());
        sc.entries.push_back(std::move(hexes));
      }
      if (line.contains("condition")) {
        // OOA conditional arrivals roll one die; vdH (4.1) lands on 3-6.
        const json& c = line["condition"];
        r.min_roll = c.value("min", 3);
      }
      sc.arrivals.emplace_back(unit(line.at("unit")), r);
    }
    for (const json& rm : j.at("removals")) {
      std::vector<int> units;
      for (const json& u : rm.at("units")) units.push_back(unit(u));
      sc.removals.emplace_back(rm.at("turn").get<int>(), std::move(units));
    }
    for (const json& m : j.at("markers"))
      if (m.at("type") == "BridgeBlown") sc.blown.push_back(hex(m.at("hex")));
    for (const json& h : j.at("initial_control").value("german", json::array())) {
      const auto x = place_hex(h.get<std::string>());
      if (!x) throw std::runtime_error("initial control: " + h.get<std::string>() + " is neither a hex nor a place");
      sc.german_control.push_back(*x);
    }
    // Victory (6.0 and each scenario's conditions).
    const json& v = j.at("victory");
    sc.victory_type = v.at("type").get<std::string>();
    sc.victory_side = v.value("side", kGerman);
    sc.otherwise_winner = v.value("otherwise_winner", kAllied);
    sc.min_hexes = v.value("min_hexes", 0);
    if (v.contains("levels")) {
      // The table as loaded (owner overrides applied), by its file's name.
      const std::string file = v["levels"].get<std::string>();
      const std::string id = std::filesystem::path(file).stem().string();
      if (!tables_.contains(id)) throw std::runtime_error(file + ": no such table");
      if (!levels_from_table(tables_[id], sc.levels, error)) throw std::runtime_error(file + ": " + error);
      std::sort(sc.levels.begin(), sc.levels.end(), [](const auto& a, const auto& b) { return a.min_vp > b.min_vp; });
    }
    for (const json& p : v.value("places", json::array())) {
      const auto h = place_hex(p.get<std::string>());
      if (!h) throw std::runtime_error("victory place " + p.get<std::string>() + " is neither a VP hex nor a map place");
      sc.victory_hexes.push_back(*h);
    }
    for (const json& c : v.value("conditions", json::array()))
      if (c.value("type", "") == "control")
        for (const json& h : c.at("hexes")) sc.victory_hexes.push_back(hex(h));
  } catch (const std::exception& e) {
    error = e.what();
    return false;
  }
  if (!read_turn_data(j, sc, error)) return false;
  scenario_infos_.push_back(sc.info);
  scenario_list_.push_back(std::move(sc));
  return true;
}

bool Ard2Rules::in_play(const State& s, Hex h) const {
  const int i = board_->index(h);
  return i >= 0 && scenario_list_[s.scenario].in_play[size_t(i)];
}

// --- Vocabulary ------------------------------------------------------------------------

const std::vector<std::string>& Ard2Rules::action_names() const {
  static const std::vector<std::string> kNames{"move", "barrage", "declare_attack", "add_attacker", "resolve_attack",
                                               "hold", "retreat",  "retreat_to",     "end_phase",
                                               "air_supply", "air_strike", "blow_bridge", "place", "exit",
                                               "overrun", "take_loss", "advance", "end_advance", "bug_out",
                                               "recovery_roll", "keep_dg"};
  return kNames;
}

uint8_t Ard2Rules::action_operands(int type) const {
  switch (type) {
    case kMove:
    case kBarrage:
    case kOverrun:
    case kAdvance:
    case kBugOut: return core::kUnitOperand | core::kHexOperand;
    case kDeclareAttack:
    case kRetreatTo: return core::kHexOperand;
    case kAddAttacker:
    case kTakeLoss: return core::kUnitOperand;
    case kPlaceAirSupply:
    case kAirStrike:
    case kPlace: return core::kHexOperand;
    case kBlowBridge: return core::kUnitOperand | core::kHexOperand;
    case kExit: return core::kUnitOperand;
    default: return core::kNoOperand;
  }
}

const std::vector<std::string>& Ard2Rules::unit_flag_names() const {
  static const std::vector<std::string> kNames{"dg",       "moved",    "fired",   "spotted",       "overran",
                                               "started_adjacent", "enemy_barrage", "attacked", "stopped",
                                               "in_entry_area", "defended", "out_of_supply", "committed",
                                               "attacker", "bug_out_due", "bugged_out"};
  return kNames;
}

const std::vector<std::string>& Ard2Rules::hex_marker_names() const {
  static const std::vector<std::string> kNames{"full_allied", "full_german", "half_allied", "half_german", "air_supply",
                                               "control", "air_struck"};
  return kNames;
}

const std::vector<std::string>& Ard2Rules::side_marker_names() const {
  static const std::vector<std::string> kNames{"bridge_blown", "bridge_tested"};
  return kNames;
}

const std::vector<std::string>& Ard2Rules::step_names() const {
  static const std::vector<std::string> kNames{
      "weather",         "air_strikes",     "air_supply",       "reinforcements",  "dg_removal",
      "german_barrage_removal", "german_movement", "german_half_reconciliation", "us_barrage",
      "us_barrage_half_reconciliation", "german_combat", "german_exploitation", "german_supply",
      "us_barrage_removal", "us_movement", "us_half_reconciliation", "us_combat", "us_exploitation", "us_supply",
      "turn_end",        "attack",          "defender_choice",  "retreat",
      "placement", "bridge_window",
      "loss", "advance", "bug_out", "artillery_recovery"};
  return kNames;
}

// --- Set-up ----------------------------------------------------------------------------

State Ard2Rules::setup(int scenario, uint64_t seed) const {
  const Scenario& sc = scenario_list_.at(size_t(scenario));
  State s{};
  core::seed_rng(s, seed);
  s.scenario = uint16_t(scenario);
  s.turn = int16_t(sc.info.first_turn);
  for (size_t i = 0; i < sc.setup.size(); ++i) {
    UnitState& u = s.units[s.unit_count++];
    u.def = uint16_t(sc.setup[i].first);
    u.where = Where::OnMap;
    u.hex = sc.setup[i].second;
    u.steps_lost = sc.setup_reduced[i];
    if (sc.setup_dg[i]) u.flags |= kDG;
    // 7.3 errata 1: German units set up in a Traffic Jam hex start DG.
    if (sc.tj_setup_dg && unit_info_[u.def].side == kGerman && board_->is_traffic_jam(u.hex)) u.flags |= kDG;
  }
  for (const auto& [def, r] : sc.arrivals) {
    UnitState& u = s.units[s.unit_count++];
    u.def = uint16_t(def);
    u.arrival_turn = int16_t(r.turn);
    u.entry = uint8_t(r.entry + 1);
  }
  for (Hex h : sc.blown)
    for (const scs::Bridge& b : board_->bridges())
      if (b.side.hex == h || core::neighbor(b.side.hex, b.side.dir) == h) core::add_side_marker(s, b.side, kBridgeBlown);
  for (Hex h : sc.german_control) set_marker(s, h, kControl, kGerman + 1);
  Events none;
  core::push_frame(s, Frame{uint16_t(Step::Weather), core::kNoSide, 0, 0, 0});
  run_automatic(s, none);
  return s;
}

// --- Queries ---------------------------------------------------------------------------

int Ard2Rules::to_act(const State& s) const { return s.over || !s.has_frame() ? core::kNoSide : s.top().side; }

core::Prompt Ard2Rules::prompt(const State& s) const {
  if (s.over || !s.has_frame()) return {core::kNoSide, "Game over", "The game is over."};
  const Frame& f = s.top();
  const std::string side = f.side >= 0 ? info_.sides[size_t(f.side)] : "";
  if (sequence_step(f.step)) {
    const Step st = Step(f.step);
    std::string text = "End the phase when done.";
    if (is_movement(st)) text = "Move units and fire artillery; end the phase when done.";
    if (st == Step::UsBarrage) text = "Fire artillery and Air Strikes; end the phase when done.";
    if (st == Step::AirSupply)
      text = fmt::format("Place Air Supply markers ({} Air Strikes left); end the step when done.", s.ext<Ext>().air_strikes);
    if (is_combat(st)) text = "Declare attacks on adjacent enemy hexes; end the phase when done.";
    if (is_exploitation(st)) text = "Move and attack with Exploit Capable units; end the phase when done.";
    return {f.side, fmt::format("Turn {}: {}", s.turn, step_info(st).name), text};
  }
  if (combat_frame(f.step)) return combat_prompt(s);
  const std::string hex = core::hex_name(*this, key_hex(f.a));
  switch (f.step) {
    case kAttackStep:
      if (f.flags & kOverrunFrame) return {f.side, side + " Overrun", "Add units of the stack overrunning " + hex + ", then resolve."};
      return {f.side, side + " attack", "Add attackers against " + hex + ", then resolve."};
    case kDefenderChoice: return {f.side, side + " defence", "Hold in " + hex + " or Retreat 5 hexes."};
    case kPlaceStep:
      return {f.side, side + " placement", "Choose the hex of " + core::unit_name(*this, s, UnitId(f.a)) + "."};
    case kBridgeWindow: return {f.side, side + " bridges", "Try to blow a bridge, or end to let the Germans go on."};
    case kArtilleryRecovery:
      return {f.side, side + " artillery recovery",
              core::unit_name(*this, s, UnitId(f.a)) +
                  " is DG and can neither trace supply nor reach Air Supply: roll (1 removed, 2-3 no change, 4-6 DG "
                  "removed) or keep it DG."};
    default: return {f.side, side + " retreat", "Retreat from " + core::hex_name(*this, key_hex(f.b)) + "."};
  }
}

std::vector<core::Reach> Ard2Rules::moves(const State& s, UnitId unit) const {
  if (unit >= s.unit_count || !on_map(s.units[unit])) return {};
  const Position p = position(s);
  std::vector<core::Reach> out = reach_caches_->lease(p)->range(p, unit);
  std::erase_if(out, [&](const core::Reach& r) { return r.hex == s.units[unit].hex || !in_play(s, r.hex); });
  return out;
}

json Ard2Rules::odds(const State& s, const std::vector<UnitId>& attackers, Hex defender) const {
  const Position p = position(s);
  const OddsInfo o = compute_odds(p, crt_, attackers, defender);
  // TEC note 1 bars the attack whatever its odds, as apply() would.
  const char* barred = terrain_refusal(p, attackers, defender);
  json j = {{"attack", o.attack / double(scs::kEighths)}, {"defense", o.defense / double(scs::kEighths)},
            {"odds", fmt::format("{}:{}", o.odds.attack, o.odds.defense)}, {"shift", o.shift},
            {"column", crt_.column_name(o.column)}, {"allowed", o.declarable && !barred}, {"rule", "ARD2 3.2"}};
  if (barred) j["why"] = barred;
  j.update(odds_detail(o, p, attackers, defender));  // "results", "shifts"
  return j;
}

json Ard2Rules::supply(const State& s, int side) const {
  const Position p = position(s);
  const auto trace = traced(s, side);
  json in = json::array(), out = json::array();
  for (UnitId u : p.on_map(side)) (in_supply(p, trace, u) ? in : out).push_back(core::unit_name(*this, s, u));
  return {{"side", side}, {"in_supply", in}, {"out_of_supply", out}, {"rule", "ARD2 3.7"}};
}

json Ard2Rules::tables() const { return tables_with_sources_; }

json Ard2Rules::ext_to_json(const State& s) const {
  const Ext& e = s.ext<Ext>();
  json exits = json::array();
  for (UnitId u = 0; u < s.unit_count; ++u)
    if (e.exit_turn[u]) exits.push_back({u, e.exit_turn[u]});
  return {{"max_vp", e.max_vp}, {"attacks", e.attacks}, {"freeze", e.freeze != 0}, {"air_strikes", e.air_strikes},
          {"exits", exits}};
}

bool Ard2Rules::ext_from_json(State& s, const json& j, Error& err) const {
  if (!j.is_object() || !j.contains("max_vp") || !j["max_vp"].is_number_integer() || !j.contains("attacks") ||
      !j["attacks"].is_number_integer()) {
    err = {"bad_state", "want {\"max_vp\": n, \"attacks\": n}", ""};
    return false;
  }
  Ext e;
  e.max_vp = j["max_vp"].get<int32_t>();
  e.attacks = j["attacks"].get<int32_t>();
  // Freeze, Air Strikes and exits are optional so that older states still load.
  try {
    e.freeze = j.value("freeze", false) ? 1 : 0;
    e.air_strikes = j.value("air_strikes", 0);
    for (const json& x : j.value("exits", json::array())) {
      const int u = x.at(0).get<int>(), t = x.at(1).get<int>();
      if (u < 0 || u >= core::State::kMaxUnits || t < 1 || t > 255) throw std::runtime_error("bad exit");
      e.exit_turn[size_t(u)] = uint8_t(t);
    }
  } catch (const std::exception&) {
    err = {"bad_state", "ext: want freeze (bool), air_strikes (n), exits ([[unit, turn], ...])", ""};
    return false;
  }
  if (e.air_strikes < 0) {
    err = {"bad_state", "ext: air_strikes must not be negative", ""};
    return false;
  }
  s.ext<Ext>() = e;
  return true;
}

// --- Sequence of play ------------------------------------------------------------------

void Ard2Rules::enter_step(State& s, Step step, Events& ev) const {
  core::goto_frame(s, Frame{uint16_t(step), int8_t(step_info(step).side), 0, 0, 0});
  if (player_phase(step) && !pre_turn(step)) {
    begin_phase(s, position(s), [&](UnitId u) { return setup_exempt(s, u); });
    mark_phase_bug_outs(s);  // ARD2 3.6: enemies that begin the phase next to artillery
  }
  ev.add("phase", fmt::format("Turn {}: {}", s.turn, step_info(step).name), {{"step", step_names()[size_t(step)]}});
  // ARD2 5.1: the XVIII Abn Corps is placed at the start of the US Movement Phase.
  if (step == Step::UsMovement) push_placement(s, Placement::Xviii);
  // ARD2 3.8 (T-blow): the US may blow bridges as the German Movement or Exploitation starts.
  if (step == Step::GermanMovement || step == Step::GermanExploitation) open_bridge_window(s, std::nullopt);
}

// ARD2 errata All Scenarios (A9): a unit set up in a Traffic Jam hex without a DG mark
// is not made DG by it while it stays in its set-up hex (7.3 errata 1 excepted).
bool Ard2Rules::setup_exempt(const State& s, UnitId u) const {
  const Scenario& sc = scenario(s);
  return u < sc.setup.size() && !sc.tj_setup_dg && !sc.setup_dg[u] && s.units[u].hex == sc.setup[u].second;
}

// ARD2 3.1, 3.4, 6.0: the end of a player's phase: placed reinforcements count for
// stacking from the end of their side's first Movement phase (A24), then DG for
// overstacking and mixed Divisions, and VP hex control. Then the next step of the sequence.
void Ard2Rules::finish_step(State& s, Events& ev) const {
  const Step st = Step(s.top().step);
  if (player_phase(st) && !pre_turn(st)) {
    if (is_movement(st))
      for (UnitId u = 0; u < s.unit_count; ++u)
        if (side_of(s, u) == phasing_side(st)) s.units[u].flags &= ~kInEntryArea;
    const auto before = dg_units(s);
    report_dg(s, before, end_phase_dg(s, position(s)), "overstacked or mixing Divisions (ARD2 3.1)", ev);
    update_control(s, position(s), [&](int side) { return traced(s, side); });
  }
  if (st == Step::TurnEnd) {
    turn_end(s, ev);
    return;
  }
  enter_step(s, next_step(st, s.turn), ev);
}

// ARD2 2.2, SCS 5.0: the Reinforcement Placement step: scheduled removals, then each
// arrival of this turn into the first hex of its entry that holds no enemy and fewer
// than three friendly units. ASSUMED: an arrival with no such hex waits a turn.
void Ard2Rules::reinforcements(State& s, Events& ev) const {
  const Scenario& sc = scenario_list_[s.scenario];
  for (const auto& [turn, defs] : sc.removals) {
    if (turn != s.turn) continue;
    for (UnitId u = 0; u < s.unit_count; ++u)
      if (std::find(defs.begin(), defs.end(), s.units[u].def) != defs.end() && s.units[u].where != Where::Eliminated &&
          s.units[u].where != Where::Exited) {
        s.units[u].where = Where::Exited;
        ev.add("removed", core::unit_name(*this, s, u) + " leaves play (ARD2 2.2)", {{"unit", core::unit_name(*this, s, u)}});
      }
  }
  const size_t first = sc.setup.size();
  for (size_t k = 0; k < sc.arrivals.size(); ++k) {
    const UnitId u = UnitId(first + k);
    UnitState& us = s.units[u];
    const Reinforcement& r = sc.arrivals[k].second;
    if (us.where != Where::Pool || us.arrival_turn > s.turn || r.entry < 0 || r.placement != Placement::Entry) continue;
    const std::string name = core::unit_name(*this, s, u);
    if (r.min_roll > 0 && us.arrival_turn == r.turn &&
        !conditional_arrival(core::roll_die(s, 6, ev, "arrival of " + name), r.min_roll)) {
      us.where = Where::Exited;  // OOA, 4.1: it never arrives
      ev.add("removed", name + " does not arrive", {{"unit", name}});
      continue;
    }
    const Position p = position(s);
    const int side = side_of(s, u);
    const auto& hexes = sc.entries[size_t(r.entry)];
    const auto at = std::find_if(hexes.begin(), hexes.end(),
                                 [&](Hex h) { return !p.has_enemy(h, side) && p.count(h, side) < kStackLimit; });
    if (at == hexes.end()) {
      us.arrival_turn = int16_t(s.turn + 1);
      continue;
    }
    us.where = Where::OnMap;
    us.hex = *at;
    us.flags |= kInEntryArea;
    ev.add("arrive", name + " arrives at " + core::hex_name(*this, *at), {{"unit", name}, {"hex", core::hex_name(*this, *at)}});
  }
  push_placement(s, Placement::Vdh);  // ARD2 4.1: the German player picks vdH's drop hex
}

// ARD2 6.0: the German VP total at the end of each turn; the game ends after the
// scenario's last turn.
void Ard2Rules::turn_end(State& s, Events& ev) const {
  Ext& e = s.ext<Ext>();
  e.max_vp = std::max(e.max_vp, german_vp(position(s)));
  if (s.turn >= scenario_list_[s.scenario].info.last_turn) {
    core::pop_frame(s);
    s.over = 1;
    const json o = outcome(s);
    s.result_side = int8_t(o["winner_side"].get<int>());
    s.result_level = int16_t(o["level_index"].get<int>());
    ev.add("over", "Game over: " + o["level"].get<std::string>(), o);
    return;
  }
  ++s.turn;
  ev.add("turn", fmt::format("Turn {}", s.turn), {{"turn", s.turn}});
  enter_step(s, Step::Weather, ev);
}

// Whether the top frame resolves with no player's choice.
bool Ard2Rules::automatic_now(const State& s) const {
  const Frame& f = s.top();
  if (f.step == kRetreatStep) return retreat_hexes(s).empty();
  if (f.step == kPlaceStep) return placement_hexes(s, UnitId(f.a)).empty();
  if (f.step == kBridgeWindow) {
    core::ActionList blows;
    legal_blows(position(s), blows);
    return blows.empty();
  }
  if (combat_frame(f.step)) return combat_automatic(s);
  if (!sequence_step(f.step)) return false;
  const Step st = Step(f.step);
  if (!player_phase(st)) return true;
  if (is_movement(st)) return false;
  // A player phase whose only action would be to end it passes by itself.
  core::ActionList acts;
  phase_actions(s, acts, true);
  return acts.empty();
}

// Runs steps until a player has a choice or the game is over.
void Ard2Rules::run_automatic(State& s, Events& ev) const {
  capture_plungers(s, ev);
  while (!s.over && s.has_frame()) {
    schedule_bug_outs(s);  // ARD2 3.6: a Bug Out interrupts whatever runs
    if (!automatic_now(s)) break;
    if (combat_frame(s.top().step)) {
      run_combat_frame(s, ev);
      continue;
    }
    if (s.top().step == kRetreatStep) {
      end_retreat(s, true, ev);  // A11: blocked, the stack loses a step and stays
      continue;
    }
    if (s.top().step == kPlaceStep) {
      no_placement(s, ev);
      continue;
    }
    if (s.top().step == kBridgeWindow) {
      core::pop_frame(s);
      continue;
    }
    const Step st = Step(s.top().step);
    switch (st) {
      case Step::Weather: weather_step(s, ev); break;
      case Step::AirStrikes: air_strike_step(s, ev); break;
      case Step::Reinforcements:
        reinforcements(s, ev);
        if (!sequence_step(s.top().step)) continue;  // a placement choice is open
        break;
      case Step::DgRemoval:
        // The frame's flags mark the step as done once its artillery choices are asked.
        if (s.top().flags == 0) {
          dg_removal(s, position(s), traced(s, kGerman), traced(s, kAllied));
          s.top().flags = 1;
          ask_artillery_recovery(s);  // ARD2 3.7: Air Supply for Artillery
          if (!sequence_step(s.top().step)) continue;
        }
        break;
      case Step::GermanBarrageRemoval:
      case Step::UsBarrageRemoval: remove_all_barrage(s); break;
      case Step::GermanHalfReconciliation:
      case Step::UsBarrageHalfReconciliation:
      case Step::UsHalfReconciliation: {
        const int owner = st == Step::GermanHalfReconciliation ? kGerman : kAllied;
        reconcile_halves(s, owner, [&](Hex h) { return core::roll_die(s, 6, ev, "Half marker in " + core::hex_name(*this, h)); });
        break;
      }
      case Step::GermanSupply:
      case Step::UsSupply: {
        // ASSUMED: supply is traced to the friendly map edges of 1.3 in every scenario.
        const int side = st == Step::GermanSupply ? kGerman : kAllied;
        const auto before = dg_units(s);
        report_dg(s, before, supply_phase(s, position(s), side, traced(s, side)), "Out of Supply (ARD2 3.7)", ev);
        // ARD2 3.7 (A21): Air Supply markers go at the end of the US Player Turn.
        if (side == kAllied) clear_markers(s, kAirSupply);
        break;
      }
      default: break;
    }
    finish_step(s, ev);
  }
}

// --- Legal actions ---------------------------------------------------------------------

void Ard2Rules::legal_moves(const Position& p, bool exploitation, core::ActionList& out, bool first_only) const {
  const State& s = p.state();
  const int side = s.top().side;
  const auto reach = reach_caches_->lease(p);
  const std::vector<uint8_t>& play = scenario_list_[s.scenario].in_play;
  for (UnitId u : p.on_map(side)) {
    // ARD2 3.5, 3.6: artillery that fired and spotters do not move this phase.
    // ASSUMED (SCS): a unit makes its whole move as one action, once per phase.
    if (s.units[u].flags & (kFired | kSpotted | kMoved | kStopped)) continue;
    if (exploitation && !may_exploit(p, u)) continue;
    const auto& range = reach->range(p, u);
    const auto& index = reach->indices(u);
    for (size_t k = 0; k < range.size(); ++k)
      if (range[k].hex != s.units[u].hex && index[k] >= 0 && play[size_t(index[k])])
        out.push_back(Action{kMove, u, range[k].hex, 0});
    if (first_only && !out.empty()) return;
  }
}

void Ard2Rules::legal_barrages(const Position& p, core::ActionList& out, bool first_only) const {
  const State& s = p.state();
  const int side = s.top().side;
  std::vector<Hex> targets;
  HexSet seen(*board_);
  for (UnitId u : p.on_map(other_side(side)))
    if (seen.insert(s.units[u].hex)) targets.push_back(s.units[u].hex);
  for (UnitId u : p.on_map(side)) {
    if (!p.info(u).artillery) continue;
    for (Hex t : targets)
      if (!barrage_refusal(p, u, t, false)) {
        out.push_back(Action{kBarrage, u, t, 0});
        if (first_only) return;
      }
  }
}

bool Ard2Rules::may_attack_with(const Position& p, UnitId u, Hex target) const {
  const State& s = p.state();
  const Frame& bottom = s.stack[0];
  if (!on_map(s.units[u]) || side_of(s, u) != bottom.side || core::distance(s.units[u].hex, target) != 1) return false;
  if (s.units[u].flags & (kAttacked | kCommitted)) return false;
  if (is_exploitation(Step(bottom.step)) && !may_exploit(p, u)) return false;
  return attack_refusal(p, {u}, target) == nullptr;
}

bool Ard2Rules::attack_possible(const Position& p, Hex target) const {
  // Attackers are adjacent (may_attack_with): only the six neighbours' units, in id order.
  std::vector<UnitId> all;
  for (int d = 0; d < core::kDirections; ++d)
    for (UnitId u : p.units_at(core::neighbor(target, d)))
      if (may_attack_with(p, u, target)) all.push_back(u);
  std::sort(all.begin(), all.end());
  return !all.empty() && compute_odds(p, crt_, all, target).declarable;
}

void Ard2Rules::legal_attacks(const Position& p, core::ActionList& out, bool first_only) const {
  const State& s = p.state();
  const int side = s.top().side;
  HexSet seen(*board_);
  for (UnitId u = 0; u < s.unit_count; ++u) {
    if (!on_map(s.units[u]) || side_of(s, u) == side || (s.units[u].flags & kDefended)) continue;
    const Hex h = s.units[u].hex;
    if (!seen.insert(h)) continue;
    if (attack_possible(p, h)) {
      out.push_back(Action{kDeclareAttack, core::kNoUnit, h, 0});
      if (first_only) return;
    }
  }
}

void Ard2Rules::legal_actions(const State& s, core::ActionList& out) const {
  out.clear();
  if (s.over || !s.has_frame()) return;
  const Frame& f = s.top();
  const Action end{kEndPhase, core::kNoUnit, {}, 0};
  if (combat_frame(f.step) || (f.step == kAttackStep && (f.flags & kOverrunFrame))) {
    legal_combat_frame(s, out);
    return;
  }
  switch (f.step) {
    case kAttackStep: {
      const Hex target = key_hex(f.a);
      const Position p = position(s);
      for (UnitId u = 0; u < s.unit_count; ++u)
        if (may_attack_with(p, u, target)) out.push_back(Action{kAddAttacker, u, {}, 0});
      const auto att = committed(s);
      if (!att.empty() && compute_odds(p, crt_, att, target).declarable)
        out.push_back(Action{kResolveAttack, core::kNoUnit, {}, 0});
      return;
    }
    case kDefenderChoice:
      out.push_back(Action{kHold, core::kNoUnit, {}, 0});
      out.push_back(Action{kRetreat, core::kNoUnit, {}, 0});
      return;
    case kRetreatStep:
      for (Hex h : retreat_hexes(s)) out.push_back(Action{kRetreatTo, core::kNoUnit, h, 0});
      return;
    case kPlaceStep:
      for (Hex h : placement_hexes(s, UnitId(f.a))) out.push_back(Action{kPlace, core::kNoUnit, h, 0});
      return;
    case kBridgeWindow:
      legal_blows(position(s), out);
      out.push_back(end);
      return;
    case kArtilleryRecovery:
      out.push_back(Action{kRecoveryRoll, core::kNoUnit, {}, 0});
      out.push_back(Action{kKeepDg, core::kNoUnit, {}, 0});
      return;
    default: break;
  }
  phase_actions(s, out, false);
  out.push_back(end);
}

// The actions of a step of the sequence of play besides ending it. With `first_only`,
// it stops once `out` holds one (automatic_now asks only whether there is any).
void Ard2Rules::phase_actions(const State& s, core::ActionList& out, bool first_only) const {
  const Frame& f = s.top();
  const Step st = Step(f.step);
  const auto done = [&] { return first_only && !out.empty(); };
  const Position p = position(s);  // one view for every kind of action
  if (is_movement(st) || is_exploitation(st)) {
    legal_moves(p, is_exploitation(st), out, first_only);
    if (done()) return;
    legal_overruns(p, is_exploitation(st), out);
    if (done()) return;
  }
  if (barrage_step(st)) legal_barrages(p, out, first_only);
  if (done()) return;
  if (is_combat(st) || is_exploitation(st)) legal_attacks(p, out, first_only);
  if (done()) return;
  // ARD2 2.2, 3.7 (Air Supply, Air Strikes), 3.8 (bridges, the US at any moment), 7.x (exits).
  legal_air(s, out);
  if (done()) return;
  if (f.side == kAllied) legal_blows(p, out);
  if (done()) return;
  legal_exits(s, out);
}

// ARD2 3.5: one die, modified, against the target's terrain; artillery out of supply
// becomes DG when it fires (3.4).
void Ard2Rules::barrage(State& s, UnitId arty, Hex target, Events& ev) const {
  const int side = side_of(s, arty);
  bool dg = false;
  int drm = 0;
  {
    const Position p = position(s);
    dg = artillery_dg_for_barrage(p, arty, traced(s, side));
    drm = barrage_drm(p, target, side, s.units[arty].hex);
  }
  const std::string name = core::unit_name(*this, s, arty);
  const int roll = core::roll_die(s, 6, ev, "barrage by " + name);
  const BarrageResult r = barrage_outcome(*board_, target, roll + drm);
  place_barrage(s, target, side, r);
  s.units[arty].flags |= kFired | (dg ? kDG : 0u);
  constexpr const char* kNames[] = {"no effect", "Half marker", "Full marker"};
  ev.add("barrage", fmt::format("{} fires on {}: {}+{}: {}", name, core::hex_name(*this, target), roll, drm, kNames[int(r)]),
         {{"unit", name}, {"hex", core::hex_name(*this, target)}, {"roll", roll}, {"drm", drm}, {"result", kNames[int(r)]}});
}

// --- Apply -----------------------------------------------------------------------------

void Ard2Rules::apply(State& s, const Action& a, Events& ev) const {
  const Frame f = s.top();
  switch (a.type) {
    case kMove: {
      const Position p = position(s);
      const auto reach = reach_caches_->lease(p);
      const auto& range = reach->range(p, a.unit);
      const auto r = std::find_if(range.begin(), range.end(), [&](const core::Reach& x) { return x.hex == a.hex; });
      const int side = side_of(s, a.unit);
      const bool jam = side == kGerman && traffic_jam_active(p, a.hex, side);
      ev.add("move",
             fmt::format("{} moves {} to {}", core::unit_name(*this, s, a.unit), core::hex_name(*this, s.units[a.unit].hex),
                         core::hex_name(*this, a.hex)),
             {{"unit", core::unit_name(*this, s, a.unit)}, {"to", core::hex_name(*this, a.hex)}});
      move_units(s, {a.unit}, a.hex, r->cost);
      if (jam) s.units[a.unit].flags |= kDG;  // ARD2 3.1
      after_move(s, a.unit, range, ev);                   // ARD2 3.5 markers passed, 3.6 Bug Outs
      if (side == kGerman) open_bridge_window(s, a.hex);  // ARD2 3.8 (T-blow)
      break;
    }
    case kBarrage: barrage(s, a.unit, a.hex, ev); break;
    case kDeclareAttack:
      core::push_frame(s, Frame{kAttackStep, f.side, 0, int32_t(a.hex.key()), 0});
      ev.add("attack", fmt::format("{} attacks {}", info_.sides[size_t(f.side)], core::hex_name(*this, a.hex)),
             {{"hex", core::hex_name(*this, a.hex)}});
      break;
    case kAddAttacker: s.units[a.unit].flags |= kCommitted | ((f.flags & kOverrunFrame) ? 0u : uint32_t(kAttacked)); break;
    case kResolveAttack: start_combat(s, ev); break;
    case kHold:
      core::goto_frame(s, Frame{kAttackStep, int8_t(other_side(f.side)), f.flags, f.a, f.b});
      resolve_attack(s, ev);
      break;
    case kRetreat: choose_retreat(s, ev); break;
    case kRetreatTo: retreat_step(s, a.hex, ev); break;
    case kEndPhase:
      if (f.step == kBridgeWindow) {
        core::pop_frame(s);
      } else {
        finish_step(s, ev);
      }
      break;
    case kPlaceAirSupply: air_supply(s, a.hex, ev); break;
    case kAirStrike: air_strike(s, a.hex, ev); break;
    case kBlowBridge: blow_bridge(s, a.unit, a.hex, ev); break;
    case kPlace: place(s, a.hex, ev); break;
    case kExit: exit_unit(s, a.unit, ev); break;
    case kOverrun:
    case kTakeLoss:
    case kAdvance:
    case kEndAdvance:
    case kBugOut: apply_combat(s, a, ev); break;
    case kRecoveryRoll:
    case kKeepDg: artillery_recovery(s, a.type == kRecoveryRoll, ev); break;
  }
  run_automatic(s, ev);
}

// --- Refusals --------------------------------------------------------------------------

Error Ard2Rules::explain_illegal(const State& s, const Action& a) const {
  auto refuse = [](std::string msg, std::string rule) { return Error{"illegal_action", std::move(msg), std::move(rule)}; };
  if (s.over || !s.has_frame()) return refuse("the game is over", "ARD2 2.1");
  const Frame& f = s.top();
  const std::string name = a.type < action_names().size() ? action_names()[a.type] : "?";
  const bool seq = sequence_step(f.step);
  const Step st = seq ? Step(f.step) : Step::kCount;
  const bool unit_ok = a.unit < s.unit_count;
  auto not_now = [&] { return refuse(fmt::format("\"{}\" is not possible now: {}", name, prompt(s).text), "ARD2 2.1"); };
  switch (a.type) {
    case kMove: {
      if (!seq || !(is_movement(st) || is_exploitation(st))) return not_now();
      if (!unit_ok || !on_map(s.units[a.unit])) return refuse("that unit is not on the map", "ARD2 3.1");
      if (side_of(s, a.unit) != f.side) return refuse("that unit is not yours: it is the other player's phase", "ARD2 2.1");
      if (s.units[a.unit].flags & kFired) return refuse("artillery that fired this phase may not move", "ARD2 3.6");
      if (s.units[a.unit].flags & kMoved) return refuse("that unit has already moved this phase", "ARD2 3.1");
      if (s.units[a.unit].flags & kSpotted) return refuse("a unit that spotted this phase may not move", "ARD2 3.5");
      if (s.units[a.unit].flags & kStopped)
        return refuse("a unit that enabled a bridge blowing attempt stops for the phase", "ARD2 3.8");
      const Position p = position(s);
      if (is_exploitation(st) && !may_exploit(p, a.unit))
        return refuse("only Exploit Capable units may move in the Exploitation Phase", "ARD2 1.2");
      if (p.has_enemy(a.hex, f.side)) return refuse("a unit may not enter a hex holding enemy units", "ARD2 3.1");
      if (!in_play(s, a.hex)) return refuse(core::hex_name(*this, a.hex) + " is outside the play area", "ARD2 7.0");
      return refuse(fmt::format("{} is out of reach: too far for the MP left, or across Prohibited terrain",
                                core::hex_name(*this, a.hex)),
                    "ARD2 3.1");
    }
    case kBarrage: {
      if (!seq || !barrage_step(st)) return not_now();
      if (!unit_ok || !on_map(s.units[a.unit])) return refuse("that unit is not on the map", "ARD2 3.5");
      if (side_of(s, a.unit) != f.side) return refuse("that unit is not yours", "ARD2 3.5");
      if (!unit_info_[s.units[a.unit].def].artillery) return refuse("only artillery may barrage", "ARD2 3.5");
      const Position p = position(s);
      if (!p.has_enemy(a.hex, f.side)) return refuse("the target hex holds no enemy unit", "ARD2 3.5");
      const char* why = barrage_refusal(p, a.unit, a.hex, false);
      return refuse(why ? why : "that barrage is not possible now", "ARD2 3.5");
    }
    case kDeclareAttack: {
      if (!seq || !(is_combat(st) || is_exploitation(st))) return not_now();
      const Position p = position(s);
      if (!p.has_enemy(a.hex, f.side)) return refuse("there is no enemy unit there", "ARD2 3.2");
      for (UnitId u : p.units_at(a.hex))
        if (s.units[u].flags & kDefended) return refuse("that hex was already attacked this phase", "ARD2 3.2");
      bool adjacent = false;
      for (UnitId u : p.on_map(f.side)) adjacent |= core::distance(s.units[u].hex, a.hex) == 1;
      if (!adjacent) return refuse("none of your units is adjacent to that hex", "ARD2 3.2");
      return refuse("no unit that may still attack can reach odds of 1:4 or better there", "ARD2 3.2");
    }
    case kAddAttacker: {
      if (f.step != kAttackStep) return not_now();
      if (!unit_ok || !on_map(s.units[a.unit])) return refuse("that unit is not on the map", "ARD2 3.2");
      if (side_of(s, a.unit) != f.side) return refuse("that unit is not yours", "ARD2 3.2");
      if (f.flags & kOverrunFrame) {
        if (s.units[a.unit].hex != key_hex(f.b)) return refuse("overrunning units move as one stack", "ARD2 3.3");
        const char* why = overrun_refusal(position(s), {a.unit}, key_hex(f.a));
        return refuse(why ? why : "that unit may not join this Overrun", "ARD2 3.3");
      }
      if (s.units[a.unit].flags & (kAttacked | kCommitted)) return refuse("that unit has already attacked this phase", "ARD2 3.2");
      if (core::distance(s.units[a.unit].hex, key_hex(f.a)) != 1) return refuse("that unit is not adjacent to the defender", "ARD2 3.2");
      const char* why = attack_refusal(position(s), {a.unit}, key_hex(f.a));
      return refuse(why ? why : "that unit may not attack now", "ARD2 3.2");
    }
    case kResolveAttack:
      if (f.step != kAttackStep) return not_now();
      return refuse("the attack is below 1:4: add attackers first", "ARD2 3.2");
    case kHold:
    case kRetreat: return not_now();
    case kRetreatTo:
      if (f.step != kRetreatStep) return not_now();
      return refuse(core::hex_name(*this, a.hex) +
                        " is not a retreat hex: adjacent, farther from the combat, no enemy unit, no Prohibited terrain",
                    "ARD2 3.2");
    case kEndPhase: return not_now();
    case kPlaceAirSupply:
      if (f.step != uint16_t(Step::AirSupply)) return refuse("Air Supply is placed only in the Air Supply step", "ARD2 2.2, 3.7");
      if (s.ext<Ext>().air_strikes <= 0) return refuse("no Air Strike is left this turn", "ARD2 2.2");
      return refuse(core::hex_name(*this, a.hex) +
                        " is not offered: outside the play area, already holding Air Supply, or farther than 5 "
                        "hexes from every US unit",
                    "ARD2 2.2, 3.7");
    case kAirStrike:
      if (!seq || !barrage_step(st) || f.side != kAllied)
        return refuse("Air Strikes are flown only in the US Barrage phases", "ARD2 2.2, 3.5");
      if (s.ext<Ext>().air_strikes <= 0) return refuse("no Air Strike is left this turn", "ARD2 2.2");
      if (!position(s).has_enemy(a.hex, kAllied)) return refuse("the target hex holds no German unit", "ARD2 3.5");
      return refuse("a second Air Strike on a hex in one phase needs a US unit within 2 hexes of it", "ARD2 2.2, 3.5 (A6)");
    case kBlowBridge: {
      if (f.side != kAllied) return refuse("only the US player blows bridges, when he may act", "ARD2 3.8");
      if (std::find(plungers_.begin(), plungers_.end(), a.hex) == plungers_.end())
        return refuse(core::hex_name(*this, a.hex) + " holds no plunger", "ARD2 3.8");
      if (!unit_ok || side_of(s, a.unit) != kAllied) return refuse("that unit is not a US unit", "ARD2 3.8");
      const Position p = position(s);
      for (int b : bridges_of_plunger(*board_, a.hex))
        if (const char* why = blow_refusal(p, b, a.unit)) return refuse(why, "ARD2 3.8");
      return refuse("that bridge cannot be blown now", "ARD2 3.8");
    }
    case kPlace:
      if (f.step != kPlaceStep) return not_now();
      return refuse(core::hex_name(*this, a.hex) + " is not a legal placement hex for " +
                        core::unit_name(*this, s, UnitId(f.a)),
                    arrival(s, UnitId(f.a)).placement == Placement::Vdh ? "ARD2 4.1" : "ARD2 5.1");
    case kExit:
      if (scenario(s).exits.empty()) return refuse("this scenario counts no exits", "ARD2 7.0");
      return refuse("that unit may not exit now: it must be in an exit hex in its Movement or Exploitation Phase, "
                    "of a formation the scenario counts, with the MP to leave",
                    "ARD2 7.2, 7.3, 7.5 (S-exit)");
    // Overruns and the steps of a combat: ard2_combat.cpp.
    case kOverrun:
    case kTakeLoss:
    case kAdvance:
    case kEndAdvance:
    case kBugOut: return explain_combat(s, a);
    case kRecoveryRoll:
    case kKeepDg: return not_now();
    default: return refuse("\"" + name + "\" is not an action of this game", "ARD2 2.1");
  }
}

// --- Invariants and outcome ------------------------------------------------------------

std::vector<std::string> Ard2Rules::check_invariants(const State& s) const {
  std::vector<std::string> out;
  if (s.over != (s.depth == 0)) out.push_back("the game is over exactly when the flow stack is empty");
  for (int i = 0; i < s.depth; ++i) {
    const Frame& f = s.stack[size_t(i)];
    if ((i == 0) != sequence_step(f.step) || f.step >= step_names().size())
      out.push_back(fmt::format("frame {} has a bad step", i));
  }
  const Position p = position(s);
  bool combat_settled = s.depth == 1 && is_combat(Step(s.stack[0].step));
  for (UnitId i = 0; i < s.unit_count; ++i) {
    const UnitState& u = s.units[i];
    const std::string name = core::unit_name(*this, s, i);
    if (u.flags & ~kAllFlags) out.push_back(name + " has unknown flags");
    if (s.depth == 1 && (u.flags & kCombatFlags)) out.push_back(name + " keeps a combat mark after its combat ended");
    // Attacks (advances), Bug Outs (3.6) may overstack or mix until the phase ends.
    if (u.flags & (kDefended | kAttacked | kBuggedOut)) combat_settled = false;
    if (!on_map(u)) continue;
    if (!board_->contains(u.hex) || !in_play(s, u.hex)) out.push_back(name + " is outside the play area");
    if (p.steps(i) <= 0) out.push_back(name + " is on the map with no step left");
    if (p.has_enemy(u.hex, side_of(s, i))) out.push_back(name + " shares a hex with the enemy");
  }
  // ARD2 3.1, 3.4: once a phase has ended, every overstacked or mixed unit is DG.
  if (combat_settled)
    for (int side : {kAllied, kGerman})
      for (UnitId u : phase_end_dg(p, side))
        if (!p.dg(u)) out.push_back(core::unit_name(*this, s, u) + " is overstacked or mixed but not DG (ARD2 3.1)");
  return out;
}

// ARD2 6.0 and each scenario's victory conditions.
json Ard2Rules::outcome(const State& s) const {
  const Scenario& sc = scenario_list_[s.scenario];
  const Position p = position(s);
  // ARD2 7.2, 7.3: exit VP are added to the greatest VP total (A46).
  const int vp = std::max(s.ext<Ext>().max_vp, german_vp(p)) + exit_vp(s);
  json j = {{"over", s.over != 0}, {"vp", vp}, {"exit_vp", exit_vp(s)}, {"rule", "ARD2 6.0"}};
  if (!sc.levels.empty()) {
    const VictoryLevel& l = level_for(sc.levels, vp);
    j["level"] = l.name;
    j["level_index"] = int(&l - sc.levels.data());
    j["winner_side"] = l.winner;
  } else {
    bool won = false;
    if (sc.victory_type == "control_count") {
      int held = 0;
      for (Hex h : board_->vp_hexes())
        if (in_play(s, h) && controller(p, h) == sc.victory_side) ++held;
      won = held >= sc.min_hexes;
    } else {
      // All the control conditions, and (7.5, A27) every exit condition by its deadline.
      won = !sc.victory_hexes.empty() &&
            std::all_of(sc.victory_hexes.begin(), sc.victory_hexes.end(),
                        [&](Hex h) { return controller(p, h) == sc.victory_side; }) &&
            exit_conditions_met(s);
    }
    const int winner = won ? sc.victory_side : sc.otherwise_winner;
    j["level"] = info_.sides[size_t(winner)] + " Victory";
    j["level_index"] = won ? 1 : 0;
    j["winner_side"] = winner;
  }
  const int w = j["winner_side"].get<int>();
  j["winner"] = w >= 0 ? json(info_.sides[size_t(w)]) : json("draw");
  return j;
}

}  // namespace ard2
