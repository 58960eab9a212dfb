// Printed hex IDs. Each game numbers its hexes its own way; a scheme turns a printed
// ID into an axial Hex and back, and knows the hexes' orientation so renders and
// offset rows come out right.
//
// Schemes (see docs/maps.md for the geometry of each, and the decisions taken):
//   scs   SCS multi-map "A12.34": map letter, column (west to east), row (south to
//         north); the maps sit side by side, map B's column 1 following map A's last
//         column. Flat-topped hexes in vertical columns.
//   spi   SPI QuadriGame "B1620": map letter, XX = row counted south to north,
//         YY = position west to east; four maps in a 2x2 mosaic with overlaps.
//         Pointy-topped hexes in horizontal rows.
//   wot   Wave of Terror "W4110"/"E4110": CCRR, column eastward, row southward;
//         odd columns half a hex lower. Flat-topped.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/hex.h"

namespace core {

enum class Orientation { FlatTop, PointyTop };

class HexIdScheme {
 public:
  virtual ~HexIdScheme() = default;
  virtual std::string_view name() const = 0;
  // The spec this scheme was made from; make_scheme(spec()) gives an equal scheme.
  virtual std::string spec() const = 0;
  virtual Orientation orientation() const = 0;
  // nullopt when `id` is not a well-formed ID of this scheme.
  virtual std::optional<Hex> parse(std::string_view id) const = 0;
  // The printed ID of h (for hexes shared by overlapping maps, the first map's).
  virtual std::string format(Hex h) const = 0;
};

// Builds a scheme from its one-line spec, as written in a map file's header, e.g.
//   "scs A:40x60 B:40x60"          (map letters with columns x rows, in west-to-east order)
//   "spi"                           (the Battles for the Ardennes mosaic)
//   "wot"
// Returns nullptr and sets `error` when the spec is malformed.
std::unique_ptr<HexIdScheme> make_scheme(std::string_view spec, std::string* error = nullptr);

// Centre of a hex in a plane where adjacent centres are 1 apart; x grows east and y
// grows south (screen convention) for both orientations.
struct Point {
  double x = 0, y = 0;
};
Point hex_to_point(Hex h, Orientation o);
Hex point_to_hex(Point p, Orientation o);

}  // namespace core
