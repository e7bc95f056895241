#include "machines/paragon/experiments/apps.h"

#include <memory>
#include <string>
#include <utility>

#include "core/param_table.h"
#include "machines/paragon/costs.h"
#include "machines/paragon/experiments/apps_combine.h"
#include "machines/paragon/experiments/apps_outputs.h"
#include "machines/paragon/experiments/apps_plan.h"
#include "machines/paragon/meshes.h"
#include "machines/paragon/programs/apps.h"
#include "machines/paragon/library.h"
#include "machines/paragon/point.h"

namespace archex {

namespace {

using paragon::App;
using paragon::AppCosts;
using paragon::AppParams;
using paragon::AppPoint;
using paragon::AppRecord;
using paragon::app_plan;
using paragon::combine_app;
using paragon::AppRun;
using paragon::MachineParams;
using paragon::Program;
using paragon::ProgramsPoint;
using paragon::Version;

const std::string kCitation = std::string(paragon::kCitation) + ", sec. 4";

std::unique_ptr<Model> app_point(const AppParams& p, Rng rng, std::size_t index) {
  const AppPoint pt = app_plan(p)[index];
  std::vector<Program> programs(static_cast<std::size_t>(pt.p));
  if (pt.kind == AppPoint::kFitBsp) {
    paragon::bsp_sync(programs, p.m, paragon::random_h_relation(pt.p, pt.size, rng));
    return std::make_unique<ProgramsPoint<AppRecord>>(paragon::app_record(), p.m,
                                                      paragon::mesh_of(pt.p), std::move(programs));
  }
  if (pt.kind == AppPoint::kFitBpram) {
    // A cyclic shift by a random distance: a full permutation.
    const int shift = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(pt.p - 1)));
    std::vector<int> dest(static_cast<std::size_t>(pt.p));
    for (int i = 0; i < pt.p; ++i) dest[static_cast<std::size_t>(i)] = (i + shift) % pt.p;
    paragon::bpram_step(programs, dest,
                        std::vector<double>(static_cast<std::size_t>(pt.p), pt.size));
    return std::make_unique<ProgramsPoint<AppRecord>>(paragon::app_record(), p.m,
                                                      paragon::mesh_of(pt.p), std::move(programs));
  }
  AppRun run;
  switch (p.app) {
    case App::kMatrixMultiply:
      run = paragon::matrix_multiply(p.m, p.costs, pt.p, pt.size, pt.version);
      break;
    case App::kSampleSort:
      run = paragon::sample_sort(p.m, p.costs, pt.p, pt.size, pt.version, rng);
      break;
    case App::kBitonicSort:
      run = paragon::bitonic_sort(p.m, p.costs, pt.p, pt.size);
      break;
    case App::kApsp:
      run = paragon::all_pairs_shortest_paths(p.m, p.costs, pt.p, pt.size);
      break;
  }
  AppRecord sums;
  sums.work_us = run.work_us;
  for (const paragon::Phase& ph : run.phases) {
    sums.sum_w_us += ph.w_us;
    if (!ph.sync) continue;
    sums.sum_h += ph.h;
    sums.sum_bytes += ph.bytes;
    sums.syncs += 1;
  }
  return std::make_unique<ProgramsPoint<AppRecord>>(paragon::app_record(), p.m,
                                                    paragon::mesh_of(pt.p),
                                                    std::move(run.programs), sums);
}

std::vector<OutputSpec> outputs() {
  using namespace paragon;
  return {kCommShareCurve, kGFit, kLFit, kSigmaFit, kSmallLFit, kCommShare, kTime, kPredError,
          kPredErrorSmallest, kMflops, kMflopsPred, kError, kCommPerElement, kCommPerElementPred,
          kErrorGrowth, kUsPerKey, kUsPerKeyPred, kBpramOverBspFewest, kBpramOverBspMost,
          kButterflyLoses, kButterflyWorst};
}

}  // namespace

ModelInfo paragon_app_info() {
  ParamTable<AppParams> t;
  t.include(&AppParams::m, paragon::cost_table())
      .include(&AppParams::costs, paragon::app_cost_table())
      .add(&AppParams::app,
           choice_param("app", "Kernel")
               .choices(
                   {"matrix multiply", "sample sort", "bitonic sort", "all-pairs shortest paths"})
               .value(0)
               .about("The application kernel (sec. 4)."))
      .add(&AppParams::processors,
           number_param("processors", "Configurations")
               .unit("processors").value(8).range(2, 100).whole()
               .about("Processors of each mesh configuration (x by y, y the largest "
                      "divisor up to sqrt(p)); one set of curves each.")
               .max_items(4).default_list({8, 64}))
      .add(&AppParams::sizes,
           number_param("sizes", "Problem sizes")
               .value(220).range(2, 1000000).whole()
               .about("Matrix dimension n, or keys per processor; one point each.")
               .max_items(12).default_list({110, 220, 440, 660, 880}));
  // Each kernel reads its own cost: the flops of the matrix products, the keys of the sorts.
  t.spec("flop_us").when = {{"app", {"matrix multiply", "all-pairs shortest paths"}}};
  t.spec("key_us").when = {{"app", {"sample sort", "bitonic sort"}}};
  return model_entry("paragon_app", std::move(t))
      .traces()
      .title("Paragon: application kernels against their BSP and BPRAM predictions")
      .about("Matrix multiply, sample sort, bitonic sort or APSP simulated in each library "
             "version, beside the cost models' predictions from g, L, sigma and l fitted on the "
             "same machine (sec. 4).")
      .citation(kCitation)
      .outputs(outputs())
      .machine([](const AppParams& p) { return paragon::machine(p.processors); })
      .sweep(
          [](const AppParams& p) {
            std::vector<double> w;
            for (const AppPoint& pt : app_plan(p)) {
              const bool matrix = p.app == App::kMatrixMultiply || p.app == App::kApsp;
              const double size = matrix ? static_cast<double>(pt.size) * pt.size / 64.0 : pt.size;
              w.push_back(pt.p * (pt.kind == AppPoint::kRun ? 1 + size / 100.0 : 10.0));
            }
            return w;
          },
          app_point, paragon::app_record(), combine_app);
}

}  // namespace archex
