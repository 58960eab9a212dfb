// The JSON API's routes, mounted on the HTTP server (docs/api.md).
#pragma once

#include <httplib.h>

#include "server/lobby.h"

namespace server {

void add_api_routes(httplib::Server& http, Lobby& lobby);

}  // namespace server
