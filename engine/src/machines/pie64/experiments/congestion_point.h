#pragma once

#include <cstddef>
#include <iterator>
#include <memory>
#include <vector>

#include "core/model.h"
#include "core/outputs.h"
#include "core/rng.h"
#include "machines/pie64/machine.h"

namespace archex::pie64 {

// PIE64 under congestion (sec. 3.2, Figs. 7-9): the sweep's parameters, and one point of it (a
// command, a length and a share p) run as a model of its own.

struct CongestionParams {
  int command;
  std::vector<int> lengths;
  std::vector<double> ps;
  int ius;
  int messages;
  int warmup;
  int compare_length;
  Costs costs;
};

// What one point measured, over the transfers issued after the warm-up.
struct Point {
  // Index of its p in the list.
  std::size_t at = 0;
  double rate = 0;
  double wait = 0;
  double throughput = 0;
  double latency = 0;
  double mp = 0;
  double pa = 0;
  double trans = 0;
  double data_wait = 0;
  // Share of the point's clocks each DAN switch output was held, over the outputs that lead
  // somewhere, in switch and port order.
  std::vector<double> occupancy;
};

struct Run {
  Command command;
  int words;
};

// The sweep's runs, each over every p: the command at each length, then WRITEMN at the comparison
// length if the command is another.
std::vector<Run> congestion_runs(const CongestionParams& p);

// The Point's fields as a point reports them to the combine, and the members they are.
inline constexpr ScalarOutput kPointFields[] = {
    {"rate", "transfers/clock/IU", "Transfer instructions issued per clock and IU"},
    {"wait", "clocks", "Connection wait Tw per transfer (MP-Write: latency - Ts+Te+TbN)"},
    {"throughput", "words/clock/IU", "Words delivered per clock and IU"},
    {"latency", "clocks", "Clocks from issue to done per transfer"},
    {"mp", "clocks", "Tmp per transfer"},
    {"pa", "clocks", "Tpa per transfer"},
    {"trans", "clocks", "Ts+Te+TbN of one transfer"},
    {"data_wait", "clocks", "Connection wait the NIP counted per transfer"}};
inline constexpr double Point::*kPointMembers[] = {
    &Point::rate, &Point::wait, &Point::throughput, &Point::latency,
    &Point::mp,   &Point::pa,   &Point::trans,      &Point::data_wait};
static_assert(std::size(kPointFields) == std::size(kPointMembers));

// What a point reports besides its fields: each DAN switch output's occupancy, as a series.
inline constexpr SeriesOutput kPointOccupancy{
    "occupancy", "fraction", "Share of the point's clocks each DAN switch output was held"};

// Point `index` of the sweep (run index / ps, p index % ps); its result holds the Point's fields
// as scalars and each DAN switch output's occupancy as the series kPointOccupancy.
std::unique_ptr<Model> congestion_point(const CongestionParams& p, Rng rng, std::size_t index);

}  // namespace archex::pie64
