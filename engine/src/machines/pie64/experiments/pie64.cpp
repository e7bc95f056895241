#include "machines/pie64/experiments/pie64.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/fit.h"
#include "core/param_table.h"
#include "core/sweep.h"
#include "network/traffic/analytic.h"
#include "network/topologies/describe.h"
#include "machines/pie64/dispatch.h"
#include "machines/pie64/machine.h"

namespace archex {

namespace {

using pie64::Command;
using pie64::Costs;
using pie64::Machine;

constexpr const char* kCitation =
    "M. Sato, H. Koike, H. Tanaka, Evaluation of the communication functions of the parallel "
    "computer PIE64 (in Japanese), 1993, sections 2-3";

const std::vector<std::string> kCommandNames = {"WRITEX", "WRITEMN", "MP-Write"};
const std::vector<std::string> kCommandKeys = {"writex", "writemn", "mpwrite"};

// ---- Shared: the unit's costs ------------------------------------------------------------------

ParamTable<Costs> cost_params() {
  auto clocks = [](const char* name, const char* label, double value, double max, bool integer,
                   const char* what) {
    return number_param(name, label)
               .unit("clocks").value(value).range(0, max).whole(integer).step(integer ? 1 : 0.1)
               .about(what);
  };
  ParamTable<Costs> t;
  t.add(&Costs::ts_te, clocks("ts_te_clocks", "Set-up + release (Ts + Te)", 38.9, 1000, false,
                              "Clocks of one transfer beyond its words on an idle network: the "
                              "command, the NIP's set-up, the circuit's set-up and release "
                              "(sec. 3.2.1)."))
      .add(&Costs::tb, number_param("tb_clocks_per_word", "Transfer time per word (Tb)")
                           .unit("clocks/word").value(1).range(1, 100).whole()
                           .about("Clocks per word once the circuit is complete (sec. 3.2.1)."))
      .add(&Costs::setup_per_switch,
           clocks("setup_clocks_per_switch", "Set-up per switch", 1, 100, true,
                  "Clocks a request takes to cross one further 4x4 switch and reserve its "
                  "output; part of Ts."))
      .add(&Costs::release, clocks("release_clocks", "Release (Te)", 4, 100, true,
                                   "Clocks the path stays held after the last word (parity "
                                   "check, release); part of Ts + Te."))
      .add(&Costs::command, clocks("command_clocks", "Command bus", 2, 100, true,
                                   "Clocks for UNIRED's command to reach the NIP or the MP over "
                                   "the command bus; part of Ts."))
      .add(&Costs::alloc, clocks("alloc_clocks", "WRITEMN buffer allocation", 5, 1000, true,
                                 "Clocks the receiving slave NIP takes to allocate the buffer "
                                 "from its heap, holding the path."))
      .add(&Costs::mp, clocks("mp_clocks", "MP processing per step (Tmp)", 133.1, 10000, false,
                              "Clocks the SPARC MP spends on each step of an MP-Write: UNIRED's "
                              "request, a Req (allocation), an Ack."))
      .add(&Costs::staging, clocks("staging_clocks", "MP staging write", 2, 100, true,
                                   "Clocks the MP holds data bus 2 to write a message into its "
                                   "staging buffer; the DAN master NIP shares that bus."));
  return t;
}

ParamSpec lengths_spec(std::vector<double> values) {
  return list_spec(number_param("lengths", "Message lengths")
                       .unit("words").value(1).range(1, 4096).whole()
                       .about("Words per message; one curve or point per length."),
                   24, std::move(values));
}

// "1 word", "64 words".
std::string words_label(int words) {
  return std::to_string(words) + (words == 1 ? " word" : " words");
}

// ---- Fig. 6: transfer time against length (the loop method) -----------------------------------

struct TransferParams {
  std::vector<int> commands;
  std::vector<int> lengths;
  int loops;
  int loop_instructions;
  Costs costs;
};

ParamTable<TransferParams> transfer_params() {
  ParamTable<TransferParams> t;
  t.add(&TransferParams::commands,
        list_spec(number_param("commands", "Commands")
                      .value(0).range(0, 2).whole()
                      .about("Transfer commands to measure: 0 WRITEX, 1 WRITEMN, 2 MP-Write."),
                  3, {0, 1, 2}))
      .add(&TransferParams::lengths,
           lengths_spec({1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096}))
      .add(&TransferParams::loops,
           number_param("loops", "Loop iterations (N)")
               .unit("iterations").value(16).range(1, 1000).whole()
               .about("Iterations of the measuring loop, each with one transfer from IU 0 to IU 1 "
                      "(Tl = (A - B) / N)."))
      .add(&TransferParams::loop_instructions,
           number_param("loop_instructions", "Loop instructions")
               .unit("clocks").value(1).range(1, 1000).whole()
               .about("Clocks of the loop's own instructions per iteration besides the transfer "
                      "instruction (counter and branch)."))
      .include(&TransferParams::costs, cost_params());
  return t;
}

// One loop of N iterations on IU 0, each issuing a transfer to IU 1 (or none, for time B). The
// transfer instruction waits while the previous transfer still holds the command register.
class Loop {
 public:
  Loop(const TransferParams& p, Command command, int words, bool transfers, std::uint64_t seed)
      : machine_(2, p.costs, seed),
        command_(command),
        words_(words),
        transfers_(transfers),
        loops_(p.loops),
        body_(p.loop_instructions) {}

  // One clock, one instruction: the transfer instruction (waiting while the command register is
  // taken) or one of the body's; true once the loop and its last transfer are done.
  bool step() {
    if (iteration_ < loops_) {
      if (at_transfer_ && transfers_) {
        if (!machine_.busy(0)) {
          machine_.issue(0, command_, 1, words_);
          at_transfer_ = false;
        }
      } else if (++in_body_ >= body_) {
        in_body_ = 0;
        ++iteration_;
        at_transfer_ = true;
      }
    }
    const bool finished = iteration_ >= loops_ && !machine_.busy(0);
    if (!finished) machine_.step();
    return finished;
  }
  std::int64_t clocks() const { return machine_.now(); }

 private:
  Machine machine_;
  Command command_;
  int words_;
  bool transfers_;
  int loops_;
  int body_;
  int iteration_ = 0;
  int in_body_ = 0;
  bool at_transfer_ = true;
};

class Pie64Transfer final : public Model {
 public:
  Pie64Transfer(TransferParams p, Rng rng) : p_(std::move(p)), seed_(rng.next_u64()) {
    for (const int c : p_.commands) {
      if (std::find(order_.begin(), order_.end(), c) == order_.end()) order_.push_back(c);
    }
    std::sort(order_.begin(), order_.end());
    for (const int c : order_) {
      Series s;
      s.name = "transfer_clocks_" + kCommandKeys[static_cast<std::size_t>(c)];
      s.label = kCommandNames[static_cast<std::size_t>(c)];
      s.x_name = "message length";
      s.x_unit = "words";
      s.y_name = "transfer time Tl";
      s.y_unit = "clocks";
      curves_.push_back(std::move(s));
    }
    start_point();
  }

  // One unit is one simulated clock of the loop with transfers or of the loop without.
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && !done(); ++i) {
      Loop& loop = with_ ? *with_ : *without_;
      if (!loop.step()) continue;
      if (with_) {
        a_ = loop.clocks();
        with_.reset();
        continue;
      }
      const double b = static_cast<double>(without_->clocks());
      without_.reset();
      Series& s = curves_[point_ / p_.lengths.size()];
      s.x.push_back(p_.lengths[point_ % p_.lengths.size()]);
      s.y.push_back((static_cast<double>(a_) - b) / p_.loops);
      ++point_;
      if (!done()) start_point();
    }
    return done();
  }

  double progress() const override {
    return static_cast<double>(point_) / static_cast<double>(points());
  }

  Result result() const override {
    Result r;
    r.series = curves_;
    const Series* writex = curve(0);
    const Series* writemn = curve(1);
    const Series* mpwrite = curve(2);
    if (writex != nullptr && writex->y.size() >= 2) {
      const Line fit = fit_line(writex->x, writex->y);
      r.scalars.push_back({"ts_te_fit_clocks", fit.intercept});
      r.scalars.push_back({"tb_fit_clocks_per_word", fit.slope});
    }
    if (writex != nullptr && writemn != nullptr) {
      r.scalars.push_back({"writemn_minus_writex_clocks", mean_difference(*writemn, *writex)});
    }
    if (writemn != nullptr && mpwrite != nullptr) {
      const double extra = mean_difference(*mpwrite, *writemn);
      r.scalars.push_back({"mpwrite_minus_writemn_clocks", extra});
      const double tb = fit_line(writemn->x, writemn->y).slope;
      // One length gives no slope, so no time per word to count in.
      if (tb > 0) {
        r.scalars.push_back({"mpwrite_extra_words", extra / tb});
      }
    }
    return r;
  }

 private:
  std::size_t points() const { return order_.size() * p_.lengths.size(); }
  bool done() const { return point_ >= points(); }
  const Series* curve(int command) const {
    for (std::size_t i = 0; i < order_.size(); ++i) {
      if (order_[i] == command) return &curves_[i];
    }
    return nullptr;
  }
  void start_point() {
    const auto command = static_cast<Command>(order_[point_ / p_.lengths.size()]);
    const int words = p_.lengths[point_ % p_.lengths.size()];
    with_ = std::make_unique<Loop>(p_, command, words, true, seed_ + point_);
    without_ = std::make_unique<Loop>(p_, command, words, false, seed_ + point_);
  }
  static double mean_difference(const Series& a, const Series& b) {
    const std::size_t n = std::min(a.y.size(), b.y.size());
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += a.y[i] - b.y[i];
    return n == 0 ? 0 : sum / static_cast<double>(n);
  }

  TransferParams p_;
  std::uint64_t seed_;
  std::vector<int> order_;
  std::vector<Series> curves_;
  std::size_t point_ = 0;
  std::unique_ptr<Loop> with_;
  std::unique_ptr<Loop> without_;
  std::int64_t a_ = 0;
};

// ---- Figs. 7-9: all IUs, random destinations, a share p of transfer instructions ---------------

struct CongestionParams {
  int command;
  std::vector<int> lengths;
  std::vector<double> ps;
  int ius;
  int messages;
  int warmup;
  int compare_length;
  Costs costs;
};

ParamTable<CongestionParams> congestion_params() {
  ParamTable<CongestionParams> t;
  t.add(&CongestionParams::command,
        choice_spec("command", "Command", kCommandNames, 1,
                    "The transfer command every transfer instruction issues."))
      .add(&CongestionParams::lengths, lengths_spec({1, 4, 16, 64, 256, 1024}))
      .add(&CongestionParams::ps,
           list_spec(number_param("ps", "Message occurrence p")
                         .unit("share").value(0.01).range(1e-5, 1).step(1e-5)
                         .about("Shares of transfer instructions among the program's instructions "
                                "(one clock each); one point per value."),
                     40,
                     {1e-4, 1.6e-4, 2.5e-4, 4e-4, 6.3e-4, 1e-3, 1.6e-3, 2.5e-3, 4e-3, 6.3e-3,
                      1e-2, 1.6e-2, 2.5e-2, 4e-2, 6.3e-2, 0.1, 0.16, 0.25, 0.4, 0.63}))
      .add(&CongestionParams::ius,
           number_param("ius", "Inference units")
               .unit("IUs").value(54).range(2, 64).whole()
               .about("IUs running the program, on the network's first ports (54 were usable when "
                      "the paper measured)."))
      .add(&CongestionParams::messages,
           number_param("messages", "Transfers per IU per point")
               .unit("transfers").value(12).range(1, 10000).whole()
               .about("A point's measurement ends once this many transfers per IU issued in it "
                      "are done."))
      .add(&CongestionParams::warmup,
           number_param("warmup", "Warm-up transfers per IU")
               .unit("transfers").value(3).range(0, 10000).whole()
               .about("Transfers per IU issued before a point's measurement starts."))
      .add(&CongestionParams::compare_length,
           number_param("compare_length", "WRITEMN comparison length")
               .unit("words").value(0).range(0, 4096).whole()
               .about("Above 0: also sweep WRITEMN at this length to compare where the two "
                      "commands reach the limit region (0: no comparison)."))
      .include(&CongestionParams::costs, cost_params());
  return t;
}

// What one point measured, over the transfers issued after the warm-up.
struct Point {
  // Index of its p in the list.
  std::size_t at = 0;
  double rate = 0;
  double wait = 0;
  double throughput = 0;
  double latency = 0;
  double mp = 0;
  double pa = 0;
  double trans = 0;
  double data_wait = 0;
  // Share of the point's clocks each DAN switch output was held, over the outputs that lead
  // somewhere, in switch and port order.
  std::vector<double> occupancy;
};

// Clocks from one instruction to the next transfer instruction when each is one with probability
// p: geometric, at least 1, drawn by inversion (the least k with q^k < U, q = 1 - p, U uniform on
// (0, 1]) from the powers q^(2^i), with multiplications only so that every platform gets the same
// bits (a library log need not).
class Gaps {
 public:
  explicit Gaps(double p) {
    powers_.push_back(p >= 1 ? 0 : 1 - p);
    while (powers_.size() < 62 && powers_.back() > 0) {
      powers_.push_back(powers_.back() * powers_.back());
    }
  }
  std::int64_t draw(Rng& rng) const {
    const double u = static_cast<double>((rng.next_u64() >> 11) + 1) * 0x1.0p-53;
    double power = 1;
    std::int64_t k = 0;
    for (std::size_t i = powers_.size(); i-- > 0;) {
      const double next = power * powers_[i];
      if (next < u) continue;
      power = next;
      k += std::int64_t{1} << i;
    }
    return k + 1;
  }

 private:
  // q^(2^i), until they underflow to 0.
  std::vector<double> powers_;
};

// One point: every IU runs instructions of one clock; each is a transfer instruction with
// probability p, to a destination drawn uniformly among the other IUs; a transfer instruction
// waits while the IU's previous transfer still holds the command register.
class Sweep {
 public:
  Sweep(const CongestionParams& p, Command command, int words, double share, std::uint64_t seed)
      : machine_(p.ius, p.costs, seed),
        rng_(seed ^ 0x9e3779b97f4a7c15ULL),
        command_(command),
        words_(words),
        gaps_(share),
        warmup_(static_cast<std::int64_t>(p.warmup) * p.ius),
        target_(static_cast<std::int64_t>(p.messages) * p.ius),
        trans_(p.costs.ts_te + p.costs.tb * words) {
    // The first instruction is at clock 0.
    for (int iu = 0; iu < p.ius; ++iu) next_.push_back(gaps_.draw(rng_) - 1);
  }

  // One clock in which something happens, after the clocks before it in which nothing does; true
  // once the point is measured.
  bool step() {
    const std::int64_t t = machine_.now();
    const int n = machine_.ius();
    for (int iu = 0; iu < n; ++iu) {
      std::int64_t& next = next_[static_cast<std::size_t>(iu)];
      if (next > t || machine_.busy(iu)) continue;
      int dst = static_cast<int>(rng_.below(static_cast<std::uint64_t>(n - 1)));
      if (dst >= iu) ++dst;
      const int id = machine_.issue(iu, command_, dst, words_);
      if (issued_ == warmup_) {
        first_ = id;
        start_ = t;
      }
      ++issued_;
      next = t + gaps_.draw(rng_);
    }
    if (machine_.quiet()) {
      // Until the machine's next event or the next transfer instruction of a unit that is free to
      // issue it (a busy unit frees only at an event), only the clock moves.
      std::int64_t until = machine_.next_event();
      for (int iu = 0; iu < n; ++iu) {
        if (!machine_.busy(iu)) until = std::min(until, next_[static_cast<std::size_t>(iu)]);
      }
      machine_.idle_until(until);
      return false;
    }
    machine_.step();
    for (const int id : machine_.completed()) {
      if (first_ < 0 || id < first_) continue;
      const pie64::Transfer& x = machine_.transfer(id);
      ++done_;
      words_done_ += x.words;
      sum_.wait += x.wait;
      sum_.latency += static_cast<double>(x.done - x.issued);
      sum_.mp += x.mp;
      sum_.pa += x.pa;
    }
    return done_ >= target_;
  }

  double progress() const {
    return std::min(1.0, static_cast<double>(done_) / static_cast<double>(target_));
  }

  const Machine& machine() const { return machine_; }

  Point point() const {
    const double n = static_cast<double>(done_);
    const double clocks = static_cast<double>(machine_.now() - start_) * machine_.ius();
    const int issued_in = issued_ - static_cast<int>(warmup_);
    Point r;
    r.rate = issued_in / clocks;
    r.throughput = static_cast<double>(words_done_) / clocks;
    r.latency = sum_.latency / n;
    r.mp = sum_.mp / n;
    r.pa = sum_.pa / n;
    r.trans = trans_;
    r.data_wait = sum_.wait / n;
    // WRITEX and WRITEMN: the NIP's counter. MP-Write: Tw' = (Tto - Tinst - Ttrans) / Nc, where
    // Tto - Tinst is the time the transfers took from UNIRED's command on.
    r.wait = command_ == Command::kMpWrite ? r.latency - trans_ : sum_.wait / n;
    return r;
  }

 private:
  Machine machine_;
  Rng rng_;
  Command command_;
  int words_;
  Gaps gaps_;
  std::int64_t warmup_;
  std::int64_t target_;
  double trans_;
  // Per IU, the clock of its next transfer instruction.
  std::vector<std::int64_t> next_;
  int issued_ = 0;
  int first_ = -1;
  std::int64_t start_ = 0;
  std::int64_t done_ = 0;
  std::int64_t words_done_ = 0;
  Point sum_;
};

Series series(std::string name, std::string label, const char* x_name, const char* x_unit,
              const char* y_name, const char* y_unit) {
  Series s;
  s.name = std::move(name);
  s.label = std::move(label);
  s.x_name = x_name;
  s.x_unit = x_unit;
  s.y_name = y_name;
  s.y_unit = y_unit;
  return s;
}

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

struct Run {
  Command command;
  int words;
};

// The sweep's runs, each over every p: the command at each length, then WRITEMN at the comparison
// length if the command is another.
std::vector<Run> congestion_runs(const CongestionParams& p) {
  const auto command = static_cast<Command>(p.command);
  std::vector<Run> runs;
  for (const int len : p.lengths) runs.push_back({command, len});
  if (p.compare_length > 0 && command != Command::kWritemn) {
    runs.push_back({Command::kWritemn, p.compare_length});
  }
  return runs;
}

const char* const kPointFields[] = {"rate", "wait",  "throughput", "latency",
                                    "mp",   "pa",    "trans",      "data_wait"};
double Point::*const kPointMembers[] = {&Point::rate, &Point::wait,  &Point::throughput,
                                        &Point::latency, &Point::mp, &Point::pa,
                                        &Point::trans, &Point::data_wait};

// One point of the sweep (run index / ps, p index % ps) as a model of its own; its result holds
// the Point's fields as scalars, so the points can run apart and be combined.
class CongestionPoint final : public Model {
 public:
  CongestionPoint(const CongestionParams& p, Rng rng, std::size_t index)
      : run_(congestion_runs(p)[index / p.ps.size()]),
        sweep_(p, run_.command, run_.words, p.ps[index % p.ps.size()], rng.next_u64()) {}

  // One unit is one clock in which something happens (the quiet ones before it included).
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && !done_; ++i) done_ = sweep_.step();
    return done_;
  }
  double progress() const override { return done_ ? 1 : sweep_.progress(); }
  Result result() const override {
    Result r;
    if (!done_) return r;
    const Point q = sweep_.point();
    for (std::size_t f = 0; f < std::size(kPointFields); ++f) {
      r.scalars.push_back({kPointFields[f], q.*kPointMembers[f]});
    }
    Series occupancy;
    occupancy.name = "occupancy";
    const CircuitNetwork& dan = sweep_.machine().dan();
    const Topology& topo = dan.topology();
    for (int router = 0; router < topo.routers(); ++router) {
      for (int port = 0; port < topo.ports(router); ++port) {
        const PortTarget t = topo.output(router, port);
        if (t.router < 0 && t.terminal < 0) continue;
        occupancy.x.push_back(static_cast<double>(occupancy.x.size()));
        occupancy.y.push_back(dan.output_occupancy(router, port));
      }
    }
    r.series.push_back(std::move(occupancy));
    return r;
  }

 private:
  Run run_;
  Sweep sweep_;
  bool done_ = false;
};

// Relative work of a point: the clocks its transfers take, 1/p while an IU's transfers are apart,
// an idle transfer's time (three MP steps more for MP-Write) once they follow each other.
std::vector<double> congestion_weights(const CongestionParams& p) {
  std::vector<double> w;
  for (const Run& run : congestion_runs(p)) {
    const double transfer = p.costs.ts_te + p.costs.tb * run.words +
                            (run.command == Command::kMpWrite ? 3 * p.costs.mp : 0);
    for (const double share : p.ps) w.push_back(std::max(1 / share, transfer));
  }
  return w;
}

// PIE64's two networks, the PAN and the DAN: the same 4-ary 3-fly (pie64::dan_topology()), the
// first `ius` IUs on each.
std::vector<NetworkMap> pie64_networks(int ius) {
  const std::shared_ptr<const Fly> fly = pie64::dan_topology();
  return {describe_network(*fly, "pan", "PAN", ius), describe_network(*fly, "dan", "DAN", ius)};
}

// The sweep's results from the points that have arrived: per run, its points in order of p.
class Pie64Congestion {
 public:
  Pie64Congestion(CongestionParams p, const std::vector<PointResult>& partials)
      : p_(std::move(p)), command_(static_cast<Command>(p_.command)) {
    points_.resize(congestion_runs(p_).size());
    for (const PointResult& part : partials) {
      if (part.result.scalars.empty()) continue;
      Point q;
      q.at = part.point % p_.ps.size();
      for (std::size_t f = 0; f < std::size(kPointFields); ++f) {
        q.*kPointMembers[f] = part.result.scalar(kPointFields[f]);
      }
      q.occupancy = part.result.find_series("occupancy").y;
      points_[part.point / p_.ps.size()].push_back(q);
    }
  }

  Result result() const {
    Result r;
    const char* cmd = kCommandNames[static_cast<std::size_t>(command_)].c_str();
    Series limit = series("limit_p", cmd, "message length", "words",
                          "p where the limit region begins", "share");
    Series alpha = series("alpha", cmd, "message length", "words", "alpha = Tw / p", "clocks");
    Series peak = series("peak_throughput", cmd, "message length", "words",
                         "throughput in the limit region", "words/clock/IU");
    double below = 0, above = 0;
    int below_n = 0, above_n = 0;
    for (std::size_t k = 0; k < p_.lengths.size() && k < points_.size(); ++k) {
      const std::vector<Point>& pts = points_[k];
      const std::string len = std::to_string(p_.lengths[k]);
      const std::string label = std::string(cmd) + ", " + words_label(p_.lengths[k]);
      Series tw = series("tw_clocks_" + len, label, "message occurrence (measured)",
                         "transfers/clock/IU", "connection wait Tw", "clocks");
      Series thr = series("throughput_words_per_clock_" + len, label, "message occurrence p",
                          "share", "throughput", "words/clock/IU");
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
      r.scalars.push_back({"limit_p_" + len, p_.ps[top], "share",
                           "p where the limit region begins, " + label});
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
      r.scalars.push_back({"slope_below", below / below_n});
    }
    if (above_n > 0) {
      r.scalars.push_back({"throughput_fall", above / above_n});
    }
    if (alpha.y.size() >= 2) {
      const double span = std::log(alpha.x.back() / alpha.x.front());
      r.scalars.push_back(
          {"alpha_length_exponent", std::log(alpha.y.back() / alpha.y.front()) / span});
    }
    if (peak.y.size() >= 2) {
      int rises = 0;
      for (std::size_t i = 1; i < peak.y.size(); ++i) rises += peak.y[i] > peak.y[i - 1] ? 1 : 0;
      r.scalars.push_back(
          {"peak_throughput_rises", rises / static_cast<double>(peak.y.size() - 1)});
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
    Series s = series("patel_throughput_" + std::to_string(words), "Patel, " + label,
                      "message occurrence p", "share", "throughput", "words/clock/IU");
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
    Series s = series("limit_line_" + std::to_string(words), "a/x, " + words_label(words),
                      "message occurrence (measured)", "transfers/clock/IU", "connection wait Tw",
                      "clocks");
    s.x = {lo / 2, hi * 2};
    s.y = {a / s.x[0], a / s.x[1]};
    s.key = key;
    r.series.push_back(s);
  }
  // The DAN (pie64::dan_topology()) with each switch output's occupancy at the first length's
  // limit region onset (once its points are all in; before, its latest point).
  void add_occupancy(Result& r) const {
    if (points_.empty() || points_[0].empty()) return;
    const std::vector<Point>& pts = points_[0];
    const Point& at = pts.size() < p_.ps.size() ? pts.back() : pts[onset(pts)];
    const std::string label =
        std::string(kCommandNames[static_cast<std::size_t>(command_)]) + ", " +
        words_label(p_.lengths[0]) + ", p = " + format_number(p_.ps[at.at]);
    const std::shared_ptr<const Fly> fly = pie64::dan_topology();
    NetworkMap dan = describe_network(*fly, "dan_occupancy", label, p_.ius);
    // The points measure the outputs that lead somewhere, in the description's order.
    std::vector<double> occupancy(dan.channels.rows(), 0.0);
    std::copy_n(at.occupancy.begin(), std::min(occupancy.size(), at.occupancy.size()),
                occupancy.begin());
    dan.channels.add("occupancy", "fraction", std::move(occupancy));
    r.networks.push_back(std::move(dan));
  }
  void add_comparison(Result& r) const {
    if (points_.size() <= p_.lengths.size() || points_.back().size() < p_.ps.size()) return;
    const std::size_t ref = onset(points_.back());
    for (std::size_t k = 0; k < p_.lengths.size(); ++k) {
      if (p_.lengths[k] != p_.compare_length || points_[k].size() < p_.ps.size()) continue;
      r.scalars.push_back({"limit_p_ratio", p_.ps[onset(points_[k])] / p_.ps[ref]});
    }
  }
  // Fig. 9: the latency's parts at each p for the first length, and as one labelled series at the
  // last p below the limit region (the range the paper's figure shows).
  void add_breakdown(Result& r) const {
    if (command_ != Command::kMpWrite || points_.empty() || points_[0].size() < p_.ps.size()) {
      return;
    }
    const std::vector<Point>& pts = points_[0];
    const char* const names[] = {"tmp", "tpa", "tw", "trans", "etc"};
    const char* const labels[] = {"Tmp", "Tpa", "Tw", "Ts+Te+TbN", "Tetc"};
    auto parts = [](const Point& q) {
      return std::vector<double>{q.mp, q.pa, q.data_wait, q.trans,
                                 q.latency - q.mp - q.pa - q.data_wait - q.trans};
    };
    for (std::size_t i = 0; i < pts.size(); ++i) {
      const std::vector<double> v = parts(pts[i]);
      for (std::size_t j = 0; j < v.size(); ++j) {
        r.scalars.push_back({"tl_p" + std::to_string(i) + "_" + names[j], v[j], "clocks",
                             std::string(labels[j]) + " at p = " + format_number(p_.ps[i])});
      }
    }
    const std::size_t top = onset(pts);
    const std::size_t at = top == 0 ? 0 : top - 1;
    const std::vector<double> v = parts(pts[at]);
    Series tl = series("tl_breakdown", "MP-Write latency at p = " + format_number(p_.ps[at]),
                       "part", "", "clocks", "clocks");
    for (std::size_t j = 0; j < v.size(); ++j) {
      tl.x.push_back(static_cast<double>(j));
      tl.y.push_back(v[j]);
      tl.labels.push_back(labels[j]);
    }
    r.series.push_back(tl);
    r.scalars.push_back({"tpa_share", v[1] / pts[at].latency});
    const double growth = pts[at].latency - pts[0].latency;
    r.scalars.push_back({"tpa_growth_share", growth > 0 ? (pts[at].pa - pts[0].pa) / growth : 0});
  }

  CongestionParams p_;
  Command command_;
  // Per run, the points that have arrived, in order of p.
  std::vector<std::vector<Point>> points_;
};

// ---- Automatic load dispatch on the PAN ---------------------------------------------------------

struct DispatchParams {
  int ius;
  std::vector<int> goals;
  int grain;
  int producers;
  int goal_words;
  int propagation;
  int setup_per_switch;
};

ParamTable<DispatchParams> dispatch_params() {
  ParamTable<DispatchParams> t;
  t.add(&DispatchParams::ius, number_param("ius", "Inference units")
                                  .unit("IUs").value(54).range(2, 64).whole()
                                  .about("IUs on the PAN's first ports (54 usable)."))
      .add(&DispatchParams::goals,
           list_spec(number_param("goals", "Goals")
                         .unit("goals").value(540).range(1, 100000).whole()
                         .about("Goals the producers dispatch in one run; one pair of bars "
                                "(random, dispatched) per value."),
                     8, {108, 540, 2700}))
      .add(&DispatchParams::grain,
           number_param("grain", "Goal grain")
               .unit("clocks").value(400).range(1, 100000).whole()
               .about("Clocks of UNIRED work per goal."))
      .add(&DispatchParams::producers,
           number_param("producers", "Producing IUs")
               .unit("IUs").value(4).range(1, 64).whole()
               .about("IUs (the first ones) that create the goals and dispatch them, one PAN "
                      "connection at a time each."))
      .add(&DispatchParams::goal_words,
           number_param("goal_words", "Goal size")
               .unit("words").value(8).range(1, 4096).whole()
               .about("Words a goal takes over the PAN."))
      .add(&DispatchParams::propagation,
           number_param("propagation_clocks", "Load propagation per stage")
               .unit("clocks").value(1).range(1, 1000).whole()
               .about("Clocks a load value takes to move back one stage of switches."))
      .add(&DispatchParams::setup_per_switch,
           number_param("setup_clocks_per_switch", "Set-up per switch")
               .unit("clocks").value(1).range(0, 100).whole()
               .about("Clocks a request takes to cross one further switch."));
  return t;
}

// One run: the producers dispatch the goals over the PAN, to the least-loaded IU or to one drawn
// at random; every IU works through the goals it received; the run ends when all are done. An
// IU's load value is the goals it holds (queued or running).
class DispatchRun {
 public:
  DispatchRun(const DispatchParams& p, int goals, bool automatic, std::uint64_t seed)
      : p_(p),
        pan_(p.ius, p.setup_per_switch, p.propagation, seed),
        rng_(seed ^ 0x2545f4914f6cdd1dULL),
        automatic_(automatic),
        left_(static_cast<std::size_t>(std::min(p.producers, p.ius)), 0),
        load_(static_cast<std::size_t>(p.ius), 0),
        remaining_(static_cast<std::size_t>(p.ius), 0),
        busy_(static_cast<std::size_t>(p.ius), 0),
        received_(static_cast<std::size_t>(p.ius), 0),
        goals_(goals) {
    for (int g = 0; g < goals; ++g) ++left_[static_cast<std::size_t>(g) % left_.size()];
  }

  // One clock; true once every goal is done.
  bool step() {
    const CircuitNetwork& net = pan_.network();
    // The registers need three stages' propagation before they hold every IU's load.
    if (net.now() >= 3 * p_.propagation) {
      for (std::size_t s = 0; s < left_.size(); ++s) {
        const int src = static_cast<int>(s);
        if (left_[s] == 0 || net.queued(src) > 0 || sending(src)) continue;
        const int dst = automatic_ ? pan_.least_loaded(src)
                                   : static_cast<int>(rng_.below(static_cast<std::uint64_t>(p_.ius)));
        const int id = pan_.network().open(src, dst, p_.goal_words);
        if (id >= 0) {
          --left_[s];
          open_.push_back(id);
        }
      }
    }
    for (std::size_t iu = 0; iu < load_.size(); ++iu) {
      if (load_[iu] == 0) continue;
      ++busy_[iu];
      if (--remaining_[iu] == 0) {
        --load_[iu];
        ++done_;
        if (load_[iu] > 0) remaining_[iu] = p_.grain;
      }
    }
    pan_.step(load_);
    for (const int id : pan_.network().finished()) {
      const auto dst = static_cast<std::size_t>(pan_.network().connection(id).dst);
      if (load_[dst]++ == 0) remaining_[dst] = p_.grain;
      ++received_[dst];
      open_.erase(std::find(open_.begin(), open_.end(), id));
    }
    return done_ == goals_;
  }

  std::int64_t clocks() const { return pan_.network().now(); }
  std::vector<double> work_rates() const {
    std::vector<double> w;
    for (const std::int64_t b : busy_) {
      w.push_back(static_cast<double>(b) / static_cast<double>(clocks()));
    }
    return w;
  }
  // Coefficient of variation of the goals each IU received.
  double spread() const {
    const double n = static_cast<double>(received_.size());
    double sum = 0, sq = 0;
    for (const int g : received_) {
      sum += g;
      sq += static_cast<double>(g) * g;
    }
    const double mean = sum / n;
    return mean == 0 ? 0 : std::sqrt(std::max(0.0, sq / n - mean * mean)) / mean;
  }

 private:
  bool sending(int src) const {
    for (const int id : open_) {
      if (pan_.network().connection(id).src == src) return true;
    }
    return false;
  }

  DispatchParams p_;
  pie64::Pan pan_;
  Rng rng_;
  bool automatic_;
  std::vector<int> left_;
  std::vector<int> load_;
  std::vector<int> remaining_;
  std::vector<std::int64_t> busy_;
  std::vector<int> received_;
  std::vector<int> open_;
  int goals_;
  int done_ = 0;
};

class Pie64Dispatch final : public Model {
 public:
  Pie64Dispatch(DispatchParams p, Rng rng) : p_(std::move(p)), seed_(rng.next_u64()) {
    rate_[0] = series("work_rate_random", "random placement", "goals", "goals",
                      "mean work rate", "fraction");
    rate_[1] = series("work_rate_dispatch", "automatic load dispatch", "goals", "goals",
                      "mean work rate", "fraction");
    spread_[0] = series("spread_random", "random placement", "goals", "goals",
                        "goals per IU: std. dev. / mean", "");
    spread_[1] = series("spread_dispatch", "automatic load dispatch", "goals", "goals",
                        "goals per IU: std. dev. / mean", "");
    start_run();
  }

  // One unit is one simulated clock of the current run.
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && !done(); ++i) {
      if (!run_->step()) continue;
      const std::size_t mode = index_ % 2;
      const int goals = p_.goals[index_ / 2];
      const std::vector<double> w = run_->work_rates();
      double mean = 0;
      for (const double x : w) mean += x;
      mean /= static_cast<double>(w.size());
      rate_[mode].x.push_back(goals);
      rate_[mode].y.push_back(mean);
      spread_[mode].x.push_back(goals);
      spread_[mode].y.push_back(run_->spread());
      Series stack = series("work_rates_" + std::to_string(goals) + (mode ? "_dispatch" : "_random"),
                            std::to_string(goals) + (mode ? " goals, dispatched" : " goals, random"),
                            "IU", "index", "work rate", "fraction");
      for (std::size_t k = 0; k < w.size(); ++k) {
        stack.x.push_back(static_cast<double>(k + 1));
        stack.y.push_back(w[k]);
      }
      stacks_.push_back(std::move(stack));
      ++index_;
      if (!done()) start_run();
    }
    return done();
  }

  double progress() const override {
    return static_cast<double>(index_) / static_cast<double>(2 * p_.goals.size());
  }

  Result result() const override {
    Result r;
    r.series = stacks_;
    r.series.insert(r.series.end(), {rate_[0], rate_[1], spread_[0], spread_[1]});
    const std::size_t n = std::min(rate_[0].y.size(), rate_[1].y.size());
    for (std::size_t i = 0; i < n; ++i) {
      const std::string g = std::to_string(p_.goals[i]);
      r.scalars.push_back({"work_rate_gain_" + g, rate_[1].y[i] / rate_[0].y[i], "x",
                           "Mean work rate with dispatch over random placement, " + g +
                               " goals"});
      r.scalars.push_back({"spread_ratio_" + g, spread_[1].y[i] / spread_[0].y[i], "x",
                           "Spread of goals per IU with dispatch over random placement, " + g +
                               " goals"});
    }
    return r;
  }

 private:
  bool done() const { return index_ >= 2 * p_.goals.size(); }
  void start_run() {
    run_ = std::make_unique<DispatchRun>(p_, p_.goals[index_ / 2], index_ % 2 == 1,
                                         seed_ + index_ / 2);
  }

  DispatchParams p_;
  std::uint64_t seed_;
  std::size_t index_ = 0;
  std::unique_ptr<DispatchRun> run_;
  std::vector<Series> stacks_;
  Series rate_[2];
  Series spread_[2];
};

std::vector<OutputSpec> transfer_outputs() {
  return {
      scalar_output("ts_te_fit_clocks", "clocks",
                    "WRITEX: intercept of Tl against length (Ts + Te as the paper derived it)"),
      scalar_output("tb_fit_clocks_per_word", "clocks/word",
                    "WRITEX: slope of Tl against length (Tb)"),
      scalar_output("writemn_minus_writex_clocks", "clocks",
                    "WRITEMN - WRITEX, mean over the lengths"),
      scalar_output("mpwrite_minus_writemn_clocks", "clocks",
                    "MP-Write - WRITEMN, mean over the lengths"),
      scalar_output("mpwrite_extra_words", "words",
                    "MP-Write's extra time as WRITEMN words: the difference over WRITEMN's time "
                    "per word"),
      series_output("transfer_clocks_writex", "clocks", "transfer time Tl against message length"),
      series_output("transfer_clocks_writemn", "clocks", "transfer time Tl against message length"),
      series_output("transfer_clocks_mpwrite", "clocks", "transfer time Tl against message length"),
  };
}

std::vector<OutputSpec> congestion_outputs() {
  return {
      scalar_output("limit_p_*", "share", "p where the limit region begins, WRITEMN, N word"),
      scalar_output("slope_below", "",
                    "Mean log-log slope of Tw against the measured occurrence below the limit "
                    "region"),
      scalar_output("throughput_fall", "x",
                    "Throughput at the highest p over that at the limit region's onset, mean over "
                    "the lengths"),
      scalar_output("alpha_length_exponent", "",
                    "alpha grows as length to this power (1: in proportion)"),
      scalar_output("peak_throughput_rises", "fraction",
                    "Share of length steps where the limit region's throughput grows"),
      series_output("tw_clocks_*", "clocks",
                    "connection wait Tw against message occurrence (measured)"),
      series_output("throughput_words_per_clock_*", "words/clock/IU",
                    "throughput against message occurrence p"),
      series_output("patel_throughput_*", "words/clock/IU",
                    "throughput against message occurrence p"),
      series_output("limit_line_*", "clocks",
                    "connection wait Tw against message occurrence (measured)"),
      series_output("limit_p", "share", "p where the limit region begins against message length"),
      series_output("alpha", "clocks", "alpha = Tw / p against message length"),
      series_output("peak_throughput", "words/clock/IU",
                    "throughput in the limit region against message length"),
      scalar_output("limit_p_ratio", "x",
                    "p where this command's limit region begins over WRITEMN's, at the comparison "
                    "length"),
      scalar_output("tl_p*_tmp", "clocks", "Tmp at p = N"),
      scalar_output("tl_p*_tpa", "clocks", "Tpa at p = N"),
      scalar_output("tl_p*_tw", "clocks", "Tw at p = N"),
      scalar_output("tl_p*_trans", "clocks", "Ts+Te+TbN at p = N"),
      scalar_output("tl_p*_etc", "clocks", "Tetc at p = N"),
      scalar_output("tpa_share", "fraction",
                    "Tpa over the latency at the last p below the limit region"),
      scalar_output("tpa_growth_share", "fraction",
                    "Share of the latency's growth from the lowest p to the last below the limit "
                    "region that is Tpa's"),
      series_output("tl_breakdown", "clocks", "clocks against part"),
      network_output("dan_occupancy", "fraction",
                     "The DAN with each switch output's share of clocks held at the first "
                     "length's limit region onset"),
  };
}

std::vector<OutputSpec> dispatch_outputs() {
  return {
      scalar_output("work_rate_gain_*", "x",
                    "Mean work rate with dispatch over random placement, N goals"),
      scalar_output("spread_ratio_*", "x",
                    "Spread of goals per IU with dispatch over random placement, N goals"),
      series_output("work_rates_*_random", "fraction", "work rate against IU"),
      series_output("work_rates_*_dispatch", "fraction", "work rate against IU"),
      series_output("work_rate_random", "fraction", "mean work rate against goals"),
      series_output("work_rate_dispatch", "fraction", "mean work rate against goals"),
      series_output("spread_random", "", "goals per IU: std. dev. / mean against goals"),
      series_output("spread_dispatch", "", "goals per IU: std. dev. / mean against goals"),
  };
}

}  // namespace

ParamTable<pie64::Costs> pie64_cost_table() { return cost_params(); }

ModelInfo pie64_transfer_info() {
  return model_info<TransferParams>(
      "pie64_transfer", "PIE64 simple transfers",
      "Transfer time against message length between two IUs for WRITEX, WRITEMN and MP-Write, "
      "measured as the paper did: a loop of N transfers (time A) against the same loop without "
      "them (time B), Tl = (A - B) / N.",
      kCitation, transfer_params(), transfer_outputs(),
      [](const TransferParams&) { return pie64_networks(pie64::dan_topology()->terminals()); },
      [](const TransferParams& p, Rng rng) {
        return std::make_unique<Pie64Transfer>(p, rng);
      });
}

ModelInfo pie64_congestion_info() {
  return sweep_model_info(
      "pie64_congestion", "PIE64 transfers under congestion",
      "All usable IUs run a program whose instructions are transfers with probability p, to "
      "random destinations; per message length and p: the connection wait, the throughput and "
      "where the limit region begins.",
      kCitation, congestion_params(), congestion_outputs(),
      [](const CongestionParams& p) { return pie64_networks(p.ius); }, congestion_weights,
      [](const CongestionParams& p, Rng rng, std::size_t point) {
        return std::make_unique<CongestionPoint>(p, rng, point);
      },
      [](const CongestionParams& p, const std::vector<PointResult>& partials) {
        return Pie64Congestion(p, partials).result();
      });
}

ModelInfo pie64_dispatch_info() {
  return model_info<DispatchParams>(
      "pie64_dispatch", "PIE64 automatic load dispatch",
      "Goals dispatched over the PAN to the least-loaded IU (load values flowing backwards "
      "through the switches) or placed at random: the IUs' work rates and the spread of goals.",
      kCitation, dispatch_params(), dispatch_outputs(),
      [](const DispatchParams& p) { return pie64_networks(p.ius); },
      [](const DispatchParams& p, Rng rng) {
        return std::make_unique<Pie64Dispatch>(p, rng);
      });
}

}  // namespace archex
