// Hex geometry on axial coordinates (q, r); the cube third coordinate is s = -q - r.
// Axial math does not care how a printed map numbers or orients its hexes: that is
// the job of hex_id.h. Directions are numbered 0..5 counter-clockwise starting at +q:
//   0:(+1, 0)  1:(+1,-1)  2:(0,-1)  3:(-1, 0)  4:(-1,+1)  5:(0,+1)
// so direction d and d+3 are opposite.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

namespace core {

struct Hex {
  int16_t q = 0;
  int16_t r = 0;

  constexpr int s() const { return -q - r; }
  friend constexpr bool operator==(Hex, Hex) = default;
  friend constexpr auto operator<=>(Hex, Hex) = default;
  constexpr Hex operator+(Hex o) const { return {int16_t(q + o.q), int16_t(r + o.r)}; }
  constexpr Hex operator-(Hex o) const { return {int16_t(q - o.q), int16_t(r - o.r)}; }
  // Packs into 32 bits; used as a map key and in hashes.
  constexpr uint32_t key() const { return (uint32_t(uint16_t(q)) << 16) | uint16_t(r); }
  static constexpr Hex from_key(uint32_t k) { return {int16_t(k >> 16), int16_t(k & 0xffff)}; }
};

inline constexpr int kDirections = 6;
inline constexpr std::array<Hex, kDirections> kDirectionVectors{
    {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}};

constexpr int opposite(int dir) { return (dir + 3) % 6; }
constexpr Hex neighbor(Hex h, int dir) { return h + kDirectionVectors[dir]; }

constexpr int distance(Hex a, Hex b) {
  const int dq = a.q - b.q, dr = a.r - b.r, ds = a.s() - b.s();
  const int aq = dq < 0 ? -dq : dq, ar = dr < 0 ? -dr : dr, as = ds < 0 ? -ds : ds;
  return (aq + ar + as) / 2;
}

// The direction from a to an adjacent hex b, or -1 when they are not adjacent.
int direction_to(Hex a, Hex b);

// A hexside: the edge between two adjacent hexes. Stored canonically as the side of
// `hex` in direction 0, 1 or 2, so both hexes name the same side with the same key.
struct HexSide {
  Hex hex;
  uint8_t dir = 0;  // 0..2 once canonical

  static HexSide of(Hex h, int dir);        // any of the 6 directions
  static HexSide between(Hex a, Hex b);     // a and b must be adjacent
  std::array<Hex, 2> hexes() const { return {hex, neighbor(hex, dir)}; }
  uint64_t key() const { return (uint64_t(hex.key()) << 2) | dir; }
  friend bool operator==(HexSide, HexSide) = default;
};

// Hexes on the straight line from a to b, both included, in order (lerp and round
// in cube space). Points exactly on a hex edge are nudged by `nudge` (+1 or -1) so
// the two possible lines can both be asked for (line of sight along a spine).
std::vector<Hex> line(Hex a, Hex b, int nudge = +1);

// Hexes at exactly distance `radius` from centre (the centre alone for radius 0).
std::vector<Hex> ring(Hex centre, int radius);

// Every hex within `radius` of centre, centre first, then ring by ring.
std::vector<Hex> area(Hex centre, int radius);

// Rounds fractional cube coordinates to the nearest hex.
Hex round_cube(double q, double r);

}  // namespace core

template <>
struct std::hash<core::Hex> {
  size_t operator()(core::Hex h) const noexcept { return std::hash<uint32_t>{}(h.key()); }
};
