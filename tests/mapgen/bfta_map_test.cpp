// Battles for the Ardennes: every hex the rules name (notes 001, section 5) carries
// the named place and the terrain or hexside feature its rule implies.
#include "map_checks.h"

namespace mapgen::testing {
namespace {

const core::Map& bfta() { return map_of("bfta"); }

// Towns the folios and campaign name, by hex; each counts as a town or city.
TEST(BftaMap, EveryNamedTownIsATownOrCityInItsHex) {
  const std::map<std::string, std::string> towns{
      {"A0215", "Rochefort"},  {"A0518", "Marche-en-Famenne"}, {"A0812", "Ciney"},      {"A0708", "Dinant"},
      {"A1020", "Durbuy"},     {"A0510", "Celles"},            {"A1505", "Namur"},      {"A1506", "Namur"},
      {"A1815", "Huy"},        {"A1421", "Ouffet"},            {"A0324", "La Roche-en-Ardenne"},
      {"B0716", "St. Vith"},   {"B0711", "Vielsalm"},          {"B0805", "Manhay"},     {"B1110", "Trois-Ponts"},
      {"B1211", "Stavelot"},   {"B1308", "Stoumont"},          {"B1205", "Werbomont"},  {"B1413", "Malmedy"},
      {"B1518", "Elsenborn"},  {"B1919", "Monschau"},          {"B1609", "Spa"},        {"B1605", "Aywaille"},
      {"B2009", "Verviers"},   {"B2010", "Verviers"},          {"B2207", "Herve"},      {"C0509", "Sedan"},
      {"C0802", "Charleville-Mézières"}, {"C0803", "Charleville-Mézières"}, {"C0703", "Charleville-Mézières"},
      {"C1501", "Revin"},      {"C1203", "Monthermé"},         {"C2003", "Vireux-Molhain"}, {"C2306", "Givet"},
      {"C0417", "Florenville"}, {"C1020", "Neufchâteau"},      {"C1919", "Saint-Hubert"}, {"D1706", "Bastogne"},
      {"D1115", "Ettelbruck"}, {"D0821", "Consdorf"},          {"D0215", "Luxembourg"}, {"D0116", "Luxembourg"},
      {"D0408", "Arlon"},      {"D1006", "Martelange"},        {"D1625", "Bitburg"}};
  for (const auto& [id, name] : towns) expect_place(bfta(), id, name, {"town", "city"});
}

// 24.2: the maps overlap, so A0324 and B0303 are one hex, La Roche.
TEST(BftaMap, LaRocheIsOneHexOnMapsAAndB) {
  EXPECT_EQ(hex(bfta(), "A0324"), hex(bfta(), "B0303"));
}

// 18.41-18.43: Liège's four hexes are a city, where a German mech unit wins outright.
TEST(BftaMap, LiegeIsACityOfFourHexes) {
  for (const char* id : {"B2302", "B2303", "B2202", "B2203"}) expect_place(bfta(), id, "Liège", {"city"});
}

// 18.41: the St. Vith VP towns carry their values.
TEST(BftaMap, StVithVictoryTownsCarryTheirValues) {
  const std::map<std::string, std::string> vp{{"B0303", "2"}, {"B1110", "2"}, {"B2009", "2"}, {"B2010", "2"},
                                              {"B1919", "2"}, {"B1205", "2"}, {"B1211", "2"}, {"B1308", "2"},
                                              {"B2207", "2"}, {"B1605", "2"}, {"B1609", "4"}};
  for (const auto& [id, value] : vp) EXPECT_EQ(bfta().attr(hex(bfta(), id), "vp"), value) << id;
}

// 19.29: the Clervaux game's Our bridges, each a river crossing with a bridge.
TEST(BftaMap, ClervauxOurBridgeHexesHaveABridgeOverTheRiver) {
  for (const char* id : {"D1916", "D1418", "D1219", "D1023"}) {
    EXPECT_EQ(bfta().attr(hex(bfta(), id), "our_bridge"), "1") << id;
    EXPECT_TRUE(side_near(bfta(), id, 1, "bridge")) << id;
    EXPECT_TRUE(side_near(bfta(), id, 1, "river")) << id;
  }
}

TEST(BftaMap, EveryLetteredEntryAreaExists) {
  for (char c = 'A'; c <= 'N'; ++c) {
    const core::Area* a = bfta().area(std::string("entry:") + c);
    ASSERT_NE(a, nullptr) << c;
    EXPECT_FALSE(a->hexes.empty()) << c;
  }
}

}  // namespace
}  // namespace mapgen::testing
