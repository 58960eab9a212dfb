// The engine protocol: JSON lines in, JSON lines out (docs/protocol.md). A Session
// holds at most one game and answers one request at a time; it only calls the
// engine API (registry, Game, Rules queries), like Stockfish's UCI loop.
#pragma once

#include <iosfwd>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "ai/player.h"
#include "core/game.h"

namespace protocol {

inline constexpr int kProtocolVersion = 1;

class Session {
 public:
  // Answers one request. Never throws: every failure is {"ok":false,"error":{...}}
  // and leaves the session as it was.
  nlohmann::json handle(const nlohmann::json& request);
  // The same for one line of text (which may not even be JSON).
  std::string handle_line(std::string_view line);
  bool quit() const { return quit_; }
  const core::Game* game() const { return game_ ? &*game_ : nullptr; }

 private:
  nlohmann::json dispatch(const std::string& cmd, const nlohmann::json& req);
  nlohmann::json status() const;  // hash, prompt, to_act, over, outcome

  // The `ai` command: the AI player of this game, kept so a planned phase is handed
  // out without planning again; reset with the game.
  nlohmann::json ai_move(const nlohmann::json& req);

  std::optional<core::Game> game_;
  std::unique_ptr<ai::Player> ai_player_;
  bool quit_ = false;
};

// Reads requests from `in` until end of input or `quit`, one response per line.
void run(std::istream& in, std::ostream& out);

}  // namespace protocol
