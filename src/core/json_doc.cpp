#include "core/json_doc.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace core {

void DataProblems::add(std::string_view path, std::string_view reason) {
  errors.push_back(fmt::format("{}: {}: {}", file, path, reason));
}

std::optional<nlohmann::json> read_json_doc(const std::string& path, const std::string& file,
                                            std::vector<std::string>& errors) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    errors.push_back(file + ": cannot read the file");
    return std::nullopt;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string text = buf.str();
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    const size_t at = std::min(e.byte, text.size());
    const auto line = 1 + std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n');
    errors.push_back(fmt::format("{}:{}: not valid JSON ({})", file, line, e.what()));
    return std::nullopt;
  }
}

std::optional<Source> source_from_object(const nlohmann::json& j, std::string& reason) {
  if (!j.is_object() || !j.contains("kind") || !j["kind"].is_string()) {
    reason = R"(not {"kind": "seed|public|assumed|owner", "note": "..."})";
    return std::nullopt;
  }
  const auto kind = provenance_from_string(j["kind"].get<std::string>());
  if (!kind) {
    reason = fmt::format("kind \"{}\" is not seed, public, assumed or owner", j["kind"].get<std::string>());
    return std::nullopt;
  }
  if (j.contains("note") && !j["note"].is_string()) {
    reason = "note is not a string";
    return std::nullopt;
  }
  return Source{*kind, j.value("note", "")};
}

}  // namespace core
