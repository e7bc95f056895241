#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "core/model.h"
#include "core/record.h"
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

// What one point measured, over the transfers issued after the warm-up: the record it gives the
// combine (congestion_record()).
struct Point {
  // Index of its p in the list: the combine's, from the plan, not in the record.
  std::size_t at = 0;
  double rate = 0;        // transfer instructions issued per clock and IU
  double wait = 0;        // connection wait Tw per transfer (MP-Write: latency - Ts+Te+TbN), clocks
  double throughput = 0;  // words delivered per clock and IU
  double latency = 0;     // clocks from issue to done per transfer
  double mp = 0;          // Tmp per transfer, clocks
  double pa = 0;          // Tpa per transfer, clocks
  double trans = 0;       // Ts+Te+TbN of one transfer, clocks
  double data_wait = 0;   // connection wait the NIP counted per transfer, clocks
  // Share of the point's clocks each DAN switch output was held, over the outputs that lead
  // somewhere, in switch and port order.
  std::vector<double> occupancy;
};

const RecordTable<Point>& congestion_record();

struct Run {
  Command command;
  int words;
};

// The sweep's runs, each over every p: the command at each length, then WRITEMN at the comparison
// length if the command is another.
std::vector<Run> congestion_runs(const CongestionParams& p);

// Point `index` of the sweep (run index / ps, p index % ps): a RecordPoint<Point>.
std::unique_ptr<Model> congestion_point(const CongestionParams& p, Rng rng, std::size_t index);

}  // namespace archex::pie64
