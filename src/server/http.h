// The HTTP side of `hexfront serve`: the built web UI as static files, and the JSON
// API under /api (docs/api.md). Errors are always JSON:
//   {"error":{"code":"bad_request","message":"body: not JSON","rule":""}}
#pragma once

#include <httplib.h>

#include <atomic>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "server/lobby.h"
#include "server/store.h"

namespace server {

struct Options {
  std::string host = "127.0.0.1";  // local play: not reachable from other machines
  int port = 8080;                  // 0 = any free port
  std::string data_dir;             // holds hexfront.db
  std::string web_dir;              // the built UI (web/dist)
  AiOptions ai;                     // how AI seats play
};

// $XDG_DATA_HOME/hexfront, else ~/.local/share/hexfront, else ./var.
std::string default_data_dir();
// web/dist beside the engine's data directory (HEXFRONT_DATA_DIR is <source>/data).
std::string default_web_dir();

void send_json(httplib::Response& res, int status, const nlohmann::json& body);
void send_error(httplib::Response& res, int status, const std::string& code, const std::string& message,
                const std::string& rule = "");

class Server {
 public:
  // Opens the store in options.data_dir (creating the directory); throws on failure.
  explicit Server(Options options);
  ~Server();

  // Binds the socket; returns the port (useful with port 0), or -1 on failure.
  int bind();
  // Serves until stop(); call after bind().
  bool listen();
  // Ends listen(), from any thread, also when listen() has not started yet.
  void stop();
  Lobby& lobby() { return *lobby_; }

 private:
  Options options_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<Lobby> lobby_;
  httplib::Server http_;
  // httplib's stop() does nothing before its listen loop runs; these two flags close
  // that window (a stop right after start would otherwise leave listen() for ever).
  std::atomic<bool> listen_called_ = false;
  std::atomic<bool> stopping_ = false;
  std::atomic<bool> listen_done_ = false;
};

}  // namespace server
