// From latitude/longitude to a game's hex plane (core::hex_to_point's frame:
// adjacent centres 1 apart, x east, y south). Degrees become local kilometres on an
// equirectangular frame around an origin (good to well under a hex over the
// ~200 km of these maps), then a similarity transform (scale, rotation, offset)
// fitted by least squares to the game's anchor hexes, then a local pull that brings
// each anchor onto its printed hex and fades out a few hexes away (the printed maps
// are not exact surveys, and a river must stay on the same side of a town the
// rulebook puts in a given hex).
#pragma once

#include <complex>
#include <string>
#include <vector>

#include "core/hex_id.h"
#include "mapgen/gazetteer.h"

namespace mapgen {

// An anchor's pull: at `at` (fitted plane position) the map moves by `shift`.
struct Pin {
  std::complex<double> at, shift;
};

class Projection {
 public:
  Projection() = default;
  Projection(LatLon origin, std::complex<double> a, std::complex<double> b) : origin_(origin), a_(a), b_(b) {}

  // The similarity transform alone, then with the anchors' pull.
  core::Point fitted(LatLon p) const;
  core::Point to_plane(LatLon p) const;
  void set_pins(std::vector<Pin> pins) { pins_ = std::move(pins); }
  // Kilometres east and south of the origin, as one complex number.
  std::complex<double> local_km(LatLon p) const;
  std::complex<double> a() const { return a_; }

 private:
  LatLon origin_;
  std::complex<double> a_{1, 0}, b_{0, 0};  // plane = a * local_km + b
  std::vector<Pin> pins_;
};

struct AnchorResidual {
  std::string id, place;
  core::Point want;      // where the rulebook puts the place (the middle of its hexes)
  double residual = 0;  // hexes between that point and the similarity fit
};

struct Fit {
  Projection projection;
  std::vector<AnchorResidual> anchors;
  double hex_km = 0;        // the fitted distance between hex centres
  double rotation_deg = 0;  // the fitted turn of the map's north from true north
  double rms = 0, worst = 0;
};

struct AnchorPoint {
  std::string id, place;
  LatLon at;
  core::Point want;
};

// Least-squares fit of plane = a * z + b to the anchors. With `fit_scale` the scale
// and rotation are fitted too (needs two anchors or more); otherwise a is
// 1 / hex_km and only the offset is fitted. The result pulls onto every anchor.
Fit fit_projection(const std::vector<AnchorPoint>& anchors, double hex_km, bool fit_scale);

}  // namespace mapgen
