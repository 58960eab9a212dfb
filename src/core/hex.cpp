#include "core/hex.h"

#include <cassert>
#include <cmath>

namespace core {

int direction_to(Hex a, Hex b) {
  const Hex d = b - a;
  for (int dir = 0; dir < kDirections; ++dir)
    if (kDirectionVectors[dir] == d) return dir;
  return -1;
}

HexSide HexSide::of(Hex h, int dir) {
  if (dir < 3) return {h, uint8_t(dir)};
  return {neighbor(h, dir), uint8_t(opposite(dir))};
}

HexSide HexSide::between(Hex a, Hex b) {
  const int dir = direction_to(a, b);
  assert(dir >= 0 && "HexSide::between needs adjacent hexes");
  return of(a, dir);
}

Hex round_cube(double q, double r) {
  const double s = -q - r;
  double rq = std::round(q), rr = std::round(r), rs = std::round(s);
  const double dq = std::abs(rq - q), dr = std::abs(rr - r), ds = std::abs(rs - s);
  if (dq > dr && dq > ds)
    rq = -rr - rs;
  else if (dr > ds)
    rr = -rq - rs;
  return {int16_t(rq), int16_t(rr)};
}

std::vector<Hex> line(Hex a, Hex b, int nudge) {
  const int n = distance(a, b);
  std::vector<Hex> out;
  out.reserve(size_t(n) + 1);
  // The nudge moves both ends by a tiny amount off the hex grid's edges so rounding
  // never meets an exact tie; its sign picks which side of a spine the line takes.
  const double eq = 1e-6 * nudge, er = 2e-6 * nudge;
  for (int i = 0; i <= n; ++i) {
    const double t = n == 0 ? 0.0 : double(i) / n;
    const double q = a.q + eq + (b.q - a.q) * t;
    const double r = a.r + er + (b.r - a.r) * t;
    out.push_back(round_cube(q, r));
  }
  return out;
}

std::vector<Hex> ring(Hex centre, int radius) {
  if (radius == 0) return {centre};
  std::vector<Hex> out;
  out.reserve(size_t(6 * radius));
  Hex h = centre + Hex{int16_t(kDirectionVectors[4].q * radius), int16_t(kDirectionVectors[4].r * radius)};
  for (int side = 0; side < kDirections; ++side)
    for (int step = 0; step < radius; ++step) {
      out.push_back(h);
      h = neighbor(h, side);
    }
  return out;
}

std::vector<Hex> area(Hex centre, int radius) {
  std::vector<Hex> out;
  out.reserve(size_t(1 + 3 * radius * (radius + 1)));
  for (int k = 0; k <= radius; ++k)
    for (Hex h : ring(centre, k)) out.push_back(h);
  return out;
}

}  // namespace core
