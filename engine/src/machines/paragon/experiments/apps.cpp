#include "machines/paragon/experiments/apps.h"

#include <memory>
#include <string>
#include <utility>

#include "core/param_table.h"
#include "machines/paragon/costs.h"
#include "machines/paragon/experiments/apps_combine.h"
#include "machines/paragon/experiments/apps_plan.h"
#include "machines/paragon/measures.h"
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
    return std::make_unique<ProgramsPoint>(p.m, paragon::mesh_of(pt.p), std::move(programs), std::vector<Scalar>{});
  }
  if (pt.kind == AppPoint::kFitBpram) {
    // A cyclic shift by a random distance: a full permutation.
    const int shift = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(pt.p - 1)));
    std::vector<int> dest(static_cast<std::size_t>(pt.p));
    for (int i = 0; i < pt.p; ++i) dest[static_cast<std::size_t>(i)] = (i + shift) % pt.p;
    paragon::bpram_step(programs, dest,
                        std::vector<double>(static_cast<std::size_t>(pt.p), pt.size));
    return std::make_unique<ProgramsPoint>(p.m, paragon::mesh_of(pt.p), std::move(programs), std::vector<Scalar>{});
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
  double w = 0, h = 0, bytes = 0, syncs = 0;
  for (const paragon::Phase& ph : run.phases) {
    w += ph.w_us;
    if (!ph.sync) continue;
    h += ph.h;
    bytes += ph.bytes;
    syncs += 1;
  }
  return std::make_unique<ProgramsPoint>(
      p.m, paragon::mesh_of(pt.p), std::move(run.programs),
      std::vector<Scalar>{{"work_us", run.work_us, "us", "Local work on the critical path"},
                          {"sum_w_us", w, "us", "Sum of the phases' w"},
                          {"sum_h", h, "packets", "Sum of the supersteps' h"},
                          {"sum_bytes", bytes, "bytes", "Sum of the steps' m"},
                          {"syncs", syncs, "", "Supersteps or BPRAM steps"}});
}

std::vector<OutputSpec> outputs() {
  return {
      series_output("comm_share_*", "fraction", "Communication share against the problem size"),
      scalar_output("g_us*", "us", "g fitted on this configuration"),
      scalar_output("L_us*", "us", "L fitted on this configuration"),
      scalar_output("sigma_us_per_byte*", "us/byte", "sigma fitted"),
      scalar_output("l_us*", "us", "l fitted"),
      scalar_output("comm_share_bsp_p*", "fraction",
                    "Communication share at the largest size, BSP, p = N"),
      scalar_output("time_us_bsp_p*", "us", "Simulated time at the largest size, BSP, p = N"),
      scalar_output("pred_error_bsp_p*", "fraction",
                    "(predicted - simulated) / simulated at the largest size, BSP, p = N"),
      scalar_output("pred_error_smallest_bsp_p*", "fraction",
                    "(predicted - simulated) / simulated at the smallest size, BSP, p = N"),
      scalar_output("comm_share_bpram_p*", "fraction",
                    "Communication share at the largest size, BPRAM, p = N"),
      scalar_output("time_us_bpram_p*", "us", "Simulated time at the largest size, BPRAM, p = N"),
      scalar_output("pred_error_bpram_p*", "fraction",
                    "(predicted - simulated) / simulated at the largest size, BPRAM, p = N"),
      scalar_output("pred_error_smallest_bpram_p*", "fraction",
                    "(predicted - simulated) / simulated at the smallest size, BPRAM, p = N"),
      series_output("mflops_bsp_p*", "MFlops", "performance per node against matrix dimension n"),
      series_output("mflops_pred_bsp_p*", "MFlops",
                    "performance per node against matrix dimension n"),
      series_output("error_bsp_p*", "fraction",
                    "(T_pred - T_sim) / T_sim against matrix dimension n"),
      series_output("mflops_bpram_p*", "MFlops", "performance per node against matrix dimension n"),
      series_output("mflops_pred_bpram_p*", "MFlops",
                    "performance per node against matrix dimension n"),
      series_output("error_bpram_p*", "fraction",
                    "(T_pred - T_sim) / T_sim against matrix dimension n"),
      series_output("comm_per_element_bpram_p*", "us",
                    "communication time per element against matrix dimension n"),
      series_output("comm_per_element_pred_bpram_p*", "us",
                    "communication time per element against matrix dimension n"),
      scalar_output("error_growth_over_p_log_p", "ratio",
                    "Growth of the smallest size's error from the first to the last configuration "
                    "over that of p / log p"),
      series_output("us_per_key_bsp_p*", "us", "time per key against keys per processor"),
      series_output("us_per_key_pred_bsp_p*", "us", "time per key against keys per processor"),
      scalar_output("comm_share_butterfly_p*", "fraction",
                    "Communication share at the largest size, BPRAM (modified, butterfly), p = N"),
      scalar_output("time_us_butterfly_p*", "us",
                    "Simulated time at the largest size, BPRAM (modified, butterfly), p = N"),
      scalar_output("pred_error_butterfly_p*", "fraction",
                    "(predicted - simulated) / simulated at the largest size, BPRAM (modified, "
                    "butterfly), p = N"),
      scalar_output("pred_error_smallest_butterfly_p*", "fraction",
                    "(predicted - simulated) / simulated at the smallest size, BPRAM (modified, "
                    "butterfly), p = N"),
      scalar_output("bpram_over_bsp_fewest*", "ratio",
                    "BPRAM original over BSP at the fewest keys"),
      scalar_output("bpram_over_bsp_most*", "ratio", "BPRAM original over BSP at the most keys"),
      scalar_output("butterfly_loses_from_keys*", "keys",
                    "Fewest keys per processor at which the butterfly is no faster than the "
                    "original (0: never in the sweep)"),
      scalar_output("butterfly_over_bsp_worst*", "ratio",
                    "Largest time of the butterfly version over BSP's"),
      series_output("us_per_key_bpram_p*", "us", "time per key against keys per processor"),
      series_output("us_per_key_pred_bpram_p*", "us", "time per key against keys per processor"),
      series_output("us_per_key_butterfly_p*", "us", "time per key against keys per processor"),
      series_output("us_per_key_pred_butterfly_p*", "us",
                    "time per key against keys per processor"),
      series_output("error_butterfly_p*", "fraction",
                    "(T_pred - T_sim) / T_sim against keys per processor"),
  };
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
  return model_entry("paragon_app", std::move(t))
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
          app_point,
          combine_app);
}

}  // namespace archex
