// The terrain side of an SCS map as the rules read it: each hex's terrain kinds and
// each hexside's features and road, as indices into the game's Terrain Effects Chart
// (Tec), plus bridges and map edges. Built from a core::Map (from_map) or, in tests,
// hex by hex. Immutable once built; the rules keep one per game.
//
// Movement costs are integers in HALF movement points (kHalfMp per MP), so the Road
// rate of 1/2 MP and a DG unit's halved MA stay exact.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/hex.h"

namespace scs {

enum class MoveType : uint8_t { Leg = 0, Mech = 1 };
inline constexpr int kMoveTypes = 2;

inline constexpr int kHalfMp = 2;  // cost units per movement point

// Special cost values in a Tec cell.
inline constexpr int16_t kProhibited = -1;  // "P"
inline constexpr int16_t kAllMp = -2;       // "All": the unit's whole MA (SCS)
inline constexpr int16_t kOtherTerrain = -3;  // "ot": the hex's other terrain decides

// A Barrage Success Roll cell "(3-4) 5-6": a modified roll from half_lo places a Half
// marker, from full_lo a Full marker; 0 = that result is impossible.
struct BarrageRange {
  int8_t half_lo = 0;
  int8_t full_lo = 0;
  bool other = false;  // "ot"
};

struct HexTerrainKind {
  std::string name;
  std::array<int16_t, kMoveTypes> cost{kOtherTerrain, kOtherTerrain};  // Leg, Mech
  int8_t shift = 0;     // columns left when it is the defender's hex terrain
  int8_t only_side = -1;  // effects apply only to this side's units (West Wall), -1 all
  BarrageRange barrage{0, 0, true};
  bool city = false;
  bool traffic_jam = false;
};

struct SideTerrainKind {
  std::string name;
  std::array<int16_t, kMoveTypes> cost{0, 0};  // added MP (half units), or kProhibited
  int8_t shift = 0;    // columns left per attacking stack across it
  bool water = false;  // a stream or river: roads cross it only by an operational bridge
};

enum class RoadKind : uint8_t { None = 0, Road = 1, Track = 2 };

// The Terrain Effects Chart.
class Tec {
 public:
  int add_hex(HexTerrainKind k);
  int add_side(SideTerrainKind k);
  void set_road_cost(RoadKind r, int16_t leg, int16_t mech);
  int find_hex(std::string_view name) const;   // -1 when absent (case-insensitive)
  int find_side(std::string_view name) const;  // -1 when absent (case-insensitive)

  const HexTerrainKind& hex(int i) const { return hex_[size_t(i)]; }
  const SideTerrainKind& side(int i) const { return side_[size_t(i)]; }
  int hex_count() const { return int(hex_.size()); }
  int side_count() const { return int(side_.size()); }
  int16_t road_cost(RoadKind r, MoveType t) const { return road_[size_t(r)][size_t(t)]; }

  // The row used when no terrain of a hex states a movement cost (Open).
  int default_hex = 0;
  // Extra cost of entering an enemy ZOC Bond hex (TEC row "Enemy ZOC Bond hex").
  int16_t zoc_bond_cost = 2 * kHalfMp;
  // Extra cost of moving from a hex adjacent to an enemy unit to another such hex.
  int16_t adjacent_cost = 1 * kHalfMp;

 private:
  std::vector<HexTerrainKind> hex_;
  std::vector<SideTerrainKind> side_;
  std::array<std::array<int16_t, kMoveTypes>, 3> road_{{{0, 0}, {1, 1}, {2, 4}}};
};

// A bridge whose state can change in play: German-built ones appear on a turn, US
// ones may be blown from a plunger hex.
struct Bridge {
  core::HexSide side;
  int16_t built_turn = 0;            // 0 = printed from the start
  std::optional<core::Hex> plunger;  // set when the US may blow it
};

class Board {
 public:
  explicit Board(Tec tec) : tec_(std::move(tec)) {}

  const Tec& tec() const { return tec_; }

  // Building.
  int add_hex(core::Hex h, uint32_t terrain_mask, uint8_t edges = 0);
  void add_terrain(core::Hex h, int kind);
  void add_side_feature(core::Hex h, int dir, int kind);
  void set_road(core::Hex h, int dir, RoadKind r);
  int add_bridge(Bridge b);
  void set_vp(core::Hex h, int vp);
  void set_edges(core::Hex h, uint8_t edges);

  // Reading.
  int size() const { return int(hexes_.size()); }
  bool contains(core::Hex h) const { return index(h) >= 0; }
  int index(core::Hex h) const {
    const unsigned x = unsigned(h.q - grid_q_), y = unsigned(h.r - grid_r_);
    return x < unsigned(grid_w_) && y < unsigned(grid_h_) ? grid_[size_t(y) * size_t(grid_w_) + x] : -1;
  }
  core::Hex hex_at(int i) const { return hexes_[size_t(i)]; }
  uint32_t terrain(core::Hex h) const;
  bool has_terrain(core::Hex h, int kind) const { return kind >= 0 && (terrain(h) >> kind) & 1u; }
  uint32_t side(core::Hex h, int dir) const;
  RoadKind road(core::Hex h, int dir) const;
  uint8_t edges(core::Hex h) const;
  int vp(core::Hex h) const;
  const std::vector<Bridge>& bridges() const { return bridges_; }
  int bridge_at(core::HexSide s) const;  // index into bridges(), or -1
  const std::vector<core::Hex>& vp_hexes() const { return vp_hexes_; }  // in board order

  // Terrain queries shared by the rules.
  bool is_city(core::Hex h) const;
  bool is_traffic_jam(core::Hex h) const;
  // A hex terrain of h is Prohibited to `t`.
  bool hex_prohibited(core::Hex h, MoveType t) const;
  // The greatest hex-terrain cost of h for `t` (kProhibited when any is P).
  int hex_cost(core::Hex h, MoveType t) const;
  // The greatest hexside cost crossing (h, dir) for `t` (kProhibited when any is P).
  int side_cost(core::Hex h, int dir, MoveType t) const;
  bool side_has_water(core::Hex h, int dir) const;

  // A hex's side toward direction d, by board index, with what a path across it
  // reads: for searches over the whole board (supply traces) that would otherwise
  // look each hexside up by its canonical hex.
  struct Link {
    int32_t to = -1;      // the neighbour's board index, -1 off the board
    int16_t bridge = -1;  // index into bridges(), -1 when none
    RoadKind road = RoadKind::None;
    bool leg_open = false;  // Leg may cross off road: neither the side nor `to` is Prohibited to it
  };
  // Every hex's six links: hex index i's link toward direction d is at
  // [i * core::kDirections + d]. Built on first use, once the board is complete, and
  // rebuilt after any change to it.
  const Link* links() const { return link_table().links.data(); }
  uint8_t edges_at(int i) const { return cells_[size_t(i)].edges; }

 private:
  struct Cell {
    uint32_t terrain = 0;
    std::array<uint32_t, 3> side{};    // canonical directions 0..2
    std::array<RoadKind, 3> road{};
    uint8_t edges = 0;
    int16_t vp = 0;
  };
  Cell* cell(core::Hex h);
  const Cell* cell(core::Hex h) const;

  Tec tec_;
  std::vector<core::Hex> hexes_;
  std::vector<Cell> cells_;
  std::unordered_map<uint32_t, int> index_;
  // index() by array: the board index of each (q, r) in a box holding every hex (-1
  // where none), regrown with a margin as hexes are added.
  void grid_add(core::Hex h, int i);
  int grid_q_ = 0, grid_r_ = 0, grid_w_ = 0, grid_h_ = 0;
  std::vector<int32_t> grid_;
  std::vector<Bridge> bridges_;
  std::unordered_map<uint64_t, int> bridge_index_;
  std::vector<core::Hex> vp_hexes_;

  // The link table, shared by copies and built once even when threads ask at once;
  // every building call above starts a fresh one.
  struct LinkTable {
    std::once_flag built;
    std::vector<Link> links;
  };
  const LinkTable& link_table() const;
  void changed() { link_table_ = std::make_shared<LinkTable>(); }
  std::shared_ptr<LinkTable> link_table_ = std::make_shared<LinkTable>();
};

}  // namespace scs

namespace core {
class Map;
}

namespace scs {

// Builds the board of a loaded map. Terrain and hexside words are matched to Tec rows
// by name, ignoring case, spaces and punctuation, a word also matching a row that it
// begins ("trafficjam" = "Traffic Jam hex"), and "clear" meaning "Open". The hexside
// words "road" and "track" are roads; "bridge" is implied by a road over water. Side
// attributes: "built=<turn>" or "built=<d>Dec" (turn = d - 15, ARD2 turn record)
// makes a German-built bridge, "plunger=<hex id>" a US one; a hex attribute
// "plunger=1" wires the bridged hexsides of that hex (else of its neighbours) to it.
// Hex attribute "vp=<n>".
// Areas named "trafficjam"/"traffic_jam" add the Traffic Jam terrain to their hexes.
// Words matching no row are listed in `unknown` (once each) and ignored.
Board board_from_map(const core::Map& map, Tec tec, std::vector<std::string>* unknown = nullptr);

// "20Dec" -> 5; "5" -> 5; 0 when unreadable.
int turn_of_date(std::string_view s);

}  // namespace scs
