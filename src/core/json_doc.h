// Small readers shared by the data-file loaders (tables, counters): a JSON document
// with a line number on syntax errors, and the provenance spellings of the data files.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/provenance.h"

namespace core {

// Collects "file: path: reason" messages for one file; the loaders keep what they read
// only when no message was added.
struct DataProblems {
  std::string file;
  std::vector<std::string>& errors;
  size_t first = errors.size();

  void add(std::string_view path, std::string_view reason);
  bool any() const { return errors.size() > first; }
};

// The parsed file, or nullopt with "file:line: not valid JSON (...)" or "file: cannot
// read the file" appended to `errors`. `file` is the name used in messages.
std::optional<nlohmann::json> read_json_doc(const std::string& path, const std::string& file,
                                            std::vector<std::string>& errors);

// {"kind": "seed|public|assumed|owner", "note": "..."}; nullopt and `reason` when malformed.
std::optional<Source> source_from_object(const nlohmann::json& j, std::string& reason);

}  // namespace core
