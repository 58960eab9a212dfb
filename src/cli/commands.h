// Each subcommand of `hexfront` lives in its own file and registers itself here.
// A registered subcommand sets its callback; the callback returns the process exit
// code through `exit_code` (0 ok, 1 failure, 2 usage).
#pragma once

#include <CLI/CLI.hpp>

namespace cli {

// One line per subcommand file; add yours and call it from main.cpp.
void register_engine(CLI::App& app, int& exit_code);    // engine_command.cpp
void register_selfplay(CLI::App& app, int& exit_code);  // selfplay_command.cpp
void register_replay(CLI::App& app, int& exit_code);    // replay_command.cpp
void register_validate(CLI::App& app, int& exit_code);  // validate_command.cpp
void register_tables(CLI::App& app, int& exit_code);    // tables_command.cpp
void register_map(CLI::App& app, int& exit_code);       // map_command.cpp
void register_serve(CLI::App& app, int& exit_code);     // serve.cpp
void register_arena(CLI::App& app, int& exit_code);     // arena_command.cpp

}  // namespace cli
