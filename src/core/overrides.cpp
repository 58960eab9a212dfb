#include "core/overrides.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace core {

using nlohmann::json;

namespace {

constexpr std::string_view kMagic = "hexfront-override";
constexpr std::string_view kVersion = "1";
constexpr int kMaxSides = 16;  // as the counters loader's step limit
constexpr std::string_view kTableForm = "want: table <table> <row> <column> = <value>";
constexpr std::string_view kUnitForm = "want: unit <id> <field>[@<side>] = <value>";

// Counter attributes an owner may set that must be a word some counter already uses:
// a typo ("Mehc") is caught instead of making a unit no rule recognises.
const std::set<std::string, std::less<>> kVocabularyFields{"move_class", "type", "formation", "nationality", "size"};

struct Word {
  std::string text;  // unquoted
  bool quoted = false;
};

// Splits a line into words as the map files do: "..." holds spaces (backslash escapes
// a quote or a backslash) and `#` outside quotes starts a comment. False on an
// unterminated quote.
bool split_words(std::string_view line, std::vector<Word>& out) {
  size_t i = 0;
  while (true) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    if (i >= line.size() || line[i] == '#') return true;
    Word w;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') {
      if (line[i] != '"') {
        w.text += line[i++];
        continue;
      }
      w.quoted = true;
      for (++i; i < line.size() && line[i] != '"'; ++i) {
        if (line[i] == '\\' && i + 1 < line.size()) ++i;
        w.text += line[i];
      }
      if (i >= line.size()) return false;
      ++i;
    }
    out.push_back(std::move(w));
  }
}

std::optional<int> parse_int(std::string_view s) {
  const bool negative = !s.empty() && s[0] == '-';
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  if (s.empty() || s.size() > 5 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  const int v = std::stoi(std::string(s));
  return negative ? -v : v;
}

std::string names(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// What the lines of one unit did to its sides, checked once the whole file is read.
struct UnitEdit {
  int steps_line = 0;                         // the line that set steps, if any
  int printed_sides = 0;                      // sides in the data
  std::map<std::pair<int, int>, int> given;  // (side, value index) -> line
};

class Applier {
 public:
  Applier(const std::string& file, const TableSet& tables, const CounterSet& counters,
          std::vector<OverrideIssue>& issues, const TableValueCheck& check)
      : file_(file),
        note_file_(std::filesystem::path(file).filename().string()),
        tables_(tables),
        counters_(counters),
        issues_(issues),
        first_issue_(issues.size()),
        check_(check) {
    // Sets built in code may leave the attribute sources out.
    counters_.attribute_sources.resize(size_t(counters_.catalog.size()));
  }

  void read(std::string_view text) {
    std::istringstream in{std::string(text)};
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) read_line(n, line);
    if (!header_seen_) issue(1, fmt::format("empty file: want \"{} {}\" first", kMagic, kVersion));
    check_sides();
    // check_sides() reports per unit; the owner reads the file top to bottom.
    std::stable_sort(issues_.begin() + std::ptrdiff_t(first_issue_), issues_.end(),
                     [](const OverrideIssue& a, const OverrideIssue& b) { return a.line < b.line; });
  }

  bool ok() const { return issues_.size() == first_issue_; }
  TableSet& tables() { return tables_; }
  CounterSet& counters() { return counters_; }

 private:
  void issue(int line, std::string reason) { issues_.push_back({file_, line, std::move(reason)}); }

  Source owner(int line) const { return {Provenance::Owner, fmt::format("{}:{}", note_file_, line)}; }

  void read_line(int n, const std::string& line) {
    std::vector<Word> w;
    if (!split_words(line, w)) return issue(n, "unterminated quote");
    if (w.empty()) return;
    if (!header_seen_) return header(n, w);
    if (w[0].text == "game" && !w[0].quoted) return game(n, w);
    body_seen_ = true;
    if (w[0].quoted || (w[0].text != "table" && w[0].text != "unit"))
      return issue(n, fmt::format("unknown keyword \"{}\" (want table or unit)", w[0].text));
    if (w[0].text == "table") return table_line(n, w);
    unit_line(n, w);
  }

  void header(int n, const std::vector<Word>& w) {
    header_seen_ = true;
    if (w.size() != 2 || w[0].text != kMagic || w[1].text != kVersion)
      issue(n, fmt::format("want \"{} {}\" as the first line", kMagic, kVersion));
  }

  void game(int n, const std::vector<Word>& w) {
    if (body_seen_ || game_seen_) return issue(n, "game: once, before any table or unit line");
    game_seen_ = true;
    if (w.size() != 2) return issue(n, "want: game <id>");
    if (!counters_.game.empty() && w[1].text != counters_.game)
      issue(n, fmt::format("game \"{}\": these data are for \"{}\"", w[1].text, counters_.game));
  }

  // Two lines setting one value would make the result depend on their order.
  bool first_time(int n, const std::string& target) {
    const auto [it, fresh] = targets_.emplace(target, n);
    if (!fresh) issue(n, fmt::format("{} is already set on line {}", target, it->second));
    return fresh;
  }

  void table_line(int n, const std::vector<Word>& w) {
    if (w.size() != 6 || w[4].quoted || w[4].text != "=") return issue(n, std::string(kTableForm));
    Table* t = tables_.find_mutable(w[1].text);
    if (!t) {
      std::vector<std::string> ids;
      for (const Table& each : tables_.tables()) ids.push_back(each.id());
      return issue(n, fmt::format("unknown table \"{}\" (tables: {})", w[1].text, names(ids)));
    }
    const int row = t->row_index(w[2].text);
    const int col = t->column_index(w[3].text);
    if (row < 0) issue(n, fmt::format("table {} has no row \"{}\"", t->id(), w[2].text));
    if (col < 0) issue(n, fmt::format("table {} has no column \"{}\" (columns: {})", t->id(), w[3].text, names(t->columns())));
    if (row < 0 || col < 0) return;
    const auto value = table_value(n, *t, col, w[5]);
    if (!value) return;
    if (check_) {
      if (const std::string why = check_(*t, row, col, *value); !why.empty())
        return issue(n, fmt::format("table {} \"{}\" \"{}\": {}", t->id(), w[2].text, w[3].text, why));
    }
    if (!first_time(n, fmt::format("table {} \"{}\" \"{}\"", t->id(), w[2].text, w[3].text))) return;
    const Source s = owner(n);
    t->set_cell(row, col, TableCell{*value, s.note, s});
  }

  // The value in the kind the column holds: integers stay integers, a list is words
  // separated by commas ("" for an empty list), anything else is text.
  std::optional<json> table_value(int n, const Table& t, int col, const Word& v) {
    switch (t.column_kind(col)) {
      case CellKind::Integer:
        if (const auto i = parse_int(v.text)) return json(*i);
        issue(n, fmt::format("column \"{}\" of {} holds integers: \"{}\" is not one", t.columns()[size_t(col)], t.id(), v.text));
        return std::nullopt;
      case CellKind::List: {
        json list = json::array();
        std::istringstream in(v.text);
        for (std::string item; std::getline(in, item, ',');) {
          if (item.empty()) {
            issue(n, fmt::format("\"{}\": an empty item in a list (want words separated by commas)", v.text));
            return std::nullopt;
          }
          list.push_back(item);
        }
        return list;
      }
      case CellKind::Text:
        break;
    }
    if (v.text.empty()) {
      issue(n, "empty value");
      return std::nullopt;
    }
    return json(v.text);
  }

  void unit_line(int n, const std::vector<Word>& w) {
    if (w.size() != 5 || w[3].quoted || w[3].text != "=") return issue(n, std::string(kUnitForm));
    const int u = counters_.catalog.find(w[1].text);
    if (u < 0) return issue(n, fmt::format("unknown unit \"{}\"", w[1].text));
    const std::string& field = w[2].text;
    const size_t at = field.rfind('@');
    const std::string name = field.substr(0, at);
    const int value_index = counters_.catalog.value_index(name);
    if (value_index >= 0) return unit_value(n, u, value_index, at == std::string::npos ? "" : field.substr(at + 1), w[4]);
    if (at != std::string::npos) return issue(n, fmt::format("\"{}\": only values ({}) have sides", field, names(counters_.catalog.value_names())));
    unit_attribute(n, u, name, w[4]);
  }

  void unit_value(int n, int u, int value_index, const std::string& side_text, const Word& v) {
    const auto side = side_text.empty() ? std::optional<int>(0) : parse_int(side_text);
    if (!side || *side < 0 || *side >= kMaxSides || side_text[0] == '+' || side_text[0] == '-')
      return issue(n, fmt::format("\"@{}\": a side is the number of steps lost, 0..{}", side_text, kMaxSides - 1));
    const auto value = parse_int(v.text);
    if (!value || *value < INT16_MIN || *value > INT16_MAX)
      return issue(n, fmt::format("\"{}\" is not an integer", v.text));
    UnitDef& d = counters_.catalog.mutable_def(u);
    const std::string& value_name = counters_.catalog.value_names()[size_t(value_index)];
    if (!first_time(n, fmt::format("unit \"{}\" {}@{}", d.id, value_name, *side))) return;
    UnitEdit& edit = edit_of(u);
    edit.given[{*side, value_index}] = n;
    // A side beyond the printed ones is new: check_sides() wants it complete.
    if (size_t(*side) >= d.values.size()) d.values.resize(size_t(*side) + 1, std::vector<UnitValue>(counters_.catalog.value_names().size()));
    d.values[size_t(*side)][size_t(value_index)] = UnitValue{int16_t(*value), owner(n)};
  }

  void unit_attribute(int n, int u, const std::string& field, const Word& v) {
    UnitDef& d = counters_.catalog.mutable_def(u);
    const std::string target = fmt::format("unit \"{}\" {}", d.id, field);
    const int flag = counters_.flag_bit(field);
    if (field == "steps") {
      const auto steps = parse_int(v.text);
      if (!steps || *steps < 1 || *steps > kMaxSides) return issue(n, fmt::format("steps \"{}\": want 1..{}", v.text, kMaxSides));
      if (!first_time(n, target)) return;
      d.steps = *steps;
      edit_of(u).steps_line = n;
    } else if (flag >= 0) {
      if (v.text != "true" && v.text != "false") return issue(n, fmt::format("{} \"{}\": want true or false", field, v.text));
      if (!first_time(n, target)) return;
      d.flags = v.text == "true" ? d.flags | (1u << flag) : d.flags & ~(1u << flag);
    } else if (kVocabularyFields.count(field) || field == "name") {
      if (v.text.empty()) return issue(n, "empty value");
      if (field != "name" && !in_vocabulary(field, v.text))
        return issue(n, fmt::format("{} \"{}\": no counter has it", field, v.text));
      if (!first_time(n, target)) return;
      text_field(d, field) = v.text;
    } else {
      return issue(n, fmt::format("unknown field \"{}\" (want {}, name, type, size, nationality, formation, move_class, "
                                  "steps{}{})",
                                  field, names(counters_.catalog.value_names()),
                                  counters_.flag_names.empty() ? "" : ", ", names(counters_.flag_names)));
    }
    counters_.attribute_sources[size_t(u)][field] = owner(n);
  }

  static std::string& text_field(UnitDef& d, std::string_view field) {
    if (field == "move_class") return d.move_class;
    if (field == "type") return d.type;
    if (field == "formation") return d.formation;
    if (field == "nationality") return d.nationality;
    if (field == "size") return d.size;
    return d.name;
  }

  bool in_vocabulary(std::string_view field, std::string_view word) {
    for (int i = 0; i < counters_.catalog.size(); ++i)
      if (text_field(counters_.catalog.mutable_def(i), field) == word) return true;
    return false;
  }

  UnitEdit& edit_of(int u) {
    const auto [it, fresh] = edits_.try_emplace(u);
    if (fresh) it->second.printed_sides = int(counters_.catalog[u].values.size());
    return it->second;
  }

  // Once every line is read: each edited unit has one complete side per step.
  void check_sides() {
    const size_t names_count = counters_.catalog.value_names().size();
    for (auto& [u, edit] : edits_) {
      UnitDef& d = counters_.catalog.mutable_def(u);
      for (const auto& [key, line] : edit.given)
        if (key.first >= d.steps)
          issue(line, fmt::format("unit \"{}\" has {} step(s): no side @{}", d.id, d.steps, key.first));
      const int line = edit.steps_line ? edit.steps_line : edit.given.rbegin()->second;
      for (int side = edit.printed_sides; side < d.steps; ++side) {
        std::vector<std::string> missing;
        for (size_t v = 0; v < names_count; ++v)
          if (!edit.given.count({side, int(v)})) missing.push_back(counters_.catalog.value_names()[v] + "@" + std::to_string(side));
        if (!missing.empty())
          issue(line, fmt::format("unit \"{}\": side @{} is not printed in the data; give {}", d.id, side, names(missing)));
      }
      d.values.resize(size_t(std::min<int>(d.steps, int(d.values.size()))));
    }
  }

  std::string file_;
  std::string note_file_;
  TableSet tables_;      // a copy: the caller's sets change only when the file is valid
  CounterSet counters_;  // likewise
  std::vector<OverrideIssue>& issues_;
  size_t first_issue_;
  const TableValueCheck& check_;
  bool header_seen_ = false, game_seen_ = false, body_seen_ = false;
  std::map<std::string, int> targets_;
  std::map<int, UnitEdit> edits_;
};

}  // namespace

std::string OverrideIssue::to_string() const { return fmt::format("{}:{}: {}", file, line, reason); }

bool apply_overrides(std::string_view text, const std::string& file, TableSet& tables, CounterSet& counters,
                     std::vector<OverrideIssue>& issues, const TableValueCheck& check) {
  Applier a(file, tables, counters, issues, check);
  a.read(text);
  if (!a.ok()) return false;
  tables = std::move(a.tables());
  counters = std::move(a.counters());
  return true;
}

bool apply_override_file(const std::string& path, TableSet& tables, CounterSet& counters,
                         std::vector<OverrideIssue>& issues, const TableValueCheck& check) {
  const std::string name = std::filesystem::path(path).filename().string();
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    issues.push_back({name, 0, "cannot read the file"});
    return false;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  return apply_overrides(buf.str(), name, tables, counters, issues, check);
}

std::optional<GameData> load_game_data(const std::string& game_dir, const std::vector<std::string>& flag_names,
                                       const std::string& override_path, std::vector<std::string>& errors,
                                       const TableValueCheck& check) {
  auto tables = TableSet::load(game_dir + "/tables", errors);
  auto counters = load_counters(game_dir + "/counters.json", "counters.json", flag_names, errors);
  if (!tables || !counters) return std::nullopt;
  GameData data{std::move(*tables), std::move(*counters)};
  const std::string shipped = game_dir + "/owner.override";
  const std::string path = !override_path.empty() ? override_path : std::filesystem::exists(shipped) ? shipped : "";
  if (path.empty()) return data;
  std::vector<OverrideIssue> issues;
  if (apply_override_file(path, data.tables, data.counters, issues, check)) return data;
  for (const OverrideIssue& i : issues) errors.push_back(i.to_string());
  return std::nullopt;
}

}  // namespace core
