#include "series/scs/board.h"

#include <algorithm>
#include <cctype>

namespace scs {

namespace {

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

}  // namespace

int Tec::add_hex(HexTerrainKind k) {
  hex_.push_back(std::move(k));
  return int(hex_.size()) - 1;
}

int Tec::add_side(SideTerrainKind k) {
  side_.push_back(std::move(k));
  return int(side_.size()) - 1;
}

void Tec::set_road_cost(RoadKind r, int16_t leg, int16_t mech) { road_[size_t(r)] = {leg, mech}; }

int Tec::find_hex(std::string_view name) const {
  for (size_t i = 0; i < hex_.size(); ++i)
    if (same_name(hex_[i].name, name)) return int(i);
  return -1;
}

int Tec::find_side(std::string_view name) const {
  for (size_t i = 0; i < side_.size(); ++i)
    if (same_name(side_[i].name, name)) return int(i);
  return -1;
}

int Board::add_hex(core::Hex h, uint32_t terrain_mask, uint8_t edges) {
  changed();
  const auto it = index_.find(h.key());
  if (it != index_.end()) {
    cells_[size_t(it->second)].terrain |= terrain_mask;
    cells_[size_t(it->second)].edges |= edges;
    return it->second;
  }
  const int i = int(hexes_.size());
  hexes_.push_back(h);
  Cell c;
  c.terrain = terrain_mask;
  c.edges = edges;
  cells_.push_back(c);
  index_.emplace(h.key(), i);
  grid_add(h, i);
  return i;
}

void Board::grid_add(core::Hex h, int i) {
  const int x = h.q - grid_q_, y = h.r - grid_r_;
  if (grid_w_ == 0 || x < 0 || y < 0 || x >= grid_w_ || y >= grid_h_) {
    const int margin = 8 + std::max(grid_w_, grid_h_) / 2;
    const int q0 = grid_w_ ? std::min(grid_q_, h.q - margin) : h.q - margin;
    const int r0 = grid_w_ ? std::min(grid_r_, h.r - margin) : h.r - margin;
    const int q1 = grid_w_ ? std::max(grid_q_ + grid_w_, h.q + margin + 1) : h.q + margin + 1;
    const int r1 = grid_w_ ? std::max(grid_r_ + grid_h_, h.r + margin + 1) : h.r + margin + 1;
    grid_q_ = q0;
    grid_r_ = r0;
    grid_w_ = q1 - q0;
    grid_h_ = r1 - r0;
    grid_.assign(size_t(grid_w_) * size_t(grid_h_), -1);
    for (size_t k = 0; k < hexes_.size(); ++k) grid_add(hexes_[k], int(k));
    return;
  }
  grid_[size_t(y) * size_t(grid_w_) + size_t(x)] = i;
}

Board::Cell* Board::cell(core::Hex h) {
  const int i = index(h);
  return i < 0 ? nullptr : &cells_[size_t(i)];
}

const Board::Cell* Board::cell(core::Hex h) const {
  const int i = index(h);
  return i < 0 ? nullptr : &cells_[size_t(i)];
}

void Board::add_terrain(core::Hex h, int kind) { add_hex(h, 1u << kind); }

// A hexside is stored once, on its canonical hex; that hex need not be on the board
// (a side on the map's edge), so it gets a cell of its own only when both exist.
void Board::add_side_feature(core::Hex h, int dir, int kind) {
  changed();
  const core::HexSide s = core::HexSide::of(h, dir);
  if (Cell* c = cell(s.hex)) c->side[s.dir] |= 1u << kind;
}

void Board::set_road(core::Hex h, int dir, RoadKind r) {
  changed();
  const core::HexSide s = core::HexSide::of(h, dir);
  if (Cell* c = cell(s.hex)) c->road[s.dir] = r;
}

int Board::add_bridge(Bridge b) {
  changed();
  const int i = int(bridges_.size());
  bridge_index_[core::HexSide::of(b.side.hex, b.side.dir).key()] = i;
  bridges_.push_back(b);
  return i;
}

void Board::set_vp(core::Hex h, int vp) {
  Cell* c = cell(h);
  if (!c) return;
  c->vp = int16_t(vp);
  vp_hexes_.clear();
  for (size_t i = 0; i < cells_.size(); ++i)
    if (cells_[i].vp > 0) vp_hexes_.push_back(hexes_[i]);
}

void Board::set_edges(core::Hex h, uint8_t edges) {
  changed();
  if (Cell* c = cell(h)) c->edges = edges;
}

uint32_t Board::terrain(core::Hex h) const {
  const Cell* c = cell(h);
  return c ? c->terrain : 0;
}

uint32_t Board::side(core::Hex h, int dir) const {
  const core::HexSide s = core::HexSide::of(h, dir);
  const Cell* c = cell(s.hex);
  return c ? c->side[s.dir] : 0;
}

RoadKind Board::road(core::Hex h, int dir) const {
  const core::HexSide s = core::HexSide::of(h, dir);
  const Cell* c = cell(s.hex);
  return c ? c->road[s.dir] : RoadKind::None;
}

uint8_t Board::edges(core::Hex h) const {
  const Cell* c = cell(h);
  return c ? c->edges : 0;
}

int Board::vp(core::Hex h) const {
  const Cell* c = cell(h);
  return c ? c->vp : 0;
}

int Board::bridge_at(core::HexSide s) const {
  const auto it = bridge_index_.find(core::HexSide::of(s.hex, s.dir).key());
  return it == bridge_index_.end() ? -1 : it->second;
}

bool Board::is_city(core::Hex h) const {
  const uint32_t m = terrain(h);
  for (int k = 0; k < tec_.hex_count(); ++k)
    if ((m >> k) & 1u && tec_.hex(k).city) return true;
  return false;
}

bool Board::is_traffic_jam(core::Hex h) const {
  const uint32_t m = terrain(h);
  for (int k = 0; k < tec_.hex_count(); ++k)
    if ((m >> k) & 1u && tec_.hex(k).traffic_jam) return true;
  return false;
}

bool Board::hex_prohibited(core::Hex h, MoveType t) const { return hex_cost(h, t) == kProhibited; }

// ARD2 1.3 a): of several terrains in one hex, movement pays the single most costly.
int Board::hex_cost(core::Hex h, MoveType t) const {
  if (!contains(h)) return kProhibited;
  const uint32_t m = terrain(h);
  int best = kOtherTerrain;
  for (int k = 0; k < tec_.hex_count(); ++k) {
    if (!((m >> k) & 1u)) continue;
    const int c = tec_.hex(k).cost[size_t(t)];
    if (c == kProhibited) return kProhibited;
    if (c == kOtherTerrain) continue;
    if (c == kAllMp || best == kAllMp) {
      best = kAllMp;
      continue;
    }
    best = std::max(best, c);
  }
  if (best == kOtherTerrain) best = tec_.hex(tec_.default_hex).cost[size_t(t)];
  return best;
}

// ASSUMED: a hexside with several features (a stream along a national border) costs
// its single greatest feature, as 1.3 a) does for hex terrain.
int Board::side_cost(core::Hex h, int dir, MoveType t) const {
  const uint32_t m = side(h, dir);
  int best = 0;
  for (int k = 0; k < tec_.side_count(); ++k) {
    if (!((m >> k) & 1u)) continue;
    const int c = tec_.side(k).cost[size_t(t)];
    if (c == kProhibited) return kProhibited;
    if (c == kAllMp || best == kAllMp) {
      best = kAllMp;
      continue;
    }
    best = std::max(best, c);
  }
  return best;
}

bool Board::side_has_water(core::Hex h, int dir) const {
  const uint32_t m = side(h, dir);
  for (int k = 0; k < tec_.side_count(); ++k)
    if ((m >> k) & 1u && tec_.side(k).water) return true;
  return false;
}

const Board::LinkTable& Board::link_table() const {
  LinkTable& t = *link_table_;
  std::call_once(t.built, [&] {
    t.links.resize(hexes_.size() * core::kDirections);
    for (size_t i = 0; i < hexes_.size(); ++i)
      for (int d = 0; d < core::kDirections; ++d) {
        const core::Hex h = hexes_[i], to = core::neighbor(h, d);
        Link& l = t.links[i * core::kDirections + size_t(d)];
        l.to = index(to);
        l.bridge = int16_t(bridge_at(core::HexSide{h, uint8_t(d)}));
        l.road = road(h, d);
        l.leg_open = l.to >= 0 && !hex_prohibited(to, MoveType::Leg) && side_cost(h, d, MoveType::Leg) != kProhibited;
      }
  });
  return t;
}

}  // namespace scs
