#include "mapgen/projection.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mapgen {

namespace {

// Kilometres per degree of latitude, and of longitude at the equator (WGS84 means).
constexpr double kKmPerDegLat = 110.574;
constexpr double kKmPerDegLon = 111.320;

// ASSUMED: an anchor's pull fades with a Gaussian of this many hexes, so it moves
// the anchor's own town and river crossings but not the next anchor's.
constexpr double kPinRadius = 4;

std::complex<double> as_complex(core::Point p) { return {p.x, p.y}; }

}  // namespace

std::complex<double> Projection::local_km(LatLon p) const {
  const double x = (p.lon - origin_.lon) * kKmPerDegLon * std::cos(origin_.lat * std::numbers::pi / 180);
  const double north = (p.lat - origin_.lat) * kKmPerDegLat;
  return {x, -north};
}

core::Point Projection::fitted(LatLon p) const {
  const std::complex<double> w = a_ * local_km(p) + b_;
  return {w.real(), w.imag()};
}

core::Point Projection::to_plane(LatLon p) const {
  const std::complex<double> w = as_complex(fitted(p));
  // Inverse-distance weights tapered by a Gaussian, against a unit weight for "no
  // shift": on a pin the shift is exactly the pin's, a few hexes away it fades out.
  std::complex<double> shift;
  double weights = 1;
  for (const Pin& pin : pins_) {
    const double d2 = std::norm(w - pin.at) / (kPinRadius * kPinRadius);
    const double k = std::exp(-d2 / 2) / std::max(d2, 1e-12);
    shift += k * pin.shift;
    weights += k;
  }
  const std::complex<double> moved = w + shift / weights;
  return {moved.real(), moved.imag()};
}

Fit fit_projection(const std::vector<AnchorPoint>& anchors, double hex_km, bool fit_scale) {
  LatLon origin;
  for (const AnchorPoint& a : anchors) {
    origin.lat += a.at.lat / double(anchors.size());
    origin.lon += a.at.lon / double(anchors.size());
  }
  const Projection frame(origin, 1, 0);
  std::complex<double> z_mean, w_mean;
  for (const AnchorPoint& a : anchors) {
    z_mean += frame.local_km(a.at) / double(anchors.size());
    w_mean += as_complex(a.want) / double(anchors.size());
  }
  // Centred least squares: a = sum(dw * conj(dz)) / sum(|dz|^2), b from the means.
  std::complex<double> a(1 / hex_km, 0);
  if (fit_scale && anchors.size() >= 2) {
    std::complex<double> num;
    double den = 0;
    for (const AnchorPoint& p : anchors) {
      const auto dz = frame.local_km(p.at) - z_mean, dw = as_complex(p.want) - w_mean;
      num += dw * std::conj(dz);
      den += std::norm(dz);
    }
    if (den > 0) a = num / den;
  }
  Fit fit;
  fit.projection = Projection(origin, a, w_mean - a * z_mean);
  fit.hex_km = 1 / std::abs(a);
  fit.rotation_deg = std::arg(a) * 180 / std::numbers::pi;
  double sum = 0;
  std::vector<Pin> pins;
  for (const AnchorPoint& p : anchors) {
    const core::Point got = fit.projection.fitted(p.at);
    const double r = std::abs(as_complex(got) - as_complex(p.want));
    fit.anchors.push_back({p.id, p.place, p.want, r});
    pins.push_back({as_complex(got), as_complex(p.want) - as_complex(got)});
    sum += r * r;
    fit.worst = std::max(fit.worst, r);
  }
  fit.projection.set_pins(std::move(pins));
  if (!anchors.empty()) fit.rms = std::sqrt(sum / double(anchors.size()));
  return fit;
}

}  // namespace mapgen
