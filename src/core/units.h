// Counter definitions: what is printed on a counter (and where each printed value
// came from), apart from a unit's state in a game (UnitState in state.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/provenance.h"

namespace core {

struct UnitValue {
  int16_t value = 0;
  Source source;
};

struct UnitDef {
  std::string id;           // unique in the game: "1SS/1SS Pz", "26/1-327"
  std::string name;         // as printed: "I/1 SS Pz"
  int side = 0;             // side number (GameInfo::sides)
  std::string nationality;  // "US", "SS", "Heer", ...
  std::string formation;    // division or command: "1 SS Pz"
  std::string type;         // the game's unit type word: "Pz", "Inf", "Arty", ...
  std::string size;         // "Bn", "Rgt", "Co", ...
  std::string move_class;   // movement class in the game's terrain chart: "Mech", "Leg"
  std::string symbol;       // NATO symbol hint for the UI (milsymbol function id)
  uint32_t flags = 0;       // game-defined printed features (exploit banner, ...)
  int steps = 1;            // steps of strength; values[k] is the side after k losses
  std::vector<std::vector<UnitValue>> values;  // [steps lost][value index]
};

class UnitCatalog {
 public:
  UnitCatalog() = default;
  explicit UnitCatalog(std::vector<std::string> value_names) : value_names_(std::move(value_names)) {}

  // The names of a counter's values, in order ("attack", "defense", "ma", ...).
  const std::vector<std::string>& value_names() const { return value_names_; }
  int value_index(std::string_view name) const;  // -1 when unknown

  int add(UnitDef def);                   // returns its index; ids must be unique
  int find(std::string_view id) const;    // index or -1
  const UnitDef& operator[](int i) const { return defs_[size_t(i)]; }
  UnitDef& mutable_def(int i) { return defs_[size_t(i)]; }
  int size() const { return int(defs_.size()); }

  // The value `value_index` of a unit with `steps_lost` losses (clamped to its last side).
  int value(int def, int steps_lost, int value_index) const;

 private:
  std::vector<std::string> value_names_;
  std::vector<UnitDef> defs_;
};

}  // namespace core
