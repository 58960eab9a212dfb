// An action: one decision of one player, small enough to store by the thousand in a
// game record and to enumerate in move generation. Its meaning is the game's: `type`
// indexes the game's action vocabulary (Rules::action_names()), and unit/hex/arg are
// that action's operands. The JSON form names everything ({"type":"move","unit":
// "26/1-327","hex":"B1.16"}) and is what the protocol, records and the UI use.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/hex.h"
#include "core/state.h"

namespace core {

struct Action {
  uint16_t type = 0;
  UnitId unit = kNoUnit;
  Hex hex{};
  int32_t arg = 0;

  friend bool operator==(const Action&, const Action&) = default;
};
static_assert(sizeof(Action) == 12);

using ActionList = std::vector<Action>;

// The operands an action type uses (Rules::action_operands).
enum ActionOperand : uint8_t {
  kNoOperand = 0,
  kUnitOperand = 1,
  kHexOperand = 2,
  kArgOperand = 4,
  kAllOperands = 7,
};

// Why an action or request was refused. `code` is a stable machine word
// ("illegal_action", "bad_request", ...); `rule` cites the rulebook case the action
// breaks ("ARD2 3.1; SCS 6.0") when a rule is the reason; `message` says it in words.
struct Error {
  std::string code;
  std::string message;
  std::string rule;
};

}  // namespace core
