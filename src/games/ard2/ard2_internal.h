// Shorthands shared by the .cpp files that implement Ard2Rules (ard2_rules.cpp,
// ard2_combat.cpp and the rule blocks beside them). Include it from .cpp files of this
// folder only: its using-declarations are not for the rest of the engine.
#pragma once

#include "games/ard2/ard2_rules.h"

namespace ard2 {

using core::Action;
using core::Error;
using core::Events;
using core::Frame;
using core::Hex;
using core::State;
using core::UnitId;
using core::UnitState;
using core::Where;
using nlohmann::json;

inline bool on_map(const UnitState& u) { return u.where == Where::OnMap; }
// A hex stored in a Frame argument (Hex::key()).
inline Hex key_hex(int32_t key) { return Hex::from_key(uint32_t(key)); }
// A step of the sequence of play, not a frame pushed above one.
inline bool sequence_step(uint16_t step) { return step < uint16_t(Step::kCount); }

}  // namespace ard2
