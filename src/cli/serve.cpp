// `hexfront serve`: plays in the browser. A thin shell over server::Server.
#include <csignal>
#include <cstdio>

#include "cli/commands.h"
#include "server/http.h"

namespace cli {
namespace {

server::Server* g_running = nullptr;

void stop_on_signal(int) {
  if (g_running) g_running->stop();
}

}  // namespace

void register_serve(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<server::Options>();
  opts->data_dir = server::default_data_dir();
  opts->web_dir = server::default_web_dir();
  auto* cmd = app.add_subcommand("serve", "Play in the browser: HTTP server with the web UI and a JSON API");
  cmd->add_option("--port", opts->port, "TCP port on localhost (0 = any free port)")->capture_default_str();
  cmd->add_option("--data", opts->data_dir, "Directory of the game database")->capture_default_str();
  cmd->add_option("--web", opts->web_dir, "Directory of the built web UI")->capture_default_str();
  cmd->add_option("--host", opts->host, "Address to listen on")->capture_default_str();
  cmd->add_option("--ai", opts->ai.player, "Computer player of AI seats")
      ->capture_default_str()
      ->check(CLI::IsMember(ai::player_names()));
  cmd->add_option("--ai-budget-ms", opts->ai.budget_ms, "Wall-clock time an AI may think per game turn (ms)")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(1), int64_t(600000)));
  cmd->callback([opts, &exit_code] {
    try {
      server::Server srv(*opts);
      const int port = srv.bind();
      if (port < 0) {
        std::fprintf(stderr, "hexfront serve: cannot listen on %s:%d\n", opts->host.c_str(), opts->port);
        exit_code = 1;
        return;
      }
      // The browser test reads this line to learn the port.
      std::printf("hexfront serving http://%s:%d/ (games in %s)\n", opts->host.c_str(), port, opts->data_dir.c_str());
      std::fflush(stdout);
      g_running = &srv;
      std::signal(SIGINT, stop_on_signal);
      std::signal(SIGTERM, stop_on_signal);
      exit_code = srv.listen() ? 0 : 1;
      g_running = nullptr;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "hexfront serve: %s\n", e.what());
      exit_code = 1;
    }
  });
}

}  // namespace cli
