// Printed hex IDs. Each game numbers its hexes its own way; a scheme turns a printed
// ID into an axial Hex and back, and knows the hexes' orientation so renders and
// offset rows come out right.
//
// Schemes (docs/map-format.md gives the geometry of each and the decisions taken):
//   scs   SCS multi-map "A12.34": map letter, column (west to east), row (south to
//         north); the maps sit side by side, map B's column 1 following map A's last
//         column. Flat-topped hexes in vertical columns.
//   spi   SPI QuadriGame "B1620": map letter, XX = row counted south to north,
//         YY = position west to east; four maps in a 2x2 mosaic with overlaps.
//         Pointy-topped hexes in horizontal rows.
//   wot   Wave of Terror "W4110"/"E4110": CCRR, column eastward, row southward;
//         odd columns half a hex lower. Flat-topped.
//
// Every scheme is a set of map sheets, each a rectangle of printed columns x rows
// placed in one global offset frame; a hex on an overlap of sheets has one ID per
// sheet and its canonical ID is the one of the first sheet listed in the spec.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/hex.h"

namespace core {

enum class Orientation { FlatTop, PointyTop };

class HexIdScheme {
 public:
  virtual ~HexIdScheme() = default;
  virtual std::string_view name() const = 0;
  // The spec this scheme was made from, with every default written out;
  // make_scheme(spec()) gives an equal scheme.
  virtual std::string spec() const = 0;
  virtual Orientation orientation() const = 0;
  // nullopt when `id` is not a well-formed ID of this scheme or lies off its sheets.
  virtual std::optional<Hex> parse(std::string_view id) const = 0;
  // The canonical printed ID of h (on an overlap, the first listed sheet's); a hex on
  // no sheet comes out as "(q,r)", which parse refuses.
  virtual std::string format(Hex h) const = 0;
  // Every printed ID of h, canonical first; empty off the sheets.
  virtual std::vector<std::string> all_ids(Hex h) const {
    std::string id = format(h);
    if (!parse(id)) return {};
    return {std::move(id)};
  }
  // Every hex on the sheets, once each, in printed order: sheet by sheet as listed,
  // then column, then row, skipping hexes an earlier sheet already gave.
  virtual std::vector<Hex> hexes() const = 0;
  // The hexes of the printed rectangle spanned by two IDs of the same sheet, both
  // corners included ("A3.05".."A5.10": columns 3-5, rows 5-10); nullopt when either
  // ID is bad or they name different sheets.
  virtual std::optional<std::vector<Hex>> range(std::string_view from, std::string_view to) const = 0;
};

// Builds a scheme from its one-line spec, as written in a map file's header:
//   "scs A:40x60 B:40x60 high=even"  sheets west to east as columns x rows; rows may
//                                     be a range ("A:40x0-60" when a row 00 exists)
//   "spi" or "spi A:28x23 B:28x23 C:28x23 D:28x23"   sheets in canonical-ID priority
//   "wot" or "wot W:18-48x0-44 E:10-45x0-44 seam=48:10"
// docs/map-format.md lists every option and its default. Returns nullptr and sets
// `error` when the spec is malformed.
std::unique_ptr<HexIdScheme> make_scheme(std::string_view spec, std::string* error = nullptr);

// Compass names of the six directions as seen on the printed map: flat-topped hexes
// have n ne se s sw nw, pointy-topped ones ne e se sw w nw.
std::string_view direction_name(int dir, Orientation o);
int direction_from_name(std::string_view name, Orientation o);  // -1 when unknown

// Centre of a hex in a plane where adjacent centres are 1 apart; x grows east and y
// grows south (screen convention) for both orientations.
struct Point {
  double x = 0, y = 0;
};
Point hex_to_point(Hex h, Orientation o);
Hex point_to_hex(Point p, Orientation o);

}  // namespace core
