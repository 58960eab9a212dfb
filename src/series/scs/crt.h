// SCS combat arithmetic: strengths kept exact in eighths, odds rounded in the
// defender's favour, column shifts, and the two-dice Combat Results Table.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scs {

// Strengths are summed in eighths of a point: DG (1/2) and Barrage (1/2, 1/4)
// multipliers then never need rounding, and odds compare exact totals.
// ASSUMED (SCS series, not in the seed): fractions are kept, never rounded per unit;
// only the final ratio is rounded, in the defender's favour.
inline constexpr int kEighths = 8;

// The ways, of 36, that the CRT's two dice (SCS: 2d6) throw `roll`.
constexpr int two_dice_ways(int roll) {
  return roll < 2 || roll > 12 ? 0 : 6 - (roll < 7 ? 7 - roll : roll - 7);
}

// A ratio such as 3:1 (attack 3, defense 1) or 1:2.
struct Odds {
  int attack = 1;
  int defense = 1;
  friend bool operator==(Odds, Odds) = default;
};

// SCS: the ratio of attack to defense rounded in the defender's favour: 7:3 is 2:1,
// 3:7 is 1:3. Strengths are in any common unit (eighths). Defense 0 gives a very
// large ratio; attack 0 gives 0:1 (no attack possible).
Odds round_odds(int attack, int defense);

// One CRT result: "A1", "D1r2", "A1D1", "Ae", "-".
struct CombatResult {
  int8_t attacker_loss = 0;
  int8_t defender_loss = 0;
  int8_t attacker_retreat = 0;
  int8_t defender_retreat = 0;
  bool attacker_eliminated = false;
  bool defender_eliminated = false;
  friend bool operator==(const CombatResult&, const CombatResult&) = default;
};

// Parses a result cell. "A#" attacker steps, "D#" defender steps, "Ae"/"De" every
// step, "r#" a retreat of the side named just before it (the defender when none is
// named), "-" or "NE" nothing. nullopt when malformed.
std::optional<CombatResult> parse_result(std::string_view cell);
std::string to_string(const CombatResult& r);

class Crt {
 public:
  // Columns left to right, e.g. 1:4 ... 7:1 (the last one also takes better odds).
  explicit Crt(std::vector<Odds> columns = {});

  // Fills the cells of rolls lo..hi (two dice, 2..12) from left to right; false when
  // the row has the wrong length or a cell is malformed.
  bool set_rows(int lo, int hi, const std::vector<std::string>& cells);
  bool complete() const;  // every roll 2..12 has a full row

  int columns() const { return int(columns_.size()); }
  const Odds& column_odds(int col) const { return columns_[size_t(col)]; }
  std::string column_name(int col) const;

  // The column of the rounded odds, before shifts. ASSUMED: odds below the first
  // column use the first, above the last use the last (the table ends absorb them).
  int column(Odds o) const;
  // Whether odds `o`, before shifts, are at least the first column's (a table with no
  // columns takes none).
  bool reaches_first_column(Odds o) const;
  // Moves `col` left by `shift_left` columns (negative: right), clamped to the table.
  int shifted(int col, int shift_left) const;

  const CombatResult& result(int col, int roll) const;

 private:
  std::vector<Odds> columns_;
  std::vector<std::vector<CombatResult>> rows_;  // [roll-2][col]
  std::vector<bool> filled_;
};

}  // namespace scs

#include <nlohmann/json_fwd.hpp>

namespace scs {

// Reads a CRT from a "hexfront.table/1" table (data/games/<game>/tables/crt.json):
// `columns` as "a:b" labels ("7:1+" = 7:1 and better), `rows` with `min`/`max` two-dice
// totals and result `cells`. False with `err` set when malformed or incomplete.
bool crt_from_table(const nlohmann::json& table, Crt& out, std::string& err);

}  // namespace scs
