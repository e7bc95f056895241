#include "machines/pie64/experiments/congestion_combine.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>

#include "core/fit.h"
#include "core/param_spec.h"
#include "machines/pie64/experiments/congestion_outputs.h"
#include "machines/pie64/measures.h"
#include "network/topologies/describe.h"
#include "network/traffic/analytic.h"

namespace archex::pie64 {

namespace {

// Slope of log y against log x over points [from, to) with both positive.
double log_slope(const std::vector<double>& x, const std::vector<double>& y, std::size_t from,
                 std::size_t to) {
  std::vector<double> lx, ly;
  for (std::size_t i = from; i < to; ++i) {
    if (x[i] <= 0 || y[i] <= 0) continue;
    lx.push_back(std::log(x[i]));
    ly.push_back(std::log(y[i]));
  }
  return fit_line(lx, ly).slope;
}

// The sweep's results from the points that have arrived: per run, its points in order of p.
class Pie64Congestion {
 public:
  Pie64Congestion(CongestionParams p, const std::vector<PointRecord<Point>>& finished)
      : p_(std::move(p)), command_(static_cast<Command>(p_.command)) {
    points_.resize(congestion_runs(p_).size());
    for (const PointRecord<Point>& f : finished) {
      Point q = f.record;
      q.at = f.point % p_.ps.size();
      points_[f.point / p_.ps.size()].push_back(std::move(q));
    }
  }

  Result result() const {
    Result r;
    const char* cmd = command_names()[static_cast<std::size_t>(command_)].c_str();
    Series limit = kLimitPCurve(cmd, "message length", "words", "p where the limit region begins");
    Series alpha = kAlpha(cmd, "message length", "words", "alpha = Tw / p");
    Series peak = kPeak(cmd, "message length", "words", "throughput in the limit region");
    double below = 0, above = 0;
    int below_n = 0, above_n = 0;
    for (std::size_t k = 0; k < p_.lengths.size() && k < points_.size(); ++k) {
      const std::vector<Point>& pts = points_[k];
      const std::string len = std::to_string(p_.lengths[k]);
      const std::string label = std::string(cmd) + ", " + words_label(p_.lengths[k]);
      Series tw = kTw({len}, label, "message occurrence (measured)", "transfers/clock/IU",
                      "connection wait Tw");
      Series thr = kThroughput({len}, label, "message occurrence p", "share", "throughput");
      // One length's curves share a key across the wait and throughput charts, fits and models.
      tw.key = thr.key = label;
      for (std::size_t i = 0; i < pts.size(); ++i) {
        tw.x.push_back(pts[i].rate);
        tw.y.push_back(pts[i].wait);
        thr.x.push_back(p_.ps[pts[i].at]);
        thr.y.push_back(pts[i].throughput);
      }
      r.series.push_back(tw);
      r.series.push_back(thr);
      if (command_ != Command::kMpWrite) r.series.push_back(patel(p_.lengths[k], label));
      if (pts.size() < p_.ps.size()) continue;
      const std::size_t top = onset(pts);
      limit.x.push_back(p_.lengths[k]);
      limit.y.push_back(p_.ps[top]);
      peak.x.push_back(p_.lengths[k]);
      peak.y.push_back(plateau(pts));
      r.scalars.push_back(
          kLimitP({len}, p_.ps[top], "p where the limit region begins, " + label));
      // Below the limit: the points up to a quarter of its p; above: the points past it.
      std::size_t cut = 0;
      while (cut < top && p_.ps[cut] <= p_.ps[top] / 4) ++cut;
      if (cut >= 2) {
        below += log_slope(tw.x, tw.y, 0, cut);
        ++below_n;
        double sum = 0;
        for (std::size_t i = 0; i < cut; ++i) sum += pts[i].wait / p_.ps[i];
        alpha.x.push_back(p_.lengths[k]);
        alpha.y.push_back(sum / static_cast<double>(cut));
      }
      if (pts.size() - top >= 3) {
        above += plateau(pts) / pts[top].throughput;
        ++above_n;
        add_limit_line(r, pts, top, p_.lengths[k], label);
      }
    }
    r.series.push_back(limit);
    r.series.push_back(alpha);
    r.series.push_back(peak);
    if (below_n > 0) {
      r.scalars.push_back(kSlopeBelow(below / below_n));
    }
    if (above_n > 0) {
      r.scalars.push_back(kThroughputFall(above / above_n));
    }
    if (alpha.y.size() >= 2) {
      const double span = std::log(alpha.x.back() / alpha.x.front());
      r.scalars.push_back(kAlphaExponent(std::log(alpha.y.back() / alpha.y.front()) / span));
    }
    if (peak.y.size() >= 2) {
      int rises = 0;
      for (std::size_t i = 1; i < peak.y.size(); ++i) rises += peak.y[i] > peak.y[i - 1] ? 1 : 0;
      r.scalars.push_back(kPeakRises(rises / static_cast<double>(peak.y.size() - 1)));
    }
    add_comparison(r);
    add_breakdown(r);
    add_occupancy(r);
    return r;
  }

 private:
  // Patel's acceptance of the 3-stage 4x4 network with time in slots of one idle transfer T: an
  // IU busy for T after each transfer instruction requests in a share m = pT / (1 + pT) of the
  // slots, and the network passes m x acceptance(m) of them (a blocked request dropped, not
  // held, and destinations over all 64 ports).
  Series patel(int words, const std::string& label) const {
    const Costs& c = p_.costs;
    const double slot =
        c.ts_te + c.tb * words + (command_ == Command::kWritemn ? c.alloc : 0);
    Series s = kPatel({std::to_string(words)}, "Patel, " + label, "message occurrence p", "share",
                      "throughput");
    s.key = label;
    for (const double p : p_.ps) {
      const double m = p * slot / (1 + p * slot);
      s.x.push_back(p);
      s.y.push_back(m * patel_acceptance(4, 3, m) * words / slot);
    }
    return s;
  }
  // Mean throughput of the last points, past the limit region's onset.
  static double plateau(const std::vector<Point>& pts) {
    const std::size_t n = std::min<std::size_t>(3, pts.size());
    double sum = 0;
    for (std::size_t i = pts.size() - n; i < pts.size(); ++i) sum += pts[i].throughput;
    return sum / static_cast<double>(n);
  }
  // The limit region's onset: the first p whose throughput reaches 90 % of that plateau.
  static std::size_t onset(const std::vector<Point>& pts) {
    const double level = 0.9 * plateau(pts);
    std::size_t i = 0;
    while (i + 1 < pts.size() && pts[i].throughput < level) ++i;
    return i;
  }
  // y = a / x through the points of the limit region, a their mean Tw x occurrence.
  static void add_limit_line(Result& r, const std::vector<Point>& pts, std::size_t top,
                             int words, const std::string& key) {
    double a = 0;
    double lo = pts[top].rate, hi = pts[top].rate;
    for (std::size_t i = top; i < pts.size(); ++i) {
      a += pts[i].wait * pts[i].rate;
      lo = std::min(lo, pts[i].rate);
      hi = std::max(hi, pts[i].rate);
    }
    a /= static_cast<double>(pts.size() - top);
    Series s = kLimitLine({std::to_string(words)}, "a/x, " + words_label(words),
                          "message occurrence (measured)", "transfers/clock/IU",
                          "connection wait Tw");
    s.x = {lo / 2, hi * 2};
    s.y = {a / s.x[0], a / s.x[1]};
    s.key = key;
    r.series.push_back(s);
  }
  // The DAN (dan_topology()) with each switch output's occupancy at the first length's
  // limit region onset (once its points are all in; before, its latest point).
  void add_occupancy(Result& r) const {
    if (points_.empty() || points_[0].empty()) return;
    const std::vector<Point>& pts = points_[0];
    const Point& at = pts.size() < p_.ps.size() ? pts.back() : pts[onset(pts)];
    const std::string label =
        std::string(command_names()[static_cast<std::size_t>(command_)]) + ", " +
        words_label(p_.lengths[0]) + ", p = " + format_number(p_.ps[at.at]);
    const std::shared_ptr<const Fly> fly = dan_topology();
    NetworkMap dan = describe_network(*fly, kDanOccupancy.name(), label, p_.ius);
    // The points measure the outputs that lead somewhere, in the description's order.
    std::vector<double> occupancy(dan.channels.rows(), 0.0);
    std::copy_n(at.occupancy.begin(), std::min(occupancy.size(), at.occupancy.size()),
                occupancy.begin());
    dan.channels.add("occupancy", kDanOccupancy.unit(), std::move(occupancy));
    r.networks.push_back(std::move(dan));
  }
  void add_comparison(Result& r) const {
    if (points_.size() <= p_.lengths.size() || points_.back().size() < p_.ps.size()) return;
    const std::size_t ref = onset(points_.back());
    for (std::size_t k = 0; k < p_.lengths.size(); ++k) {
      if (p_.lengths[k] != p_.compare_length || points_[k].size() < p_.ps.size()) continue;
      r.scalars.push_back(kLimitPRatio(p_.ps[onset(points_[k])] / p_.ps[ref]));
    }
  }
  // Fig. 9: the latency's parts at each p for the first length, and as one labelled series at the
  // last p below the limit region (the range the paper's figure shows).
  void add_breakdown(Result& r) const {
    if (command_ != Command::kMpWrite || points_.empty() || points_[0].size() < p_.ps.size()) {
      return;
    }
    const std::vector<Point>& pts = points_[0];
    const ScalarOutput part_outputs[] = {kTlMp, kTlPa, kTlWait, kTlTrans, kTlEtc};
    const char* const labels[] = {"Tmp", "Tpa", "Tw", "Ts+Te+TbN", "Tetc"};
    auto parts = [](const Point& q) {
      return std::vector<double>{q.mp, q.pa, q.data_wait, q.trans,
                                 q.latency - q.mp - q.pa - q.data_wait - q.trans};
    };
    for (std::size_t i = 0; i < pts.size(); ++i) {
      const std::vector<double> v = parts(pts[i]);
      for (std::size_t j = 0; j < v.size(); ++j) {
        r.scalars.push_back(part_outputs[j]({std::to_string(i)}, v[j],
                                            std::string(labels[j]) + " at p = " +
                                                format_number(p_.ps[i])));
      }
    }
    const std::size_t top = onset(pts);
    const std::size_t at = top == 0 ? 0 : top - 1;
    const std::vector<double> v = parts(pts[at]);
    Series tl = kBreakdown("MP-Write latency at p = " + format_number(p_.ps[at]), "part", "",
                           "clocks");
    for (std::size_t j = 0; j < v.size(); ++j) {
      tl.x.push_back(static_cast<double>(j));
      tl.y.push_back(v[j]);
      tl.labels.push_back(labels[j]);
    }
    r.series.push_back(tl);
    r.scalars.push_back(kTpaShare(v[1] / pts[at].latency));
    const double growth = pts[at].latency - pts[0].latency;
    r.scalars.push_back(kTpaGrowthShare(growth > 0 ? (pts[at].pa - pts[0].pa) / growth : 0));
    // Sec. 3.2.3 says Tpa affects the latency most; at every length, not only the first.
    std::size_t complete = 0;
    std::size_t leads = 0;
    for (std::size_t k = 0; k < p_.lengths.size() && k < points_.size(); ++k) {
      const std::vector<Point>& q = points_[k];
      if (q.size() < p_.ps.size()) continue;
      const std::size_t below = onset(q) == 0 ? 0 : onset(q) - 1;
      const std::vector<double> low = parts(q[0]);
      const std::vector<double> high = parts(q[below]);
      bool most = true;
      for (std::size_t j = 0; j < low.size(); ++j) {
        most = most && high[1] - low[1] >= high[j] - low[j];
      }
      ++complete;
      if (most && below > 0) ++leads;
    }
    if (complete > 0) {
      r.scalars.push_back(
          kTpaLeadsLengths(static_cast<double>(leads) / static_cast<double>(complete)));
    }
  }

  CongestionParams p_;
  Command command_;
  // Per run, the points that have arrived, in order of p.
  std::vector<std::vector<Point>> points_;
};

}  // namespace

Result combine_congestion(const CongestionParams& p,
                          const std::vector<PointRecord<Point>>& finished) {
  return Pie64Congestion(p, finished).result();
}

}  // namespace archex::pie64
