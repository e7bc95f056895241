#include "machines/transputer/experiments/sequential.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/param_table.h"
#include "core/sweep.h"
#include "machines/transputer/costs.h"
#include "machines/transputer/machine.h"
#include "machines/transputer/programs/mandelbrot.h"
#include "machines/transputer/rig.h"
#include "network/topologies/describe.h"

namespace archex {

namespace {

using transputer::ClassCpu;
using transputer::ClassLoop;
using transputer::Cpu;
using transputer::kCitation;
using transputer::Loop;
using transputer::Mandelbrot;
using transputer::T805;
using transputer::T9000;

// ---- Tables 1 and 2: the sequential Mandelbrot set ---------------------------------------------

struct Processor {
  const char* key;
  const char* label;
};

constexpr ScalarOutput kIterationsFp{
    "iterations_fp", "iterations",
    "Inner-loop iterations of the double-precision version, all pixels"};
constexpr ScalarOutput kIterationsInt{
    "iterations_int", "iterations", "Inner-loop iterations of the integer (fixed-point) version"};
// One per processor (kProcessors' keys).
constexpr ScalarOutput kFpTime{"fp_time_ms_*", "ms", "Table 1 time"};
constexpr ScalarOutput kMflops{"mflops_*", "Mflops",
                               "Table 1: iterations x fp instructions / time"};
constexpr ScalarOutput kIntTime{"int_time_ms_*", "ms", "Table 2 time"};
constexpr ScalarOutput kMips{"mips_*", "Mips", "Table 2: iterations x instructions / time"};
constexpr SeriesOutput kFpTimes{"fp_time_ms", "ms", "time against processor"};
constexpr SeriesOutput kIntTimes{"int_time_ms", "ms", "time against processor"};

const std::vector<Processor> kProcessors = {{"t805", "25 MHz T805"},
                                            {"t9000", "20 MHz T9000"},
                                            {"t9000_50", "50 MHz T9000 (projected)"},
                                            {"i486", "66 MHz i486"},
                                            {"r4000", "100 MHz R4000"}};

struct SequentialParams {
  Mandelbrot image;
  Cpu t805, t9000;
  double t9000_projected_mhz;
  ClassCpu i486, r4000;
  Loop t805_loop, t9000_loop;
  ClassLoop i486_loop, r4000_loop;
};

ParamTable<SequentialParams> sequential_params() {
  ParamTable<SequentialParams> t;
  t.include(&SequentialParams::image, transputer::mandelbrot_table())
      .include(&SequentialParams::t805, transputer::t805_cpu_table())
      .include(&SequentialParams::t9000, transputer::t9000_cpu_table())
      .add(&SequentialParams::t9000_projected_mhz,
           number_param("t9000_projected_mhz", "Projected T9000 clock")
               .unit("MHz").value(50).range(1, 1000).step(1)
               .about("The clock of the projected production T9000 (Tables 1, 2, line 3)."))
      .include(&SequentialParams::i486, transputer::i486_cpu_table())
      .include(&SequentialParams::r4000, transputer::r4000_cpu_table())
      .include(&SequentialParams::t805_loop, transputer::t805_loop_table())
      .include(&SequentialParams::t9000_loop, transputer::t9000_loop_table())
      .include(&SequentialParams::i486_loop, transputer::i486_class_loop_table())
      .include(&SequentialParams::r4000_loop, transputer::r4000_class_loop_table());
  return t;
}

class Sequential final : public Model {
 public:
  explicit Sequential(SequentialParams p) : p_(std::move(p)) {}

  // One unit is one row of the image, in both versions.
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && row_ < p_.image.height; ++i, ++row_) {
      fp_ += transputer::row_iterations(p_.image, row_, false);
      int_ += transputer::row_iterations(p_.image, row_, true);
    }
    return row_ >= p_.image.height;
  }
  double progress() const override { return static_cast<double>(row_) / p_.image.height; }

  Result result() const override {
    Result r;
    const double fp = static_cast<double>(fp_), in = static_cast<double>(int_);
    r.scalars.push_back(kIterationsFp(fp));
    r.scalars.push_back(kIterationsInt(in));
    Cpu projected = p_.t9000;
    projected.clock_mhz = p_.t9000_projected_mhz;
    // Each row: the clock, cycles of an iteration of each version, and the loop's counts.
    struct Row {
      double clock_mhz, fp_cycles, int_cycles;
      const Loop& loop;
    };
    const Row rows[] = {
        {p_.t805.clock_mhz, transputer::fp_cycles(p_.t805, p_.t805_loop),
         transputer::int_cycles(p_.t805, p_.t805_loop), p_.t805_loop},
        {p_.t9000.clock_mhz, transputer::fp_cycles(p_.t9000, p_.t9000_loop),
         transputer::int_cycles(p_.t9000, p_.t9000_loop), p_.t9000_loop},
        {projected.clock_mhz, transputer::fp_cycles(projected, p_.t9000_loop),
         transputer::int_cycles(projected, p_.t9000_loop), p_.t9000_loop},
        {p_.i486.clock_mhz, transputer::fp_cycles(p_.i486, p_.i486_loop),
         transputer::int_cycles(p_.i486, p_.i486_loop), p_.i486_loop.totals},
        {p_.r4000.clock_mhz, transputer::fp_cycles(p_.r4000, p_.r4000_loop),
         transputer::int_cycles(p_.r4000, p_.r4000_loop), p_.r4000_loop.totals}};
    Series fp_time = kFpTimes("floating point (Table 1)", "processor", "", "time");
    Series int_time = kIntTimes("integer (Table 2)", "processor", "", "time");
    for (std::size_t k = 0; k < std::size(rows); ++k) {
      const Row& row = rows[k];
      const std::string key = kProcessors[k].key;
      // ns (cycles x 1000 / MHz), then ms.
      const double t1 = fp * row.fp_cycles * 1000.0 / row.clock_mhz / 1e6;
      const double t2 = in * row.int_cycles * 1000.0 / row.clock_mhz / 1e6;
      r.scalars.push_back(kFpTime({key}, t1));
      r.scalars.push_back(kMflops({key}, fp * row.loop.fp_fp / (t1 * 1e3)));
      r.scalars.push_back(kIntTime({key}, t2));
      r.scalars.push_back(kMips({key}, in * row.loop.int_instr / (t2 * 1e3)));
      for (Series* s : {&fp_time, &int_time}) {
        s->x.push_back(static_cast<double>(k));
        s->labels.push_back(kProcessors[k].label);
      }
      fp_time.y.push_back(t1);
      int_time.y.push_back(t2);
    }
    r.series = {fp_time, int_time};
    return r;
  }

 private:
  SequentialParams p_;
  int row_ = 0;
  std::int64_t fp_ = 0;
  std::int64_t int_ = 0;
};


std::vector<OutputSpec> sequential_outputs() {
  return {kIterationsFp, kIterationsInt, kFpTime, kMflops, kIntTime, kMips, kFpTimes, kIntTimes};
}

}  // namespace

ModelInfo transputer_sequential_info() {
  return model_entry("transputer_sequential", sequential_params())
      .title("Sequential Mandelbrot set per processor")
      .about("Iterations of the Mandelbrot set counted pixel by pixel (double precision and fixed "
             "point), times each processor's cycles per iteration from its loop's instruction "
             "counts and its cycles per instruction class.")
      .citation(kCitation)
      .outputs(sequential_outputs())
      .machine(// One processor at a time: no network.
      [](const SequentialParams&) { return std::vector<NetworkMap>{}; })
      .run([](const SequentialParams& p, Rng) {
        transputer::check_mix("i486", p.i486_loop);
        transputer::check_mix("r4000", p.r4000_loop);
        return std::make_unique<Sequential>(p);
      });
}

}  // namespace archex
