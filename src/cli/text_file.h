// Writing a command's output file (a record, a plot, a state) whole, with the error
// known: false when the file cannot be opened, written or closed.
#pragma once

#include <fstream>
#include <string>

namespace cli {

inline bool write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  out.close();
  return bool(out);
}

}  // namespace cli
