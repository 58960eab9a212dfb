#include "core/map.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace core {

namespace {

constexpr int kFormatVersion = 1;
constexpr std::string_view kMapMagic = "hexfront-map";
constexpr std::string_view kOverrideMagic = "hexfront-override";
constexpr size_t kMaxVocabulary = 32;  // one bit each in TerrainMask / SideMask
constexpr size_t kItemsPerAreaLine = 12;

using Attrs = std::map<std::string, std::string, std::less<>>;

struct Token {
  std::string text;  // unquoted
  bool quoted = false;
  size_t eq = std::string::npos;  // position of '=' in a key=value token
};

// Splits a line into words; "..." groups a word with spaces (backslash escapes a quote
// or a backslash) and `#` outside quotes starts a comment. A key="value" word keeps
// the key and the unquoted value. Returns false on an unterminated quote.
bool tokenize(std::string_view line, std::vector<Token>& out) {
  size_t i = 0;
  while (true) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    if (i >= line.size() || line[i] == '#') return true;
    Token t;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') {
      if (line[i] == '"') {
        t.quoted = true;
        ++i;
        while (i < line.size() && line[i] != '"') {
          if (line[i] == '\\' && i + 1 < line.size()) ++i;
          t.text += line[i++];
        }
        if (i >= line.size()) return false;
        ++i;
        continue;
      }
      if (line[i] == '=' && !t.quoted && t.eq == std::string::npos) t.eq = t.text.size();
      t.text += line[i++];
    }
    out.push_back(std::move(t));
  }
}

std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string quote_if_needed(std::string_view s) {
  const bool plain = !s.empty() && s.find_first_of(" \t\"#\\=") == std::string_view::npos;
  return plain ? std::string(s) : quoted(s);
}

// A key of an attribute: a plain lowercase word.
bool good_key(std::string_view k) {
  if (k.empty()) return false;
  for (char c : k)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
  return true;
}

bool good_word(std::string_view w) { return good_key(w) && w[0] != '-'; }

std::optional<int> parse_int(std::string_view s) {
  if (s.empty() || s.size() > 6) return std::nullopt;
  size_t i = s[0] == '-' ? 1 : 0;
  if (i == s.size()) return std::nullopt;
  int v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
    v = v * 10 + (s[i] - '0');
  }
  return s[0] == '-' ? -v : v;
}

constexpr std::array<std::pair<char, uint8_t>, 4> kEdgeLetters{
    {{'n', kEdgeNorth}, {'e', kEdgeEast}, {'s', kEdgeSouth}, {'w', kEdgeWest}}};

}  // namespace

std::string MapIssue::to_string() const { return fmt::format("{}:{}: {}", file, line, reason); }

struct Map::Impl {
  std::string game;
  std::unique_ptr<HexIdScheme> ids;
  std::vector<std::string> terrain_names, side_names;
  TerrainMask default_terrain = 0;

  // Dense hex table, in the scheme's printed order; `lookup` is a bounding box of
  // axial coordinates holding each hex's index (or -1), so index() is two subtractions
  // and a load.
  std::vector<Hex> hexes;
  int q0 = 0, r0 = 0, width = 0, height = 0;
  std::vector<int32_t> lookup;

  std::vector<TerrainMask> terrain;
  std::vector<int> elevation;
  std::vector<uint8_t> edges;
  std::map<int, uint8_t> declared_edges;  // index -> bits, from `edge` lines
  // Six entries per hex, one per direction: a side is stored under both its hexes
  // (only under the map one when the other is off the map).
  std::vector<SideMask> sides;
  std::map<uint64_t, Attrs> side_attrs;  // HexSide::key()
  std::map<int, Attrs> hex_attrs;        // index
  std::map<int, std::string> places;     // index
  std::vector<Area> areas;

  int index(Hex h) const {
    const int x = h.q - q0, y = h.r - r0;
    if (x < 0 || y < 0 || x >= width || y >= height) return -1;
    return lookup[size_t(y) * size_t(width) + size_t(x)];
  }

  void set_hexes(std::vector<Hex> all) {
    hexes = std::move(all);
    int q1 = 0, r1 = 0;
    q0 = r0 = 0;
    for (size_t i = 0; i < hexes.size(); ++i) {
      const Hex h = hexes[i];
      if (i == 0 || h.q < q0) q0 = h.q;
      if (i == 0 || h.r < r0) r0 = h.r;
      if (i == 0 || h.q > q1) q1 = h.q;
      if (i == 0 || h.r > r1) r1 = h.r;
    }
    width = hexes.empty() ? 0 : q1 - q0 + 1;
    height = hexes.empty() ? 0 : r1 - r0 + 1;
    lookup.assign(size_t(width) * size_t(height), -1);
    for (size_t i = 0; i < hexes.size(); ++i)
      lookup[size_t(hexes[i].r - r0) * size_t(width) + size_t(hexes[i].q - q0)] = int32_t(i);
    terrain.assign(hexes.size(), default_terrain);
    elevation.assign(hexes.size(), 0);
    edges.assign(hexes.size(), 0);
    sides.assign(hexes.size() * kDirections, 0);
  }

  // A hex lies on an edge when it lacks the neighbours on that side of the outline.
  // Flat-topped columns have one neighbour north and south and two east and west;
  // pointy-topped rows the reverse, so an edge is a missing single neighbour or a
  // missing pair.
  void compute_edges() {
    const bool flat = ids->orientation() == Orientation::FlatTop;
    for (size_t i = 0; i < hexes.size(); ++i) {
      auto off = [&](int d) { return index(neighbor(hexes[i], d)) < 0; };
      uint8_t e = 0;
      if (flat) {
        if (off(2)) e |= kEdgeNorth;
        if (off(5)) e |= kEdgeSouth;
        if (off(0) && off(1)) e |= kEdgeEast;
        if (off(3) && off(4)) e |= kEdgeWest;
      } else {
        if (off(1) && off(2)) e |= kEdgeNorth;
        if (off(4) && off(5)) e |= kEdgeSouth;
        if (off(0)) e |= kEdgeEast;
        if (off(3)) e |= kEdgeWest;
      }
      edges[i] = e;
    }
    for (const auto& [i, bits] : declared_edges) edges[size_t(i)] = bits;
  }

  SideMask side(HexSide s) const {
    if (const int a = index(s.hex); a >= 0) return sides[size_t(a) * kDirections + s.dir];
    if (const int b = index(neighbor(s.hex, s.dir)); b >= 0)
      return sides[size_t(b) * kDirections + size_t(opposite(s.dir))];
    return 0;
  }

  void set_side(HexSide s, SideMask m) {
    if (const int a = index(s.hex); a >= 0) sides[size_t(a) * kDirections + s.dir] = m;
    if (const int b = index(neighbor(s.hex, s.dir)); b >= 0)
      sides[size_t(b) * kDirections + size_t(opposite(s.dir))] = m;
  }

  Area* find_area(std::string_view name) {
    for (Area& a : areas)
      if (a.name == name) return &a;
    return nullptr;
  }
};

// Reads one file (the base map or an override) into an Impl, collecting every issue.
class MapReader {
 public:
  MapReader(Map::Impl& m, const std::string& file, bool is_override, std::vector<MapIssue>& issues)
      : m_(m), file_(file), override_(is_override), issues_(issues) {}

  void read(std::string_view text) {
    size_t pos = 0;
    while (pos < text.size()) {
      const size_t nl = text.find('\n', pos);
      const std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
      ++line_;
      std::vector<Token> toks;
      if (!tokenize(line, toks))
        issue("unterminated quote");
      else if (!toks.empty())
        read_line(toks);
      if (nl == std::string_view::npos) break;
      pos = nl + 1;
    }
    line_ = std::max(line_, 1);
    if (!seen_magic_) issue(fmt::format("empty file: expected a '{} {}' line", magic(), kFormatVersion));
    if (!override_ && seen_magic_ && !broken_ && !body_started_) finish_header();
  }

 private:
  std::string_view magic() const { return override_ ? kOverrideMagic : kMapMagic; }

  void issue(std::string reason) { issues_.push_back({file_, line_, std::move(reason)}); }

  void read_line(const std::vector<Token>& t) {
    const std::string& kw = t[0].text;
    if (!seen_magic_) {
      seen_magic_ = true;
      if (kw != magic()) {
        issue(fmt::format("first line must be '{} {}', not '{}'", magic(), kFormatVersion, kw));
        broken_ = true;
        return;
      }
      if (t.size() != 2 || parse_int(t[1].text) != kFormatVersion) {
        issue(fmt::format("unsupported format version '{}' (this engine reads {})", t.size() > 1 ? t[1].text : "",
                          kFormatVersion));
        broken_ = true;
      }
      return;
    }
    if (broken_) return;  // a wrong magic or version means the rest cannot be trusted
    if (kw == "game" || kw == "ids" || kw == "terrain" || kw == "sides" || kw == "default") return read_header(t);
    if (kw == "hex" || kw == "side" || kw == "area" || kw == "edge") {
      if (!body_started_) {
        body_started_ = true;
        if (!override_) finish_header();
      }
      if (!m_.ids) return;  // already reported: no scheme to read IDs with
      if (kw == "hex") return read_hex(t);
      if (kw == "side") return read_side(t);
      if (kw == "area") return read_area(t);
      return read_edge(t);
    }
    issue(fmt::format("unknown keyword '{}'", kw));
  }

  // --- header ------------------------------------------------------------------
  void read_header(const std::vector<Token>& t) {
    const std::string& kw = t[0].text;
    if (body_started_) return issue(fmt::format("'{}' must come before the first hex, side, area or edge line", kw));
    if (override_ && kw != "game") return issue(fmt::format("an override file cannot change '{}'", kw));
    if (!header_seen_.insert(kw).second) return issue(fmt::format("'{}' given twice", kw));
    if (kw == "game") {
      if (t.size() != 2) return issue("'game' takes one word");
      if (override_ && t[1].text != m_.game)
        return issue(fmt::format("override is for game '{}' but the map is '{}'", t[1].text, m_.game));
      m_.game = t[1].text;
    } else if (kw == "ids") {
      std::string spec;
      for (size_t i = 1; i < t.size(); ++i) spec += (i > 1 ? " " : "") + t[i].text;
      std::string error;
      m_.ids = make_scheme(spec, &error);
      if (!m_.ids) issue("bad hex-ID scheme: " + error);
    } else if (kw == "terrain" || kw == "sides") {
      auto& names = kw == "terrain" ? m_.terrain_names : m_.side_names;
      for (size_t i = 1; i < t.size(); ++i) {
        const std::string& w = t[i].text;
        if (!good_word(w) || t[i].quoted)
          issue(fmt::format("bad {} word '{}' (lowercase letters, digits, '_' and '-')", kw, w));
        else if (std::find(names.begin(), names.end(), w) != names.end())
          issue(fmt::format("{} word '{}' given twice", kw, w));
        else if (names.size() == kMaxVocabulary)
          issue(fmt::format("more than {} {} words", kMaxVocabulary, kw));
        else
          names.push_back(w);
      }
    } else {  // default: its words are checked once the terrain line is surely read
      default_line_ = line_;
      default_words_.assign(t.begin() + 1, t.end());
    }
  }

  void finish_header() {
    for (const char* kw : {"game", "ids", "terrain", "sides"})
      if (!header_seen_.count(kw)) issue(fmt::format("missing '{}' line before the map's body", kw));
    if (!default_words_.empty()) {
      const int keep = line_;
      line_ = default_line_;
      m_.default_terrain = terrain_words(default_words_);
      line_ = keep;
    }
    if (m_.ids) m_.set_hexes(m_.ids->hexes());
  }

  TerrainMask terrain_words(const std::vector<Token>& words) {
    TerrainMask mask = 0;
    for (const Token& w : words) {
      const auto it = std::find(m_.terrain_names.begin(), m_.terrain_names.end(), w.text);
      if (it == m_.terrain_names.end())
        issue(fmt::format("unknown terrain '{}'", w.text));
      else
        mask |= TerrainMask(1) << (it - m_.terrain_names.begin());
    }
    return mask;
  }

  // A printed ID that must name a hex on the map.
  std::optional<Hex> map_hex(std::string_view id, std::string_view what) {
    const auto h = m_.ids->parse(id);
    if (!h || m_.index(*h) < 0) {
      issue(fmt::format("{} '{}' is not a hex ID on the declared maps ({})", what, id, m_.ids->spec()));
      return std::nullopt;
    }
    return h;
  }

  // --- body --------------------------------------------------------------------
  void read_hex(const std::vector<Token>& t) {
    if (t.size() < 2) return issue("'hex' needs a hex ID");
    const auto h = map_hex(t[1].text, "hex");
    if (!h) return;
    const int i = m_.index(*h);
    if (const auto [it, fresh] = hex_lines_.emplace(i, line_); !fresh)
      return issue(fmt::format("hex {} already given at line {}", t[1].text, it->second));
    TerrainMask terrain = 0;
    std::optional<std::string> place;
    std::optional<int> elevation;
    Attrs attrs;
    for (size_t k = 2; k < t.size(); ++k) {
      const Token& w = t[k];
      if (w.eq != std::string::npos) {
        const std::string key = w.text.substr(0, w.eq), value = w.text.substr(w.eq + 1);
        if (!good_key(key)) {
          issue(fmt::format("bad attribute name '{}'", key));
        } else if (key == "elev") {
          elevation = parse_int(value);
          if (!elevation) issue(fmt::format("elevation '{}' is not a whole number", value));
        } else if (!attrs.emplace(key, value).second) {
          issue(fmt::format("attribute '{}' given twice", key));
        }
      } else if (w.quoted) {
        if (place) issue(fmt::format("second place name \"{}\" (a hex has one)", w.text));
        place = w.text;
      } else {
        terrain |= terrain_words({w});
      }
    }
    // An override's hex line replaces the hex, as the base file's does.
    m_.terrain[size_t(i)] = terrain;
    m_.elevation[size_t(i)] = elevation.value_or(0);
    if (place && !place->empty())
      m_.places[i] = *place;
    else
      m_.places.erase(i);
    if (attrs.empty())
      m_.hex_attrs.erase(i);
    else
      m_.hex_attrs[i] = std::move(attrs);
  }

  void read_side(const std::vector<Token>& t) {
    if (t.size() < 3) return issue("'side' needs a hex ID and a second hex ID or a direction");
    const auto a = map_hex(t[1].text, "side hex");
    if (!a) return;
    int dir = direction_from_name(t[2].text, m_.ids->orientation());
    if (dir < 0) {
      const auto b = m_.ids->parse(t[2].text);
      if (!b) {
        return issue(
            fmt::format("'{}' is neither a hex ID nor a direction ({})", t[2].text,
                        m_.ids->orientation() == Orientation::FlatTop ? "n ne se s sw nw" : "ne e se sw w nw"));
      }
      dir = direction_to(*a, *b);
      if (dir < 0) return issue(fmt::format("side between non-adjacent hexes {} and {}", t[1].text, t[2].text));
    }
    const HexSide s = HexSide::of(*a, dir);
    if (const auto [it, fresh] = side_lines_.emplace(s.key(), line_); !fresh)
      return issue(fmt::format("side {} {} already given at line {}", t[1].text, t[2].text, it->second));
    SideMask mask = override_ ? m_.side(s) : 0;
    Attrs attrs = override_ ? m_.side_attrs[s.key()] : Attrs{};
    for (size_t k = 3; k < t.size(); ++k) {
      const Token& w = t[k];
      if (w.eq != std::string::npos) {
        const std::string key = w.text.substr(0, w.eq), value = w.text.substr(w.eq + 1);
        if (!good_key(key))
          issue(fmt::format("bad attribute name '{}'", key));
        else if (value.empty() && override_)  // `key=` in an override drops the attribute
          attrs.erase(key);
        else
          attrs[key] = value;
        continue;
      }
      const bool remove = !w.quoted && !w.text.empty() && w.text[0] == '-';
      const std::string_view name = remove ? std::string_view(w.text).substr(1) : std::string_view(w.text);
      const auto it = std::find(m_.side_names.begin(), m_.side_names.end(), name);
      if (it == m_.side_names.end()) {
        issue(fmt::format("unknown hexside feature '{}'", name));
      } else if (remove && !override_) {
        issue(fmt::format("'-{}' removes a feature: only an override file may do that", name));
      } else {
        const SideMask bit = SideMask(1) << (it - m_.side_names.begin());
        mask = remove ? mask & ~bit : mask | bit;
      }
    }
    m_.set_side(s, mask);
    if (attrs.empty())
      m_.side_attrs.erase(s.key());
    else
      m_.side_attrs[s.key()] = std::move(attrs);
  }

  // Lines of one name add up; in an override the first line of a name restarts it.
  void read_area(const std::vector<Token>& t) {
    if (t.size() < 2 || t[1].eq != std::string::npos) return issue("'area' needs a name");
    const std::string& name = t[1].text;
    const bool first_in_file = areas_seen_.insert(name).second;
    Area* area = m_.find_area(name);
    if (!area) {
      m_.areas.push_back({name, {}});
      area = &m_.areas.back();
    } else if (override_ && first_in_file) {
      area->hexes.clear();
    }
    std::set<Hex> have(area->hexes.begin(), area->hexes.end());
    auto add = [&](Hex h) {
      if (have.insert(h).second) area->hexes.push_back(h);
    };
    for (size_t k = 2; k < t.size(); ++k) {
      const std::string& w = t[k].text;
      if (const size_t dots = w.find(".."); dots != std::string::npos) {
        const std::string from = w.substr(0, dots), to = w.substr(dots + 2);
        const auto hexes = m_.ids->range(from, to);
        if (!hexes) {
          issue(fmt::format("bad area range '{}' (two IDs of one map sheet)", w));
          continue;
        }
        for (Hex h : *hexes) add(h);
      } else if (const auto h = map_hex(w, "area hex")) {
        add(*h);
      }
    }
    // Areas are sets: kept in the map's hex order so save() is stable.
    std::sort(area->hexes.begin(), area->hexes.end(), [&](Hex a, Hex b) { return m_.index(a) < m_.index(b); });
  }

  void read_edge(const std::vector<Token>& t) {
    if (t.size() < 2) return issue("'edge' needs a hex ID");
    const auto h = map_hex(t[1].text, "edge hex");
    if (!h) return;
    uint8_t bits = 0;
    for (size_t k = 2; k < t.size(); ++k) {
      const auto it = std::find_if(kEdgeLetters.begin(), kEdgeLetters.end(),
                                   [&](auto e) { return t[k].text.size() == 1 && t[k].text[0] == e.first; });
      if (it == kEdgeLetters.end())
        issue(fmt::format("unknown map edge '{}' (n, e, s or w)", t[k].text));
      else
        bits |= it->second;
    }
    m_.declared_edges[m_.index(*h)] = bits;
  }

  Map::Impl& m_;
  const std::string& file_;
  const bool override_;
  std::vector<MapIssue>& issues_;
  int line_ = 0;
  bool seen_magic_ = false, broken_ = false, body_started_ = false;
  std::set<std::string, std::less<>> header_seen_;
  std::vector<Token> default_words_;
  int default_line_ = 0;
  std::map<int, int> hex_lines_;        // hex index -> line that gave it
  std::map<uint64_t, int> side_lines_;  // side key -> line that gave it
  std::set<std::string> areas_seen_;  // area names met in this file
};

namespace {

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

Map::Map(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Map::~Map() = default;

std::unique_ptr<Map> Map::parse(std::string_view text, const std::string& file_name, std::string_view override_text,
                                const std::string& override_name, std::vector<MapIssue>& issues) {
  const size_t before = issues.size();
  auto impl = std::make_unique<Impl>();
  MapReader(*impl, file_name, false, issues).read(text);
  // An override is read only onto a sound base: its IDs and words need the header.
  if (issues.size() == before && !override_name.empty())
    MapReader(*impl, override_name, true, issues).read(override_text);
  if (issues.size() != before || !impl->ids) return nullptr;
  impl->compute_edges();
  return std::unique_ptr<Map>(new Map(std::move(impl)));
}

std::unique_ptr<Map> Map::parse(std::string_view text, const std::string& file_name, std::vector<MapIssue>& issues) {
  return parse(text, file_name, {}, {}, issues);
}

std::unique_ptr<Map> Map::load(const std::string& path, std::vector<MapIssue>& issues,
                               const std::string& override_path) {
  const auto text = read_file(path);
  if (!text) {
    issues.push_back({path, 0, "cannot read the file"});
    return nullptr;
  }
  std::optional<std::string> over;
  if (!override_path.empty()) {
    over = read_file(override_path);
    if (!over) {
      issues.push_back({override_path, 0, "cannot read the file"});
      return nullptr;
    }
  }
  return parse(*text, path, over ? std::string_view(*over) : std::string_view(), override_path, issues);
}

std::vector<MapIssue> validate_map_file(const std::string& path, const std::string& override_path) {
  std::vector<MapIssue> issues;
  Map::load(path, issues, override_path);
  return issues;
}

std::string Map::save() const {
  const Impl& m = *impl_;
  std::string out;
  auto words = [](const std::vector<std::string>& names, uint32_t mask) {
    std::string s;
    for (size_t b = 0; b < names.size(); ++b)
      if ((mask >> b) & 1u) s += " " + names[b];
    return s;
  };
  auto attrs_text = [](const Attrs& a) {
    std::string s;
    for (const auto& [k, v] : a) s += " " + k + "=" + quote_if_needed(v);
    return s;
  };
  auto join = [](const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& w : v) s += " " + w;
    return s;
  };
  out += fmt::format("{} {}\ngame {}\nids {}\nterrain{}\nsides{}\n", kMapMagic, kFormatVersion, m.game, m.ids->spec(),
                     join(m.terrain_names), join(m.side_names));
  if (m.default_terrain) out += "default" + words(m.terrain_names, m.default_terrain) + "\n";

  // Hexes that differ from an unlisted one.
  for (size_t i = 0; i < m.hexes.size(); ++i) {
    const auto place = m.places.find(int(i));
    const auto attrs = m.hex_attrs.find(int(i));
    if (m.terrain[i] == m.default_terrain && m.elevation[i] == 0 && place == m.places.end() &&
        attrs == m.hex_attrs.end())
      continue;
    out += "hex " + m.ids->format(m.hexes[i]) + words(m.terrain_names, m.terrain[i]);
    if (place != m.places.end()) out += " " + quoted(place->second);
    if (m.elevation[i] != 0) out += fmt::format(" elev={}", m.elevation[i]);
    if (attrs != m.hex_attrs.end()) out += attrs_text(attrs->second);
    out += "\n";
  }

  // Each side once, from its first hex in map order.
  const Orientation o = m.ids->orientation();
  for (size_t i = 0; i < m.hexes.size(); ++i)
    for (int d = 0; d < kDirections; ++d) {
      const Hex n = neighbor(m.hexes[i], d);
      const int j = m.index(n);
      if (j >= 0 && size_t(j) < i) continue;
      const HexSide s = HexSide::of(m.hexes[i], d);
      const SideMask mask = m.sides[i * kDirections + size_t(d)];
      const auto attrs = m.side_attrs.find(s.key());
      if (mask == 0 && attrs == m.side_attrs.end()) continue;
      out += "side " + m.ids->format(m.hexes[i]) + " " +
             (j >= 0 ? m.ids->format(n) : std::string(direction_name(d, o))) + words(m.side_names, mask);
      if (attrs != m.side_attrs.end()) out += attrs_text(attrs->second);
      out += "\n";
    }

  // An area's hexes (in map order) as save() writes them: a run of hexes that fills a
  // printed rectangle of one sheet becomes `first..last`; runs grow hex by hex, so in
  // practice each unbroken stretch of a printed column takes one item.
  auto area_items = [&](const std::vector<Hex>& hexes) {
    std::vector<std::string> items;
    auto by_index = [&](Hex x, Hex y) { return m.index(x) < m.index(y); };
    for (size_t i = 0; i < hexes.size();) {
      const std::string first = m.ids->format(hexes[i]);
      std::string last = first;
      size_t end = i + 1;
      for (; end < hexes.size(); ++end) {
        const std::string next = m.ids->format(hexes[end]);
        auto rect = m.ids->range(first, next);
        if (!rect || rect->size() != end - i + 1) break;
        std::sort(rect->begin(), rect->end(), by_index);
        if (!std::equal(rect->begin(), rect->end(), hexes.begin() + ptrdiff_t(i))) break;
        last = next;
      }
      items.push_back(end == i + 1 ? first : first + ".." + last);
      i = end;
    }
    return items;
  };
  for (const Area& a : m.areas) {
    const auto items = area_items(a.hexes);
    if (items.empty()) out += "area " + quote_if_needed(a.name) + "\n";
    for (size_t k = 0; k < items.size(); k += kItemsPerAreaLine) {
      out += "area " + quote_if_needed(a.name);
      for (size_t x = k; x < std::min(items.size(), k + kItemsPerAreaLine); ++x) out += " " + items[x];
      out += "\n";
    }
  }

  for (const auto& [i, bits] : m.declared_edges) {
    out += "edge " + m.ids->format(m.hexes[size_t(i)]);
    for (const auto& [letter, bit] : kEdgeLetters)
      if (bits & bit) out += std::string(" ") + letter;
    out += "\n";
  }
  return out;
}

bool operator==(const Map& a, const Map& b) {
  const Map::Impl &x = *a.impl_, &y = *b.impl_;
  auto same_areas = [&] {
    if (x.areas.size() != y.areas.size()) return false;
    for (size_t i = 0; i < x.areas.size(); ++i)
      if (x.areas[i].name != y.areas[i].name || x.areas[i].hexes != y.areas[i].hexes) return false;
    return true;
  };
  return x.game == y.game && x.ids->spec() == y.ids->spec() && x.terrain_names == y.terrain_names &&
         x.side_names == y.side_names && x.default_terrain == y.default_terrain && x.hexes == y.hexes &&
         x.terrain == y.terrain && x.elevation == y.elevation && x.edges == y.edges &&
         x.declared_edges == y.declared_edges && x.sides == y.sides && x.side_attrs == y.side_attrs &&
         x.hex_attrs == y.hex_attrs && x.places == y.places && same_areas();
}

const std::string& Map::game() const { return impl_->game; }
const HexIdScheme& Map::ids() const { return *impl_->ids; }
int Map::size() const { return int(impl_->hexes.size()); }
bool Map::contains(Hex h) const { return impl_->index(h) >= 0; }
int Map::index(Hex h) const { return impl_->index(h); }
Hex Map::hex_at(int index) const { return impl_->hexes[size_t(index)]; }

const std::vector<std::string>& Map::terrain_names() const { return impl_->terrain_names; }
const std::vector<std::string>& Map::side_feature_names() const { return impl_->side_names; }

int Map::terrain_bit(std::string_view name) const {
  const auto& v = impl_->terrain_names;
  const auto it = std::find(v.begin(), v.end(), name);
  return it == v.end() ? -1 : int(it - v.begin());
}

int Map::side_feature_bit(std::string_view name) const {
  const auto& v = impl_->side_names;
  const auto it = std::find(v.begin(), v.end(), name);
  return it == v.end() ? -1 : int(it - v.begin());
}

TerrainMask Map::terrain(Hex h) const {
  const int i = impl_->index(h);
  return i < 0 ? 0 : impl_->terrain[size_t(i)];
}

SideMask Map::side(HexSide s) const { return impl_->side(s); }

SideMask Map::side(Hex h, int dir) const {
  if (const int i = impl_->index(h); i >= 0) return impl_->sides[size_t(i) * kDirections + size_t(dir)];
  return impl_->side(HexSide::of(h, dir));
}

uint8_t Map::edges(Hex h) const {
  const int i = impl_->index(h);
  return i < 0 ? 0 : impl_->edges[size_t(i)];
}

int Map::elevation(Hex h) const {
  const int i = impl_->index(h);
  return i < 0 ? 0 : impl_->elevation[size_t(i)];
}

namespace {
std::string_view find_attr(const std::map<int, Attrs>& all, int i, std::string_view key) {
  const auto a = all.find(i);
  if (a == all.end()) return {};
  const auto v = a->second.find(key);
  return v == a->second.end() ? std::string_view() : std::string_view(v->second);
}
}  // namespace

std::string_view Map::attr(Hex h, std::string_view key) const {
  const int i = impl_->index(h);
  return i < 0 ? std::string_view() : find_attr(impl_->hex_attrs, i, key);
}

std::string_view Map::attr(HexSide s, std::string_view key) const {
  const auto a = impl_->side_attrs.find(s.key());
  if (a == impl_->side_attrs.end()) return {};
  const auto v = a->second.find(key);
  return v == a->second.end() ? std::string_view() : std::string_view(v->second);
}

std::string_view Map::place(Hex h) const {
  const auto it = impl_->places.find(impl_->index(h));
  return it == impl_->places.end() ? std::string_view() : std::string_view(it->second);
}

std::optional<Hex> Map::find_place(std::string_view name) const {
  for (const auto& [i, n] : impl_->places)
    if (n == name) return impl_->hexes[size_t(i)];
  return std::nullopt;
}

std::vector<std::pair<Hex, std::string>> Map::places() const {
  std::vector<std::pair<Hex, std::string>> out;
  for (const auto& [i, n] : impl_->places) out.emplace_back(impl_->hexes[size_t(i)], n);
  return out;
}

const std::vector<Area>& Map::areas() const { return impl_->areas; }

const Area* Map::area(std::string_view name) const {
  for (const Area& a : impl_->areas)
    if (a.name == name) return &a;
  return nullptr;
}

}  // namespace core
