#include "server/store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>

namespace server {
namespace {

// A fresh database file in its own temporary directory, removed afterwards.
class StoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("hexfront-store-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string db() const { return (dir_ / "hexfront.db").string(); }

  static GameRow sample() {
    GameRow row;
    row.game = "toy";
    row.scenario = "1";
    row.seed = 0xfedcba9876543210ull;  // above INT64_MAX: must survive the signed column
    row.record = R"({"actions":[]})";
    row.seats = {{0, SeatKind::Human, new_token()}, {1, SeatKind::Ai, new_token()}};
    return row;
  }

  std::filesystem::path dir_;
};

TEST_F(StoreTest, GameAndSeatsSurviveReopening) {
  const GameRow row = sample();
  int64_t id = 0;
  {
    Store store(db());
    id = store.create(row);
    store.save_record(id, R"({"actions":[{"type":"end"}]})");
  }
  Store store(db());
  const auto got = store.find(id);
  ASSERT_TRUE(got);
  EXPECT_EQ(got->game, "toy");
  EXPECT_EQ(got->seed, row.seed);
  EXPECT_EQ(got->record, R"({"actions":[{"type":"end"}]})");
  ASSERT_EQ(got->seats.size(), 2u);
  EXPECT_EQ(got->seats[1].kind, SeatKind::Ai);
  EXPECT_EQ(got->seats[1].token, row.seats[1].token);
  EXPECT_FALSE(got->created.empty());
  EXPECT_EQ(store.list().size(), 1u);
}

TEST_F(StoreTest, UnknownGameIsAbsentAndCannotBeSaved) {
  Store store(db());
  EXPECT_FALSE(store.find(42));
  EXPECT_THROW(store.save_record(42, "{}"), StoreError);
}

TEST_F(StoreTest, DuplicateTokenLeavesNoHalfCreatedGame) {
  Store store(db());
  GameRow row = sample();
  row.seats[1].token = row.seats[0].token;
  EXPECT_THROW(store.create(row), StoreError);
  EXPECT_TRUE(store.list().empty());
}

TEST_F(StoreTest, RefusesAFileFromANewerHexfront) {
  { Store store(db()); }
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db().c_str(), &raw), SQLITE_OK);
  sqlite3_exec(raw, "PRAGMA user_version = 99", nullptr, nullptr, nullptr);
  sqlite3_close(raw);
  EXPECT_THROW(Store store(db()), StoreError);
}

TEST(Token, IsThirtyTwoHexDigitsAndFresh) {
  const std::string a = new_token(), b = new_token();
  EXPECT_EQ(a.size(), 32u);
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(a, b);
}

}  // namespace
}  // namespace server
