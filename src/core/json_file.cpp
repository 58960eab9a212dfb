#include "core/json_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <sstream>

namespace core {

using nlohmann::json;

std::optional<json> read_json_file(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ":0: cannot read the file";
    return std::nullopt;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string text = buf.str();
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    const size_t at = std::min(e.byte, text.size());
    const int line = 1 + int(std::count(text.begin(), text.begin() + long(at), '\n'));
    error = fmt::format("{}:{}: not valid JSON ({})", path, line, e.what());
    return std::nullopt;
  }
}

std::optional<Source> source_from_json(const json& j, std::string& error) {
  if (!j.is_object() || !j.contains("kind") || !j["kind"].is_string()) {
    error = "a source is {\"kind\": \"seed|public|assumed|owner\", \"note\": \"...\"}";
    return std::nullopt;
  }
  const auto kind = provenance_from_string(j["kind"].get<std::string>());
  if (!kind) {
    error = "source kind \"" + j["kind"].get<std::string>() + "\" is not seed, public, assumed or owner";
    return std::nullopt;
  }
  if (j.contains("note") && !j["note"].is_string()) {
    error = "source note is not a string";
    return std::nullopt;
  }
  return Source{*kind, j.value("note", "")};
}

json source_to_json(const Source& s) { return {{"kind", to_string(s.kind)}, {"note", s.note}}; }

namespace {

struct Bad : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string text(const json& j, const char* key, const std::string& at, bool required = false) {
  if (!j.contains(key)) {
    if (required) throw Bad(at + "." + key + ": missing");
    return "";
  }
  if (!j[key].is_string()) throw Bad(at + "." + key + ": not a string");
  return j[key].get<std::string>();
}

Source source(const json& j, const std::string& at, const Source& fallback) {
  if (!j.contains("source")) return fallback;
  std::string err;
  const auto s = source_from_json(j["source"], err);
  if (!s) throw Bad(at + ".source: " + err);
  return *s;
}

// A value is a number (with the counter's source) or {"value":n,"source":..,"note":..}.
UnitValue unit_value(const json& v, const std::string& at, const Source& fallback) {
  if (v.is_number_integer()) return {int16_t(v.get<int>()), fallback};
  if (!v.is_object() || !v.contains("value") || !v["value"].is_number_integer())
    throw Bad(at + ": not an integer or {\"value\": n, \"source\": ...}");
  Source s = fallback;
  if (v.contains("source")) {
    std::string err;
    json sj = v["source"].is_string() ? json{{"kind", v["source"]}, {"note", v.value("note", "")}} : v["source"];
    const auto parsed = source_from_json(sj, err);
    if (!parsed) throw Bad(at + ".source: " + err);
    s = *parsed;
  }
  return {int16_t(v["value"].get<int>()), s};
}

}  // namespace

bool load_catalog(const json& j, const std::string& file, const std::string& game, UnitCatalog& out,
                  std::string& error) {
  try {
    if (!j.is_object()) throw Bad("top level: not an object");
    if (j.value("schema_version", 0) != 1) throw Bad("schema_version: want 1");
    if (j.value("game", "") != game) throw Bad("game: want \"" + game + "\"");
    if (!j.contains("values") || !j["values"].is_array()) throw Bad("values: missing list of value names");
    std::vector<std::string> names;
    for (const json& n : j["values"]) {
      if (!n.is_string()) throw Bad("values: not a list of names");
      names.push_back(n.get<std::string>());
    }
    const Source fallback = source(j, "top level", Source{});
    UnitCatalog catalog(names);
    if (!j.contains("counters") || !j["counters"].is_array()) throw Bad("counters: missing list");
    const json& counters = j["counters"];
    for (size_t i = 0; i < counters.size(); ++i) {
      const std::string at = fmt::format("counters[{}]", i);
      const json& c = counters[i];
      if (!c.is_object()) throw Bad(at + ": not an object");
      UnitDef d;
      d.id = text(c, "id", at, true);
      if (d.id.empty()) throw Bad(at + ".id: empty");
      if (catalog.find(d.id) >= 0) throw Bad(at + ".id: \"" + d.id + "\" given twice");
      d.name = text(c, "name", at);
      d.nationality = text(c, "nationality", at);
      d.formation = text(c, "formation", at);
      d.type = text(c, "type", at);
      d.size = text(c, "size", at);
      d.move_class = text(c, "move_class", at);
      d.symbol = text(c, "symbol", at);
      if (!c.contains("side") || !c["side"].is_number_integer()) throw Bad(at + ".side: missing or not a number");
      d.side = c["side"].get<int>();
      d.steps = c.value("steps", 1);
      if (d.steps < 1 || d.steps > 16) throw Bad(at + ".steps: want 1..16");
      const Source counter_source = source(c, at, fallback);
      if (!c.contains("values") || !c["values"].is_array() || c["values"].size() != size_t(d.steps))
        throw Bad(at + ".values: want one object per step (" + std::to_string(d.steps) + ")");
      for (size_t k = 0; k < c["values"].size(); ++k) {
        const json& side = c["values"][k];
        const std::string vat = fmt::format("{}.values[{}]", at, k);
        if (!side.is_object()) throw Bad(vat + ": not an object");
        std::vector<UnitValue> values(names.size());
        for (const auto& [key, v] : side.items()) {
          const int idx = catalog.value_index(key);
          if (idx < 0) throw Bad(vat + "." + key + ": not one of the declared values");
          values[size_t(idx)] = unit_value(v, vat + "." + key, counter_source);
        }
        for (size_t n = 0; n < names.size(); ++n)
          if (!side.contains(names[n])) throw Bad(vat + "." + names[n] + ": missing");
        d.values.push_back(std::move(values));
      }
      catalog.add(std::move(d));
    }
    out = std::move(catalog);
    return true;
  } catch (const Bad& e) {
    error = file + ": " + e.what();
  } catch (const json::exception& e) {
    error = file + ": " + e.what();
  }
  return false;
}

}  // namespace core
