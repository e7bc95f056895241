#pragma once

#include <cstdint>
#include <vector>

#include "core/param_table.h"

namespace archex::transputer {

// The paper's workload: the Mandelbrot set over [-2, 0.5] x [-1.25, 1.25], a pixel's iterations
// counted until |z| > 2 or the limit. The paper gives neither the image nor the limit.
struct Mandelbrot {
  int width;
  int height;
  int max_iterations;
  // The integer version's fixed-point fraction bits.
  int fraction_bits;
};

ParamTable<Mandelbrot> mandelbrot_table();

// Iterations of the inner loop for one row, in double precision or in fixed point.
std::int64_t row_iterations(const Mandelbrot& m, int row, bool integer);

}  // namespace archex::transputer
