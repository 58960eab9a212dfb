// The generator as a whole: deterministic, fits anchors, and the committed maps are
// what it builds from the committed gazetteer.
#include <fstream>
#include <sstream>

#include "map_checks.h"
#include "mapgen/projection.h"

namespace mapgen::testing {
namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class EveryGame : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryGame, TwoBuildsGiveTheSameText) {
  const BuildResult again = build_map(HEXFRONT_DATA_DIR, GetParam());
  ASSERT_FALSE(built(GetParam()).text.empty());
  EXPECT_EQ(again.text, built(GetParam()).text);
}

TEST_P(EveryGame, CommittedMapIsUpToDate) {
  EXPECT_EQ(read(std::string(HEXFRONT_DATA_DIR) + "/maps/" + GetParam() + ".map"), built(GetParam()).text)
      << "run: hexfront map build " << GetParam();
}

TEST_P(EveryGame, CommittedMapLoadsWithItsOverride) {
  const std::string base = std::string(HEXFRONT_DATA_DIR) + "/maps/" + GetParam();
  std::vector<core::MapIssue> issues;
  EXPECT_NE(core::Map::load(base + ".map", issues, base + ".override"), nullptr);
  for (const core::MapIssue& i : issues) ADD_FAILURE() << i.to_string();
}

// Every anchor is fitted to within two hexes (goal: one) before the local pull.
TEST_P(EveryGame, AnchorsFitWithinTwoHexes) {
  for (const AnchorResidual& a : built(GetParam()).fit.anchors) EXPECT_LE(a.residual, 2.0) << a.id << " " << a.place;
}

// After the pull, every anchored place lands exactly where the rulebook puts it.
TEST_P(EveryGame, AnchoredPlacesArePulledOntoTheirPrintedHexes) {
  const BuildResult& r = built(GetParam());
  std::vector<std::string> errors;
  const Gazetteer g = load_gazetteer(std::string(HEXFRONT_DATA_DIR) + "/geo", errors);
  for (const AnchorResidual& a : r.fit.anchors) {
    const core::Point p = r.fit.projection.to_plane(g.find(a.place)->at);
    EXPECT_NEAR(p.x, a.want.x, 1e-6) << a.place;
    EXPECT_NEAR(p.y, a.want.y, 1e-6) << a.place;
  }
}

INSTANTIATE_TEST_SUITE_P(Games, EveryGame, ::testing::Values("ard2", "bfta", "wot"));

// given anchors made by a known similarity, when fitted, then it comes back exactly.
TEST(Projection, FitRecoversAKnownSimilarity) {
  // The fit works around the anchors' mean, so the truth uses the same origin.
  const Projection truth({50.1, 5.8}, std::polar(0.5, 0.1), {3, -2});
  std::vector<AnchorPoint> anchors;
  for (const LatLon p : {LatLon{50.1, 5.2}, LatLon{49.8, 5.9}, LatLon{50.4, 6.3}})
    anchors.push_back({"x", "y", p, truth.fitted(p)});
  const Fit fit = fit_projection(anchors, 3.0, true);
  EXPECT_NEAR(fit.hex_km, 2.0, 1e-9);
  EXPECT_LT(fit.worst, 1e-9);
}

TEST(Gazetteer, LoadsWithoutErrorsAndKnowsEveryRoutePlace) {
  std::vector<std::string> errors;
  const Gazetteer g = load_gazetteer(std::string(HEXFRONT_DATA_DIR) + "/geo", errors);
  EXPECT_TRUE(errors.empty()) << errors.front();
  EXPECT_GT(g.places.size(), 250u);
  EXPECT_NE(g.find("Bastogne"), nullptr);
}

}  // namespace
}  // namespace mapgen::testing
