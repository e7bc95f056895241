#include "core/logp.h"

#include <algorithm>
#include <cstddef>
#include <utility>

#include "core/fit.h"

namespace archex {

LogpSample logp_sample(double bytes, const LogpMeasure& ping, const LogpMeasure& burst) {
  LogpSample s;
  s.bytes = bytes;
  s.one_way_us = ping.round_trip_us / 2;
  const std::size_t n = burst.delivered_us.size();
  if (n >= 2) {
    s.gap_us = (burst.delivered_us.back() - burst.delivered_us.front()) /
               static_cast<double>(n - 1);
  }
  if (n > 0) {
    s.send_busy_us = burst.send_busy_us / static_cast<double>(n);
    s.recv_busy_us = burst.recv_busy_us / static_cast<double>(n);
  }
  return s;
}

LogpFit fit_logp(const std::vector<LogpSample>& samples) {
  LogpFit f;
  if (samples.empty()) return f;
  // G is a long message's cost per byte: the slope of the gap over all sizes. The rest is
  // LogGP's small-message view: o, g and L at the smallest size, less its bytes past the first.
  std::vector<double> bytes, gaps;
  const LogpSample* small = &samples.front();
  for (const LogpSample& s : samples) {
    bytes.push_back(s.bytes);
    gaps.push_back(s.gap_us);
    if (s.bytes < small->bytes) small = &s;
  }
  f.gap_per_byte = fit_line(bytes, gaps).slope;
  const double extra = (small->bytes - 1) * f.gap_per_byte;
  f.o_send = small->send_busy_us;
  f.o_recv = small->recv_busy_us;
  f.gap = small->gap_us - extra;
  // The least-squares L >= 0 of the one equation one-way = o_send + L + o_recv: what is left, or
  // 0 with the rest said as the overlap.
  const double left = small->one_way_us - f.o_send - f.o_recv - extra;
  f.latency = std::max(0.0, left);
  f.overlap = std::max(0.0, -left);
  return f;
}

ParamTable<LogpBench> logp_bench_table(std::vector<double> sizes) {
  ParamTable<LogpBench> t;
  t.add(&LogpBench::sizes,
        number_param("logp_sizes", "Message sizes")
            .unit("bytes").value(64).range(1, 65536).whole()
            .about("Bytes of each ping-pong and burst message; one point per size (LogP "
                   "microbenchmark).")
            .max_items(32).default_list(std::move(sizes)))
      .add(&LogpBench::burst,
           number_param("logp_burst", "Burst length")
               .unit("messages").value(16).range(2, 256).whole()
               .about("Messages sent back to back per size; the gap is the mean interval between "
                      "their arrivals."));
  return t;
}

namespace {

constexpr const char* kParams[] = {"o_send", "o_recv", "L", "g", "G", "overlap"};

constexpr SeriesOutput kOneWayUs{"one_way_us_*", "us",
                                 "LogP ping-pong: one-way time against message size"};
constexpr SeriesOutput kOneWayCycles{
    "one_way_cycles_*", "cycles",
    "LogP ping-pong: one-way time in processor cycles against message size"};
// The fitted parameters in kParams' order, in microseconds and in processor cycles.
constexpr ScalarOutput kFitUs[] = {
    {"*_o_send_us", "us", "LogGP o (send): sender's processor busy per message"},
    {"*_o_recv_us", "us", "LogGP o (receive): receiver's busy per message"},
    {"*_L_us", "us", "LogGP L: one-way time besides the two overheads, at least 0"},
    {"*_g_us", "us", "LogGP g: gap between small back-to-back messages"},
    {"*_G_us", "us/byte", "LogGP G: gap per byte of long messages"},
    {"*_overlap_us", "us",
     "What o_send + o_recv exceed the one-way time by (the overheads overlap the transfer; L "
     "is then 0); 0 where they do not"},
};
constexpr ScalarOutput kFitCycles[] = {
    {"*_o_send_cycles", "cycles", "LogGP o (send) in processor cycles"},
    {"*_o_recv_cycles", "cycles", "LogGP o (receive) in processor cycles"},
    {"*_L_cycles", "cycles", "LogGP L in processor cycles"},
    {"*_g_cycles", "cycles", "LogGP g in processor cycles"},
    {"*_G_cycles", "cycles/byte", "LogGP G in processor cycles per byte"},
    {"*_overlap_cycles", "cycles", "The overheads' overlap in processor cycles"},
};
constexpr ScalarOutput kOneByteUs{"*_one_byte_us", "us",
                                  "A one-byte message one way: o_send + L + o_recv - overlap"};
constexpr ScalarOutput kOneByteCycles{"*_one_byte_cycles", "cycles",
                                      "The same in processor cycles"};
constexpr ScalarOutput kClockMhz{"*_clock_mhz", "MHz", "The processor clock the cycles count"};

class LogpModel final : public Model {
 public:
  LogpModel(std::vector<LogpTarget> targets, LogpBench bench)
      : targets_(std::move(targets)), bench_(std::move(bench)), samples_(targets_.size()) {}

  // One unit is one unit of the run under way (an event or a cycle of its machine).
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && !finished(); ++i) {
      if (!run_) start();
      if (!run_->step()) continue;
      if (!burst_) {
        ping_ = run_->measure();
        burst_ = true;
      } else {
        const double bytes = bench_.sizes[size_];
        samples_[target_].push_back(logp_sample(bytes, ping_, run_->measure()));
        burst_ = false;
        if (++size_ == bench_.sizes.size()) {
          size_ = 0;
          ++target_;
        }
      }
      run_.reset();
    }
    return finished();
  }

  double progress() const override {
    const double per = static_cast<double>(bench_.sizes.size()) * 2;
    const double done = static_cast<double>(target_) * per +
                        static_cast<double>(size_) * 2 + (burst_ ? 1 : 0);
    return targets_.empty() ? 1 : done / (per * static_cast<double>(targets_.size()));
  }

  Result result() const override {
    Result r;
    for (std::size_t t = 0; t < targets_.size(); ++t) {
      const LogpTarget& target = targets_[t];
      const double mhz = target.clock_mhz;
      Series us = kOneWayUs({target.key}, target.label, "message size", "bytes", "one-way time");
      us.key = target.key;
      Series cycles =
          kOneWayCycles({target.key}, target.label, "message size", "bytes", "one-way time");
      cycles.key = target.key;
      for (const LogpSample& s : samples_[t]) {
        us.x.push_back(s.bytes);
        us.y.push_back(s.one_way_us);
        cycles.x.push_back(s.bytes);
        cycles.y.push_back(s.one_way_us * mhz);
      }
      r.series.push_back(std::move(us));
      r.series.push_back(std::move(cycles));
      if (samples_[t].size() < bench_.sizes.size()) continue;
      const LogpFit f = fit_logp(samples_[t]);
      const double values[] = {f.o_send, f.o_recv, f.latency, f.gap, f.gap_per_byte, f.overlap};
      for (std::size_t k = 0; k < std::size(kParams); ++k) {
        r.scalars.push_back(
            kFitUs[k]({target.key}, values[k], target.label + ": LogGP " + kParams[k]));
        r.scalars.push_back(kFitCycles[k]({target.key}, values[k] * mhz,
                                          target.label + ": LogGP " + kParams[k] +
                                              " in processor cycles"));
      }
      const double small = f.one_byte();
      r.scalars.push_back(kOneByteUs({target.key}, small,
                                     target.label + ": a one-byte message one way, o_send + L + "
                                                    "o_recv - overlap"));
      r.scalars.push_back(kOneByteCycles({target.key}, small * mhz,
                                         target.label + ": the same in processor cycles"));
      r.scalars.push_back(
          kClockMhz({target.key}, mhz, target.label + ": the processor clock the cycles count"));
    }
    return r;
  }

 private:
  bool finished() const { return target_ >= targets_.size() || bench_.sizes.empty(); }
  void start() {
    const LogpTarget& t = targets_[target_];
    const int bytes = bench_.sizes[size_];
    run_ = burst_ ? t.burst(bytes, bench_.burst) : t.ping(bytes);
  }

  std::vector<LogpTarget> targets_;
  LogpBench bench_;
  std::vector<std::vector<LogpSample>> samples_;
  std::size_t target_ = 0;
  std::size_t size_ = 0;
  bool burst_ = false;
  LogpMeasure ping_;
  std::unique_ptr<LogpRun> run_;
};

}  // namespace

std::unique_ptr<Model> logp_model(std::vector<LogpTarget> targets, LogpBench bench) {
  return std::make_unique<LogpModel>(std::move(targets), std::move(bench));
}

std::vector<OutputSpec> logp_outputs() {
  std::vector<OutputSpec> out = {kOneWayUs, kOneWayCycles};
  out.insert(out.end(), std::begin(kFitUs), std::end(kFitUs));
  out.insert(out.end(), std::begin(kFitCycles), std::end(kFitCycles));
  out.insert(out.end(), {kOneByteUs, kOneByteCycles, kClockMhz});
  return out;
}

LogpSignature logp_signature() {
  LogpSignature s;
  s.one_way_us = OutputSpec(kOneWayUs).name;
  s.one_way_cycles = OutputSpec(kOneWayCycles).name;
  // kParams' last is the overlap, which LogGP does not name.
  constexpr std::size_t kFitted = std::size(kParams) - 1;
  for (std::size_t i = 0; i < kFitted; ++i) {
    s.fitted.push_back({kParams[i], OutputSpec(kFitUs[i]).name, OutputSpec(kFitCycles[i]).name});
  }
  s.overlap = {kParams[kFitted], OutputSpec(kFitUs[kFitted]).name,
               OutputSpec(kFitCycles[kFitted]).name};
  s.clock_mhz = OutputSpec(kClockMhz).name;
  return s;
}

}  // namespace archex
