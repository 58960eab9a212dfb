#include "mapgen/game_spec.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace mapgen {

namespace {

std::vector<std::string> words_of(std::istringstream& in) {
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::pair<std::string, std::string> split_pair(const std::string& w) {
  const size_t eq = w.find('=');
  if (eq == std::string::npos) return {w, ""};
  return {w.substr(0, eq), w.substr(eq + 1)};
}

// "anchor ID Place Name [terrain=WORD] [key=value...]": the place name runs up to
// the first key=value word.
NamedHex read_named(const std::string& kw, std::istringstream& in) {
  NamedHex h;
  h.fit = kw == "anchor";
  in >> h.id;
  std::string name;
  for (const std::string& w : words_of(in)) {
    if (w.find('=') == std::string::npos) {
      name += (name.empty() ? "" : " ") + w;
      continue;
    }
    auto kv = split_pair(w);
    if (kv.first == "terrain")
      h.terrain = kv.second;
    else
      h.attrs.push_back(std::move(kv));
  }
  h.place = name;
  return h;
}

// "entry NAME SIDE part K/N" or "entry NAME SIDE from ID to ID".
bool read_entry(std::istringstream& in, EntrySpec& e) {
  std::string side, how;
  in >> e.name >> side >> how;
  if (side.size() != 1 || std::string("nesw").find(side[0]) == std::string::npos) return false;
  e.side = side[0];
  if (how == "part") {
    char slash = 0;
    return static_cast<bool>(in >> e.part >> slash >> e.parts) && slash == '/' && e.part >= 1 && e.part <= e.parts;
  }
  std::string to_word;
  return how == "from" && static_cast<bool>(in >> e.from >> to_word >> e.to) && to_word == "to";
}

}  // namespace

std::string GameSpec::word(const std::string& kind) const {
  const auto it = words.find(kind);
  return it == words.end() ? "" : it->second;
}

GameSpec load_game_spec(const std::string& path, std::vector<std::string>& errors) {
  GameSpec g;
  std::ifstream file(path);
  if (!file) {
    errors.push_back(fmt::format("{}: cannot read", path));
    return g;
  }
  std::string line;
  for (int n = 1; std::getline(file, line); ++n) {
    std::istringstream in(line);
    std::string kw;
    if (!(in >> kw) || kw[0] == '#') continue;
    auto bad = [&](const std::string& why) { errors.push_back(fmt::format("{}:{}: {}", path, n, why)); };
    if (kw == "game") {
      in >> g.game;
    } else if (kw == "title") {
      std::getline(in >> std::ws, g.title);
    } else if (kw == "ids") {
      std::getline(in >> std::ws, g.ids);
    } else if (kw == "hex_km") {
      if (!(in >> g.hex_km) || g.hex_km <= 0) bad("hex_km wants a positive number");
    } else if (kw == "fit") {
      std::string how;
      in >> how;
      if (how != "similarity" && how != "translation") bad("fit is 'similarity' or 'translation'");
      g.fit_scale = how == "similarity";
    } else if (kw == "terrain") {
      g.terrain = words_of(in);
    } else if (kw == "sides") {
      g.sides = words_of(in);
    } else if (kw == "default") {
      in >> g.default_terrain;
    } else if (kw == "map") {
      for (const std::string& w : words_of(in)) {
        const auto [kind, word] = split_pair(w);
        g.words[kind] = word == "-" ? "" : word;
      }
    } else if (kw == "cover") {
      if (!(in >> g.cover) || g.cover <= 0 || g.cover > 1) bad("cover wants a fraction in (0, 1]");
    } else if (kw == "anchor" || kw == "extra" || kw == "mark") {
      g.named.push_back(read_named(kw, in));
      if (g.named.back().id.empty() || (kw != "mark" && g.named.back().place.empty())) bad(kw + " wants an ID and a place");
    } else if (kw == "side") {
      NamedSide s;
      in >> s.a >> s.b;
      s.words = words_of(in);
      if (s.b.empty() || s.words.empty()) bad("side wants two hex IDs and a word or more");
      g.named_sides.push_back(std::move(s));
    } else if (kw == "entry") {
      EntrySpec e;
      if (!read_entry(in, e)) bad("entry wants 'NAME SIDE part K/N' or 'NAME SIDE from ID to ID'");
      g.entries.push_back(std::move(e));
    } else {
      bad(fmt::format("unknown directive '{}'", kw));
    }
  }
  if (g.game.empty() || g.ids.empty() || g.hex_km <= 0 || g.terrain.empty() || g.default_terrain.empty())
    errors.push_back(fmt::format("{}: needs game, ids, hex_km, terrain and default", path));
  return g;
}

}  // namespace mapgen
