#include "core/catalog_json.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/json_doc.h"

namespace core {

using nlohmann::json;

namespace {

constexpr int kMaxSteps = 16;

// A printed value with its provenance: [value, "kind", "note"]. Returns the value
// (null on a defect, reported at `at`) and fills `source`.
json triple(const json& j, const std::string& at, Source& source, DataProblems& p) {
  if (!j.is_array() || j.size() != 3 || !j[1].is_string() || !j[2].is_string()) {
    p.add(at, "not [value, kind, note]");
    return nullptr;
  }
  const auto kind = provenance_from_string(j[1].get<std::string>());
  if (!kind) {
    p.add(at, fmt::format("kind \"{}\" is not seed, public, assumed or owner", j[1].get<std::string>()));
    return nullptr;
  }
  source = Source{*kind, j[2].get<std::string>()};
  return j[0];
}

// The ids listed under `key` (types by "type", formations by "id"); an absent list
// puts no limit on the units' words.
std::optional<std::set<std::string, std::less<>>> vocabulary(const json& j, const char* key, const char* id,
                                                               DataProblems& p) {
  if (!j.contains(key)) return std::nullopt;
  std::set<std::string, std::less<>> out;
  if (!j[key].is_array()) {
    p.add(key, "not a list");
    return out;
  }
  for (size_t i = 0; i < j[key].size(); ++i) {
    const json& e = j[key][i];
    if (!e.is_object() || !e.contains(id) || !e[id].is_string()) p.add(fmt::format("{}[{}].{}", key, i, id), "missing or not a string");
    else out.insert(e[id].get<std::string>());
  }
  return out;
}

class UnitReader {
 public:
  UnitReader(const json& top, DataProblems& p, const std::vector<std::string>& flag_names, CounterSet& out)
      : p_(p), flags_(flag_names), out_(out) {
    types_ = vocabulary(top, "types", "type", p);
    formations_ = vocabulary(top, "formations", "id", p);
    if (top.contains("types") && top["types"].is_array())
      for (const json& t : top["types"])
        if (t.is_object() && t.contains("type") && t["type"].is_string() && t.contains("symbol") && t["symbol"].is_string())
          symbols_[t["type"].get<std::string>()] = t["symbol"].get<std::string>();
  }

  void read(const json& u, size_t index) {
    at_ = fmt::format("units[{}]", index);
    if (!u.is_object()) return p_.add(at_, "not an object");
    UnitDef d;
    d.id = text(u, "id", true);
    if (u.contains("id") && d.id.empty()) bad("id", "empty");
    if (!d.id.empty()) at_ += " (" + d.id + ")";
    if (!d.id.empty() && !ids_.insert(d.id).second) bad("id", "another unit has this id");
    d.name = text(u, "name", false);
    d.nationality = text(u, "nationality", false);
    d.formation = text(u, "formation", false);
    d.type = text(u, "type", false);
    d.size = text(u, "size", false);
    check_word(formations_, "formation", d.formation);
    check_word(types_, "type", d.type);
    if (const auto it = symbols_.find(d.type); it != symbols_.end()) d.symbol = it->second;
    if (!u.contains("side") || !u["side"].is_number_integer() || u["side"].get<int>() < 0) bad("side", "missing or not a side number");
    else d.side = u["side"].get<int>();
    std::map<std::string, Source, std::less<>> sources;
    d.move_class = attribute(u, "move_class", sources).get<std::string>();
    d.steps = steps(u, sources);
    d.flags = flags(u, sources);
    d.values = values(u, d.steps);
    if (p_.any()) return;  // the file is refused; reading goes on only to report more defects
    out_.catalog.add(std::move(d));
    out_.attribute_sources.push_back(std::move(sources));
  }

 private:
  void bad(std::string_view field, std::string_view reason) { p_.add(at_ + ": " + std::string(field), reason); }

  std::string text(const json& u, const char* key, bool required) {
    if (!u.contains(key)) {
      if (required) bad(key, "missing");
      return "";
    }
    if (!u[key].is_string()) {
      bad(key, "not a string");
      return "";
    }
    return u[key].get<std::string>();
  }

  void check_word(const std::optional<std::set<std::string, std::less<>>>& words, const char* key, const std::string& w) {
    if (words && !w.empty() && !words->count(w)) bad(key, fmt::format("\"{}\" is not listed in the file's {}s", w, key));
  }

  // A [value, kind, note] attribute of the wanted JSON type; its source goes to `sources`.
  json attribute(const json& u, const char* key, std::map<std::string, Source, std::less<>>& sources,
                 json::value_t type = json::value_t::string) {
    if (!u.contains(key)) {
      bad(key, "missing");
      return json(type);
    }
    Source s;
    const json v = triple(u[key], at_ + ": " + key, s, p_);
    if (v.is_null()) return json(type);
    const bool integer = type == json::value_t::number_integer;
    if (integer ? !v.is_number_integer() : v.type() != type) {
      const char* want = integer ? "an integer" : type == json::value_t::boolean ? "true or false" : "a string";
      bad(key, fmt::format("value {} is not {}", v.dump(), want));
      return json(type);
    }
    sources[key] = std::move(s);
    return v;
  }

  int steps(const json& u, std::map<std::string, Source, std::less<>>& sources) {
    const json v = attribute(u, "steps", sources, json::value_t::number_integer);
    const int n = v.get<int>();
    if (sources.count("steps") && (n < 1 || n > kMaxSteps)) bad("steps", fmt::format("{} is not 1..{}", n, kMaxSteps));
    return std::clamp(n, 1, kMaxSteps);
  }

  uint32_t flags(const json& u, std::map<std::string, Source, std::less<>>& sources) {
    uint32_t bits = 0;
    for (size_t i = 0; i < flags_.size(); ++i)
      if (attribute(u, flags_[i].c_str(), sources, json::value_t::boolean).get<bool>()) bits |= 1u << i;
    return bits;
  }

  // values[k] is the side after k step losses: one object per step, each giving every
  // value name as [integer, kind, note].
  std::vector<std::vector<UnitValue>> values(const json& u, int steps) {
    std::vector<std::vector<UnitValue>> out;
    if (!u.contains("values") || !u["values"].is_array()) {
      bad("values", "missing list of sides");
      return out;
    }
    const json& sides = u["values"];
    if (sides.size() != size_t(steps)) bad("values", fmt::format("{} sides for {} steps", sides.size(), steps));
    const auto& names = out_.catalog.value_names();
    for (size_t k = 0; k < sides.size(); ++k) {
      const std::string side_at = fmt::format("values[{}]", k);
      if (!sides[k].is_object()) {
        bad(side_at, "not an object");
        continue;
      }
      for (const auto& [key, v] : sides[k].items())
        if (out_.catalog.value_index(key) < 0) bad(side_at + "." + key, "not one of value_names");
      std::vector<UnitValue> side(names.size());
      for (size_t n = 0; n < names.size(); ++n) side[n] = value(sides[k], names[n], side_at + "." + names[n]);
      out.push_back(std::move(side));
    }
    return out;
  }

  UnitValue value(const json& side, const std::string& name, const std::string& at) {
    if (!side.contains(name)) {
      bad(at, "missing");
      return {};
    }
    UnitValue out;
    const json v = triple(side[name], at_ + ": " + at, out.source, p_);
    if (v.is_null()) return out;
    if (!v.is_number_integer() || v.get<long>() < INT16_MIN || v.get<long>() > INT16_MAX) bad(at, "value " + v.dump() + " is not a small integer");
    else out.value = int16_t(v.get<int>());
    return out;
  }

  DataProblems& p_;
  const std::vector<std::string>& flags_;
  CounterSet& out_;
  std::optional<std::set<std::string, std::less<>>> types_, formations_;
  std::map<std::string, std::string, std::less<>> symbols_;
  std::set<std::string, std::less<>> ids_;
  std::string at_;
};

std::vector<std::string> value_names(const json& j, DataProblems& p) {
  std::vector<std::string> names;
  if (!j.contains("value_names") || !j["value_names"].is_array() || j["value_names"].empty()) {
    p.add("value_names", "missing list of value names");
    return names;
  }
  for (const json& n : j["value_names"]) {
    if (!n.is_string() || n.get<std::string>().empty()) p.add("value_names", "not a list of names");
    else if (std::find(names.begin(), names.end(), n.get<std::string>()) != names.end()) p.add("value_names", "repeated name " + n.dump());
    else names.push_back(n.get<std::string>());
  }
  return names;
}

}  // namespace

int CounterSet::flag_bit(std::string_view name) const {
  const auto it = std::find(flag_names.begin(), flag_names.end(), name);
  return it == flag_names.end() ? -1 : int(it - flag_names.begin());
}

std::optional<CounterSet> counters_from_json(const json& j, const std::string& file,
                                             const std::vector<std::string>& flag_names,
                                             std::vector<std::string>& errors) {
  DataProblems p{file, errors};
  if (!j.is_object()) {
    p.add("top level", "not an object");
    return std::nullopt;
  }
  CounterSet out;
  out.flag_names = flag_names;
  if (!j.contains("game") || !j["game"].is_string() || j["game"].get<std::string>().empty()) p.add("game", "missing game id");
  else out.game = j["game"].get<std::string>();
  const std::string schema = fmt::format("hexfront.{}.counters/1", out.game);
  if (!j.contains("schema") || j["schema"] != schema) p.add("schema", fmt::format("want \"{}\"", schema));
  if (flag_names.size() > 32) p.add("flags", "more than 32 flag names");
  out.catalog = UnitCatalog(value_names(j, p));
  if (!j.contains("units") || !j["units"].is_array()) p.add("units", "missing list of counters");
  if (p.any()) return std::nullopt;
  UnitReader reader(j, p, flag_names, out);
  for (size_t i = 0; i < j["units"].size(); ++i) reader.read(j["units"][i], i);
  if (p.any()) return std::nullopt;
  return out;
}

std::optional<CounterSet> load_counters(const std::string& path, const std::string& file,
                                        const std::vector<std::string>& flag_names,
                                        std::vector<std::string>& errors) {
  const auto j = read_json_doc(path, file, errors);
  if (!j) return std::nullopt;
  return counters_from_json(*j, file, flag_names, errors);
}

namespace {

// Gives each distinct source of the counters table one short key.
class SourceKeys {
 public:
  json cell(const json& value, const Source& s) {
    const auto [it, fresh] = keys_.try_emplace({to_string(s.kind), s.note}, "");
    if (fresh) {
      it->second = fmt::format("c{}", keys_.size());
      sources_[it->second] = {{"kind", to_string(s.kind)}, {"note", s.note}};
    }
    return {{"value", value}, {"kind", to_string(s.kind)}, {"source", it->second}};
  }
  json sources() && { return std::move(sources_); }

 private:
  std::map<std::pair<std::string_view, std::string>, std::string> keys_;
  json sources_ = json::object();
};

}  // namespace

json to_json(const CounterSet& counters) {
  const UnitCatalog& c = counters.catalog;
  json columns = c.value_names();
  columns.push_back("move_class");
  columns.push_back("steps");
  for (const std::string& f : counters.flag_names) columns.push_back(f);
  SourceKeys keys;
  json rows = json::array();
  for (int u = 0; u < c.size(); ++u) {
    const UnitDef& d = c[u];
    const auto& attr = counters.attribute_sources[size_t(u)];
    const auto attr_source = [&](const std::string& name) {
      const auto it = attr.find(name);
      return it == attr.end() ? Source{} : it->second;
    };
    for (size_t k = 0; k < d.values.size(); ++k) {
      json cells = json::array();
      for (const UnitValue& v : d.values[k]) cells.push_back(keys.cell(v.value, v.source));
      cells.push_back(keys.cell(d.move_class, attr_source("move_class")));
      cells.push_back(keys.cell(d.steps, attr_source("steps")));
      for (size_t f = 0; f < counters.flag_names.size(); ++f)
        cells.push_back(keys.cell(((d.flags >> f) & 1u) != 0 ? "true" : "false", attr_source(counters.flag_names[f])));
      rows.push_back({{"label", k == 0 ? d.id : fmt::format("{}@{}", d.id, k)}, {"cells", std::move(cells)}});
    }
  }
  return {{"id", "counters"},       {"title", "Counters"},  {"rule", ""},
          {"dice", nullptr},        {"columns", columns},   {"sources", std::move(keys).sources()},
          {"rows", std::move(rows)}};
}

}  // namespace core
