// `hexfront engine`: the JSON-lines protocol on stdin/stdout (docs/protocol.md).
#include <iostream>

#include "cli/commands.h"
#include "protocol/engine.h"

namespace cli {

void register_engine(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("engine", "Speak the JSON-lines engine protocol on stdin/stdout");
  cmd->callback([&exit_code] {
    std::ios::sync_with_stdio(false);
    protocol::run(std::cin, std::cout);
    exit_code = 0;
  });
}

}  // namespace cli
