// What happened when an action was applied: a unit moved, a die was rolled, a step
// was lost. Events go to the game log, the UI and the protocol's `do` answer. The AI
// applies actions with no sink (nullptr) and pays nothing for them.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace core {

struct Event {
  std::string kind;     // "roll", "move", "loss", "phase", ... (game-defined past "roll")
  std::string text;     // one line for the log, in plain words
  nlohmann::json data;  // the same facts for machines
};

class Events {
 public:
  explicit Events(std::vector<Event>* out = nullptr) : out_(out) {}
  bool enabled() const { return out_ != nullptr; }
  void add(std::string kind, std::string text, nlohmann::json data = nlohmann::json::object()) {
    if (out_) out_->push_back({std::move(kind), std::move(text), std::move(data)});
  }

 private:
  std::vector<Event>* out_;
};

}  // namespace core
