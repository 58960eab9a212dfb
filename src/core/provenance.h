// Where a value came from. Every reconstructed number a player sees carries one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace core {

enum class Provenance : uint8_t {
  Seed,     // printed in the rulebook we were given (cite the case or line)
  Public,   // from a public reference (name it)
  Assumed,  // decided by us where nothing was found (say why)
  Owner,    // entered by a player who owns the printed game (override file)
};

std::string_view to_string(Provenance p);
std::optional<Provenance> provenance_from_string(std::string_view s);

// A provenance and its note: the citation, the reference, or the reason.
struct Source {
  Provenance kind = Provenance::Assumed;
  std::string note;
};

}  // namespace core
