#include "series/scs/crt.h"

#include <algorithm>
#include <cctype>

namespace scs {

Odds round_odds(int attack, int defense) {
  if (attack <= 0) return {0, 1};
  if (defense <= 0) return {1000, 1};
  if (attack >= defense) return {attack / defense, 1};
  return {1, (defense + attack - 1) / attack};
}

namespace {

// Orders ratios: a:b < c:d  <=>  a*d < c*b.
bool less(Odds a, Odds b) { return int64_t(a.attack) * b.defense < int64_t(b.attack) * a.defense; }

}  // namespace

std::optional<CombatResult> parse_result(std::string_view cell) {
  CombatResult r;
  std::string s;
  for (char c : cell)
    if (!std::isspace(static_cast<unsigned char>(c))) s.push_back(c);
  if (s.empty() || s == "-" || s == "NE" || s == "ne") return r;
  char last_side = 'D';
  size_t i = 0;
  auto number = [&](int& out) {
    if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    out = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) out = out * 10 + (s[i++] - '0');
    return true;
  };
  while (i < s.size()) {
    const char c = s[i++];
    int n = 0;
    if (c == 'A' || c == 'D') {
      last_side = c;
      if (i < s.size() && s[i] == 'e') {
        ++i;
        (c == 'A' ? r.attacker_eliminated : r.defender_eliminated) = true;
        continue;
      }
      if (!number(n)) return std::nullopt;
      (c == 'A' ? r.attacker_loss : r.defender_loss) = int8_t(n);
    } else if (c == 'r') {
      if (!number(n)) return std::nullopt;
      (last_side == 'A' ? r.attacker_retreat : r.defender_retreat) = int8_t(n);
    } else {
      return std::nullopt;
    }
  }
  return r;
}

std::string to_string(const CombatResult& r) {
  std::string s;
  if (r.attacker_eliminated) s += "Ae";
  else if (r.attacker_loss) s += "A" + std::to_string(r.attacker_loss);
  if (r.attacker_retreat) s += (s.empty() ? "Ar" : "r") + std::to_string(r.attacker_retreat);
  if (r.defender_eliminated) s += "De";
  else if (r.defender_loss) s += "D" + std::to_string(r.defender_loss);
  if (r.defender_retreat) s += (r.defender_loss || r.defender_eliminated ? "r" : "Dr") + std::to_string(r.defender_retreat);
  return s.empty() ? "-" : s;
}

Crt::Crt(std::vector<Odds> columns)
    : columns_(std::move(columns)),
      rows_(11, std::vector<CombatResult>(columns_.size())),
      filled_(11, false) {}

bool Crt::set_rows(int lo, int hi, const std::vector<std::string>& cells) {
  if (lo < 2 || hi > 12 || lo > hi || cells.size() != columns_.size()) return false;
  std::vector<CombatResult> row;
  for (const auto& c : cells) {
    const auto r = parse_result(c);
    if (!r) return false;
    row.push_back(*r);
  }
  for (int roll = lo; roll <= hi; ++roll) {
    rows_[size_t(roll - 2)] = row;
    filled_[size_t(roll - 2)] = true;
  }
  return true;
}

bool Crt::complete() const {
  return !columns_.empty() && std::all_of(filled_.begin(), filled_.end(), [](bool b) { return b; });
}

std::string Crt::column_name(int col) const {
  const Odds& o = columns_[size_t(col)];
  return std::to_string(o.attack) + ":" + std::to_string(o.defense);
}

int Crt::column(Odds o) const {
  int col = 0;
  for (int c = 0; c < columns(); ++c)
    if (!less(o, columns_[size_t(c)])) col = c;
  return col;
}

bool Crt::reaches_first_column(Odds o) const { return columns() > 0 && !less(o, columns_[0]); }

int Crt::shifted(int col, int shift_left) const {
  return std::clamp(col - shift_left, 0, columns() - 1);
}

const CombatResult& Crt::result(int col, int roll) const {
  return rows_[size_t(std::clamp(roll, 2, 12) - 2)][size_t(col)];
}

}  // namespace scs

#include <nlohmann/json.hpp>

namespace scs {

bool crt_from_table(const nlohmann::json& table, Crt& out, std::string& err) {
  try {
    std::vector<Odds> cols;
    for (const auto& c : table.at("columns")) {
      const std::string s = c.get<std::string>();
      const size_t colon = s.find(':');
      if (colon == std::string::npos) {
        err = "bad CRT column '" + s + "'";
        return false;
      }
      cols.push_back({std::stoi(s.substr(0, colon)), std::stoi(s.substr(colon + 1))});
    }
    Crt crt(cols);
    for (const auto& r : table.at("rows")) {
      const int lo = r.at("min").get<int>(), hi = r.at("max").get<int>();
      std::vector<std::string> cells;
      for (const auto& c : r.at("cells")) cells.push_back(c.get<std::string>());
      if (!crt.set_rows(lo, hi, cells)) {
        err = "bad CRT row '" + r.value("label", std::string()) + "'";
        return false;
      }
    }
    if (!crt.complete()) {
      err = "the CRT does not cover every two-dice total";
      return false;
    }
    out = std::move(crt);
    return true;
  } catch (const std::exception& e) {
    err = std::string("bad CRT table: ") + e.what();
    return false;
  }
}

}  // namespace scs
