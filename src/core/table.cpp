#include "core/table.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <tuple>

#include "core/json_doc.h"
#include "core/json_file.h"

namespace core {

using nlohmann::json;

namespace {

constexpr std::string_view kSchema = "hexfront.table/1";

using Problems = DataProblems;

std::string text_field(const json& j, const char* key, bool required, Problems& p) {
  if (!j.contains(key)) {
    if (required) p.add(key, "missing");
    return "";
  }
  if (!j[key].is_string()) {
    p.add(key, "not a string");
    return "";
  }
  return j[key].get<std::string>();
}

bool good_cell(const json& v) {
  if (v.is_string() || v.is_number_integer() || v.is_null()) return true;
  return v.is_array() && std::all_of(v.begin(), v.end(), [](const json& e) { return e.is_string(); });
}

// A row's "min" or "max": an integer, or null for an open end.
std::optional<int> bound(const json& row, const char* key, const std::string& at, Problems& p) {
  const json& v = row[key];
  if (v.is_null()) return std::nullopt;
  if (!v.is_number_integer()) {
    p.add(at + "." + key, "not an integer or null");
    return std::nullopt;
  }
  return v.get<int>();
}

bool overlaps(const TableRow& a, const TableRow& b) {
  const int a_lo = a.min.value_or(INT32_MIN), a_hi = a.max.value_or(INT32_MAX);
  const int b_lo = b.min.value_or(INT32_MIN), b_hi = b.max.value_or(INT32_MAX);
  return a_lo <= b_hi && b_lo <= a_hi;
}

class TableReader {
 public:
  TableReader(const std::string& file, std::vector<std::string>& errors) : p_{file, errors} {}

  void header(const json& j, std::string& id, std::string& title, std::string& rule, std::string& dice) {
    if (!j.contains("schema") || j["schema"] != kSchema) p_.add("schema", fmt::format("want \"{}\"", kSchema));
    id = text_field(j, "id", true, p_);
    if (j.contains("id") && id.empty()) p_.add("id", "empty");
    title = text_field(j, "title", false, p_);
    rule = text_field(j, "rule", false, p_);
    if (j.contains("dice") && !j["dice"].is_null()) dice = text_field(j, "dice", false, p_);
  }

  std::vector<std::pair<std::string, Source>> sources(const json& j) {
    std::vector<std::pair<std::string, Source>> out;
    if (!j.contains("provenance") || !j["provenance"].is_object()) {
      p_.add("provenance", "missing map of provenance keys");
      return out;
    }
    for (const auto& [key, value] : j["provenance"].items()) {
      std::string reason;
      if (auto s = source_from_json(value, reason)) out.emplace_back(key, std::move(*s));
      else p_.add("provenance." + key, reason);
    }
    return out;
  }

  std::vector<std::string> columns(const json& j) {
    std::vector<std::string> out;
    if (!j.contains("columns") || !j["columns"].is_array() || j["columns"].empty()) {
      p_.add("columns", "missing list of column labels");
      return out;
    }
    for (size_t i = 0; i < j["columns"].size(); ++i) {
      const json& c = j["columns"][i];
      const std::string at = fmt::format("columns[{}]", i);
      if (!c.is_string()) p_.add(at, "not a string");
      else if (std::find(out.begin(), out.end(), c.get<std::string>()) != out.end()) p_.add(at, "repeated label " + c.dump());
      else out.push_back(c.get<std::string>());
    }
    return out;
  }

  std::vector<TableRow> rows(const json& j, size_t columns, const std::vector<std::pair<std::string, Source>>& sources) {
    std::vector<TableRow> out;
    if (!j.contains("rows") || !j["rows"].is_array()) {
      p_.add("rows", "missing list of rows");
      return out;
    }
    for (size_t i = 0; i < j["rows"].size(); ++i) {
      if (auto r = row(j["rows"][i], fmt::format("rows[{}]", i), columns, sources)) out.push_back(std::move(*r));
    }
    check_rows(out);
    return out;
  }

  bool failed() const { return p_.any(); }

 private:
  std::optional<TableRow> row(const json& j, const std::string& at, size_t columns,
                              const std::vector<std::pair<std::string, Source>>& sources) {
    if (!j.is_object()) {
      p_.add(at, "not an object");
      return std::nullopt;
    }
    TableRow r;
    if (!j.contains("label") || !j["label"].is_string()) p_.add(at + ".label", "missing or not a string");
    else r.label = j["label"].get<std::string>();
    r.has_range = j.contains("min") || j.contains("max");
    if (j.contains("min")) r.min = bound(j, "min", at, p_);
    if (j.contains("max")) r.max = bound(j, "max", at, p_);
    if (r.min && r.max && *r.min > *r.max) p_.add(at, fmt::format("min {} above max {}", *r.min, *r.max));
    if (!j.contains("cells") || !j["cells"].is_array()) {
      p_.add(at + ".cells", "missing list of cells");
      return std::nullopt;
    }
    const json& cells = j["cells"];
    if (cells.size() != columns) p_.add(at, fmt::format("{} cells, {} columns", cells.size(), columns));
    for (size_t c = 0; c < cells.size(); ++c) {
      if (!good_cell(cells[c])) p_.add(fmt::format("{}.cells[{}]", at, c), "not a string, integer, null or list of strings");
      r.cells.push_back(TableCell{cells[c], "", {}});
    }
    provenance(j, at, r, sources);
    for (const auto& [key, value] : j.items())
      if (key != "label" && key != "min" && key != "max" && key != "cells" && key != "prov") r.extra[key] = value;
    return r;
  }

  // "prov" is one key for the whole row or one key per cell.
  void provenance(const json& j, const std::string& at, TableRow& r,
                  const std::vector<std::pair<std::string, Source>>& sources) {
    using Entry = std::pair<std::string, Source>;
    const auto resolve = [&](const json& key, const std::string& where) -> const Entry* {
      if (!key.is_string()) {
        p_.add(where, "not a provenance key");
        return nullptr;
      }
      const auto it = std::find_if(sources.begin(), sources.end(), [&](const Entry& s) { return s.first == key; });
      if (it == sources.end()) p_.add(where, "unknown provenance key " + key.dump());
      return it == sources.end() ? nullptr : &*it;
    };
    const auto set = [](TableCell& cell, const Entry* e) {
      if (e) std::tie(cell.source_key, cell.source) = *e;
    };
    if (!j.contains("prov")) return p_.add(at + ".prov", "missing");
    const json& prov = j["prov"];
    if (!prov.is_array()) {
      const Entry* e = resolve(prov, at + ".prov");
      for (TableCell& cell : r.cells) set(cell, e);
      return;
    }
    if (prov.size() != r.cells.size())
      return p_.add(at + ".prov", fmt::format("{} keys, {} cells", prov.size(), r.cells.size()));
    for (size_t c = 0; c < prov.size(); ++c) set(r.cells[c], resolve(prov[c], fmt::format("{}.prov[{}]", at, c)));
  }

  // Labels name rows in lookups and overrides; ranges pick the row of a roll.
  void check_rows(const std::vector<TableRow>& rows) {
    for (size_t i = 0; i < rows.size(); ++i) {
      for (size_t k = 0; k < i; ++k) {
        if (rows[i].label == rows[k].label)
          p_.add(fmt::format("rows[{}]", i), fmt::format("label \"{}\" repeats rows[{}]", rows[i].label, k));
        if (rows[i].has_range && rows[k].has_range && overlaps(rows[i], rows[k]))
          p_.add(fmt::format("rows[{}]", i), fmt::format("range overlaps rows[{}]", k));
      }
    }
  }

  Problems p_;
};

const std::set<std::string_view> kTableKeys{"schema", "id", "title", "rule", "dice", "provenance", "columns", "rows"};

}  // namespace

std::string TableCell::text() const {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_integer()) return std::to_string(value.get<int>());
  if (!value.is_array()) return "";
  std::string out;
  for (const json& e : value) out += (out.empty() ? "" : ",") + e.get<std::string>();
  return out;
}

std::optional<int> TableCell::as_int() const {
  if (value.is_number_integer()) return value.get<int>();
  if (!value.is_string()) return std::nullopt;
  std::string_view s = value.get_ref<const std::string&>();
  const bool negative = !s.empty() && s[0] == '-';
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  if (s.empty() || s.size() > 6 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  const int v = std::stoi(std::string(s));
  return negative ? -v : v;
}

std::optional<Table> Table::from_json(const json& j, const std::string& file, std::vector<std::string>& errors) {
  if (!j.is_object()) {
    errors.push_back(file + ": top level: not an object");
    return std::nullopt;
  }
  TableReader reader(file, errors);
  Table t;
  reader.header(j, t.id_, t.title_, t.rule_, t.dice_);
  t.sources_ = reader.sources(j);
  t.columns_ = reader.columns(j);
  t.rows_ = reader.rows(j, t.columns_.size(), t.sources_);
  if (reader.failed()) return std::nullopt;
  for (const auto& [key, value] : j.items())
    if (!kTableKeys.count(key)) t.extra_[key] = value;
  return t;
}

std::optional<Table> Table::load(const std::string& path, const std::string& file, std::vector<std::string>& errors) {
  const auto j = read_json_doc(path, file, errors);
  if (!j) return std::nullopt;
  return from_json(*j, file, errors);
}

int Table::row_index(std::string_view label) const {
  for (size_t i = 0; i < rows_.size(); ++i)
    if (rows_[i].label == label) return int(i);
  return -1;
}

int Table::column_index(std::string_view label) const {
  for (size_t i = 0; i < columns_.size(); ++i)
    if (columns_[i] == label) return int(i);
  return -1;
}

int Table::row_for(int roll) const {
  for (size_t i = 0; i < rows_.size(); ++i) {
    const TableRow& r = rows_[i];
    if (r.has_range && (!r.min || *r.min <= roll) && (!r.max || roll <= *r.max)) return int(i);
  }
  return -1;
}

const TableCell* Table::find(std::string_view row, std::string_view column) const {
  const int r = row_index(row), c = column_index(column);
  return r < 0 || c < 0 ? nullptr : &cell(r, c);
}

CellKind Table::column_kind(int column) const {
  bool any = false, all_int = true;
  for (const TableRow& r : rows_) {
    const json& v = r.cells[size_t(column)].value;
    if (v.is_array()) return CellKind::List;
    if (v.is_null()) continue;
    any = true;
    all_int = all_int && v.is_number_integer();
  }
  return any && all_int ? CellKind::Integer : CellKind::Text;
}

std::optional<TableSet> TableSet::load(const std::string& dir, std::vector<std::string>& errors) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".json") files.push_back(e.path());
  if (ec) {
    errors.push_back(dir + ": cannot read the folder (" + ec.message() + ")");
    return std::nullopt;
  }
  std::sort(files.begin(), files.end());
  fs::path base = fs::path(dir).lexically_normal();
  if (base.filename().empty()) base = base.parent_path();  // "tables/" names "tables"
  const std::string folder = base.filename().string();
  TableSet set;
  const size_t before = errors.size();
  for (const fs::path& f : files) {
    const std::string name = (folder.empty() ? "" : folder + "/") + f.filename().string();
    auto t = Table::load(f.string(), name, errors);
    if (t && !set.add(std::move(*t))) errors.push_back(name + ": id: another table has the same id");
  }
  if (errors.size() > before) return std::nullopt;
  return set;
}

bool TableSet::add(Table t) {
  if (find(t.id())) return false;
  tables_.push_back(std::move(t));
  return true;
}

const Table* TableSet::find(std::string_view id) const {
  for (const Table& t : tables_)
    if (t.id() == id) return &t;
  return nullptr;
}

Table* TableSet::find_mutable(std::string_view id) { return const_cast<Table*>(std::as_const(*this).find(id)); }

namespace {

json source_json(const Source& s) { return {{"kind", to_string(s.kind)}, {"note", s.note}}; }

// The one walk over a table for both JSON forms: the head, the sources under
// `sources_key` (with the owner entries cells bring), and the rows, each cell written by
// `cell`; `prov` adds each row's list of cell source keys (the file form).
json table_json(const Table& t, const char* sources_key, json (*cell)(const TableCell&), bool prov) {
  json j = t.extra();
  j["id"] = t.id();
  j["title"] = t.title();
  j["rule"] = t.rule();
  j["dice"] = t.dice().empty() ? json(nullptr) : json(t.dice());
  j["columns"] = t.columns();
  json sources = json::object();
  for (const auto& [key, s] : t.sources()) sources[key] = source_json(s);
  json rows = json::array();
  for (const TableRow& r : t.rows()) {
    json row = r.extra;
    row["label"] = r.label;
    if (r.has_range) {
      row["min"] = r.min ? json(*r.min) : json(nullptr);
      row["max"] = r.max ? json(*r.max) : json(nullptr);
    }
    json cells = json::array(), keys = json::array();
    for (const TableCell& c : r.cells) {
      if (!sources.contains(c.source_key)) sources[c.source_key] = source_json(c.source);  // owner entries
      cells.push_back(cell(c));
      keys.push_back(c.source_key);
    }
    row["cells"] = std::move(cells);
    if (prov) row["prov"] = std::move(keys);
    rows.push_back(std::move(row));
  }
  j[sources_key] = std::move(sources);
  j["rows"] = std::move(rows);
  return j;
}

}  // namespace

json to_json(const Table& t) {
  const auto cell = [](const TableCell& c) -> json {
    return {{"value", c.value}, {"kind", to_string(c.source.kind)}, {"source", c.source_key}};
  };
  return table_json(t, "sources", cell, false);
}

json to_schema_json(const Table& t) {
  json j = table_json(t, "provenance", [](const TableCell& c) { return c.value; }, true);
  j["schema"] = kSchema;
  return j;
}

json to_json(const TableSet& s) {
  json tables = json::array();
  for (const Table& t : s.tables()) tables.push_back(to_json(t));
  return {{"tables", std::move(tables)}};
}

}  // namespace core
