// A game's printed tables (CRT, TEC, victory levels, ...) read generically from the
// `hexfront.table/1` JSON schema (data/games/ard2/README.md, "tables"), with the
// provenance of every cell. Games convert a Table into their own model (an SCS Crt, a
// Tec); owner overrides (overrides.h) change cells before that conversion.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/provenance.h"

namespace core {

struct TableCell {
  nlohmann::json value;  // as in the file: a string, an integer, null (unknown) or a list
  std::string source_key;  // the key into the table's provenance map ("S", "A4"), or the owner note
  Source source;

  // The cell in the table's notation: a string as is, a number in decimal, a list
  // joined by ",", null as "".
  std::string text() const;
  // An integer cell, or a string holding one ("3", "-1", "+2"); nullopt otherwise.
  std::optional<int> as_int() const;
};

struct TableRow {
  std::string label;
  // Die or score rows: the inclusive range of the row; nullopt = open that way (or no
  // range at all when has_range is false).
  bool has_range = false;
  std::optional<int> min;
  std::optional<int> max;
  std::vector<TableCell> cells;  // one per column
  nlohmann::json extra = nlohmann::json::object();  // the row's other keys ("kind", "note", ...)
};

// What a column holds, judged from its known cells; an override must give the same.
enum class CellKind : uint8_t { Text, Integer, List };

class Table {
 public:
  // A parsed table, or nullopt with every defect appended to `errors` as
  // "file: path: reason" (`file` is the name used in messages, e.g. "tables/crt.json").
  static std::optional<Table> from_json(const nlohmann::json& j, const std::string& file,
                                        std::vector<std::string>& errors);
  static std::optional<Table> load(const std::string& path, const std::string& file,
                                   std::vector<std::string>& errors);

  const std::string& id() const { return id_; }
  const std::string& title() const { return title_; }
  const std::string& rule() const { return rule_; }
  const std::string& dice() const { return dice_; }  // "2d6", "1d6" or "" (no roll)
  const std::vector<std::string>& columns() const { return columns_; }
  const std::vector<TableRow>& rows() const { return rows_; }
  // The named provenance entries of the file, in key order.
  const std::vector<std::pair<std::string, Source>>& sources() const { return sources_; }
  // The file's other top-level keys (legend, notes, odds, ...), for the game to read.
  const nlohmann::json& extra() const { return extra_; }

  int row_index(std::string_view label) const;     // -1 when absent
  int column_index(std::string_view label) const;  // -1 when absent
  // The row whose range holds `roll` (a die roll or a score), -1 when none.
  int row_for(int roll) const;

  const TableCell& cell(int row, int column) const { return rows_[size_t(row)].cells[size_t(column)]; }
  const TableCell* find(std::string_view row, std::string_view column) const;
  CellKind column_kind(int column) const;

  // For owner overrides: the caller has checked the indices and the value's kind.
  void set_cell(int row, int column, TableCell cell) { rows_[size_t(row)].cells[size_t(column)] = std::move(cell); }

 private:
  std::string id_, title_, rule_, dice_;
  std::vector<std::string> columns_;
  std::vector<TableRow> rows_;
  std::vector<std::pair<std::string, Source>> sources_;
  nlohmann::json extra_ = nlohmann::json::object();
};

// Every table of a game: the *.json files of its tables/ folder, in file-name order.
class TableSet {
 public:
  // Reads `dir`; files are named "<last folder of dir>/<file>" in errors. nullopt
  // when any file is broken (every defect of every file appended to `errors`).
  static std::optional<TableSet> load(const std::string& dir, std::vector<std::string>& errors);

  // False when a table with the same id is already there.
  bool add(Table t);
  const Table* find(std::string_view id) const;
  Table* find_mutable(std::string_view id);
  const std::vector<Table>& tables() const { return tables_; }

 private:
  std::vector<Table> tables_;
};

// The tables as JSON for `hexfront tables` and the UI:
// {"tables": [{"id", "title", "rule", "dice", "columns", <extra keys>,
//   "sources": {key: {"kind", "note"}},
//   "rows": [{"label", "min"?, "max"?, <extra keys>,
//             "cells": [{"value", "kind", "source": key}]}]}]}
nlohmann::json to_json(const Table& t);
nlohmann::json to_json(const TableSet& s);

// The table back in its file form (`hexfront.table/1`) with any owner values in it, the
// owner notes added to its provenance map and "prov" given per cell: readers written
// for the data files (scs::crt_from_table, ard2::tec_from_table) take it unchanged.
nlohmann::json to_schema_json(const Table& t);

// A plain-text rendering of to_json(TableSet) (or of one table's JSON): aligned
// columns, each cell followed by a provenance letter (ˢ seed, ᵖ public, ᵃ assumed,
// ᵒ owner), the table's sources below it, and a legend at the end.
std::string format_tables(const nlohmann::json& j);

}  // namespace core
