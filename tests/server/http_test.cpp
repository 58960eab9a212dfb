#include "server/http.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <thread>

namespace server {
namespace {

// A real server on a free port, with its database and a tiny "built UI" in a temp dir.
class HttpTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("hexfront-http-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "web");
    std::ofstream(dir_ / "web" / "index.html") << "<!doctype html><title>hexfront</title>";
    Options opts;
    opts.port = 0;
    opts.data_dir = (dir_ / "data").string();
    opts.web_dir = (dir_ / "web").string();
    server_ = std::make_unique<Server>(opts);
    port_ = server_->bind();
    ASSERT_GT(port_, 0);
    thread_ = std::thread([this] { server_->listen(); });
  }
  void TearDown() override {
    server_->stop();
    if (thread_.joinable()) thread_.join();
    server_.reset();
    std::filesystem::remove_all(dir_);
  }
  httplib::Client client() const { return httplib::Client("127.0.0.1", port_); }

  std::filesystem::path dir_;
  std::unique_ptr<Server> server_;
  int port_ = 0;
  std::thread thread_;
};

TEST_F(HttpTest, ServesTheBuiltUiAndKeepsItsDatabaseInTheDataDir) {
  auto res = client().Get("/");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_NE(res->body.find("<title>hexfront</title>"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(dir_ / "data" / "hexfront.db"));
}

TEST_F(HttpTest, UnknownApiPathIsAJsonError) {
  auto res = client().Get("/api/nothing-here");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 404);
  const auto body = nlohmann::json::parse(res->body);
  EXPECT_EQ(body["error"]["code"], "not_found");
  EXPECT_EQ(body["error"]["message"], "no endpoint GET /api/nothing-here");
}

}  // namespace
}  // namespace server
