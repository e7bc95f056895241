#include "machines/paragon/experiments/apps.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>

#include "core/fit.h"
#include "core/param_table.h"
#include "machines/paragon/costs.h"
#include "machines/paragon/measures.h"
#include "machines/paragon/meshes.h"
#include "machines/paragon/programs/apps.h"
#include "machines/paragon/library.h"
#include "machines/paragon/point.h"

namespace archex {

namespace {

using paragon::AppCosts;
using paragon::AppRun;
using paragon::MachineParams;
using paragon::Program;
using paragon::ProgramsPoint;
using paragon::Version;

const std::string kCitation = std::string(paragon::kCitation) + ", sec. 4";

enum class App { kMatrixMultiply, kSampleSort, kBitonicSort, kApsp };

struct AppParams {
  MachineParams m;
  AppCosts costs;
  App app;
  std::vector<int> processors;
  std::vector<int> sizes;
};

// The h and block lengths each configuration's g, L, sigma and l are fitted on, as in sec. 3.
constexpr int kFitH[] = {200, 600, 1000};
constexpr int kFitBytes[] = {0, 32768, 65536};

struct AppPoint {
  enum Kind { kFitBsp, kFitBpram, kRun } kind;
  int p;
  int size;  // h, block bytes, or the problem size
  Version version;
};

std::vector<Version> versions(App app) {
  if (app == App::kMatrixMultiply) return {Version::kBsp, Version::kBpram};
  if (app == App::kBitonicSort) return {Version::kBsp};
  if (app == App::kApsp) return {Version::kBpram};
  return {Version::kBsp, Version::kBpram, Version::kBpramButterfly};
}

const char* version_key(Version v) {
  return v == Version::kBsp ? "bsp" : v == Version::kBpram ? "bpram" : "butterfly";
}

const char* version_label(Version v) {
  return v == Version::kBsp     ? "BSP"
         : v == Version::kBpram ? "BPRAM"
                                : "BPRAM (modified, butterfly)";
}

std::vector<AppPoint> plan(const AppParams& p) {
  std::vector<AppPoint> out;
  for (const int n : p.processors) {
    paragon::checked_mesh(n);
    for (const int h : kFitH) out.push_back({AppPoint::kFitBsp, n, h, Version::kBsp});
    for (const int b : kFitBytes) out.push_back({AppPoint::kFitBpram, n, b, Version::kBpram});
  }
  for (const int n : p.processors) {
    for (const int size : p.sizes) {
      for (const Version v : versions(p.app)) out.push_back({AppPoint::kRun, n, size, v});
    }
  }
  return out;
}

std::unique_ptr<Model> app_point(const AppParams& p, Rng rng, std::size_t index) {
  const AppPoint pt = plan(p)[index];
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

Result combine_app(const AppParams& p, const std::vector<PointResult>& partials) {
  const std::vector<AppPoint> points = plan(p);
  const bool mm = p.app == App::kMatrixMultiply;
  const bool apsp = p.app == App::kApsp;
  // What each kernel's chart shows: MFlops per node, time per key, or (APSP) communication time
  // per matrix entry a processor holds.
  const char* prefix = mm ? "mflops_" : apsp ? "comm_per_element_" : "us_per_key_";
  const char* pred_prefix = mm ? "mflops_pred_" : apsp ? "comm_per_element_pred_" : "us_per_key_pred_";
  Result out;
  for (const int n : p.processors) {
    const std::string pn = "_p" + std::to_string(n);
    std::vector<double> hx, hy, bx, by;
    for (const PointResult& r : partials) {
      const AppPoint& pt = points[r.point];
      if (pt.p != n || pt.kind == AppPoint::kRun || r.result.scalars.empty()) continue;
      (pt.kind == AppPoint::kFitBsp ? hx : bx).push_back(pt.size);
      (pt.kind == AppPoint::kFitBsp ? hy : by).push_back(paragon::time_of(r.result));
    }
    const Line bsp = fit_line(hx, hy);
    const Line bpram = fit_line(bx, by);
    out.scalars.push_back({"g_us" + pn, bsp.slope});
    out.scalars.push_back({"L_us" + pn, bsp.intercept});
    out.scalars.push_back({"sigma_us_per_byte" + pn, bpram.slope});
    out.scalars.push_back({"l_us" + pn, bpram.intercept});
    std::vector<std::pair<Version, std::vector<double>>> times;
    for (const Version v : versions(p.app)) {
      const std::string key = std::string(version_key(v)) + pn;
      const std::string label = std::string(version_label(v)) + ", p = " + std::to_string(n);
      const char* x_name = mm || apsp ? "matrix dimension n" : "keys per processor";
      const char* x_unit = mm || apsp ? "n" : "keys";
      Series sim = paragon::empty_series(prefix + key, label + ", simulated", x_name, x_unit,
                          mm     ? "performance per node"
                          : apsp ? "communication time per element"
                                 : "time per key",
                          mm ? "MFlops" : "us");
      // The configuration's curves in every chart (performance, prediction, share, error).
      sim.key = key;
      Series pred = sim;
      pred.name = pred_prefix + key;
      pred.label = label + ", " + (v == Version::kBsp ? "BSP" : "BPRAM") + " prediction";
      Series share = paragon::empty_series("comm_share_" + key, label, x_name, x_unit,
                                           "communication share", "fraction");
      Series error = paragon::empty_series("error_" + key, label, x_name, x_unit,
                                           apsp ? "(C_pred - C_sim) / C_sim, communication"
                                                : "(T_pred - T_sim) / T_sim",
                                           "fraction");
      share.key = error.key = key;
      std::vector<double> t_sim;
      for (const PointResult& r : partials) {
        const AppPoint& pt = points[r.point];
        if (pt.kind != AppPoint::kRun || pt.p != n || pt.version != v) continue;
        const Result& res = r.result;
        if (res.scalars.size() < 6) continue;
        const double t = res.scalar("time_us");
        const double predicted =
            v == Version::kBsp
                ? res.scalar("sum_w_us") + bsp.slope * res.scalar("sum_h") +
                      bsp.intercept * res.scalar("syncs")
                : res.scalar("sum_w_us") + bpram.slope * res.scalar("sum_bytes") +
                      bpram.intercept * res.scalar("syncs");
        const double x = pt.size;
        const double work = res.scalar("work_us");
        sim.x.push_back(x);
        pred.x.push_back(x);
        if (mm) {
          const double flops = 2.0 * x * x * x / n;
          sim.y.push_back(flops / t);
          pred.y.push_back(flops / predicted);
        } else if (apsp) {
          const double elements = x * x / n;
          sim.y.push_back((t - work) / elements);
          pred.y.push_back((predicted - work) / elements);
        } else {
          sim.y.push_back(t / x);
          pred.y.push_back(predicted / x);
        }
        share.x.push_back(x);
        share.y.push_back((t - work) / t);
        error.x.push_back(x);
        error.y.push_back(apsp ? (predicted - t) / (t - work) : (predicted - t) / t);
        t_sim.push_back(t);
      }
      if (!share.y.empty()) {
        out.scalars.push_back({"comm_share_" + key, share.y.back(), "fraction",
                               "Communication share at the largest size, " + label});
        out.scalars.push_back({"time_us_" + key, t_sim.back(), "us",
                               "Simulated time at the largest size, " + label});
        out.scalars.push_back({"pred_error_" + key, error.y.back(), "fraction",
                               "(predicted - simulated) / simulated at the largest size, " +
                                   label});
        out.scalars.push_back({"pred_error_smallest_" + key, error.y.front(), "fraction",
                               "(predicted - simulated) / simulated at the smallest size, " +
                                   label});
      }
      times.emplace_back(v, std::move(t_sim));
      out.series.push_back(std::move(sim));
      out.series.push_back(std::move(pred));
      out.series.push_back(std::move(share));
      out.series.push_back(std::move(error));
    }
    if (p.app == App::kBitonicSort && n == p.processors.back() && p.processors.size() > 1) {
      // How the error at the smallest size grows from the first configuration to the last,
      // over how p / log p grows (1: exactly as p / log p).
      const auto find = [&out](const std::string& name) {
        for (const Scalar& s : out.scalars) {
          if (s.name == name) return s.value;
        }
        return std::nan("");
      };
      const int first = p.processors.front();
      const double e0 = find("pred_error_smallest_bsp_p" + std::to_string(first));
      const double e1 = find("pred_error_smallest_bsp" + pn);
      const auto plogp = [](int q) { return q / std::log2(std::max(2, q)); };
      out.scalars.push_back({"error_growth_over_p_log_p", e1 / e0 / (plogp(n) / plogp(first))});
    }
    if (mm || times.size() < 3 || times[0].second.empty()) continue;
    // Sample sort: the BPRAM original against BSP at the fewest and most keys; where the
    // butterfly stops beating the original; the butterfly's worst ratio to BSP.
    const std::vector<double>& t_bsp = times[0].second;
    const std::vector<double>& t_orig = times[1].second;
    const std::vector<double>& t_fly = times[2].second;
    const std::size_t k = std::min({t_bsp.size(), t_orig.size(), t_fly.size()});
    if (k == 0) continue;
    out.scalars.push_back({"bpram_over_bsp_fewest" + pn, t_orig[0] / t_bsp[0]});
    out.scalars.push_back({"bpram_over_bsp_most" + pn, t_orig[k - 1] / t_bsp[k - 1]});
    double crossover = 0;
    double worst = 0;
    for (std::size_t i = 0; i < k; ++i) {
      if (crossover == 0 && t_fly[i] >= t_orig[i]) crossover = p.sizes[i];
      worst = std::max(worst, t_fly[i] / t_bsp[i]);
    }
    out.scalars.push_back({"butterfly_loses_from_keys" + pn, crossover});
    out.scalars.push_back({"butterfly_over_bsp_worst" + pn, worst});
  }
  return out;
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
           choice_spec("app", "Kernel",
                       {"matrix multiply", "sample sort", "bitonic sort",
                        "all-pairs shortest paths"},
                       0, "The application kernel (sec. 4)."))
      .add(&AppParams::processors,
           list_spec(number_param("processors", "Configurations")
                         .unit("processors").value(8).range(2, 100).whole()
                         .about("Processors of each mesh configuration (x by y, y the largest "
                                "divisor up to sqrt(p)); one set of curves each."),
                     4, {8, 64}))
      .add(&AppParams::sizes,
           list_spec(number_param("sizes", "Problem sizes")
                         .value(220).range(2, 1000000).whole()
                         .about("Matrix dimension n, or keys per processor; one point each."),
                     12, {110, 220, 440, 660, 880}));
  return sweep_model_info(
      "paragon_app", "Paragon: application kernels against their BSP and BPRAM predictions",
      "Matrix multiply, sample sort, bitonic sort or APSP simulated in each library version, beside the cost "
      "models' predictions from g, L, sigma and l fitted on the same machine (sec. 4).",
      kCitation, std::move(t), outputs(),
      [](const AppParams& p) { return paragon::machine(p.processors); },
      [](const AppParams& p) {
        std::vector<double> w;
        for (const AppPoint& pt : plan(p)) {
          const bool matrix = p.app == App::kMatrixMultiply || p.app == App::kApsp;
          const double size = matrix ? static_cast<double>(pt.size) * pt.size / 64.0 : pt.size;
          w.push_back(pt.p * (pt.kind == AppPoint::kRun ? 1 + size / 100.0 : 10.0));
        }
        return w;
      },
      app_point, combine_app);
}

}  // namespace archex
