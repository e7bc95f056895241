#include "machines/paragon/experiments/apps_combine.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "core/fit.h"
#include "machines/paragon/experiments/apps_outputs.h"

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

Result combine_app(const AppParams& p, const std::vector<PointRecord<AppRecord>>& finished) {
  const std::vector<AppPoint> points = app_plan(p);
  const bool mm = p.app == App::kMatrixMultiply;
  const bool apsp = p.app == App::kApsp;
  // What each kernel's chart shows: MFlops per node, time per key, or (APSP) communication time
  // per matrix entry a processor holds.
  const SeriesOutput& sim_out = mm ? kMflops : apsp ? kCommPerElement : kUsPerKey;
  const SeriesOutput& pred_out = mm ? kMflopsPred : apsp ? kCommPerElementPred : kUsPerKeyPred;
  Result out;
  // BSP's error at the smallest size, by configuration (the first given of one repeated).
  std::map<int, double> bsp_smallest_error;
  for (const int n : p.processors) {
    // The configuration as the "_p*" outputs name it.
    const std::string config = std::to_string(n);
    std::vector<double> hx, hy, bx, by;
    for (const PointRecord<AppRecord>& r : finished) {
      const AppPoint& pt = points[r.point];
      if (pt.p != n || pt.kind == AppPoint::kRun) continue;
      (pt.kind == AppPoint::kFitBsp ? hx : bx).push_back(pt.size);
      (pt.kind == AppPoint::kFitBsp ? hy : by).push_back(r.record.time_us);
    }
    const Line bsp = fit_line(hx, hy);
    const Line bpram = fit_line(bx, by);
    out.scalars.push_back(kGFit({config}, bsp.slope));
    out.scalars.push_back(kLFit({config}, bsp.intercept));
    out.scalars.push_back(kSigmaFit({config}, bpram.slope));
    out.scalars.push_back(kSmallLFit({config}, bpram.intercept));
    std::vector<std::pair<Version, std::vector<double>>> times;
    for (const Version v : versions(p.app)) {
      const char* vk = version_key(v);
      const std::string key = std::string(vk) + "_p" + config;
      const std::string label = std::string(version_label(v)) + ", p = " + std::to_string(n);
      const char* x_name = mm || apsp ? "matrix dimension n" : "keys per processor";
      const char* x_unit = mm || apsp ? "n" : "keys";
      Series sim = sim_out({vk, config}, label + ", simulated", x_name, x_unit,
                           mm     ? "performance per node"
                           : apsp ? "communication time per element"
                                  : "time per key");
      // The configuration's curves in every chart (performance, prediction, share, error).
      sim.key = key;
      Series pred = sim;
      pred.name = pred_out.name({vk, config});
      pred.label = label + ", " + (v == Version::kBsp ? "BSP" : "BPRAM") + " prediction";
      Series share = kCommShareCurve({key}, label, x_name, x_unit, "communication share");
      Series error = kError({vk, config}, label, x_name, x_unit,
                            apsp ? "(C_pred - C_sim) / C_sim, communication"
                                 : "(T_pred - T_sim) / T_sim");
      share.key = error.key = key;
      std::vector<double> t_sim;
      for (const PointRecord<AppRecord>& r : finished) {
        const AppPoint& pt = points[r.point];
        if (pt.kind != AppPoint::kRun || pt.p != n || pt.version != v) continue;
        const AppRecord& rec = r.record;
        const double t = rec.time_us;
        const double predicted =
            v == Version::kBsp
                ? rec.sum_w_us + bsp.slope * rec.sum_h + bsp.intercept * rec.syncs
                : rec.sum_w_us + bpram.slope * rec.sum_bytes + bpram.intercept * rec.syncs;
        const double x = pt.size;
        const double work = rec.work_us;
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
        out.scalars.push_back(kCommShare({vk, config}, share.y.back(),
                                         "Communication share at the largest size, " + label));
        out.scalars.push_back(
            kTime({vk, config}, t_sim.back(), "Simulated time at the largest size, " + label));
        out.scalars.push_back(kPredError(
            {vk, config}, error.y.back(),
            "(predicted - simulated) / simulated at the largest size, " + label));
        out.scalars.push_back(kPredErrorSmallest(
            {vk, config}, error.y.front(),
            "(predicted - simulated) / simulated at the smallest size, " + label));
        if (v == Version::kBsp) bsp_smallest_error.emplace(n, error.y.front());
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
      const auto error_on = [&bsp_smallest_error](int q) {
        const auto at = bsp_smallest_error.find(q);
        return at == bsp_smallest_error.end() ? std::nan("") : at->second;
      };
      const int first = p.processors.front();
      const double e0 = error_on(first);
      const double e1 = error_on(n);
      const auto plogp = [](int q) { return q / std::log2(std::max(2, q)); };
      out.scalars.push_back(kErrorGrowth(e1 / e0 / (plogp(n) / plogp(first))));
    }
    if (mm || times.size() < 3 || times[0].second.empty()) continue;
    // Sample sort: the BPRAM original against BSP at the fewest and most keys; where the
    // butterfly stops beating the original; the butterfly's worst ratio to BSP.
    const std::vector<double>& t_bsp = times[0].second;
    const std::vector<double>& t_orig = times[1].second;
    const std::vector<double>& t_fly = times[2].second;
    const std::size_t k = std::min({t_bsp.size(), t_orig.size(), t_fly.size()});
    if (k == 0) continue;
    out.scalars.push_back(kBpramOverBspFewest({config}, t_orig[0] / t_bsp[0]));
    out.scalars.push_back(kBpramOverBspMost({config}, t_orig[k - 1] / t_bsp[k - 1]));
    double crossover = 0;
    double worst = 0;
    for (std::size_t i = 0; i < k; ++i) {
      if (crossover == 0 && t_fly[i] >= t_orig[i]) crossover = p.sizes[i];
      worst = std::max(worst, t_fly[i] / t_bsp[i]);
    }
    out.scalars.push_back(kButterflyLoses({config}, crossover));
    out.scalars.push_back(kButterflyWorst({config}, worst));
  }
  return out;
}

}  // namespace archex::paragon
