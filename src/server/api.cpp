// The JSON API's routes (docs/api.md): each parses the request, calls the Lobby, and
// turns its answer or refusal into a response. No game logic here.
#include "server/api.h"

#include "server/http.h"

namespace server {
namespace {

using nlohmann::json;
using httplib::Request;
using httplib::Response;

json body_of(const Request& req) {
  if (req.body.empty()) return json::object();
  json j = json::parse(req.body, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) throw ApiError{400, {"bad_request", "body: not JSON", ""}};
  return j;
}

int64_t game_id(const Request& req) { return std::stoll(req.matches[1].str()); }

std::string param(const Request& req, const char* name) {
  return req.has_param(name) ? req.get_param_value(name) : std::string();
}

// Runs a route; refusals become JSON errors with their status.
template <class F>
httplib::Server::Handler route(F f, int status = 200) {
  return [f, status](const Request& req, Response& res) {
    try {
      send_json(res, status, f(req, res));
    } catch (const ApiError& e) {
      send_error(res, e.status, e.error.code, e.error.message, e.error.rule);
    } catch (const StoreError& e) {
      send_error(res, 500, "storage", e.what());
    }
  };
}

}  // namespace

void add_api_routes(httplib::Server& http, Lobby& lobby) {
  http.Get("/api/catalog", route([&](const Request&, Response&) { return lobby.catalog(); }));
  http.Get(R"(/api/catalog/([^/]+))",
           route([&](const Request& req, Response&) { return lobby.game_catalog(req.matches[1].str()); }));
  http.Get("/api/games", route([&](const Request&, Response&) { return lobby.list(); }));
  http.Post("/api/games", route([&](const Request& req, Response&) { return lobby.create(body_of(req)); }, 201));
  http.Get(R"(/api/games/(\d{1,18}))",
           route([&](const Request& req, Response&) { return lobby.view(game_id(req), param(req, "token")); }));
  http.Post(R"(/api/games/(\d{1,18})/actions)", route([&](const Request& req, Response&) {
              return lobby.act(game_id(req), param(req, "token"), body_of(req));
            }));
  http.Post(R"(/api/games/(\d{1,18})/undo)",
            route([&](const Request& req, Response&) { return lobby.undo(game_id(req), param(req, "token")); }));
  http.Get(R"(/api/games/(\d{1,18})/record)", route([&](const Request& req, Response& res) {
             res.set_header("Content-Disposition",
                            "attachment; filename=\"hexfront-" + req.matches[1].str() + ".json\"");
             return lobby.record(game_id(req));
           }));
  http.Get(R"(/api/games/(\d{1,18})/replay)", route([&](const Request& req, Response&) {
             const std::string at = param(req, "at");
             if (at.empty() || at.find_first_not_of("0123456789") != std::string::npos || at.size() > 9)
               throw ApiError{400, {"bad_request", "at: missing or not a number of entries", ""}};
             return lobby.replay(game_id(req), std::stoi(at));
           }));
  http.Get(R"(/api/games/(\d{1,18})/moves)",
           route([&](const Request& req, Response&) { return lobby.moves(game_id(req), param(req, "unit")); }));
  http.Post(R"(/api/games/(\d{1,18})/odds)",
            route([&](const Request& req, Response&) { return lobby.odds(game_id(req), body_of(req)); }));
}

}  // namespace server
