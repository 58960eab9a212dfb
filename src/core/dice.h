// Dice. The generator's state lives in State::rng, so the same seed and the same
// actions give the same rolls, and a game record replays exactly. Each roll is an
// event ("roll") and counts in State::rolls, which is where undo stops. Tests (and the
// protocol's `dice` command) can force the next values: State::forced is used first,
// and such rolls are logged as forced.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/events.h"
#include "core/state.h"

namespace core {

// Seeds the generator (SplitMix64 over the seed; any seed, 0 included, is fine).
void seed_rng(State& s, uint64_t seed);

// The next raw 64 random bits; advances State::rng. Not counted as a roll.
uint64_t next_random(State& s);

// Rolls one die with `sides` faces (1..sides). `why` names the roll in the log
// ("combat 3:1", "freeze check").
int roll_die(State& s, int sides, Events& ev, std::string_view why);

// Rolls `count` dice of `sides` faces and returns their sum; each die is one event.
int roll_dice(State& s, int count, int sides, Events& ev, std::string_view why);

// Queues values to be used by the next rolls, in order. False if the queue is full
// or a value is below 1 (the caller checks against the die's faces when rolling).
bool force_dice(State& s, const int* values, int count);

}  // namespace core
