#include "core/state.h"

#include <cstddef>

namespace core {

// Removed slots are zeroed so that two states holding the same things have the same
// bytes, and memcmp (or a hash of the whole block) can compare them.

bool push_frame(State& s, Frame f) {
  if (s.depth >= State::kMaxDepth) return false;
  s.stack[s.depth++] = f;
  return true;
}

bool pop_frame(State& s) {
  if (s.depth == 0) return false;
  s.stack[--s.depth] = Frame{};
  return true;
}

void goto_frame(State& s, Frame f) {
  if (s.depth == 0)
    push_frame(s, f);
  else
    s.top() = f;
}

int find_hex_marker(const State& s, Hex h, uint16_t kind) {
  for (int i = 0; i < s.hex_marker_count; ++i)
    if (s.hex_markers[i].hex == h && s.hex_markers[i].kind == kind) return i;
  return -1;
}

bool add_hex_marker(State& s, HexMarker m) {
  if (s.hex_marker_count >= State::kMaxHexMarkers) return false;
  s.hex_markers[s.hex_marker_count++] = m;
  return true;
}

void remove_hex_marker(State& s, int index) {
  const int last = s.hex_marker_count - 1;
  s.hex_markers[index] = s.hex_markers[last];
  s.hex_markers[last] = HexMarker{};
  --s.hex_marker_count;
}

int hex_marker_value(const State& s, Hex h, uint16_t kind, int absent) {
  const int i = find_hex_marker(s, h, kind);
  return i < 0 ? absent : s.hex_markers[i].value;
}

int find_side_marker(const State& s, HexSide side, uint16_t kind) {
  const uint32_t key = side.hex.key();
  for (int i = 0; i < s.side_marker_count; ++i) {
    const SideMarker& m = s.side_markers[i];
    if (m.hex_key == key && m.dir == side.dir && m.kind == kind) return i;
  }
  return -1;
}

bool add_side_marker(State& s, HexSide side, uint16_t kind) {
  if (s.side_marker_count >= State::kMaxSideMarkers) return false;
  s.side_markers[s.side_marker_count++] = SideMarker{side.hex.key(), side.dir, 0, kind};
  return true;
}

void remove_side_marker(State& s, int index) {
  const int last = s.side_marker_count - 1;
  s.side_markers[index] = s.side_markers[last];
  s.side_markers[last] = SideMarker{};
  --s.side_marker_count;
}

namespace {

// Word-wise multiply-rotate mixing (in the spirit of FNV, but 8 bytes per step), then
// a SplitMix64 finaliser. Not cryptographic: it only has to tell states apart.
constexpr uint64_t kMul = 0x9E3779B97F4A7C15ull;

inline uint64_t mix(uint64_t h, uint64_t w) {
  h ^= w * kMul;
  h = (h << 27) | (h >> 37);
  return h * 0x100000001B3ull + 0x632BE59BD9B4E019ull;
}

uint64_t hash_bytes(uint64_t h, const void* p, size_t n) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (; n >= 8; n -= 8, b += 8) {
    uint64_t w;
    std::memcpy(&w, b, 8);
    h = mix(h, w);
  }
  if (n > 0) {
    uint64_t w = 0;
    std::memcpy(&w, b, n);
    h = mix(h, w ^ (uint64_t(n) << 56));
  }
  return h;
}

uint64_t finish(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

uint64_t hash_state(const State& s) {
  // The header is every scalar before the stack; the counts in it also separate the
  // variable-length parts that follow, so no length prefix is needed.
  uint64_t h = hash_bytes(0xCBF29CE484222325ull, &s, offsetof(State, stack));
  h = hash_bytes(h, s.stack.data(), sizeof(Frame) * s.depth);
  h = hash_bytes(h, s.forced.data(), s.forced_count);
  h = hash_bytes(h, s.units.data(), sizeof(UnitState) * s.unit_count);
  h = hash_bytes(h, s.hex_markers.data(), sizeof(HexMarker) * s.hex_marker_count);
  h = hash_bytes(h, s.side_markers.data(), sizeof(SideMarker) * s.side_marker_count);
  h = hash_bytes(h, s.ext_bytes.data(), s.ext_bytes.size());
  return finish(h);
}

}  // namespace core
