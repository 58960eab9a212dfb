// Error collection shared by the data-file loaders (tables, counters): every defect of
// a file as "file: path: reason", the file named as the player knows it.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// read_json_file (json_file.h) with its error appended to `errors`, naming the file
// `file` ("tables/crt.json") instead of its full path.
std::optional<nlohmann::json> read_json_doc(const std::string& path, const std::string& file,
                                            std::vector<std::string>& errors);

}  // namespace core
