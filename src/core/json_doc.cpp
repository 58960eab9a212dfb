#include "core/json_doc.h"

#include <fmt/format.h>

#include "core/json_file.h"

namespace core {

void DataProblems::add(std::string_view path, std::string_view reason) {
  errors.push_back(fmt::format("{}: {}: {}", file, path, reason));
}

std::optional<nlohmann::json> read_json_doc(const std::string& path, const std::string& file,
                                            std::vector<std::string>& errors) {
  std::string error;
  auto j = read_json_file(path, error);
  // read_json_file names the file by its path; messages use the shorter name.
  if (!j) errors.push_back(error.rfind(path, 0) == 0 ? file + error.substr(path.size()) : error);
  return j;
}

}  // namespace core
