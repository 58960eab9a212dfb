// What the running binary was built from (generated at build time by
// cmake/build_source.cmake): "commit <hash>", with a note when src/ or
// CMakeLists.txt had uncommitted changes. `--version`, the arena and selfplay print
// it, so every result names its build.
#pragma once

#include <string>

namespace cli {
const char* build_source();
// "hexfront <version> (<build_source()>)": what --version prints and the arena's first line.
inline std::string version_line() { return std::string("hexfront ") + HEXFRONT_VERSION + " (" + build_source() + ")"; }
}  // namespace cli
