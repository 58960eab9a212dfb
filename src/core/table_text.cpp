// format_tables: the text form of to_json(TableSet) for terminals and logs.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "core/table.h"

namespace core {

using nlohmann::json;

namespace {

const std::map<std::string, std::string, std::less<>> kMarks{
    {"seed", "ˢ"}, {"public", "ᵖ"}, {"assumed", "ᵃ"}, {"owner", "ᵒ"}};

// Width on a terminal: UTF-8 code points (the marks are one column each).
// A member that should be a list, or an empty list: the JSON may come from any game.
const json& list(const json& j, const char* key) {
  static const json kNone = json::array();
  return j.is_object() && j.contains(key) && j[key].is_array() ? j[key] : kNone;
}

size_t width(std::string_view s) {
  return size_t(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string pad(const std::string& s, size_t w) { return s + std::string(w - std::min(w, width(s)), ' '); }

std::string cell_text(const json& c) {
  const json& v = c.is_object() && c.contains("value") ? c["value"] : c;
  std::string text;
  if (v.is_string()) text = v.get<std::string>();
  else if (v.is_number_integer()) text = std::to_string(v.get<int>());
  else if (v.is_array()) {
    for (const json& e : v) text += (text.empty() ? "" : ",") + (e.is_string() ? e.get<std::string>() : e.dump());
    if (text.empty()) text = "[]";
  }
  else text = "?";
  const auto mark = kMarks.find(c.is_object() ? c.value("kind", "") : "");
  return text + (mark == kMarks.end() ? "" : mark->second);
}

// One table: a heading, the grid (row labels then one column per table column), and
// the sources its cells use.
void format_table(const json& t, std::string& out) {
  if (!t.is_object()) return;
  const std::string dice = t.contains("dice") && t["dice"].is_string() ? "; " + t["dice"].get<std::string>() : "";
  out += fmt::format("{}: {} [{}{}]\n", t.value("id", ""), t.value("title", ""), t.value("rule", ""), dice);
  std::vector<std::vector<std::string>> grid{{""}};
  for (const json& c : list(t, "columns")) grid[0].push_back(c.is_string() ? c.get<std::string>() : c.dump());
  std::vector<std::string> used;
  for (const json& r : list(t, "rows")) {
    if (!r.is_object()) continue;
    grid.push_back({r.value("label", "")});
    for (const json& c : list(r, "cells")) {
      grid.back().push_back(cell_text(c));
      const std::string key = c.is_object() ? c.value("source", "") : "";
      if (!key.empty() && std::find(used.begin(), used.end(), key) == used.end()) used.push_back(key);
    }
  }
  std::vector<size_t> widths(grid[0].size(), 0);
  for (const auto& line : grid)
    for (size_t i = 0; i < line.size() && i < widths.size(); ++i) widths[i] = std::max(widths[i], width(line[i]));
  for (const auto& line : grid) {
    std::string text;
    for (size_t i = 0; i < line.size(); ++i) text += "  " + pad(line[i], i < widths.size() ? widths[i] : 0);
    text.erase(text.find_last_not_of(' ') + 1);
    out += text + "\n";
  }
  for (const std::string& key : used) {
    const json s = t.contains("sources") ? t["sources"].value(key, json::object()) : json::object();
    out += fmt::format("    {} {}: {}\n", key, s.value("kind", "?"), s.value("note", ""));
  }
}

}  // namespace

std::string format_tables(const json& j) {
  std::string out;
  if (j.is_object() && j.contains("tables")) {
    for (const json& t : list(j, "tables")) {
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
