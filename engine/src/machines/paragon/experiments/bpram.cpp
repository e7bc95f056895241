#include "machines/paragon/experiments/bpram.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "core/fit.h"
#include "core/param_table.h"
#include "machines/paragon/costs.h"
#include "machines/paragon/library.h"
#include "machines/paragon/machine.h"
#include "machines/paragon/measures.h"
#include "machines/paragon/meshes.h"
#include "machines/paragon/point.h"
#include "network/topologies/describe.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {

namespace {

using paragon::kCitation;
using paragon::line_over;
using paragon::MachineParams;
using paragon::processors_spec;
using paragon::Program;
using paragon::ProgramsPoint;
using paragon::ProgramsTime;
using paragon::with_machine;

// ---- Fig. 5, Table 2: block permutations ------------------------------------------------------

// Per mesh configuration (mesh_name(): "4x2"), then of the first configuration.
constexpr ScalarOutput kSigmaOn{"sigma_us_per_byte_*", "us/byte", "sigma on 4x2: the slope"};
constexpr ScalarOutput kLOn{"l_us_*", "us", "l on 4x2: the offset"};
constexpr ScalarOutput kSigma{"sigma_us_per_byte", "us/byte", "sigma, first config"};
constexpr ScalarOutput kL{"l_us", "us", "l on the first configuration"};
constexpr SeriesOutput kPerm{"perm_*", "us", "time against block length"};
constexpr SeriesOutput kBpramModel{"bpram_model_*", "us", "time against block length"};
constexpr SeriesOutput kSigmaVsP{"sigma_vs_p", "us/byte", "sigma against processors"};
constexpr SeriesOutput kLVsP{"l_vs_p", "us", "l against processors"};

struct BpramParams {
  MachineParams m;
  std::vector<int> processors;
  std::vector<int> block_bytes;
  int permutations;
};

struct BpramPoint {
  int p;
  int bytes;
};

std::vector<BpramPoint> bpram_plan(const BpramParams& p) {
  std::vector<BpramPoint> out;
  for (const int n : p.processors) {
    paragon::checked_mesh(n);
    for (const int b : p.block_bytes) out.push_back({n, b});
  }
  return out;
}

// A random permutation with no fixed point (every node sends to another).
std::vector<int> random_derangement(int p, Rng& rng) {
  std::vector<int> perm(static_cast<std::size_t>(p));
  for (;;) {
    std::iota(perm.begin(), perm.end(), 0);
    for (int i = p - 1; i > 0; --i) {
      std::swap(perm[static_cast<std::size_t>(i)],
                perm[static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(i) + 1))]);
    }
    bool fixed = false;
    for (int i = 0; i < p; ++i) fixed = fixed || perm[static_cast<std::size_t>(i)] == i;
    if (!fixed) return perm;
  }
}

// A point routes `permutations` random block permutations one after another (each a BPRAM step
// ending in the barrier); the combine divides its time by their number.
std::unique_ptr<Model> bpram_point(const BpramParams& p, Rng rng, std::size_t index) {
  const BpramPoint pt = bpram_plan(p)[index];
  std::vector<Program> programs(static_cast<std::size_t>(pt.p));
  for (int k = 0; k < p.permutations; ++k) {
    paragon::bpram_step(programs, random_derangement(pt.p, rng),
                        std::vector<double>(static_cast<std::size_t>(pt.p), pt.bytes));
  }
  return std::make_unique<ProgramsPoint<ProgramsTime>>(paragon::programs_time_record(), p.m,
                                                       paragon::mesh_of(pt.p), std::move(programs));
}

Result combine_bpram(const BpramParams& p,
                     const std::vector<PointRecord<ProgramsTime>>& points) {
  const std::vector<BpramPoint> plan = bpram_plan(p);
  Result out;
  Series sigma_vs_p = kSigmaVsP("sigma, fitted to the simulation", "processors", "processors",
                                "sigma");
  Series l_vs_p = kLVsP("l, fitted to the simulation", "processors", "processors", "l");
  std::vector<Series> fits;
  for (const int n : p.processors) {
    const std::string name = paragon::mesh_name(n);
    Series s = kPerm({name}, name + " (p = " + std::to_string(n) + "), simulated",
                     "block length", "bytes", "time");
    for (const PointRecord<ProgramsTime>& r : points) {
      const double t = r.record.time_us / p.permutations;
      if (plan[r.point].p != n) continue;
      s.x.push_back(plan[r.point].bytes);
      s.y.push_back(t);
    }
    if (s.x.size() >= 2) {
      const Line l = fit_line(s.x, s.y);
      out.scalars.push_back(kSigmaOn({name}, l.slope, "sigma on " + name + ": the slope"));
      out.scalars.push_back(kLOn({name}, l.intercept, "l on " + name + ": the offset"));
      sigma_vs_p.x.push_back(n);
      sigma_vs_p.y.push_back(l.slope);
      l_vs_p.x.push_back(n);
      l_vs_p.y.push_back(l.intercept);
      fits.push_back(line_over(kBpramModel.name({name}), name + ": BPRAM sigma m + l", s, l));
      if (n == p.processors.front()) {
        out.scalars.push_back(kSigma(l.slope));
        out.scalars.push_back(kL(l.intercept));
      }
    }
    out.series.push_back(std::move(s));
  }
  for (Series& f : fits) out.series.push_back(std::move(f));
  out.series.push_back(std::move(sigma_vs_p));
  out.series.push_back(std::move(l_vs_p));
  return out;
}


std::vector<OutputSpec> bpram_outputs() {
  return {kSigmaOn, kLOn, kSigma, kL, kPerm, kBpramModel, kSigmaVsP, kLVsP};
}

}  // namespace

ModelInfo paragon_bpram_info() {
  ParamTable<BpramParams> t = with_machine<BpramParams>();
  t.add(&BpramParams::processors,
        processors_spec({8, 16, 32, 36, 64, 100},
                        "Processors of each mesh configuration (x by y, y the largest divisor "
                        "up to sqrt(p)); one curve each."))
      .add(&BpramParams::block_bytes,
           number_param("block_bytes", "Block lengths")
               .unit("bytes").value(16384).range(0, 1048576).whole()
               .about("Bytes each processor sends; one point each.")
               .max_items(16)
               .default_list({0, 8192, 16384, 24576, 32768, 40960, 49152, 57344, 65536}))
      .add(&BpramParams::permutations,
           number_param("permutations", "Permutations per length")
               .unit("permutations").value(3).range(1, 16).whole()
               .about("Random full permutations routed at each block length, their mean time the "
                      "point: how long a permutation takes depends on which one it is (the "
                      "busiest link on its paths)."));
  return model_entry("paragon_bpram", std::move(t))
      .traces()
      .title("Paragon: block permutations under the BPRAM library, sigma and l")
      .about("Random full block permutations (every processor sends one block and receives one) on "
             "each mesh configuration, and the least-squares sigma and l (Fig. 5, Table 2).")
      .citation(kCitation)
      .outputs(bpram_outputs())
      .machine([](const BpramParams& p) { return paragon::machine(p.processors); })
      .sweep(
          [](const BpramParams& p) {
            std::vector<double> w;
            for (const BpramPoint& pt : bpram_plan(p)) {
              w.push_back(pt.p * p.permutations * (1.0 + pt.bytes / 8192.0));
            }
            return w;
          },
          bpram_point, paragon::programs_time_record(), combine_bpram);
}

}  // namespace archex
