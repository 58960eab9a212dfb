#include "ai/arena.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "ai/simulator.h"
#include "core/dice.h"
#include "core/game.h"
#include "core/state.h"

namespace ai {

namespace {

// Plays `game` on to its end (or `max_actions`), players[i] playing side i.
GameResult play_on(const core::Rules& rules, core::Game& game, uint64_t seed, Player* players[2],
                   const Budget& budget, int max_actions, bool keep_record) {
  GameResult r;
  r.seed = seed;
  game.keep_no_undo();
  while (!game.state().over && r.actions < max_actions) {
    const core::State& s = game.state();
    const int side = rules.to_act(s);
    if (side < 0 || side > 1) break;
    const auto start = std::chrono::steady_clock::now();
    const core::Action a = players[side]->act(rules, s, budget);
    r.think_ms[side] +=
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    ++r.decisions[side];
    // A refused action leaves the state as it was, so the message reads it as played.
    if (const auto refused = game.apply(a))
      throw std::logic_error(fmt::format("{} played an illegal action: {}: {}", players[side]->name(),
                                         rules.action_to_json(game.state(), a).dump(), refused->message));
    ++r.actions;
  }
  const core::State& s = game.state();
  r.capped = !s.over;
  r.winner = s.over ? s.result_side : core::kNoSide;
  r.level = s.result_level;
  if (s.over) {
    const nlohmann::json outcome = rules.outcome(s);
    if (outcome.contains("vp") && outcome["vp"].is_number()) r.vp = outcome["vp"].get<double>();
    if (outcome.contains("level") && outcome["level"].is_string()) r.level_name = outcome["level"].get<std::string>();
  }
  if (keep_record) r.record = game.record();
  return r;
}

}  // namespace

GameResult play_game(const core::Rules& rules, int scenario, uint64_t seed, Player* players[2], const Budget& budget,
                     int max_actions, bool keep_record) {
  core::Game game(rules, scenario, seed);
  return play_on(rules, game, seed, players, budget, max_actions, keep_record);
}

GameResult play_game(const core::Rules& rules, const core::State& start, uint64_t seed, Player* players[2],
                     const Budget& budget, int max_actions, bool keep_record) {
  core::State reseeded = start;
  core::seed_rng(reseeded, seed);
  core::Game game(rules, reseeded);
  return play_on(rules, game, seed, players, budget, max_actions, keep_record);
}

Interval wilson(int wins, int n, double z) {
  if (n <= 0) return {0, 1};
  const double p = double(wins) / n, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

MatchResult run_match(const core::Rules& rules, const MatchConfig& config,
                      const std::function<void(const GameResult&, int first_side)>& progress) {
  if (config.only_side < -1 || config.only_side > 1) throw std::invalid_argument("only_side must be -1, 0 or 1");
  MatchResult m;
  m.config = config;
  const bool one_side = config.only_side >= 0;
  const int starts = std::max<int>(1, int(config.positions.size()));
  const int per_side = starts * config.seeds;
  const int total = one_side ? per_side : 2 * per_side;
  m.results.resize(size_t(total));
  std::atomic<int> next{0};
  std::mutex mutex;
  auto worker = [&] {
    for (int g = next++; g < total; g = next++) {
      // Games 0..per_side-1: the first player is side 0; then the same games swapped.
      // Within a side, each position's seeds in turn.
      const int first_side = one_side ? config.only_side : g < per_side ? 0 : 1;
      const int position = config.positions.empty() ? -1 : (g % per_side) / config.seeds;
      const uint64_t seed = config.first_seed + uint64_t(g % config.seeds);
      // From a position, the dice and the players are seeded by the seed and the
      // position together. By the seed alone every position of a run drew the same
      // stream of dice, so one seed's bad rolls fell on all of them at once and a
      // run's positions were not independent trials (docs/ai.md, "One stream of dice
      // per seed").
      const uint64_t game_seed =
          position < 0 ? seed : mix(seed ^ core::hash_state(config.positions[size_t(position)].state));
      auto first = make_player(config.first, rules, mix(game_seed * 2 + 1));
      auto second = make_player(config.second, rules, mix(game_seed * 2 + 2));
      if (!first || !second) throw std::invalid_argument("unknown player name");
      Player* players[2];
      players[first_side] = first.get();
      players[1 - first_side] = second.get();
      GameResult r =
          position < 0
              ? play_game(rules, config.scenario, seed, players, config.budget, kMaxGameActions, config.records)
              : play_game(rules, config.positions[size_t(position)].state, game_seed, players, config.budget,
                          kMaxGameActions, config.records);
      r.seed = seed;  // the run's name for the game; the record carries its dice
      r.position = position;
      const std::lock_guard lock(mutex);
      ++m.games[first_side];
      if (r.winner == first_side) ++m.wins[first_side];
      if (r.winner == core::kNoSide) ++m.draws[first_side];
      m.think_ms += r.think_ms[first_side];
      m.decisions += r.decisions[first_side];
      if (progress) progress(r, first_side);
      r.record = nlohmann::json();
      m.results[size_t(g)] = std::move(r);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, config.threads); ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return m;
}

std::string describe(const core::Rules& rules, const MatchResult& r) {
  std::string out;
  for (int side = 0; side < 2; ++side) {
    if (r.config.only_side >= 0 && side != r.config.only_side) continue;
    const int n = r.games[side], w = r.wins[side];
    const Interval ci = wilson(w, n);
    out += fmt::format("{} vs {} as {}: {}/{} won {:.1f}% [{:.1f}, {:.1f}]{}\n", r.config.first, r.config.second,
                       rules.info().sides[size_t(side)], w, n, n ? 100.0 * w / n : 0.0, 100 * ci.low, 100 * ci.high,
                       r.draws[side] ? fmt::format(" ({} unfinished or drawn)", r.draws[side]) : "");
  }
  return out;
}

std::string positions_table(const core::Rules& rules, const MatchResult& r) {
  std::string out;
  const int seeds = r.config.seeds;
  for (size_t i = 0; i < r.results.size(); i += size_t(seeds)) {
    const GameResult& first = r.results[i];
    if (first.position < 0) continue;
    // The first player's side: the results hold side 0's games first when both were played.
    const int side = r.config.only_side >= 0 ? r.config.only_side : i < r.results.size() / 2 ? 0 : 1;
    int wins = 0;
    for (size_t k = i; k < i + size_t(seeds); ++k) wins += r.results[k].winner == side;
    out += fmt::format("{} as {}: {}/{}\n", r.config.positions[size_t(first.position)].name,
                       rules.info().sides[size_t(side)], wins, seeds);
  }
  return out;
}

}  // namespace ai

namespace ai {

std::string results_table(const core::Rules& rules, const std::vector<GameResult>& results) {
  std::map<std::pair<int, std::string>, int> by_result;
  std::vector<double> vp;
  int capped = 0;
  for (const GameResult& r : results) {
    if (r.capped) {
      ++capped;
      continue;
    }
    ++by_result[{r.winner, r.level_name}];
    vp.push_back(r.vp);
  }
  const int n = int(vp.size());
  std::string out = fmt::format("{:<12} {:<24} {:>6} {:>7}  {}\n", "winner", "level", "games", "share", "95% CI");
  for (const auto& [key, count] : by_result) {
    const std::string who = key.first >= 0 ? rules.info().sides[size_t(key.first)] : "draw";
    const Interval ci = wilson(count, n);
    out += fmt::format("{:<12} {:<24} {:>6} {:>6.1f}%  [{:.1f}, {:.1f}]\n", who, key.second.empty() ? "-" : key.second,
                       count, 100.0 * count / n, 100 * ci.low, 100 * ci.high);
  }
  if (capped) out += fmt::format("{} games stopped at the action cap\n", capped);
  if (n > 0) {
    std::sort(vp.begin(), vp.end());
    double sum = 0;
    for (double v : vp) sum += v;
    auto q = [&](double f) { return vp[size_t(f * (n - 1) + 0.5)]; };
    out += fmt::format("VP: min {:g}, q1 {:g}, median {:g}, mean {:.2f}, q3 {:g}, max {:g}\n", vp.front(), q(0.25),
                       q(0.5), sum / n, q(0.75), vp.back());
  }
  return out;
}

namespace {

// VP of the finished games in bins: integer VP get a bin each unless the range is
// wide; then `max_bins` equal bins.
struct VpBins {
  std::vector<double> vp;
  double lo = 0, width = 1;
  std::vector<int> count;

  VpBins(const std::vector<GameResult>& results, int max_bins) {
    for (const GameResult& r : results)
      if (!r.capped) vp.push_back(r.vp);
    lo = vp.empty() ? 0 : *std::min_element(vp.begin(), vp.end());
    const double hi = vp.empty() ? 0 : *std::max_element(vp.begin(), vp.end());
    const int bins = std::clamp(int(hi - lo) + 1, 1, max_bins);
    width = (hi - lo + 1) / bins;
    count.assign(size_t(bins), 0);
    for (double v : vp) ++count[size_t(std::min(bins - 1, int((v - lo) / width)))];
  }
  int top() const { return std::max(1, *std::max_element(count.begin(), count.end())); }
};

}  // namespace

std::string vp_histogram(const std::vector<GameResult>& results) {
  const VpBins b(results, 20);
  if (b.vp.empty()) return "";
  constexpr int kBar = 40;
  std::string out = "VP histogram:\n";
  for (size_t i = 0; i < b.count.size(); ++i) {
    const double from = b.lo + double(i) * b.width;
    const std::string label =
        b.width == 1 ? fmt::format("{:g}", from) : fmt::format("{:g}-{:g}", from, from + b.width);
    out += fmt::format("{:>10} {:>5} {}\n", label, b.count[i], std::string(size_t(b.count[i] * kBar / b.top()), '#'));
  }
  return out;
}

std::string vp_plot_svg(const std::vector<GameResult>& results, const std::string& title) {
  const VpBins binned(results, 40);
  const std::vector<double>& vp = binned.vp;
  const std::vector<int>& count = binned.count;
  const int bins = int(count.size());
  const double lo = binned.lo, width = binned.width;
  const int top = binned.top();
  constexpr int kW = 640, kH = 360, kLeft = 50, kBottom = 40, kTop = 40;
  const double bar = double(kW - kLeft - 20) / bins, scale = double(kH - kBottom - kTop) / top;
  auto escape = [](const std::string& t) {
    std::string e;
    for (char c : t) e += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
    return e;
  };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" font-family=\"sans-serif\" "
      "font-size=\"12\">\n<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n"
      "<text x=\"{2}\" y=\"24\" font-size=\"14\">{3} ({4} games)</text>\n",
      kW, kH, kLeft, escape(title), vp.size());
  for (int b = 0; b < bins; ++b) {
    const double h = count[size_t(b)] * scale, x = kLeft + b * bar, y = kH - kBottom - h;
    svg += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"#4a7ab5\"/>\n", x + 1,
                       y, bar - 2, h);
    if (bins <= 20 || b % 5 == 0)
      svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{:g}</text>\n", x + bar / 2,
                         kH - kBottom + 16, lo + b * width);
  }
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", kLeft - 6, kTop + 4, top);
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">victory points</text>\n</svg>\n",
                     kW / 2, kH - 6);
  return svg;
}

}  // namespace ai
