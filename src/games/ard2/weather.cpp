// ARD2 2.2 Weather and Air Strike Availability, and the German bridges that come into
// being on their day (3.8): the automatic steps at the head of the Pre-Turn.
#include <fmt/format.h>

#include <stdexcept>

#include "core/dice.h"
#include "games/ard2/ard2_internal.h"

namespace ard2 {

namespace {

// Calls f(die, cells) for each face 1-6 of a one-die table row (min..max).
template <class F>
void each_face(const json& table, F f) {
  for (const json& row : table.at("rows"))
    for (int d = row.at("min").get<int>(); d <= row.at("max").get<int>(); ++d) {
      if (d < 1 || d > 6) throw std::runtime_error("die face out of 1-6");
      f(d, row.at("cells"));
    }
}

}  // namespace

bool Ard2Rules::read_air_tables(std::string& error) {
  try {
    const json& w = tables_.at("weather");
    air_.first_roll_turn = w.value("first_roll_turn", 8);
    each_face(w, [&](int d, const json& c) { air_.freeze_on[size_t(d)] = c.at(0) == "freeze"; });
    const json& a = tables_.at("air_strikes");
    const auto cols = a.at("columns");
    if (cols.size() != 2 || cols[0] != "no_freeze" || cols[1] != "freeze")
      throw std::runtime_error("air_strikes: want columns no_freeze, freeze");
    each_face(a, [&](int d, const json& c) { air_.strikes[size_t(d)] = {c.at(0).get<int>(), c.at(1).get<int>()}; });
    each_face(tables_.at("bridge_blowing"), [&](int d, const json& c) { air_.blown_on[size_t(d)] = c.at(0) == "blown"; });
  } catch (const std::exception& e) {
    error = std::string("tables (weather, air_strikes, bridge_blowing): ") + e.what();
    return false;
  }
  return true;
}

// ARD2 2.2, A33: from 23 Dec (Turn 8) on, while no Freeze has set in, the US rolls one
// die on the weather table; a Freeze, once rolled, lasts the rest of the game.
void Ard2Rules::weather_step(core::State& s, core::Events& ev) const {
  Ext& e = s.ext<Ext>();
  report_new_bridges(s, ev);
  if (!e.freeze && s.turn >= air_.first_roll_turn) {
    const int die = core::roll_die(s, 6, ev, "weather (Freeze onset)");
    e.freeze = air_.freeze_on[size_t(die)] ? 1 : 0;
  }
  const char* w = e.freeze ? "Freeze" : "no Freeze";
  ev.add("weather", fmt::format("Turn {} weather: {}", s.turn, w), {{"freeze", e.freeze != 0}, {"rule", "ARD2 2.2"}});
}

// ARD2 2.2: the weather picks the Air Strike Table column; one die gives this turn's
// strikes (7.3-7.6 halve them, rounding down). Unused strikes of last turn are lost.
void Ard2Rules::air_strike_step(core::State& s, core::Events& ev) const {
  Ext& e = s.ext<Ext>();
  const int die = core::roll_die(s, 6, ev, "US Air Strikes");
  e.air_strikes = air_.strikes[size_t(die)][e.freeze ? 1 : 0] / scenario(s).air_divide;
  ev.add("air_strikes", fmt::format("US Air Strikes this turn: {}", e.air_strikes),
         {{"strikes", e.air_strikes}, {"rule", "ARD2 2.2"}});
}

// ARD2 3.8: German bridges exist from their listed day; the log says when one appears.
void Ard2Rules::report_new_bridges(const core::State& s, core::Events& ev) const {
  for (const scs::Bridge& b : board_->bridges())
    if (b.built_turn == s.turn)
      ev.add("bridge", "German bridge built at " + core::hex_name(*this, b.side.hex) + "/" +
                           core::hex_name(*this, core::neighbor(b.side.hex, b.side.dir)),
             {{"hex", core::hex_name(*this, b.side.hex)}, {"rule", "ARD2 3.8"}});
}

}  // namespace ard2
