#include "server/http.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "server/api.h"

namespace server {

std::string default_data_dir() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return std::string(xdg) + "/hexfront";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.local/share/hexfront";
  return "var";
}

std::string default_web_dir() {
  return (std::filesystem::path(HEXFRONT_DATA_DIR).parent_path() / "web" / "dist").lexically_normal().string();
}

void send_json(httplib::Response& res, int status, const nlohmann::json& body) {
  res.status = status;
  res.set_content(body.dump(), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& code, const std::string& message,
                const std::string& rule) {
  send_json(res, status, {{"error", {{"code", code}, {"message", message}, {"rule", rule}}}});
}

Server::Server(Options options) : options_(std::move(options)) {
  std::filesystem::create_directories(options_.data_dir);
  store_ = std::make_unique<Store>((std::filesystem::path(options_.data_dir) / "hexfront.db").string());
  lobby_ = std::make_unique<Lobby>(*store_, options_.ai);
  add_api_routes(http_, *lobby_);

  // Anything under /api that no route took is a JSON 404, never the UI's index page.
  http_.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (req.path.rfind("/api/", 0) == 0 && res.status == 404 && res.body.empty())
      send_error(res, 404, "not_found", "no endpoint " + req.method + " " + req.path);
  });
  http_.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "unknown error";
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    send_error(res, 500, "internal", what);
  });

  if (!http_.set_mount_point("/", options_.web_dir)) {
    // Still serve the API; say at / why there is no UI.
    http_.Get("/", [dir = options_.web_dir](const httplib::Request&, httplib::Response& res) {
      res.set_content("The web UI is not built (no " + dir + "): run `make build`.\n", "text/plain");
    });
  }
}

Server::~Server() = default;

int Server::bind() {
  if (options_.port == 0) return http_.bind_to_any_port(options_.host);
  return http_.bind_to_port(options_.host, options_.port) ? options_.port : -1;
}

bool Server::listen() {
  listen_called_ = true;
  if (stopping_) return false;
  const bool served = http_.listen_after_bind();
  listen_done_ = true;
  return served;
}

// The flags are sequentially consistent: either listen() sees stopping_ and returns, or
// stop() sees listen_called_ and waits until the loop runs (or has ended) to stop it.
void Server::stop() {
  stopping_ = true;
  if (listen_called_)
    while (!http_.is_running() && !listen_done_) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  http_.stop();
}

}  // namespace server
