#include "core/rules.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace core {

uint8_t Rules::action_operands(int) const { return kAllOperands; }

const std::vector<std::string>& Rules::step_names() const {
  static const std::vector<std::string> kNone;
  return kNone;
}

void Rules::exits(const State&, UnitId, ActionList&) const {}

bool Rules::exit_hex(const State&, UnitId, Hex) const { return false; }

std::vector<VpHex> Rules::vp_hexes() const {
  std::vector<VpHex> out;
  const Map& m = map();
  for (int i = 0; i < m.size(); ++i) {
    const Hex h = m.hex_at(i);
    const std::string_view vp = m.attr(h, "vp");
    int value = 0;
    if (!vp.empty() && std::from_chars(vp.data(), vp.data() + vp.size(), value).ec == std::errc() && value > 0)
      out.push_back({h, value});
  }
  return out;
}

std::string unit_name(const Rules& rules, const State& s, UnitId id) {
  if (id >= s.unit_count) return "#" + std::to_string(id);
  return rules.catalog()[s.units[id].def].id;
}

UnitId find_unit(const Rules& rules, const State& s, std::string_view id) {
  const int def = rules.catalog().find(id);
  if (def < 0) return kNoUnit;
  for (UnitId i = 0; i < s.unit_count; ++i)
    if (s.units[i].def == def) return i;
  return kNoUnit;
}

int find_side(const Rules& rules, std::string_view name) {
  const auto& sides = rules.info().sides;
  auto same = [&](const std::string& side) {
    return side.size() == name.size() &&
           std::equal(side.begin(), side.end(), name.begin(), [](unsigned char a, unsigned char b) {
             return std::tolower(a) == std::tolower(b);
           });
  };
  for (size_t i = 0; i < sides.size(); ++i)
    if (same(sides[i])) return int(i);
  return kNoSide;
}

std::string hex_name(const Rules& rules, Hex h) { return rules.map().ids().format(h); }

std::optional<Hex> find_hex(const Rules& rules, std::string_view id) {
  const auto h = rules.map().ids().parse(id);
  if (!h || !rules.map().contains(*h)) return std::nullopt;
  return h;
}

nlohmann::json Rules::action_to_json(const State& s, const Action& a) const {
  const auto& names = action_names();
  nlohmann::json j;
  j["type"] = a.type < names.size() ? names[a.type] : std::to_string(a.type);
  const uint8_t ops = action_operands(a.type);
  const bool all = ops == kAllOperands;
  if ((ops & kUnitOperand) && (!all || a.unit != kNoUnit)) j["unit"] = unit_name(*this, s, a.unit);
  if ((ops & kHexOperand) && (!all || map().contains(a.hex))) j["hex"] = hex_name(*this, a.hex);
  if ((ops & kArgOperand) && (!all || a.arg != 0)) j["arg"] = a.arg;
  return j;
}

std::optional<Action> Rules::action_from_json(const State& s, const nlohmann::json& j,
                                              Error& err) const {
  auto fail = [&](std::string msg) {
    err = {"bad_action", std::move(msg), ""};
    return std::nullopt;
  };
  if (!j.is_object()) return fail("an action is a JSON object");
  if (!j.contains("type") || !j["type"].is_string()) return fail("action.type: missing or not a string");
  const auto& names = action_names();
  const std::string type = j["type"];
  Action a;
  for (a.type = 0; a.type < names.size() && names[a.type] != type; ++a.type) {}
  if (a.type == names.size()) return fail("action.type: unknown action \"" + type + "\"");
  const uint8_t ops = action_operands(a.type);
  for (const auto& [key, value] : j.items()) {
    const uint8_t bit = key == "unit" ? kUnitOperand : key == "hex" ? kHexOperand : key == "arg" ? kArgOperand : 0;
    if (key == "type") continue;
    if (bit == 0) return fail("action." + key + ": unknown field");
    if (!(ops & bit)) return fail("action." + key + ": \"" + type + "\" takes no " + key);
  }
  const bool required = ops != kAllOperands;
  auto missing = [&](const char* key, uint8_t bit) { return required && (ops & bit) && !j.contains(key); };
  if (missing("unit", kUnitOperand)) return fail("action.unit: \"" + type + "\" needs a unit");
  if (missing("hex", kHexOperand)) return fail("action.hex: \"" + type + "\" needs a hex");
  if (missing("arg", kArgOperand)) return fail("action.arg: \"" + type + "\" needs an arg");
  if (j.contains("unit")) {
    if (!j["unit"].is_string()) return fail("action.unit: not a string");
    a.unit = find_unit(*this, s, j["unit"].get<std::string>());
    if (a.unit == kNoUnit) return fail("action.unit: no unit \"" + j["unit"].get<std::string>() + "\"");
  }
  if (j.contains("hex")) {
    if (!j["hex"].is_string()) return fail("action.hex: not a string");
    const auto h = find_hex(*this, j["hex"].get<std::string>());
    if (!h) return fail("action.hex: \"" + j["hex"].get<std::string>() + "\" is not a hex of this map");
    a.hex = *h;
  }
  if (j.contains("arg")) {
    if (!j["arg"].is_number_integer()) return fail("action.arg: not an integer");
    const int64_t v = j["arg"];
    if (v < INT32_MIN || v > INT32_MAX) return fail("action.arg: out of range");
    a.arg = int32_t(v);
  }
  return a;
}

}  // namespace core
