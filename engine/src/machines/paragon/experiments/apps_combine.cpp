#include "machines/paragon/experiments/apps_combine.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/fit.h"
#include "machines/paragon/point.h"

namespace archex::paragon {

namespace {

const char* version_key(Version v) {
  return v == Version::kBsp ? "bsp" : v == Version::kBpram ? "bpram" : "butterfly";
}

const char* version_label(Version v) {
  return v == Version::kBsp     ? "BSP"
         : v == Version::kBpram ? "BPRAM"
                                : "BPRAM (modified, butterfly)";
}

}  // namespace

Result combine_app(const AppParams& p, const std::vector<PointResult>& partials) {
  const std::vector<AppPoint> points = app_plan(p);
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
      (pt.kind == AppPoint::kFitBsp ? hy : by).push_back(time_of(r.result));
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
      Series sim = empty_series(prefix + key, label + ", simulated", x_name, x_unit,
                          mm     ? "performance per node"
                          : apsp ? "communication time per element"
                                 : "time per key",
                          mm ? "MFlops" : "us");
      // The configuration's curves in every chart (performance, prediction, share, error).
      sim.key = key;
      Series pred = sim;
      pred.name = pred_prefix + key;
      pred.label = label + ", " + (v == Version::kBsp ? "BSP" : "BPRAM") + " prediction";
      Series share = empty_series("comm_share_" + key, label, x_name, x_unit,
                                           "communication share", "fraction");
      Series error = empty_series("error_" + key, label, x_name, x_unit,
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

}  // namespace archex::paragon
