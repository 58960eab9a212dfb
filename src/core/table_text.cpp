// format_tables: the text form of to_json(TableSet) for terminals and logs. It also
// reads the simpler form some games' Rules::tables() give (rows as [label, cell...],
// each cell {"value", "source": {"kind", "note"}}), so `hexfront tables` prints any game.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "core/table.h"

namespace core {

using nlohmann::json;

namespace {

const std::map<std::string, std::string, std::less<>> kMarks{
    {"seed", "ˢ"}, {"public", "ᵖ"}, {"assumed", "ᵃ"}, {"owner", "ᵒ"}};

// A member that should be a list, or an empty list: the JSON may come from any game.
const json& list(const json& j, const char* key) {
  static const json kNone = json::array();
  return j.is_object() && j.contains(key) && j[key].is_array() ? j[key] : kNone;
}

std::string str(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

// Width on a terminal: UTF-8 code points (the marks are one column each).
size_t width(std::string_view s) {
  return size_t(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string pad(const std::string& s, size_t w) { return s + std::string(w - std::min(w, width(s)), ' '); }

std::string value_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "?";
  if (!v.is_array()) return v.dump();
  std::string text;
  for (const json& e : v) text += (text.empty() ? "" : ",") + (e.is_string() ? e.get<std::string>() : e.dump());
  return text.empty() ? "[]" : text;
}

// One source line under a table: "key kind: note".
using SourceLines = std::vector<std::string>;

// A cell as text with its mark; its source line is added to `used` once.
std::string cell_text(const json& t, const json& c, SourceLines& used) {
  if (!c.is_object() || !c.contains("value")) return value_text(c);
  std::string kind = str(c, "kind"), line;
  if (c.contains("source") && c["source"].is_object()) {  // {"kind", "note"} in the cell
    kind = str(c["source"], "kind");
    line = fmt::format("{}: {}", kind, str(c["source"], "note"));
  } else if (const std::string key = str(c, "source"); !key.empty()) {  // a key into "sources"
    const json s = t.contains("sources") ? t["sources"].value(key, json::object()) : json::object();
    line = fmt::format("{} {}: {}", key, str(s, "kind"), str(s, "note"));
  }
  if (!line.empty() && std::find(used.begin(), used.end(), line) == used.end()) used.push_back(line);
  const auto mark = kMarks.find(kind);
  return value_text(c["value"]) + (mark == kMarks.end() ? "" : mark->second);
}

// A row as its label then its cells' texts; a row is {"label", "cells"} or [label, cell...].
std::vector<std::string> row_texts(const json& t, const json& r, SourceLines& used) {
  std::vector<std::string> out;
  if (r.is_array()) {
    for (size_t i = 0; i < r.size(); ++i) out.push_back(i == 0 ? value_text(r[i]) : cell_text(t, r[i], used));
    return out;
  }
  out.push_back(str(r, "label"));
  for (const json& c : list(r, "cells")) out.push_back(cell_text(t, c, used));
  return out;
}

// One table: a heading, the grid (row labels then one column per table column), and
// the sources its cells use.
void format_table(const json& t, std::string& out) {
  if (!t.is_object()) return;
  const std::string id = t.contains("id") ? str(t, "id") : str(t, "name");
  const std::string dice = str(t, "dice").empty() ? "" : "; " + str(t, "dice");
  const std::string rule = str(t, "rule") + dice;
  out += id + (str(t, "title").empty() ? "" : ": " + str(t, "title")) + (rule.empty() ? "" : " [" + rule + "]") + "\n";
  std::vector<std::vector<std::string>> grid{{""}};
  for (const json& c : list(t, "columns")) grid[0].push_back(value_text(c));
  // The simple form names the label column too; keep the header over its own column.
  if (!list(t, "rows").empty() && list(t, "rows")[0].is_array()) grid[0].erase(grid[0].begin());
  SourceLines used;
  for (const json& r : list(t, "rows")) grid.push_back(row_texts(t, r, used));
  std::vector<size_t> widths;
  for (const auto& line : grid)
    for (size_t i = 0; i < line.size(); ++i) {
      if (i == widths.size()) widths.push_back(0);
      widths[i] = std::max(widths[i], width(line[i]));
    }
  for (const auto& line : grid) {
    std::string text;
    for (size_t i = 0; i < line.size(); ++i) text += "  " + pad(line[i], widths[i]);
    text.erase(text.find_last_not_of(' ') + 1);
    out += text + "\n";
  }
  for (const std::string& s : used) out += "    " + s + "\n";
}

}  // namespace

std::string format_tables(const json& j) {
  const json& tables = j.is_array() ? j : list(j, "tables");
  std::string out;
  if (!tables.empty() || (j.is_object() && j.contains("tables"))) {
    for (const json& t : tables) {
      format_table(t, out);
      out += "\n";
    }
  } else {
    format_table(j, out);
    out += "\n";
  }
  out += "provenance: ˢ seed (printed in the rulebook)  ᵖ public reference  ᵃ assumed (reconstructed)  "
         "ᵒ owner override;  ? not known\n";
  return out;
}

}  // namespace core
