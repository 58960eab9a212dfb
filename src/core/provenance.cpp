#include "core/provenance.h"

#include <array>

namespace core {

namespace {
constexpr std::array<std::string_view, 4> kNames{"seed", "public", "assumed", "owner"};
}

std::string_view to_string(Provenance p) { return kNames[size_t(p)]; }

std::optional<Provenance> provenance_from_string(std::string_view s) {
  for (size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i] == s) return Provenance(i);
  return std::nullopt;
}

}  // namespace core
