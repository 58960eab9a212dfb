#include "core/json_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace core {

using nlohmann::json;

std::optional<json> read_json_file(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ":0: cannot read the file";
    return std::nullopt;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string text = buf.str();
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    const size_t at = std::min(e.byte, text.size());
    const int line = 1 + int(std::count(text.begin(), text.begin() + long(at), '\n'));
    error = fmt::format("{}:{}: not valid JSON ({})", path, line, e.what());
    return std::nullopt;
  }
}

std::optional<Source> source_from_json(const json& j, std::string& error) {
  if (!j.is_object() || !j.contains("kind") || !j["kind"].is_string()) {
    error = "a source is {\"kind\": \"seed|public|assumed|owner\", \"note\": \"...\"}";
    return std::nullopt;
  }
  const auto kind = provenance_from_string(j["kind"].get<std::string>());
  if (!kind) {
    error = "source kind \"" + j["kind"].get<std::string>() + "\" is not seed, public, assumed or owner";
    return std::nullopt;
  }
  if (j.contains("note") && !j["note"].is_string()) {
    error = "source note is not a string";
    return std::nullopt;
  }
  return Source{*kind, j.value("note", "")};
}

json source_to_json(const Source& s) { return {{"kind", to_string(s.kind)}, {"note", s.note}}; }

}  // namespace core
