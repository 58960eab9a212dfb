#include "core/state_json.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <set>
#include <stdexcept>

namespace core {

using nlohmann::json;

namespace {

constexpr std::array<const char*, 4> kWhereNames{"pool", "map", "eliminated", "exited"};

json side_to_json(const Rules& rules, int side) {
  const auto& sides = rules.info().sides;
  if (side >= 0 && size_t(side) < sides.size()) return sides[size_t(side)];
  return nullptr;
}

json names_of_bits(const std::vector<std::string>& names, uint32_t bits) {
  json out = json::array();
  for (int i = 0; i < 32; ++i)
    if (bits >> i & 1u) out.push_back(size_t(i) < names.size() ? names[size_t(i)] : std::to_string(i));
  return out;
}

std::string kind_name(const std::vector<std::string>& names, int kind) {
  return size_t(kind) < names.size() ? names[size_t(kind)] : std::to_string(kind);
}

}  // namespace

std::string hash_string(uint64_t h) { return fmt::format("{:016x}", h); }

json state_to_json(const Rules& rules, const State& s) {
  json j;
  j["schema_version"] = State::kSchemaVersion;
  j["game"] = rules.info().id;
  j["scenario"] = s.scenario < rules.scenarios().size() ? rules.scenarios()[s.scenario].id : "";
  j["seed"] = std::to_string(s.seed);
  j["rng"] = std::to_string(s.rng);
  j["rolls"] = s.rolls;
  j["reveals"] = s.reveals;
  j["turn"] = s.turn;
  j["over"] = s.over != 0;
  j["result_side"] = side_to_json(rules, s.result_side);
  j["result_level"] = s.result_level;
  json flow = json::array();
  const auto& steps = rules.step_names();
  for (int i = 0; i < s.depth; ++i) {
    const Frame& f = s.stack[i];
    json step = f.step < steps.size() ? json(steps[f.step]) : json(f.step);
    flow.push_back({{"step", step}, {"side", side_to_json(rules, f.side)}, {"flags", f.flags},
                    {"a", f.a}, {"b", f.b}});
  }
  j["flow"] = flow;
  j["forced_dice"] = std::vector<int>(s.forced.begin(), s.forced.begin() + s.forced_count);
  json units = json::array();
  for (int i = 0; i < s.unit_count; ++i) {
    const UnitState& u = s.units[i];
    json ju;
    ju["id"] = rules.catalog()[u.def].id;
    ju["where"] = kWhereNames[size_t(u.where)];
    if (u.where == Where::OnMap) ju["hex"] = hex_name(rules, u.hex);
    ju["steps_lost"] = u.steps_lost;
    ju["flags"] = names_of_bits(rules.unit_flag_names(), u.flags);
    ju["arrival_turn"] = u.arrival_turn;
    ju["entry"] = u.entry;
    ju["spent"] = u.spent;
    units.push_back(std::move(ju));
  }
  j["units"] = units;
  json hm = json::array();
  for (int i = 0; i < s.hex_marker_count; ++i) {
    const HexMarker& m = s.hex_markers[i];
    hm.push_back({{"hex", hex_name(rules, m.hex)}, {"kind", kind_name(rules.hex_marker_names(), m.kind)},
                  {"value", m.value}});
  }
  j["hex_markers"] = hm;
  json sm = json::array();
  for (int i = 0; i < s.side_marker_count; ++i) {
    const SideMarker& m = s.side_markers[i];
    sm.push_back({{"hex", hex_name(rules, Hex::from_key(m.hex_key))}, {"dir", m.dir},
                  {"kind", kind_name(rules.side_marker_names(), m.kind)}});
  }
  j["side_markers"] = sm;
  j["ext"] = rules.ext_to_json(s);
  return j;
}

namespace {

// Thrown inside the loader to stop at the first problem; never leaves this file.
struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void bad(const std::string& path, const std::string& why) {
  throw LoadError(path + ": " + why);
}

class Loader {
 public:
  Loader(const Rules& rules) : rules_(rules) {}

  State load(const json& j) {
    if (!j.is_object()) bad("state", "not a JSON object");
    check_keys(j, "state",
               {"schema_version", "game", "scenario", "seed", "rng", "rolls", "reveals", "turn", "over",
                "result_side", "result_level", "flow", "forced_dice", "units", "hex_markers",
                "side_markers", "ext"});
    State s{};
    const int64_t version = integer(j, "schema_version", "", 1, 1 << 30);
    if (version != State::kSchemaVersion)
      bad("schema_version", fmt::format("{} is not supported (this engine reads {})", version,
                                        State::kSchemaVersion));
    const std::string game = string(j, "game", "");
    if (game != rules_.info().id) bad("game", "\"" + game + "\" is not this game (" + rules_.info().id + ")");
    s.scenario = uint16_t(scenario(string(j, "scenario", "")));
    s.seed = u64(j, "seed");
    s.rng = u64(j, "rng");
    s.rolls = uint32_t(integer(j, "rolls", "", 0, UINT32_MAX));
    s.reveals = uint32_t(integer(j, "reveals", "", 0, UINT32_MAX));
    s.turn = int16_t(integer(j, "turn", "", INT16_MIN, INT16_MAX));
    s.over = boolean(j, "over", "") ? 1 : 0;
    s.result_side = int8_t(side(field(j, "result_side", ""), "result_side"));
    s.result_level = int16_t(integer(j, "result_level", "", INT16_MIN, INT16_MAX));
    load_flow(s, array(j, "flow", "", State::kMaxDepth));
    load_forced(s, array(j, "forced_dice", "", State::kMaxForcedDice));
    load_units(s, array(j, "units", "", State::kMaxUnits));
    load_hex_markers(s, array(j, "hex_markers", "", State::kMaxHexMarkers));
    load_side_markers(s, array(j, "side_markers", "", State::kMaxSideMarkers));
    Error err;
    if (!rules_.ext_from_json(s, field(j, "ext", ""), err)) bad("ext", err.message);
    const auto broken = rules_.check_invariants(s);
    if (!broken.empty()) bad("state", "breaks an invariant: " + broken.front());
    return s;
  }

 private:
  static std::string at(const std::string& base, const std::string& key) {
    return base.empty() ? key : base + "." + key;
  }

  static void check_keys(const json& j, const std::string& path, std::initializer_list<const char*> keys) {
    for (const auto& [key, value] : j.items()) {
      bool known = false;
      for (const char* k : keys) known = known || key == k;
      if (!known) bad(at(path == "state" ? "" : path, key), "unknown field");
    }
  }

  static const json& field(const json& j, const char* key, const std::string& base) {
    if (!j.contains(key)) bad(at(base, key), "missing");
    return j[key];
  }

  static int64_t integer(const json& j, const char* key, const std::string& base, int64_t lo, int64_t hi) {
    const json& v = field(j, key, base);
    if (!v.is_number_integer()) bad(at(base, key), "not an integer");
    const int64_t x = v.get<int64_t>();
    if (x < lo || x > hi) bad(at(base, key), fmt::format("{} is out of range [{}, {}]", x, lo, hi));
    return x;
  }

  static int64_t optional_integer(const json& j, const char* key, const std::string& base, int64_t lo,
                                  int64_t hi) {
    return j.contains(key) ? integer(j, key, base, lo, hi) : 0;
  }

  static std::string string(const json& j, const char* key, const std::string& base) {
    const json& v = field(j, key, base);
    if (!v.is_string()) bad(at(base, key), "not a string");
    return v.get<std::string>();
  }

  static bool boolean(const json& j, const char* key, const std::string& base) {
    const json& v = field(j, key, base);
    if (!v.is_boolean()) bad(at(base, key), "not true or false");
    return v.get<bool>();
  }

  static const json& array(const json& j, const char* key, const std::string& base, size_t max) {
    const json& v = field(j, key, base);
    if (!v.is_array()) bad(at(base, key), "not an array");
    if (v.size() > max) bad(at(base, key), fmt::format("{} entries, at most {} fit", v.size(), max));
    return v;
  }

  static uint64_t u64(const json& j, const char* key) {
    const json& v = field(j, key, "");
    if (v.is_number_unsigned()) return v.get<uint64_t>();
    if (v.is_number_integer() && v.get<int64_t>() >= 0) return uint64_t(v.get<int64_t>());
    if (!v.is_string()) bad(key, "not a decimal string");
    const std::string str = v.get<std::string>();
    uint64_t x = 0;
    const auto [end, ec] = std::from_chars(str.data(), str.data() + str.size(), x);
    if (ec != std::errc() || end != str.data() + str.size() || str.empty())
      bad(key, "\"" + str + "\" is not a 64-bit unsigned decimal");
    return x;
  }

  int scenario(const std::string& id) const {
    const auto& list = rules_.scenarios();
    for (size_t i = 0; i < list.size(); ++i)
      if (list[i].id == id) return int(i);
    bad("scenario", "\"" + id + "\" is not a scenario of this game");
  }

  int side(const json& v, const std::string& path) const {
    if (v.is_null()) return kNoSide;
    const auto& sides = rules_.info().sides;
    if (v.is_string())
      for (size_t i = 0; i < sides.size(); ++i)
        if (sides[i] == v.get<std::string>()) return int(i);
    if (v.is_number_integer() && v.get<int64_t>() >= 0 && size_t(v.get<int64_t>()) < sides.size())
      return v.get<int>();
    bad(path, v.dump() + " is not a side of this game");
  }

  static int name_index(const std::vector<std::string>& names, const json& v, const std::string& path,
                        const char* what, int limit) {
    if (v.is_string())
      for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == v.get<std::string>()) return int(i);
    // Numbers are accepted for kinds the game left unnamed (state_to_json writes them so).
    if (v.is_number_integer() && v.get<int64_t>() >= int64_t(names.size()) && v.get<int64_t>() < limit)
      return v.get<int>();
    bad(path, v.dump() + " is not a " + what + " of this game");
  }

  Hex hex(const json& j, const char* key, const std::string& base) const {
    const std::string id = string(j, key, base);
    const auto h = find_hex(rules_, id);
    if (!h) bad(at(base, key), "\"" + id + "\" is not a hex of this map");
    return *h;
  }

  void load_flow(State& s, const json& flow) const {
    for (size_t i = 0; i < flow.size(); ++i) {
      const std::string p = fmt::format("flow[{}]", i);
      const json& f = flow[i];
      if (!f.is_object()) bad(p, "not an object");
      check_keys(f, p, {"step", "side", "flags", "a", "b"});
      Frame fr;
      fr.step = uint16_t(name_index(rules_.step_names(), field(f, "step", p), p + ".step", "step", 65536));
      fr.side = int8_t(side(field(f, "side", p), p + ".side"));
      fr.flags = uint8_t(optional_integer(f, "flags", p, 0, 255));
      fr.a = int32_t(optional_integer(f, "a", p, INT32_MIN, INT32_MAX));
      fr.b = int32_t(optional_integer(f, "b", p, INT32_MIN, INT32_MAX));
      s.stack[s.depth++] = fr;
    }
  }

  static void load_forced(State& s, const json& dice) {
    for (size_t i = 0; i < dice.size(); ++i) {
      const json& d = dice[i];
      if (!d.is_number_integer() || d.get<int64_t>() < 1 || d.get<int64_t>() > 255)
        bad(fmt::format("forced_dice[{}]", i), d.dump() + " is not a die value");
      s.forced[s.forced_count++] = uint8_t(d.get<int>());
    }
  }

  void load_units(State& s, const json& units) const {
    std::set<int> seen;
    for (size_t i = 0; i < units.size(); ++i) {
      const std::string p = fmt::format("units[{}]", i);
      const json& ju = units[i];
      if (!ju.is_object()) bad(p, "not an object");
      check_keys(ju, p, {"id", "where", "hex", "steps_lost", "flags", "arrival_turn", "entry", "spent"});
      UnitState u;
      const std::string id = string(ju, "id", p);
      const int def = rules_.catalog().find(id);
      if (def < 0) bad(p + ".id", "\"" + id + "\" is not a counter of this game");
      if (!seen.insert(def).second) bad(p + ".id", "\"" + id + "\" is listed twice");
      u.def = uint16_t(def);
      const std::string where = string(ju, "where", p);
      size_t w = 0;
      while (w < kWhereNames.size() && where != kWhereNames[w]) ++w;
      if (w == kWhereNames.size()) bad(p + ".where", "\"" + where + "\" is not one of pool, map, eliminated, exited");
      u.where = Where(w);
      if (u.where == Where::OnMap)
        u.hex = hex(ju, "hex", p);
      else if (ju.contains("hex"))
        bad(p + ".hex", "a unit not on the map has no hex");
      // A unit in play keeps a step; one eliminated by losses has lost them all.
      const int steps = rules_.catalog()[def].steps;
      const int most = u.where == Where::Eliminated ? std::max(steps, 0) : std::max(steps - 1, 0);
      u.steps_lost = uint8_t(optional_integer(ju, "steps_lost", p, 0, most));
      if (ju.contains("flags")) u.flags = flags(ju["flags"], p + ".flags");
      u.arrival_turn = int16_t(optional_integer(ju, "arrival_turn", p, INT16_MIN, INT16_MAX));
      u.entry = uint8_t(optional_integer(ju, "entry", p, 0, 255));
      u.spent = uint8_t(optional_integer(ju, "spent", p, 0, 255));
      s.units[s.unit_count++] = u;
    }
  }

  uint32_t flags(const json& v, const std::string& path) const {
    if (!v.is_array()) bad(path, "not an array of flag names");
    uint32_t bits = 0;
    for (size_t k = 0; k < v.size(); ++k)
      bits |= 1u << name_index(rules_.unit_flag_names(), v[k], fmt::format("{}[{}]", path, k), "unit flag", 32);
    return bits;
  }

  void load_hex_markers(State& s, const json& markers) const {
    for (size_t i = 0; i < markers.size(); ++i) {
      const std::string p = fmt::format("hex_markers[{}]", i);
      const json& m = markers[i];
      if (!m.is_object()) bad(p, "not an object");
      check_keys(m, p, {"hex", "kind", "value"});
      HexMarker hm;
      hm.hex = hex(m, "hex", p);
      hm.kind = uint16_t(name_index(rules_.hex_marker_names(), field(m, "kind", p), p + ".kind", "hex marker", 65536));
      hm.value = int16_t(optional_integer(m, "value", p, INT16_MIN, INT16_MAX));
      s.hex_markers[s.hex_marker_count++] = hm;
    }
  }

  void load_side_markers(State& s, const json& markers) const {
    for (size_t i = 0; i < markers.size(); ++i) {
      const std::string p = fmt::format("side_markers[{}]", i);
      const json& m = markers[i];
      if (!m.is_object()) bad(p, "not an object");
      check_keys(m, p, {"hex", "dir", "kind"});
      const Hex h = hex(m, "hex", p);
      const int dir = int(integer(m, "dir", p, 0, kDirections - 1));
      const int kind = name_index(rules_.side_marker_names(), field(m, "kind", p), p + ".kind", "side marker", 65536);
      const HexSide side = HexSide::of(h, dir);
      s.side_markers[s.side_marker_count++] = SideMarker{side.hex.key(), side.dir, 0, uint16_t(kind)};
    }
  }

  const Rules& rules_;
};

}  // namespace

std::optional<State> state_from_json(const Rules& rules, const json& j, Error& err) {
  try {
    return Loader(rules).load(j);
  } catch (const LoadError& e) {
    err = {"bad_state", e.what(), ""};
  } catch (const json::exception& e) {
    err = {"bad_state", std::string("state: ") + e.what(), ""};
  }
  return std::nullopt;
}

}  // namespace core
