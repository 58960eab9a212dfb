#include "core/state_json.h"

#include "../games/toy/toy_fixture.h"
#include "core/dice.h"

namespace core {
namespace {

using toy::testing::load;
using toy::testing::rules;
using toy::testing::start_json;
using toy::testing::unit_json;

std::string load_error(const nlohmann::json& j) {
  Error err;
  const auto s = state_from_json(rules(), j, err);
  EXPECT_FALSE(s.has_value());
  EXPECT_EQ(err.code, "bad_state");
  return err.message;
}

TEST(StateJson, RoundTripIsExactIncludingRngFlagsMarkersAndExt) {
  State s = rules().setup(0, 0xFFFFFFFFFFFFFFFFull);
  s.units[1].flags = toy::kMoved | toy::kAttacked;
  s.units[2].steps_lost = 1;
  add_hex_marker(s, HexMarker{s.units[4].hex, toy::kAttackedHex, 3});
  const int dice[] = {2, 5};
  force_dice(s, dice, 2);
  s.ext<toy::Ext>().attacks = 7;
  push_frame(s, Frame{toy::kAttack, 0, 0, int32_t(s.units[4].hex.key()), 0});
  const nlohmann::json j = state_to_json(rules(), s);
  EXPECT_EQ(j["seed"], "18446744073709551615");
  EXPECT_EQ(j["flow"][1]["step"], "attack");
  EXPECT_EQ(j["units"][1]["flags"], nlohmann::json({"moved", "attacked"}));
  EXPECT_EQ(j["hex_markers"][0]["kind"], "attacked");
  const State back = load(j);
  EXPECT_EQ(std::memcmp(&back, &s, sizeof(State)), 0);
  EXPECT_EQ(hash_state(back), hash_state(s));
  // and the text survives a dump/parse
  EXPECT_EQ(state_to_json(rules(), load(nlohmann::json::parse(j.dump()))), j);
}

TEST(StateJson, AUnitEliminatedByItsLossesLoadsWithEveryStepLost) {
  // given a two-step counter that lost both its steps in combat
  nlohmann::json j = start_json();
  nlohmann::json& u = unit_json(j, "B1");
  u.erase("hex");
  u["where"] = "eliminated";
  u["steps_lost"] = 2;
  // when the state is loaded, then it keeps the count (an engine state round-trips)
  const State s = load(j);
  EXPECT_EQ(s.units[find_unit(rules(), s, "B1")].steps_lost, 2);
  EXPECT_EQ(state_to_json(rules(), s), j);
  // and a unit still on the map cannot have lost its last step
  nlohmann::json on_map = start_json();
  unit_json(on_map, "B1")["steps_lost"] = 2;
  EXPECT_EQ(load_error(on_map), "units[0].steps_lost: 2 is out of range [0, 1]");
}

TEST(StateJson, EditingAUnitsHexMovesIt) {
  nlohmann::json j = start_json();
  unit_json(j, "B1")["hex"] = "A2.02";
  const State s = load(j);
  EXPECT_EQ(hex_name(rules(), s.units[find_unit(rules(), s, "B1")].hex), "A2.02");
}

TEST(StateJson, EveryKindOfBadInputIsNamedByItsPath) {
  const nlohmann::json good = start_json();
  auto with = [&](auto edit) {
    nlohmann::json j = good;
    edit(j);
    return load_error(j);
  };
  EXPECT_EQ(load_error(nlohmann::json::array()), "state: not a JSON object");
  EXPECT_EQ(with([](auto& j) { j["units"][3]["hex"] = "Z9.99"; }), "units[3].hex: \"Z9.99\" is not a hex of this map");
  EXPECT_EQ(with([](auto& j) { j["units"][3]["hex"] = "A9.01"; }), "units[3].hex: \"A9.01\" is not a hex of this map");
  EXPECT_EQ(with([](auto& j) { j["units"][0]["id"] = "X1"; }), "units[0].id: \"X1\" is not a counter of this game");
  EXPECT_EQ(with([](auto& j) { j["units"][1]["id"] = "B1"; }), "units[1].id: \"B1\" is listed twice");
  EXPECT_EQ(with([](auto& j) { j["units"][0]["flags"] = {"flying"}; }),
            "units[0].flags[0]: \"flying\" is not a unit flag of this game");
  EXPECT_EQ(with([](auto& j) { j["units"][0]["steps_lost"] = 5; }), "units[0].steps_lost: 5 is out of range [0, 1]");
  EXPECT_EQ(with([](auto& j) { j["units"][0]["where"] = "limbo"; }),
            "units[0].where: \"limbo\" is not one of pool, map, eliminated, exited");
  EXPECT_EQ(with([](auto& j) { j["units"][0]["colour"] = "red"; }), "units[0].colour: unknown field");
  EXPECT_EQ(with([](auto& j) { j.erase("rng"); }), "rng: missing");
  EXPECT_EQ(with([](auto& j) { j["rng"] = "12x"; }), "rng: \"12x\" is not a 64-bit unsigned decimal");
  EXPECT_EQ(with([](auto& j) { j["schema_version"] = 2; }), "schema_version: 2 is not supported (this engine reads 1)");
  EXPECT_EQ(with([](auto& j) { j["game"] = "ard2"; }), "game: \"ard2\" is not this game (toy)");
  EXPECT_EQ(with([](auto& j) { j["scenario"] = "9"; }), "scenario: \"9\" is not a scenario of this game");
  EXPECT_EQ(with([](auto& j) { j["flow"][0]["step"] = "lunch"; }), "flow[0].step: \"lunch\" is not a step of this game");
  EXPECT_EQ(with([](auto& j) { j["flow"][0]["side"] = "Green"; }), "flow[0].side: \"Green\" is not a side of this game");
  EXPECT_EQ(with([](auto& j) { j["forced_dice"] = {0}; }), "forced_dice[0]: 0 is not a die value");
  EXPECT_EQ(with([](auto& j) { j["hex_markers"] = {{{"hex", "A1.01"}, {"kind", "smoke"}}}; }),
            "hex_markers[0].kind: \"smoke\" is not a hex marker of this game");
  EXPECT_EQ(with([](auto& j) { j["ext"] = 3; }), "ext: want {\"attacks\": n, \"steps_lost\": [n, n]}");
  EXPECT_EQ(with([](auto& j) { j["units"][0]["hex"] = j["units"][4]["hex"]; }),
            "state: breaks an invariant: B1 shares a hex with the enemy");
  EXPECT_EQ(with([](auto& j) { j["turn"] = "one"; }), "turn: not an integer");
  nlohmann::json big = good;
  for (int i = 0; i < State::kMaxDepth + 1; ++i) big["flow"].push_back(good["flow"][0]);
  EXPECT_EQ(load_error(big), "flow: 18 entries, at most 16 fit");
}

}  // namespace
}  // namespace core
