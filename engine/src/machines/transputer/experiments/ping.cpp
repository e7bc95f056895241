#include "machines/transputer/experiments/ping.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/param_table.h"
#include "core/record.h"
#include "core/sweep.h"
#include "machines/transputer/costs.h"
#include "machines/transputer/machine.h"
#include "machines/transputer/programs/mandelbrot.h"
#include "machines/transputer/rig.h"
#include "network/topologies/describe.h"

namespace archex {

namespace {

using transputer::kCitation;
using transputer::Layer;
using transputer::P4;
using transputer::Rig;
using transputer::T805;
using transputer::T9000;
using transputer::Time;

// ---- Figs. 2-7: ping between two transputers ---------------------------------------------------

struct Variant {
  const char* key;
  const char* label;
  bool t9000;
  Layer layer;
  bool c104;
};

const std::vector<Variant> kVariants = {
    {"t9_raw", "T9 raw", true, Layer::kRaw, false},
    {"t9_raw32", "T9 raw+32", true, Layer::kRaw32, false},
    {"t9_p4", "T9 p4", true, Layer::kP4, false},
    {"t8_raw", "T8 raw", false, Layer::kRaw, false},
    {"t8_vcr", "T8 VCR", false, Layer::kVcr, false},
    {"t8_p4", "T8 p4", false, Layer::kP4, false},
    {"t9_raw_c104", "T9 raw via C104", true, Layer::kRaw, true},
    {"t9_p4_c104", "T9 p4 via C104", true, Layer::kP4, true},
};

// Per variant (kVariants' keys): the curves.
constexpr SeriesOutput kRtt{"rtt_us_*", "us", "round trip against message size"};
constexpr SeriesOutput kThroughput{"throughput_mb_s_*", "MB/s", "throughput against message size"};
constexpr SeriesOutput kRatioVcr{"ratio_t8_t9_raw_vcr", "x",
                                 "round trip ratio against message size"};
constexpr SeriesOutput kRatioP4{"ratio_t8_t9_p4", "x", "round trip ratio against message size"};
constexpr SeriesOutput kC104Overhead{"c104_overhead_us", "us", "overhead against message size"};
constexpr SeriesOutput kP4Overhead{"p4_overhead_us", "us", "overhead against message size"};
constexpr ScalarOutput kT9Limit{"t9_link_limit_mb_s", "MB/s",
                                "DS-link limit from the token accounting: full packets back to "
                                "back"};
constexpr ScalarOutput kT8Limit{"t8_link_limit_mb_s", "MB/s",
                                "OS-link limit from the byte and acknowledge handshake"};
constexpr ScalarOutput kT9RawStep{
    "t9_raw_step_us", "us",
    "T9 raw: round trip one byte past a full packet minus a full packet's"};
constexpr ScalarOutput kT9RawStepRatio{
    "t9_raw_step_ratio", "x",
    "T9 raw: the step past a full packet over the step of the byte before it"};
constexpr ScalarOutput kRatioVcrMax{"ratio_t8_t9_raw_vcr_max", "x",
                                    "Largest T8 VCR / T9 raw round-trip ratio over the sizes"};
constexpr ScalarOutput kRatioP4First{"ratio_t8_t9_p4_first", "x",
                                     "T8 p4 / T9 p4 at the smallest size"};
constexpr ScalarOutput kRatioP4Last{"ratio_t8_t9_p4_last", "x",
                                    "T8 p4 / T9 p4 at the largest size"};
constexpr ScalarOutput kRatioP4Max{"ratio_t8_t9_p4_max", "x", "Largest T8 p4 / T9 p4 ratio"};
constexpr ScalarOutput kRatioP4Min{"ratio_t8_t9_p4_min", "x", "Smallest T8 p4 / T9 p4 ratio"};
constexpr ScalarOutput kT9RawLast{"t9_raw_throughput_last", "MB/s",
                                  "T9 raw throughput at the largest size"};
constexpr ScalarOutput kT9P4Last{"t9_p4_throughput_last", "MB/s",
                                 "T9 p4 throughput at the largest size"};
constexpr ScalarOutput kT9P4OverRaw{"t9_p4_over_raw_last", "x",
                                    "T9 p4 throughput over raw at the largest size"};
constexpr ScalarOutput kT8RawLast{"t8_raw_throughput_last", "MB/s",
                                  "T8 raw throughput at the largest size"};
constexpr ScalarOutput kT8VcrLast{"t8_vcr_throughput_last", "MB/s",
                                  "T8 VCR throughput at the largest size"};
constexpr ScalarOutput kT8P4Last{"t8_p4_throughput_last", "MB/s",
                                 "T8 p4 throughput at the largest size"};
constexpr ScalarOutput kT8VcrOverRaw{"t8_vcr_over_raw_last", "x",
                                     "T8 VCR throughput over raw at the largest size"};
constexpr ScalarOutput kT8P4OverVcr{"t8_p4_over_vcr_last", "x",
                                    "T8 p4 throughput over VCR at the largest size"};
constexpr ScalarOutput kCrossover{
    "c104_p4_crossover_bytes", "bytes",
    "Size above which the C104 loop's overhead exceeds p4's (0: never)"};
constexpr ScalarOutput kC104OverP4{
    "c104_over_p4_500_1000", "x",
    "Mean C104 overhead over p4 overhead for 500-1000-byte messages"};
constexpr ScalarOutput kC104MinRise{"c104_overhead_min_us", "us",
                                    "Smallest rise of the round trip via the C104"};

struct PingParams {
  std::vector<int> sizes;
  T805 t805;
  T9000 t9000;
  P4 p4;
};

ParamTable<PingParams> ping_params() {
  ParamTable<PingParams> t;
  t.add(&PingParams::sizes,
        number_param("sizes", "Message sizes")
            .unit("bytes").value(64).range(0, 65536).whole()
            .about("Bytes of the ping message; one point per size.")
            .max_items(64)
            .default_list({1, 4, 8, 16, 24, 31, 32, 33, 40, 48, 64, 96, 128,
                           192, 256, 384, 512, 600, 768, 1024, 1536, 2048, 4096, 8192, 16384}))
      .include(&PingParams::t805, transputer::t805_table().without("t805_fp_cycles"))
      .include(&PingParams::t9000, transputer::t9000_table().without("t9000_fp_cycles"))
      .include(&PingParams::p4, transputer::p4_table());
  return t;
}

// One ping: a message from transputer 0 to 1 and the same back; the round trip ends when the
// reply is in the first process's hands.
class Ping {
 public:
  Ping(const PingParams& p, const Variant& v, int bytes)
      : rig_(p.t805, p.t9000, p.p4, v.t9000, v.c104) {
    auto back_ready = std::make_shared<Time>(0);
    rig_.message(v.layer, 0, 1, bytes, 0, std::make_shared<Time>(0),
                 [this, layer = v.layer, bytes, back_ready](Time d) {
                   rig_.message(layer, 1, 0, bytes, d, back_ready,
                                [this](Time d2) { rtt_ = d2; }, [](Time) {});
                 },
                 [back_ready](Time f) { *back_ready = f; });
  }
  // One event; true once the round trip is over.
  bool step() { return rig_.step(); }
  double rtt_us() const { return rtt_ / 1000.0; }

 private:
  Rig rig_;
  Time rtt_ = 0;
};

// What a size gives the combine, which knows the size from the plan.
struct PingRecord {
  std::vector<double> rtt_us;  // per variant, in kVariants' order
};

const RecordTable<PingRecord>& ping_record() {
  static const RecordTable<PingRecord> table = RecordTable<PingRecord>().add(&PingRecord::rtt_us);
  return table;
}

// One size: every variant's round trip.
class PingPoint final : public RecordPoint<PingRecord> {
 public:
  PingPoint(PingParams p, int bytes)
      : RecordPoint(ping_record()), p_(std::move(p)), bytes_(bytes) {
    start();
  }

  // One unit is one event of a ping.
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && !finished(); ++i) {
      if (!ping_->step()) continue;
      record_.rtt_us.push_back(ping_->rtt_us());
      if (record_.rtt_us.size() < kVariants.size()) start();
      else finish(record_);
    }
    return finished();
  }
  double progress() const override {
    return static_cast<double>(record_.rtt_us.size()) / static_cast<double>(kVariants.size());
  }

 private:
  void start() { ping_ = std::make_unique<Ping>(p_, kVariants[record_.rtt_us.size()], bytes_); }

  PingParams p_;
  int bytes_;
  std::unique_ptr<Ping> ping_;
  PingRecord record_;
};

// Linear interpolation of the size where `a - b` first turns positive; 0 if it never does.
double crossover(const std::vector<double>& x, const std::vector<double>& a,
                 const std::vector<double>& b) {
  for (std::size_t i = 1; i < x.size(); ++i) {
    const double d0 = a[i - 1] - b[i - 1], d1 = a[i] - b[i];
    if (d0 <= 0 && d1 > 0) return x[i - 1] + (x[i] - x[i - 1]) * (-d0) / (d1 - d0);
  }
  return 0;
}

Result combine_ping(const PingParams& p, const std::vector<PointRecord<PingRecord>>& finished) {
  Result r;
  std::vector<double> x;
  std::vector<std::vector<double>> rtt(kVariants.size());
  for (const PointRecord<PingRecord>& f : finished) {
    if (f.record.rtt_us.size() != kVariants.size()) {
      throw std::invalid_argument("partial " + std::to_string(f.point) + ": " +
                                  std::to_string(f.record.rtt_us.size()) + " round trips, not " +
                                  std::to_string(kVariants.size()) + " (one per variant)");
    }
    x.push_back(p.sizes.at(f.point));
    for (std::size_t v = 0; v < kVariants.size(); ++v) rtt[v].push_back(f.record.rtt_us[v]);
  }
  auto of = [&](const char* key) -> const std::vector<double>& {
    for (std::size_t v = 0; v < kVariants.size(); ++v) {
      if (std::string(kVariants[v].key) == key) return rtt[v];
    }
    return rtt[0];
  };
  std::vector<std::vector<double>> tput(kVariants.size());
  for (std::size_t v = 0; v < kVariants.size(); ++v) {
    Series s = kRtt({kVariants[v].key}, kVariants[v].label, "message size", "bytes",
                    "round trip");
    // One variant in the round-trip and throughput charts (one colour in each).
    s.key = kVariants[v].key;
    s.x = x;
    s.y = rtt[v];
    r.series.push_back(s);
    Series t = kThroughput({kVariants[v].key}, kVariants[v].label, "message size", "bytes",
                           "throughput");
    t.key = s.key;
    t.x = x;
    for (std::size_t i = 0; i < x.size(); ++i) t.y.push_back(x[i] / (rtt[v][i] / 2));
    tput[v] = t.y;
    r.series.push_back(t);
  }
  auto derived = [&](const SeriesOutput& out, const char* label, const char* y_name, auto f) {
    Series s = out(label, "message size", "bytes", y_name);
    s.x = x;
    for (std::size_t i = 0; i < x.size(); ++i) s.y.push_back(f(i));
    r.series.push_back(s);
    return s.y;
  };
  const auto ratio_vcr =
      derived(kRatioVcr, "T8 VCR / T9 raw", "round trip ratio",
              [&](std::size_t i) { return of("t8_vcr")[i] / of("t9_raw")[i]; });
  const auto ratio_p4 = derived(kRatioP4, "T8 p4 / T9 p4", "round trip ratio",
                                [&](std::size_t i) { return of("t8_p4")[i] / of("t9_p4")[i]; });
  const auto c104 =
      derived(kC104Overhead, "C104 loop - direct (raw)", "overhead",
              [&](std::size_t i) { return of("t9_raw_c104")[i] - of("t9_raw")[i]; });
  const auto p4 = derived(kP4Overhead, "p4 - raw (direct)", "overhead",
                          [&](std::size_t i) { return of("t9_p4")[i] - of("t9_raw")[i]; });

  r.scalars.push_back(kT9Limit(transputer::ds_limit_mb_s(p.t9000)));
  r.scalars.push_back(kT8Limit(transputer::os_limit_mb_s(p.t805)));
  if (x.empty()) return r;
  const std::size_t last = x.size() - 1;
  auto index_of = [&](double size) -> int {
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (x[i] == size) return static_cast<int>(i);
    }
    return -1;
  };
  auto add = [&](const ScalarOutput& out, double value) { r.scalars.push_back(out(value)); };
  const int full = index_of(p.t9000.packet_bytes);
  const int over = index_of(p.t9000.packet_bytes + 1);
  const int under = index_of(p.t9000.packet_bytes - 1);
  if (full >= 0 && over >= 0 && under >= 0) {
    const auto& raw = of("t9_raw");
    add(kT9RawStep, raw[over] - raw[full]);
    add(kT9RawStepRatio, (raw[over] - raw[full]) / (raw[full] - raw[under]));
  }
  add(kRatioVcrMax, *std::max_element(ratio_vcr.begin(), ratio_vcr.end()));
  add(kRatioP4First, ratio_p4.front());
  add(kRatioP4Last, ratio_p4[last]);
  add(kRatioP4Max, *std::max_element(ratio_p4.begin(), ratio_p4.end()));
  add(kRatioP4Min, *std::min_element(ratio_p4.begin(), ratio_p4.end()));
  auto tp = [&](const char* key) { return of(key).empty() ? 0.0 : x[last] / (of(key)[last] / 2); };
  add(kT9RawLast, tp("t9_raw"));
  add(kT9P4Last, tp("t9_p4"));
  add(kT9P4OverRaw, tp("t9_p4") / tp("t9_raw"));
  add(kT8RawLast, tp("t8_raw"));
  add(kT8VcrLast, tp("t8_vcr"));
  add(kT8P4Last, tp("t8_p4"));
  add(kT8VcrOverRaw, tp("t8_vcr") / tp("t8_raw"));
  add(kT8P4OverVcr, tp("t8_p4") / tp("t8_vcr"));
  add(kCrossover, crossover(x, c104, p4));
  double sum = 0;
  int n = 0;
  double min_rise = 1e300;
  for (std::size_t i = 0; i < x.size(); ++i) {
    min_rise = std::min(min_rise, c104[i]);
    if (x[i] < 500 || x[i] > 1000) continue;
    sum += c104[i] / p4[i];
    ++n;
  }
  if (n > 0) {
    add(kC104OverP4, sum / n);
  }
  add(kC104MinRise, min_rise);
  return r;
}


std::vector<OutputSpec> ping_outputs() {
  return {kT9Limit,     kT8Limit,      kT9RawStep,  kT9RawStepRatio, kRatioVcrMax,
          kRatioP4First, kRatioP4Last, kRatioP4Max, kRatioP4Min,     kT9RawLast,
          kT9P4Last,    kT9P4OverRaw,  kT8RawLast,  kT8VcrLast,      kT8P4Last,
          kT8VcrOverRaw, kT8P4OverVcr, kCrossover,  kC104OverP4,     kC104MinRise,
          kRtt,         kThroughput,   kRatioVcr,   kRatioP4,        kC104Overhead,
          kP4Overhead};
}

}  // namespace

ModelInfo transputer_ping_info() {
  return model_entry("transputer_ping", ping_params())
      .title("Transputer ping: T805 and T9000, raw, VCR, p4, C104")
      .about("Round trip of a message between two transputers and back against its size: T9000 "
             "raw, raw + a 32-byte header, p4 (directly and through a C104 loop); T805 raw, VCR "
             "and p4.")
      .citation(kCitation)
      .outputs(ping_outputs())
      .machine([](const PingParams&) {
        return std::vector<NetworkMap>{describe_network(RouterNetwork(loop_spec(0)), "network",
                                                     "C104 network")};
      })
      .sweep(
          [](const PingParams& p) {
            std::vector<double> w;
            for (const int s : p.sizes) w.push_back(1.0 + s / 64.0);
            return w;
          },
          [](const PingParams& p, Rng, std::size_t i) -> std::unique_ptr<Model> {
            return std::make_unique<PingPoint>(p, p.sizes[i]);
          },
          ping_record(), combine_ping);
}

}  // namespace archex
