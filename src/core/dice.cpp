#include "core/dice.h"

#include <fmt/format.h>

#include <limits>

namespace core {

namespace {

uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

void seed_rng(State& s, uint64_t seed) {
  s.seed = seed;
  uint64_t x = seed;
  s.rng = splitmix64(x);
}

// PCG RXS-M-XS 64/64: a 64-bit LCG step and an output permutation. The whole
// generator is the one word State::rng, so a state copy carries it exactly.
uint64_t next_random(State& s) {
  const uint64_t old = s.rng;
  s.rng = old * 6364136223846793005ull + 1442695040888963407ull;
  const uint64_t word = ((old >> ((old >> 59u) + 5u)) ^ old) * 12605985483714917081ull;
  return (word >> 43u) ^ word;
}

int roll_die(State& s, int sides, Events& ev, std::string_view why) {
  int value;
  bool forced = s.forced_count > 0;
  if (forced) {
    // A forced value above the die's faces is clamped: force_dice cannot know the die.
    value = s.forced[0] > sides ? sides : s.forced[0];
    for (int i = 1; i < s.forced_count; ++i) s.forced[i - 1] = s.forced[i];
    s.forced[--s.forced_count] = 0;
  } else {
    // Rejection keeps every face equally likely: drop the top partial block.
    const uint64_t n = uint64_t(sides);
    const uint64_t limit = std::numeric_limits<uint64_t>::max() - std::numeric_limits<uint64_t>::max() % n;
    uint64_t x;
    do x = next_random(s);
    while (x >= limit);
    value = int(x % n) + 1;
  }
  ++s.rolls;
  if (ev.enabled())
    ev.add("roll", fmt::format("{}: rolled {}{}", why, value, forced ? " (forced)" : ""),
           {{"why", why}, {"sides", sides}, {"value", value}, {"forced", forced}});
  return value;
}

int roll_dice(State& s, int count, int sides, Events& ev, std::string_view why) {
  int sum = 0;
  for (int i = 0; i < count; ++i) sum += roll_die(s, sides, ev, why);
  return sum;
}

bool force_dice(State& s, const int* values, int count) {
  if (count < 0 || s.forced_count + count > State::kMaxForcedDice) return false;
  for (int i = 0; i < count; ++i)
    if (values[i] < 1 || values[i] > 255) return false;
  for (int i = 0; i < count; ++i) s.forced[s.forced_count++] = uint8_t(values[i]);
  return true;
}

}  // namespace core
