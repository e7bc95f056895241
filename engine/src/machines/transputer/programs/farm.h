#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "machines/transputer/costs.h"
#include "machines/transputer/programs/farm_trace.h"
#include "machines/transputer/programs/mandelbrot.h"

namespace archex::transputer {

// The Mandelbrot processor farm (Fig. 8): its workers, messages, image and machines.
struct FarmParams {
  std::vector<int> workers;
  int item_bytes;
  int result_bytes_per_pixel;
  Mandelbrot image;
  T805 t805;
  T9000 t9000;
  P4 p4;
  Loop t805_loop, t9000_loop;
};

// The master (transputer 0) farms rows to the workers over p4, two to each at first (one to
// compute, one buffered); each result brings that worker its next row. A worker computes at low
// priority; the high-priority communication software on its transputer pushes it back.
class Farm {
 public:
  // `rows`: each row's iterations, in order. `trace`, when given, collects what the run does.
  Farm(const FarmParams& p, bool t9000, int workers, std::vector<std::int64_t> rows,
       FarmEvents* trace = nullptr);
  ~Farm();
  // One event; true once every row is back at the master.
  bool step();
  double time_ms() const;
  // Each worker's share of the run spent computing.
  std::vector<double> work_rates() const;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace archex::transputer
