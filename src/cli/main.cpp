// hexfront: the command line. Each subcommand is a thin shell over the engine API,
// defined in its own file (see commands.h).
#include <CLI/CLI.hpp>
#include <cstdio>

#include "cli/build_source.h"
#include "cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"hexfront: classic hex-and-counter wargames with every rule enforced"};
  app.set_version_flag("--version", cli::version_line());
  app.require_subcommand(0, 1);
  int exit_code = 0;
  // Register subcommands here (cli::register_xxx(app, exit_code)).
  cli::register_engine(app, exit_code);
  cli::register_selfplay(app, exit_code);
  cli::register_replay(app, exit_code);
  cli::register_validate(app, exit_code);
  cli::register_tables(app, exit_code);
  cli::register_map(app, exit_code);
  cli::register_serve(app, exit_code);
  cli::register_arena(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (app.get_subcommands().empty()) std::fputs(app.help().c_str(), stdout);
  return exit_code;
}
