#include "core/hex_id.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <tuple>
#include <unordered_set>

namespace core {
namespace {

// Floor division: offset <-> axial conversions meet negative global columns and rows
// (SCS rows run north, so screen rows are negative), where C++ `/` truncates.
constexpr int floor_div(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    const size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

std::optional<int> to_int(std::string_view s) {
  if (s.empty() || s.size() > 4) return std::nullopt;
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size() || s[0] == '-' || s[0] == '+') return std::nullopt;
  return v;
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// "N" (1..N) or "a-b".
std::optional<std::pair<int, int>> parse_span(std::string_view s) {
  if (const size_t dash = s.find('-'); dash != std::string_view::npos) {
    const auto a = to_int(s.substr(0, dash)), b = to_int(s.substr(dash + 1));
    if (!a || !b || *a > *b) return std::nullopt;
    return std::pair{*a, *b};
  }
  const auto n = to_int(s);
  if (!n || *n < 1) return std::nullopt;
  return std::pair{1, *n};
}

std::string span_text(int lo, int hi) { return lo == 1 ? fmt::format("{}", hi) : fmt::format("{}-{}", lo, hi); }

// One printed sheet: its local columns and rows, and where its column and row 0 sit
// in the scheme's global offset frame (global = local + offset).
struct Sheet {
  char letter = 'A';
  int c0 = 1, c1 = 1, r0 = 1, r1 = 1;
  int dc = 0, dr = 0;
  bool holds_local(int c, int r) const { return c >= c0 && c <= c1 && r >= r0 && r <= r1; }
};

// "L:CxR" with C and R each "N" or "a-b".
std::optional<Sheet> parse_sheet(std::string_view w, std::string* error) {
  const size_t x = w.find('x');
  if (w.size() < 5 || w[1] != ':' || w[0] < 'A' || w[0] > 'Z' || x == std::string_view::npos) {
    if (error) *error = fmt::format("bad sheet '{}' (want L:<cols>x<rows>)", w);
    return std::nullopt;
  }
  const auto cols = parse_span(w.substr(2, x - 2)), rows = parse_span(w.substr(x + 1));
  if (!cols || !rows) {
    if (error) *error = fmt::format("bad sheet size in '{}'", w);
    return std::nullopt;
  }
  if (cols->second > 99 || rows->second > 99) {
    if (error) *error = fmt::format("sheet '{}' is larger than two-digit IDs allow", w);
    return std::nullopt;
  }
  Sheet s;
  s.letter = w[0];
  std::tie(s.c0, s.c1) = *cols;
  std::tie(s.r0, s.r1) = *rows;
  return s;
}

// The shared machinery: sheets in a global offset frame (column, row in the printed
// counting direction); each scheme supplies how IDs are spelt and how the global
// offset frame maps to axial coordinates.
class SheetScheme : public HexIdScheme {
 public:
  std::optional<Hex> parse(std::string_view id) const override {
    const auto p = split_id(id);
    if (!p) return std::nullopt;
    const Sheet* s = sheet(p->letter);
    if (!s || !s->holds_local(p->col, p->row)) return std::nullopt;
    return to_axial(p->col + s->dc, p->row + s->dr);
  }

  std::string format(Hex h) const override {
    const auto [gc, gr] = to_offset(h);
    for (const Sheet& s : sheets_)
      if (s.holds_local(gc - s.dc, gr - s.dr)) return spell(s.letter, gc - s.dc, gr - s.dr);
    return fmt::format("({},{})", h.q, h.r);
  }

  std::vector<std::string> all_ids(Hex h) const override {
    const auto [gc, gr] = to_offset(h);
    std::vector<std::string> out;
    for (const Sheet& s : sheets_)
      if (s.holds_local(gc - s.dc, gr - s.dr)) out.push_back(spell(s.letter, gc - s.dc, gr - s.dr));
    return out;
  }

  std::vector<Hex> hexes() const override {
    std::vector<Hex> out;
    std::unordered_set<Hex> seen;
    for (const Sheet& s : sheets_)
      for (int c = s.c0; c <= s.c1; ++c)
        for (int r = s.r0; r <= s.r1; ++r) {
          const Hex h = to_axial(c + s.dc, r + s.dr);
          if (seen.insert(h).second) out.push_back(h);
        }
    return out;
  }

  std::optional<std::vector<Hex>> range(std::string_view from, std::string_view to) const override {
    const auto a = split_id(from), b = split_id(to);
    if (!a || !b || a->letter != b->letter || !parse(from) || !parse(to)) return std::nullopt;
    const Sheet& s = *sheet(a->letter);
    std::vector<Hex> out;
    for (int c = std::min(a->col, b->col); c <= std::max(a->col, b->col); ++c)
      for (int r = std::min(a->row, b->row); r <= std::max(a->row, b->row); ++r)
        out.push_back(to_axial(c + s.dc, r + s.dr));
    return out;
  }

 protected:
  struct Parts {
    char letter;
    int col, row;
  };
  // Splits a printed ID into sheet letter, local column and local row.
  virtual std::optional<Parts> split_id(std::string_view id) const = 0;
  virtual std::string spell(char letter, int col, int row) const = 0;
  virtual Hex to_axial(int gc, int gr) const = 0;
  virtual std::pair<int, int> to_offset(Hex h) const = 0;

  const Sheet* sheet(char letter) const {
    for (const Sheet& s : sheets_)
      if (s.letter == letter) return &s;
    return nullptr;
  }
  static std::string sheet_text(const Sheet& s) {
    return fmt::format("{}:{}x{}", s.letter, span_text(s.c0, s.c1), span_text(s.r0, s.r1));
  }
  std::string sheets_text() const {
    std::string out;
    for (const Sheet& s : sheets_) out += " " + sheet_text(s);
    return out;
  }

  std::vector<Sheet> sheets_;
};

// --- scs -------------------------------------------------------------------------
// Flat-topped columns, rows counted north. The global frame puts the sheets side by
// side west to east: a sheet's column 1 follows the previous sheet's last column.
// `high_even_` says whether even global columns sit half a hex north of odd ones.
class ScsScheme final : public SheetScheme {
 public:
  ScsScheme(std::vector<Sheet> sheets, bool high_even) : high_even_(high_even) {
    int next = 0;
    for (Sheet& s : sheets) {
      s.dc = next;
      next += s.c1;
      sheets_.push_back(s);
    }
  }
  std::string_view name() const override { return "scs"; }
  std::string spec() const override { return "scs" + sheets_text() + (high_even_ ? " high=even" : " high=odd"); }
  Orientation orientation() const override { return Orientation::FlatTop; }

 protected:
  // "A12.34", one or two digits on each side of the dot.
  std::optional<Parts> split_id(std::string_view id) const override {
    if (id.size() < 4 || id[0] < 'A' || id[0] > 'Z') return std::nullopt;
    const size_t dot = id.find('.');
    if (dot == std::string_view::npos) return std::nullopt;
    const std::string_view c = id.substr(1, dot - 1), r = id.substr(dot + 1);
    if (c.size() > 2 || r.size() > 2 || !all_digits(c) || !all_digits(r)) return std::nullopt;
    return Parts{id[0], *to_int(c), *to_int(r)};
  }
  // The rulebooks print the column bare and the row with two digits ("B1.06").
  std::string spell(char letter, int col, int row) const override {
    return fmt::format("{}{}.{:02}", letter, col, row);
  }

  // Screen rows grow south, printed rows north: screen row = -row. The columns that
  // sit lower are the odd ones when even columns are high.
  Hex to_axial(int gc, int gr) const override {
    const int low = high_even_ ? 1 : 0;
    return {int16_t(gc), int16_t(-gr - floor_div(gc + 1 - low, 2))};
  }
  std::pair<int, int> to_offset(Hex h) const override {
    const int low = high_even_ ? 1 : 0;
    return {h.q, -(h.r + floor_div(h.q + 1 - low, 2))};
  }

 private:
  bool high_even_;
};

// --- spi -------------------------------------------------------------------------
// Pointy-topped rows XX counted north, YY counted east; even rows sit half a hex east
// of odd ones. Each sheet's place in the mosaic is fixed by its letter (notes 001 §5):
// C at the origin, D 21 columns east, A 22 rows north, B both.
class SpiScheme final : public SheetScheme {
 public:
  explicit SpiScheme(std::vector<Sheet> sheets) {
    for (Sheet& s : sheets) {
      s.dc = (s.letter == 'B' || s.letter == 'D') ? 21 : 0;
      s.dr = (s.letter == 'A' || s.letter == 'B') ? 22 : 0;
      sheets_.push_back(s);
    }
  }
  static bool known_letter(char c) { return c >= 'A' && c <= 'D'; }
  std::string_view name() const override { return "spi"; }
  std::string spec() const override { return "spi" + sheets_text(); }
  Orientation orientation() const override { return Orientation::PointyTop; }

 protected:
  // "B1620": XX then YY, two digits each.
  std::optional<Parts> split_id(std::string_view id) const override {
    if (id.size() != 5 || !known_letter(id[0]) || !all_digits(id.substr(1))) return std::nullopt;
    return Parts{id[0], *to_int(id.substr(3, 2)), *to_int(id.substr(1, 2))};
  }
  std::string spell(char letter, int col, int row) const override {
    return fmt::format("{}{:02}{:02}", letter, row, col);
  }

  // Screen row = -XX; an even row is shifted east, so q = column - ceil(screen row / 2).
  Hex to_axial(int gc, int gr) const override {
    const int sr = -gr;
    return {int16_t(gc - floor_div(sr + 1, 2)), int16_t(sr)};
  }
  std::pair<int, int> to_offset(Hex h) const override { return {h.q + floor_div(h.r + 1, 2), -h.r}; }
};

// --- wot -------------------------------------------------------------------------
// Flat-topped columns CC counted east, rows RR counted south, odd columns half a hex
// lower. W is the global frame; the seam option names the W column printed over an
// E column, which places E.
class WotScheme final : public SheetScheme {
 public:
  WotScheme(std::vector<Sheet> sheets, int seam_w, int seam_e) : seam_w_(seam_w), seam_e_(seam_e) {
    for (Sheet& s : sheets) {
      s.dc = s.letter == 'E' ? seam_w - seam_e : 0;
      sheets_.push_back(s);
    }
  }
  std::string_view name() const override { return "wot"; }
  std::string spec() const override { return fmt::format("wot{} seam={}:{}", sheets_text(), seam_w_, seam_e_); }
  Orientation orientation() const override { return Orientation::FlatTop; }

 protected:
  std::optional<Parts> split_id(std::string_view id) const override {
    if (id.size() != 5 || (id[0] != 'W' && id[0] != 'E') || !all_digits(id.substr(1))) return std::nullopt;
    return Parts{id[0], *to_int(id.substr(1, 2)), *to_int(id.substr(3, 2))};
  }
  std::string spell(char letter, int col, int row) const override {
    return fmt::format("{}{:02}{:02}", letter, col, row);
  }

  Hex to_axial(int gc, int gr) const override { return {int16_t(gc), int16_t(gr - floor_div(gc, 2))}; }
  std::pair<int, int> to_offset(Hex h) const override { return {h.q, h.r + floor_div(h.q, 2)}; }

 private:
  int seam_w_, seam_e_;
};

bool fail(std::string* error, std::string message) {
  if (error) *error = std::move(message);
  return false;
}

// Splits a spec's words into sheets ("L:...") and options ("key=value"); sheet letters
// must be distinct and belong to `letters`.
bool read_spec(const std::vector<std::string_view>& words, std::string_view letters, std::vector<Sheet>& sheets,
               std::vector<std::pair<std::string_view, std::string_view>>& options, std::string* error) {
  for (size_t i = 1; i < words.size(); ++i) {
    const std::string_view w = words[i];
    if (const size_t eq = w.find('='); eq != std::string_view::npos) {
      options.emplace_back(w.substr(0, eq), w.substr(eq + 1));
      continue;
    }
    auto s = parse_sheet(w, error);
    if (!s) return false;
    if (letters.find(s->letter) == std::string_view::npos)
      return fail(error, fmt::format("sheet letter '{}' is not one of {}", s->letter, letters));
    for (const Sheet& o : sheets)
      if (o.letter == s->letter) return fail(error, fmt::format("sheet '{}' given twice", s->letter));
    sheets.push_back(*s);
  }
  return true;
}

std::unique_ptr<HexIdScheme> make_scs(const std::vector<std::string_view>& words, std::string* error) {
  std::vector<Sheet> sheets;
  std::vector<std::pair<std::string_view, std::string_view>> options;
  if (!read_spec(words, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", sheets, options, error)) return nullptr;
  if (sheets.empty()) return fail(error, "scs needs at least one sheet, e.g. 'scs A:40x60'"), nullptr;
  for (const Sheet& s : sheets)
    if (s.c0 != 1) return fail(error, fmt::format("scs sheet '{}' must number its columns from 1", s.letter)), nullptr;
  // ASSUMED (docs/map-format.md): even columns sit high, from the Ardennes II errata
  // joining B1.11 to A40.10.
  bool high_even = true;
  for (const auto& [k, v] : options) {
    if (k == "high" && (v == "even" || v == "odd"))
      high_even = v == "even";
    else
      return fail(error, fmt::format("unknown scs option '{}={}' (want high=even|odd)", k, v)), nullptr;
  }
  return std::make_unique<ScsScheme>(std::move(sheets), high_even);
}

std::unique_ptr<HexIdScheme> make_spi(const std::vector<std::string_view>& words, std::string* error) {
  std::vector<Sheet> sheets;
  std::vector<std::pair<std::string_view, std::string_view>> options;
  if (!read_spec(words, "ABCD", sheets, options, error)) return nullptr;
  if (!options.empty()) return fail(error, fmt::format("unknown spi option '{}'", options[0].first)), nullptr;
  // ASSUMED (docs/map-format.md): the sheet sizes are not in the notes; 28 columns by
  // 23 rows covers every printed ID they cite and the overlaps they describe.
  if (sheets.empty())
    for (char l : std::string_view("ABCD")) sheets.push_back({l, 1, 28, 1, 23, 0, 0});
  return std::make_unique<SpiScheme>(std::move(sheets));
}

std::unique_ptr<HexIdScheme> make_wot(const std::vector<std::string_view>& words, std::string* error) {
  std::vector<Sheet> sheets;
  std::vector<std::pair<std::string_view, std::string_view>> options;
  if (!read_spec(words, "WE", sheets, options, error)) return nullptr;
  // ASSUMED (docs/map-format.md): extents and seam are not printed legibly; these
  // defaults follow the edge ranges of rule 8.2 and the Meuse line's geography.
  if (sheets.empty()) {
    sheets.push_back({'W', 18, 48, 0, 44, 0, 0});
    sheets.push_back({'E', 10, 45, 0, 44, 0, 0});
  }
  int seam_w = 48, seam_e = 10;
  for (const auto& [k, v] : options) {
    const size_t colon = v.find(':');
    const auto a = colon == std::string_view::npos ? std::nullopt : to_int(v.substr(0, colon));
    const auto b = colon == std::string_view::npos ? std::nullopt : to_int(v.substr(colon + 1));
    if (k != "seam" || !a || !b)
      return fail(error, fmt::format("unknown wot option '{}={}' (want seam=<W col>:<E col>)", k, v)), nullptr;
    seam_w = *a;
    seam_e = *b;
  }
  // Odd columns are low on both sheets, so the seam may only shift by whole pairs.
  if ((seam_w - seam_e) % 2 != 0)
    return fail(error, fmt::format("wot seam {}:{} joins columns of different parity", seam_w, seam_e)), nullptr;
  return std::make_unique<WotScheme>(std::move(sheets), seam_w, seam_e);
}

constexpr std::array<std::string_view, kDirections> kFlatNames{"se", "ne", "n", "nw", "sw", "s"};
constexpr std::array<std::string_view, kDirections> kPointyNames{"e", "ne", "nw", "w", "sw", "se"};
const double kRoot3 = std::sqrt(3.0);

}  // namespace

std::unique_ptr<HexIdScheme> make_scheme(std::string_view spec, std::string* error) {
  const auto words = split_words(spec);
  if (words.empty()) return fail(error, "empty hex-ID scheme spec"), nullptr;
  if (words[0] == "scs") return make_scs(words, error);
  if (words[0] == "spi") return make_spi(words, error);
  if (words[0] == "wot") return make_wot(words, error);
  return fail(error, fmt::format("unknown hex-ID scheme '{}' (want scs, spi or wot)", words[0])), nullptr;
}

std::string_view direction_name(int dir, Orientation o) {
  return (o == Orientation::FlatTop ? kFlatNames : kPointyNames)[size_t(dir)];
}

int direction_from_name(std::string_view name, Orientation o) {
  const auto& names = o == Orientation::FlatTop ? kFlatNames : kPointyNames;
  for (int d = 0; d < kDirections; ++d)
    if (names[size_t(d)] == name) return d;
  return -1;
}

// Flat-topped: columns 0.866 apart, each step down a column 1; pointy-topped: the
// transpose. Both keep adjacent centres exactly 1 apart.
Point hex_to_point(Hex h, Orientation o) {
  if (o == Orientation::FlatTop) return {kRoot3 / 2 * h.q, h.r + h.q / 2.0};
  return {h.q + h.r / 2.0, kRoot3 / 2 * h.r};
}

Hex point_to_hex(Point p, Orientation o) {
  if (o == Orientation::FlatTop) {
    const double q = p.x * 2 / kRoot3;
    return round_cube(q, p.y - q / 2);
  }
  const double r = p.y * 2 / kRoot3;
  return round_cube(p.x - r / 2, r);
}

}  // namespace core
