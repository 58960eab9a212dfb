// Hex math and map lookups sit under every movement and line-of-sight query, so these
// are the inner-loop costs to watch.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "core/hex.h"
#include "core/map.h"

namespace core {
namespace {

std::vector<Hex> random_hexes(size_t n, int radius) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> c(-radius, radius);
  std::vector<Hex> out(n);
  for (Hex& h : out) h = {int16_t(c(rng)), int16_t(c(rng))};
  return out;
}

// The full Ardennes II frame (two 40x60 sheets), every hex listed as the map
// generator would write it.
std::unique_ptr<Map> ardennes_sized_map() {
  std::string text = "hexfront-map 1\ngame bench\nids scs A:40x60 B:40x60\nterrain clear woods\nsides road river\n";
  for (char sheet : {'A', 'B'})
    for (int c = 1; c <= 40; ++c)
      for (int r = 1; r <= 60; ++r)
        text += "hex " + std::string(1, sheet) + std::to_string(c) + "." + std::to_string(r) +
                ((c + r) % 3 ? " clear\n" : " woods\n");
  std::vector<MapIssue> issues;
  return Map::parse(text, "bench.map", issues);
}

void BM_Distance(benchmark::State& state) {
  const auto hexes = random_hexes(1024, 60);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(distance(hexes[i & 1023], hexes[(i + 1) & 1023]));
    ++i;
  }
}
BENCHMARK(BM_Distance);

void BM_Neighbours(benchmark::State& state) {
  const auto hexes = random_hexes(1024, 60);
  size_t i = 0;
  for (auto _ : state) {
    for (int d = 0; d < kDirections; ++d) benchmark::DoNotOptimize(neighbor(hexes[i & 1023], d));
    ++i;
  }
}
BENCHMARK(BM_Neighbours);

void BM_Line(benchmark::State& state) {
  const Hex a{0, 0}, b{int16_t(state.range(0)), int16_t(-state.range(0) / 2)};
  for (auto _ : state) benchmark::DoNotOptimize(line(a, b));
}
BENCHMARK(BM_Line)->Arg(5)->Arg(20);

void BM_MapIndex(benchmark::State& state) {
  const auto map = ardennes_sized_map();
  const auto hexes = random_hexes(1024, 80);  // on and off the map
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(map->index(hexes[i & 1023]));
    ++i;
  }
}
BENCHMARK(BM_MapIndex);

void BM_MapTerrainAndSides(benchmark::State& state) {
  const auto map = ardennes_sized_map();
  std::vector<Hex> on_map;
  for (int i = 0; i < map->size(); i += 7) on_map.push_back(map->hex_at(i));
  size_t i = 0;
  for (auto _ : state) {
    const Hex h = on_map[i % on_map.size()];
    benchmark::DoNotOptimize(map->terrain(h));
    for (int d = 0; d < kDirections; ++d) benchmark::DoNotOptimize(map->side(h, d));
    ++i;
  }
}
BENCHMARK(BM_MapTerrainAndSides);

void BM_MapParse(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(ardennes_sized_map());
}
BENCHMARK(BM_MapParse)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace core
