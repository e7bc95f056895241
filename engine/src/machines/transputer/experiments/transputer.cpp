#include "machines/transputer/experiments/transputer.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/param_table.h"
#include "core/sweep.h"
#include "network/topologies/describe.h"
#include "machines/transputer/machine.h"
#include "machines/transputer/programs/mandelbrot.h"

namespace archex {

namespace {

using transputer::At;
using transputer::Cpu;
using transputer::Events;
using transputer::Mandelbrot;
using transputer::P4;
using transputer::T805;
using transputer::T805Net;
using transputer::T9000;
using transputer::T9000Net;
using transputer::Time;
using transputer::Transport;

constexpr const char* kCitation =
    "S. J. Turner, A. Back, A T9000 implementation of the p4 parallel programming model "
    "(University of Exeter, 1994), sec. 4";

Series series(std::string name, std::string label, std::string x_name, std::string x_unit,
              std::string y_name, std::string y_unit) {
  Series s;
  s.name = std::move(name);
  s.label = std::move(label);
  s.x_name = std::move(x_name);
  s.x_unit = std::move(x_unit);
  s.y_name = std::move(y_name);
  s.y_unit = std::move(y_unit);
  return s;
}

// ---- Figs. 2-7: ping between two transputers ---------------------------------------------------

enum class Layer { kRaw, kRaw32, kVcr, kP4 };

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

struct PingParams {
  std::vector<int> sizes;
  T805 t805;
  T9000 t9000;
  P4 p4;
};

ParamTable<PingParams> ping_params() {
  ParamTable<PingParams> t;
  t.add(&PingParams::sizes,
        list_spec(number_param("sizes", "Message sizes")
                      .unit("bytes").value(64).range(0, 65536).whole()
                      .about("Bytes of the ping message; one point per size."),
                  64,
                  {1,   4,   8,   16,  24,  31,   32,   33,   40,   48,   64,   96,    128,
                   192, 256, 384, 512, 600, 768,  1024, 1536, 2048, 4096, 8192, 16384}))
      .include(&PingParams::t805, transputer::t805_table().without("t805_fp_cycles"))
      .include(&PingParams::t9000, transputer::t9000_table().without("t9000_fp_cycles"))
      .include(&PingParams::p4, transputer::p4_table());
  return t;
}

// One ping: a message from transputer 0 to 1 and the same back; the round trip ends when the
// reply is in the first process's hands.
class Ping {
 public:
  Ping(const PingParams& p, const Variant& v, int bytes) : p_(p), v_(v), bytes_(bytes) {
    if (v.t9000) {
      auto topo = std::make_shared<const RouterNetwork>(v.c104 ? loop_spec(0) : direct_link_spec());
      t9_ = std::make_unique<T9000Net>(p.t9000, topo, events_);
    } else {
      t8_ = std::make_unique<T805Net>(p.t805, 2, std::vector<std::pair<int, int>>{{0, 1}},
                                      events_);
    }
    auto back_ready = std::make_shared<Time>(0);
    message(0, 1, 0, std::make_shared<Time>(0),
            [this, back_ready](Time d) {
              message(1, 0, d, back_ready, [this](Time d2) { rtt_ = d2; }, [](Time) {});
            },
            [back_ready](Time f) { *back_ready = f; });
  }
  // One event; true once the round trip is over.
  bool step() { return !events_.step(); }
  double rtt_us() const { return rtt_ / 1000.0; }

 private:
  Transport& net() { return t9_ ? static_cast<Transport&>(*t9_) : *t8_; }
  void message(int src, int dst, Time t, std::shared_ptr<Time> ready, At delivered, At free) {
    switch (v_.layer) {
      case Layer::kRaw:
        if (t9_) {
          t9_->send(src, dst, bytes_, t, ready, delivered, free);
        } else {
          t8_->raw(src, dst, bytes_, t, ready, delivered, free);
        }
        return;
      case Layer::kRaw32: {
        // The header as a separate raw message; the data is input once it has been taken.
        auto header_in = std::make_shared<Time>(0);
        net().send(src, dst, p_.p4.header_bytes, t, ready,
                   [header_in](Time d) { *header_in = d; },
                   [this, src, dst, header_in, delivered, free](Time f) {
                     net().send(src, dst, bytes_, f, header_in, delivered, free);
                   });
        return;
      }
      case Layer::kVcr:
        t8_->send(src, dst, bytes_, t, ready, delivered, free);
        return;
      case Layer::kP4:
        transputer::p4_send(net(), p_.p4, src, dst, bytes_, t, delivered, free);
        return;
    }
  }

  const PingParams& p_;
  const Variant& v_;
  int bytes_;
  Events events_;
  std::unique_ptr<T805Net> t8_;
  std::unique_ptr<T9000Net> t9_;
  Time rtt_ = 0;
};

// One size: every variant's round trip.
class PingPoint final : public Model {
 public:
  PingPoint(PingParams p, int bytes) : p_(std::move(p)), bytes_(bytes) { start(); }

  // One unit is one event of a ping.
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && variant_ < kVariants.size(); ++i) {
      if (!ping_->step()) continue;
      const Variant& v = kVariants[variant_];
      result_.scalars.push_back(
          {std::string("rtt_us_") + v.key, ping_->rtt_us(), "us", v.label});
      ++variant_;
      if (variant_ < kVariants.size()) start();
    }
    return variant_ >= kVariants.size();
  }
  double progress() const override {
    return static_cast<double>(variant_) / static_cast<double>(kVariants.size());
  }
  Result result() const override { return result_; }

 private:
  void start() { ping_ = std::make_unique<Ping>(p_, kVariants[variant_], bytes_); }

  PingParams p_;
  int bytes_;
  std::size_t variant_ = 0;
  std::unique_ptr<Ping> ping_;
  Result result_;
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

Result combine_ping(const PingParams& p, const std::vector<PointResult>& parts) {
  Result r;
  std::vector<double> x;
  std::vector<std::vector<double>> rtt(kVariants.size());
  for (const PointResult& part : parts) {
    x.push_back(p.sizes[part.point]);
    for (std::size_t v = 0; v < kVariants.size(); ++v) {
      rtt[v].push_back(part.result.scalar(std::string("rtt_us_") + kVariants[v].key));
    }
  }
  auto of = [&](const char* key) -> const std::vector<double>& {
    for (std::size_t v = 0; v < kVariants.size(); ++v) {
      if (std::string(kVariants[v].key) == key) return rtt[v];
    }
    return rtt[0];
  };
  std::vector<std::vector<double>> tput(kVariants.size());
  for (std::size_t v = 0; v < kVariants.size(); ++v) {
    Series s = series(std::string("rtt_us_") + kVariants[v].key, kVariants[v].label,
                      "message size", "bytes", "round trip", "us");
    // One variant in the round-trip and throughput charts (one colour in each).
    s.key = kVariants[v].key;
    s.x = x;
    s.y = rtt[v];
    r.series.push_back(s);
    Series t = series(std::string("throughput_mb_s_") + kVariants[v].key, kVariants[v].label,
                      "message size", "bytes", "throughput", "MB/s");
    t.key = s.key;
    t.x = x;
    for (std::size_t i = 0; i < x.size(); ++i) t.y.push_back(x[i] / (rtt[v][i] / 2));
    tput[v] = t.y;
    r.series.push_back(t);
  }
  auto derived = [&](const char* name, const char* label, const char* y_name, const char* unit,
                     auto f) {
    Series s = series(name, label, "message size", "bytes", y_name, unit);
    s.x = x;
    for (std::size_t i = 0; i < x.size(); ++i) s.y.push_back(f(i));
    r.series.push_back(s);
    return s.y;
  };
  const auto ratio_vcr = derived("ratio_t8_t9_raw_vcr", "T8 VCR / T9 raw", "round trip ratio",
                                 "x", [&](std::size_t i) { return of("t8_vcr")[i] / of("t9_raw")[i]; });
  const auto ratio_p4 = derived("ratio_t8_t9_p4", "T8 p4 / T9 p4", "round trip ratio", "x",
                                [&](std::size_t i) { return of("t8_p4")[i] / of("t9_p4")[i]; });
  const auto c104 = derived("c104_overhead_us", "C104 loop - direct (raw)", "overhead", "us",
                            [&](std::size_t i) { return of("t9_raw_c104")[i] - of("t9_raw")[i]; });
  const auto p4 = derived("p4_overhead_us", "p4 - raw (direct)", "overhead", "us",
                          [&](std::size_t i) { return of("t9_p4")[i] - of("t9_raw")[i]; });

  r.scalars.push_back({"t9_link_limit_mb_s", transputer::ds_limit_mb_s(p.t9000)});
  r.scalars.push_back({"t8_link_limit_mb_s", transputer::os_limit_mb_s(p.t805)});
  if (x.empty()) return r;
  const std::size_t last = x.size() - 1;
  auto index_of = [&](double size) -> int {
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (x[i] == size) return static_cast<int>(i);
    }
    return -1;
  };
  auto add = [&](const char* name, double value, const char* unit, const char* what) {
    r.scalars.push_back({name, value, unit, what});
  };
  const int full = index_of(p.t9000.packet_bytes);
  const int over = index_of(p.t9000.packet_bytes + 1);
  const int under = index_of(p.t9000.packet_bytes - 1);
  if (full >= 0 && over >= 0 && under >= 0) {
    const auto& raw = of("t9_raw");
    add("t9_raw_step_us", raw[over] - raw[full], "us",
        "T9 raw: round trip one byte past a full packet minus a full packet's");
    add("t9_raw_step_ratio", (raw[over] - raw[full]) / (raw[full] - raw[under]), "x",
        "T9 raw: the step past a full packet over the step of the byte before it");
  }
  add("ratio_t8_t9_raw_vcr_max", *std::max_element(ratio_vcr.begin(), ratio_vcr.end()), "x",
      "Largest T8 VCR / T9 raw round-trip ratio over the sizes");
  add("ratio_t8_t9_p4_first", ratio_p4.front(), "x", "T8 p4 / T9 p4 at the smallest size");
  add("ratio_t8_t9_p4_last", ratio_p4[last], "x", "T8 p4 / T9 p4 at the largest size");
  add("ratio_t8_t9_p4_max", *std::max_element(ratio_p4.begin(), ratio_p4.end()), "x",
      "Largest T8 p4 / T9 p4 ratio");
  add("ratio_t8_t9_p4_min", *std::min_element(ratio_p4.begin(), ratio_p4.end()), "x",
      "Smallest T8 p4 / T9 p4 ratio");
  auto tp = [&](const char* key) { return of(key).empty() ? 0.0 : x[last] / (of(key)[last] / 2); };
  add("t9_raw_throughput_last", tp("t9_raw"), "MB/s", "T9 raw throughput at the largest size");
  add("t9_p4_throughput_last", tp("t9_p4"), "MB/s", "T9 p4 throughput at the largest size");
  add("t9_p4_over_raw_last", tp("t9_p4") / tp("t9_raw"), "x",
      "T9 p4 throughput over raw at the largest size");
  add("t8_raw_throughput_last", tp("t8_raw"), "MB/s", "T8 raw throughput at the largest size");
  add("t8_vcr_throughput_last", tp("t8_vcr"), "MB/s", "T8 VCR throughput at the largest size");
  add("t8_p4_throughput_last", tp("t8_p4"), "MB/s", "T8 p4 throughput at the largest size");
  add("t8_vcr_over_raw_last", tp("t8_vcr") / tp("t8_raw"), "x",
      "T8 VCR throughput over raw at the largest size");
  add("t8_p4_over_vcr_last", tp("t8_p4") / tp("t8_vcr"), "x",
      "T8 p4 throughput over VCR at the largest size");
  add("c104_p4_crossover_bytes", crossover(x, c104, p4), "bytes",
      "Size above which the C104 loop's overhead exceeds p4's (0: never)");
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
    add("c104_over_p4_500_1000", sum / n, "x",
        "Mean C104 overhead over p4 overhead for 500-1000-byte messages");
  }
  add("c104_overhead_min_us", min_rise, "us", "Smallest rise of the round trip via the C104");
  return r;
}

// ---- Tables 1 and 2: the sequential Mandelbrot set ---------------------------------------------

// A processor's inner loop per iteration: Table 1 (integer and floating-point instructions of
// the double-precision version) and Table 2 (instructions of the integer version).
struct Loop {
  double fp_int;
  double fp_fp;
  double int_instr;
};

ParamTable<Loop> loop_table(const std::string& key, const std::string& name, double fp_int,
                            double fp_fp, double int_instr) {
  auto count = [&](const std::string& suffix, const std::string& label, double value,
                   const std::string& what) {
    ParamSpec s = number_param("", "")
                      .unit("instructions").value(value).range(0, 10000).whole()
                      .about("");
    s.name = key + suffix;
    s.label = name + " " + label;
    s.description = what;
    return s;
  };
  ParamTable<Loop> t;
  t.add(&Loop::fp_int, count("_fp_loop_int", "loop: integer instructions", fp_int,
                             "Integer instructions per iteration of the floating-point version's "
                             "inner loop (fp loads and stores counted here)."))
      .add(&Loop::fp_fp, count("_fp_loop_fp", "loop: floating-point instructions", fp_fp,
                               "Floating-point instructions per iteration of that loop."))
      .add(&Loop::int_instr, count("_int_loop", "integer version: instructions", int_instr,
                                   "Instructions per iteration of the integer version's loop."));
  return t;
}

struct Processor {
  const char* key;
  const char* label;
};

const std::vector<Processor> kProcessors = {{"t805", "25 MHz T805"},
                                            {"t9000", "20 MHz T9000"},
                                            {"t9000_50", "50 MHz T9000 (projected)"},
                                            {"i486", "66 MHz i486"},
                                            {"r4000", "100 MHz R4000"}};

struct SequentialParams {
  Mandelbrot image;
  Cpu t805, t9000, i486, r4000;
  double t9000_projected_mhz;
  Loop t805_loop, t9000_loop, i486_loop, r4000_loop;
};

ParamTable<SequentialParams> sequential_params() {
  ParamTable<SequentialParams> t;
  t.include(&SequentialParams::image, transputer::mandelbrot_table())
      .include(&SequentialParams::t805, transputer::t805_cpu_table())
      .include(&SequentialParams::t9000, transputer::t9000_cpu_table())
      .add(&SequentialParams::t9000_projected_mhz,
           number_param("t9000_projected_mhz", "Projected T9000 clock")
               .unit("MHz").value(50).range(1, 1000).step(1)
               .about("The clock of the projected production T9000 (Tables 1, 2, line 3)."))
      .include(&SequentialParams::i486, transputer::cpu_table("i486", "i486", 66, 5.562, 10))
      .include(&SequentialParams::r4000, transputer::cpu_table("r4000", "R4000", 100, 2.667, 4))
      .include(&SequentialParams::t805_loop, loop_table("t805", "T805", 39, 11, 65))
      .include(&SequentialParams::t9000_loop, loop_table("t9000", "T9000", 39, 11, 52))
      .include(&SequentialParams::i486_loop, loop_table("i486", "i486", 18, 11, 32))
      .include(&SequentialParams::r4000_loop, loop_table("r4000", "R4000", 8, 11, 32));
  return t;
}

// Cycles of one iteration of the floating-point and of the integer version.
double fp_cycles(const Cpu& c, const Loop& l) { return l.fp_int * c.int_cycles + l.fp_fp * c.fp_cycles; }
double int_cycles(const Cpu& c, const Loop& l) { return l.int_instr * c.int_cycles; }

class Sequential final : public Model {
 public:
  explicit Sequential(SequentialParams p) : p_(std::move(p)) {}

  // One unit is one row of the image, in both versions.
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && row_ < p_.image.height; ++i, ++row_) {
      fp_ += transputer::row_iterations(p_.image, row_, false);
      int_ += transputer::row_iterations(p_.image, row_, true);
    }
    return row_ >= p_.image.height;
  }
  double progress() const override { return static_cast<double>(row_) / p_.image.height; }

  Result result() const override {
    Result r;
    const double fp = static_cast<double>(fp_), in = static_cast<double>(int_);
    r.scalars.push_back({"iterations_fp", fp});
    r.scalars.push_back({"iterations_int", in});
    Cpu projected = p_.t9000;
    projected.clock_mhz = p_.t9000_projected_mhz;
    const std::vector<std::pair<Cpu, Loop>> rows = {{p_.t805, p_.t805_loop},
                                                    {p_.t9000, p_.t9000_loop},
                                                    {projected, p_.t9000_loop},
                                                    {p_.i486, p_.i486_loop},
                                                    {p_.r4000, p_.r4000_loop}};
    Series fp_time = series("fp_time_ms", "floating point (Table 1)", "processor", "",
                            "time", "ms");
    Series int_time = series("int_time_ms", "integer (Table 2)", "processor", "", "time", "ms");
    for (std::size_t k = 0; k < rows.size(); ++k) {
      const auto& [cpu, loop] = rows[k];
      const std::string key = kProcessors[k].key;
      const double t1 = cpu.cycles_ns(fp * fp_cycles(cpu, loop)) / 1e6;
      const double t2 = cpu.cycles_ns(in * int_cycles(cpu, loop)) / 1e6;
      r.scalars.push_back({"fp_time_ms_" + key, t1});
      r.scalars.push_back({"mflops_" + key, fp * loop.fp_fp / (t1 * 1e3)});
      r.scalars.push_back({"int_time_ms_" + key, t2});
      r.scalars.push_back({"mips_" + key, in * loop.int_instr / (t2 * 1e3)});
      for (Series* s : {&fp_time, &int_time}) {
        s->x.push_back(static_cast<double>(k));
        s->labels.push_back(kProcessors[k].label);
      }
      fp_time.y.push_back(t1);
      int_time.y.push_back(t2);
    }
    r.series = {fp_time, int_time};
    return r;
  }

 private:
  SequentialParams p_;
  int row_ = 0;
  std::int64_t fp_ = 0;
  std::int64_t int_ = 0;
};

// ---- Fig. 8: the Mandelbrot processor farm -----------------------------------------------------

struct FarmParams {
  std::vector<int> workers;
  int item_bytes;
  int result_bytes_per_pixel;
  Mandelbrot image;
  T805 t805;
  T9000 t9000;
  P4 p4;
  Loop t805_loop, t9000_loop;
};

ParamTable<FarmParams> farm_params() {
  std::vector<double> all;
  for (int w = 1; w <= 32; ++w) all.push_back(w);
  ParamTable<FarmParams> t;
  t.add(&FarmParams::workers,
        list_spec(number_param("workers", "Workers")
                      .unit("workers").value(8).range(1, 64).whole()
                      .about("Worker transputers besides the master; one run per count and "
                             "machine."),
                  64, all))
      .add(&FarmParams::item_bytes,
           number_param("item_bytes", "Work item")
               .unit("bytes").value(8).range(0, 65536).whole()
               .about("Bytes of a work item the master sends (the row to compute)."))
      .add(&FarmParams::result_bytes_per_pixel,
           number_param("result_bytes_per_pixel", "Result per pixel")
               .unit("bytes").value(1).range(0, 64).whole()
               .about("Bytes per pixel of the row a worker sends back."))
      .include(&FarmParams::image, transputer::mandelbrot_table().only(
                                       {"image_width", "image_height", "max_iterations"}))
      .include(&FarmParams::t805, transputer::t805_table())
      .include(&FarmParams::t9000, transputer::t9000_table())
      .include(&FarmParams::p4, transputer::p4_table())
      .include(&FarmParams::t805_loop, loop_table("t805", "T805", 39, 11, 65).only(
                                           {"t805_fp_loop_int", "t805_fp_loop_fp"}))
      .include(&FarmParams::t9000_loop, loop_table("t9000", "T9000", 39, 11, 52).only(
                                            {"t9000_fp_loop_int", "t9000_fp_loop_fp"}));
  return t;
}

const std::string kFarmKeys[] = {"t805", "t9000"};

// The master (transputer 0) farms rows to the workers over p4, two to each at first (one to
// compute, one buffered); each result brings that worker its next row. A worker computes at low
// priority; the high-priority communication software on its transputer pushes it back.
class Farm {
 public:
  Farm(const FarmParams& p, bool t9000, int workers, std::vector<std::int64_t> rows)
      : p_(p), workers_(workers), rows_(std::move(rows)), state_(static_cast<std::size_t>(workers + 1)) {
    const Cpu& cpu = t9000 ? p.t9000.cpu : p.t805.cpu;
    const Loop& loop = t9000 ? p.t9000_loop : p.t805_loop;
    iteration_ns_ = cpu.cycles_ns(fp_cycles(cpu, loop));
    if (t9000) {
      auto t9 = std::make_unique<T9000Net>(p.t9000, transputer::c104_network(workers + 1, 0),
                                           events_);
      nodes_ = &t9->nodes();
      net_ = std::move(t9);
    } else {
      // The master's four links lead to four workers; each worker links to up to three more.
      std::vector<std::pair<int, int>> links;
      for (int w = 1; w <= workers; ++w) links.push_back({w <= 4 ? 0 : (w - 5) / 3 + 1, w});
      auto t8 = std::make_unique<T805Net>(p.t805, workers + 1, links, events_);
      nodes_ = &t8->nodes();
      net_ = std::move(t8);
    }
    nodes_->on_software = [this](int node, Time start, double ns) { preempt(node, start, ns); };
    for (int round = 0; round < 2; ++round) {
      for (int w = 1; w <= workers && next_ < static_cast<int>(rows_.size()); ++w) {
        todo_.push_back({w, next_++});
      }
    }
    master_next(0);
  }

  // One event; true once every row is back at the master.
  bool step() { return !events_.step(); }
  double time_ms() const { return end_ / 1e6; }
  std::vector<double> work_rates() const {
    std::vector<double> w;
    for (int k = 1; k <= workers_; ++k) w.push_back(state_[static_cast<std::size_t>(k)].computed / end_);
    return w;
  }

 private:
  struct Worker {
    std::deque<int> inbox;
    bool busy = false;
    Time compute_end = -1;
    double computed = 0;
  };

  void master_next(Time t) {
    if (todo_.empty()) {
      master_idle_ = true;
      return;
    }
    master_idle_ = false;
    const auto [w, row] = todo_.front();
    todo_.pop_front();
    transputer::p4_send(*net_, p_.p4, 0, w, p_.item_bytes, t,
                        [this, w = w, row = row](Time d) { arrive(w, row, d); },
                        [this](Time f) { master_next(f); });
  }

  void arrive(int w, int row, Time t) {
    Worker& k = state_[static_cast<std::size_t>(w)];
    k.inbox.push_back(row);
    if (!k.busy) events_.at(t, [this, w, t] { compute(w, t); });
  }

  void compute(int w, Time t) {
    Worker& k = state_[static_cast<std::size_t>(w)];
    if (k.busy || k.inbox.empty()) return;
    const int row = k.inbox.front();
    k.inbox.pop_front();
    k.busy = true;
    const double ns = static_cast<double>(rows_[static_cast<std::size_t>(row)]) * iteration_ns_;
    k.computed += ns;
    k.compute_end = t + ns;
    schedule_end(w);
  }

  // The computation's end, checked when it comes: communication software that ran meanwhile
  // has pushed it back.
  void schedule_end(int w) {
    events_.at(state_[static_cast<std::size_t>(w)].compute_end, [this, w] {
      Worker& k = state_[static_cast<std::size_t>(w)];
      if (events_.now() < k.compute_end) {
        schedule_end(w);
        return;
      }
      k.compute_end = -1;
      const Time done = events_.now();
      transputer::p4_send(
          *net_, p_.p4, w, 0, p_.result_bytes_per_pixel * p_.image.width, done,
          [this, w](Time d) { result(w, d); },
          [this, w](Time f) {
            state_[static_cast<std::size_t>(w)].busy = false;
            events_.at(f, [this, w, f] { compute(w, f); });
          });
    });
  }

  // Communication software runs at high priority: a computation under way waits for it.
  void preempt(int node, Time start, double ns) {
    if (node == 0) return;
    Worker& k = state_[static_cast<std::size_t>(node)];
    if (k.busy && k.compute_end >= 0 && start < k.compute_end) k.compute_end += ns;
  }

  void result(int w, Time t) {
    ++results_;
    if (results_ == static_cast<int>(rows_.size())) end_ = t;
    if (next_ < static_cast<int>(rows_.size())) todo_.push_back({w, next_++});
    if (master_idle_) events_.at(t, [this, t] { if (master_idle_) master_next(t); });
  }

  const FarmParams& p_;
  int workers_;
  std::vector<std::int64_t> rows_;
  std::vector<Worker> state_;
  double iteration_ns_ = 0;
  Events events_;
  std::unique_ptr<Transport> net_;
  transputer::Nodes* nodes_ = nullptr;
  std::deque<std::pair<int, int>> todo_;
  bool master_idle_ = false;
  int next_ = 0;
  int results_ = 0;
  Time end_ = 0;
};

// Worker counts per sweep point: the points share the image's rows, which each point counts
// again, so a few points of several counts each spread over the cores at little extra work.
constexpr std::size_t kFarmPoints = 8;

std::size_t farm_chunk(const FarmParams& p) {
  return (p.workers.size() + kFarmPoints - 1) / kFarmPoints;
}

// Some worker counts: the rows' iterations (one unit per row), then the farm on the T805 and on
// the T9000 for each count (one unit per event).
class FarmPoint final : public Model {
 public:
  FarmPoint(FarmParams p, std::size_t first, std::size_t last)
      : p_(std::move(p)), first_(first), last_(last), at_(first) {
    for (int m = 0; m < 2; ++m) {
      times_[m] = series("farm_time_ms_" + kFarmKeys[m], "", "workers", "", "execution time", "ms");
    }
  }

  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && at_ < last_; ++i) {
      if (static_cast<int>(rows_.size()) < p_.image.height) {
        rows_.push_back(
            transputer::row_iterations(p_.image, static_cast<int>(rows_.size()), false));
        continue;
      }
      const int workers = p_.workers[at_];
      if (!farm_) farm_ = std::make_unique<Farm>(p_, machine_ == 1, workers, rows_);
      if (!farm_->step()) continue;
      times_[machine_].x.push_back(workers);
      times_[machine_].y.push_back(farm_->time_ms());
      Series w = series("work_rates_" + kFarmKeys[machine_] + "_" + std::to_string(workers), "",
                        "worker", "index", "work rate", "fraction");
      w.y = farm_->work_rates();
      for (std::size_t k = 0; k < w.y.size(); ++k) w.x.push_back(static_cast<double>(k + 1));
      rates_.push_back(std::move(w));
      farm_.reset();
      if (++machine_ == 2) {
        machine_ = 0;
        ++at_;
      }
    }
    return at_ >= last_;
  }
  double progress() const override {
    const double rows = static_cast<double>(rows_.size()) / p_.image.height;
    const double runs = static_cast<double>(2 * (at_ - first_) + machine_) /
                        static_cast<double>(2 * (last_ - first_));
    return 0.2 * rows + 0.8 * runs;
  }
  Result result() const override {
    Result r;
    double iterations = 0;
    for (const std::int64_t n : rows_) iterations += static_cast<double>(n);
    r.scalars.push_back({"iterations", iterations});
    r.series = rates_;
    r.series.push_back(times_[0]);
    r.series.push_back(times_[1]);
    return r;
  }

 private:
  FarmParams p_;
  std::size_t first_, last_, at_;
  int machine_ = 0;
  std::vector<std::int64_t> rows_;
  std::unique_ptr<Farm> farm_;
  Series times_[2];
  std::vector<Series> rates_;
};

Result combine_farm(const FarmParams& p, const std::vector<PointResult>& parts) {
  Result r;
  const char* labels[] = {"T805", "T9000"};
  // The whole image on one processor, without the farm (every point counted its iterations).
  const double iterations = parts.empty() ? 0 : parts.front().result.scalar("iterations");
  const double sequential[] = {
      p.t805.cpu.cycles_ns(iterations * fp_cycles(p.t805.cpu, p.t805_loop)) / 1e6,
      p.t9000.cpu.cycles_ns(iterations * fp_cycles(p.t9000.cpu, p.t9000_loop)) / 1e6};
  Series time[2], speedup[2];
  for (int m = 0; m < 2; ++m) {
    time[m] = series("farm_time_ms_" + kFarmKeys[m], labels[m], "workers", "",
                     "execution time", "ms");
    speedup[m] = series("speedup_" + kFarmKeys[m], labels[m], "workers", "", "speedup", "x");
    time[m].key = speedup[m].key = kFarmKeys[m];
  }
  Series ratio = series("farm_ratio_t8_t9", "T805 / T9000", "workers", "", "time ratio", "x");
  int widest = 0;
  for (const PointResult& part : parts) {
    for (int m = 0; m < 2; ++m) {
      const Series& t = part.result.find_series("farm_time_ms_" + kFarmKeys[m]);
      for (std::size_t i = 0; i < t.x.size(); ++i) {
        time[m].x.push_back(t.x[i]);
        time[m].y.push_back(t.y[i]);
        speedup[m].x.push_back(t.x[i]);
        speedup[m].y.push_back(sequential[m] / t.y[i]);
      }
    }
    for (std::size_t i = ratio.x.size(); i < time[1].x.size(); ++i) {
      ratio.x.push_back(time[0].x[i]);
      ratio.y.push_back(time[0].y[i] / time[1].y[i]);
      widest = std::max(widest, static_cast<int>(time[0].x[i]));
    }
  }
  for (int m = 0; m < 2 && widest > 0; ++m) {
    for (const PointResult& part : parts) {
      for (const Series& s : part.result.series) {
        if (s.name != "work_rates_" + kFarmKeys[m] + "_" + std::to_string(widest)) continue;
        Series w = s;
        w.name = "work_rates_" + kFarmKeys[m];
        w.label = std::string(labels[m]) + ", " + std::to_string(widest) + " workers";
        r.series.push_back(w);
        break;
      }
    }
  }
  double sum = 0;
  for (const double x : ratio.y) sum += x;
  for (int m = 0; m < 2; ++m) {
    r.series.push_back(time[m]);
    r.series.push_back(speedup[m]);
    r.scalars.push_back({"sequential_ms_" + kFarmKeys[m], sequential[m], "ms",
                         std::string("Sequential time on the ") + labels[m]});
    if (!speedup[m].y.empty()) {
      r.scalars.push_back({"farm_speedup_" + kFarmKeys[m] + "_last", speedup[m].y.back(), "x",
                           std::string(labels[m]) + " speedup at the last worker count"});
    }
  }
  r.series.push_back(ratio);
  if (!ratio.y.empty()) {
    r.scalars.push_back({"farm_ratio_t8_t9", sum / static_cast<double>(ratio.y.size())});
  }
  r.scalars.push_back({"stack_workers", static_cast<double>(widest)});
  if (sequential[1] > 0) {
    r.scalars.push_back({"sequential_ratio_t8_t9", sequential[0] / sequential[1]});
  }
  return r;
}

std::vector<OutputSpec> ping_outputs() {
  return {
      scalar_output("t9_link_limit_mb_s", "MB/s",
                    "DS-link limit from the token accounting: full packets back to back"),
      scalar_output("t8_link_limit_mb_s", "MB/s",
                    "OS-link limit from the byte and acknowledge handshake"),
      scalar_output("t*_raw_step_us", "us",
                    "T9 raw: round trip one byte past a full packet minus a full packet's"),
      scalar_output("t*_raw_step_ratio", "x",
                    "T9 raw: the step past a full packet over the step of the byte before it"),
      scalar_output("ratio_t*_t*_raw_vcr_max", "x",
                    "Largest T8 VCR / T9 raw round-trip ratio over the sizes"),
      scalar_output("ratio_t*_t*_p*_first", "x", "T8 p4 / T9 p4 at the smallest size"),
      scalar_output("ratio_t*_t*_p*_last", "x", "T8 p4 / T9 p4 at the largest size"),
      scalar_output("ratio_t*_t*_p*_max", "x", "Largest T8 p4 / T9 p4 ratio"),
      scalar_output("ratio_t*_t*_p*_min", "x", "Smallest T8 p4 / T9 p4 ratio"),
      scalar_output("t*_raw_throughput_last", "MB/s", "T9 raw throughput at the largest size"),
      scalar_output("t*_p*_throughput_last", "MB/s", "T9 p4 throughput at the largest size"),
      scalar_output("t*_p*_over_raw_last", "x", "T9 p4 throughput over raw at the largest size"),
      scalar_output("t*_vcr_throughput_last", "MB/s", "T8 VCR throughput at the largest size"),
      scalar_output("t*_vcr_over_raw_last", "x", "T8 VCR throughput over raw at the largest size"),
      scalar_output("t*_p*_over_vcr_last", "x", "T8 p4 throughput over VCR at the largest size"),
      scalar_output("c*_p*_crossover_bytes", "bytes",
                    "Size above which the C104 loop's overhead exceeds p4's (N: never)"),
      scalar_output("c*_over_p*_*_*", "x",
                    "Mean C104 overhead over p4 overhead for N-N-byte messages"),
      scalar_output("c*_overhead_min_us", "us", "Smallest rise of the round trip via the C104"),
      series_output("rtt_us_t*_raw", "us", "round trip against message size"),
      series_output("throughput_mb_s_t*_raw", "MB/s", "throughput against message size"),
      series_output("rtt_us_t*_raw*", "us", "round trip against message size"),
      series_output("throughput_mb_s_t*_raw*", "MB/s", "throughput against message size"),
      series_output("rtt_us_t*_p*", "us", "round trip against message size"),
      series_output("throughput_mb_s_t*_p*", "MB/s", "throughput against message size"),
      series_output("rtt_us_t*_vcr", "us", "round trip against message size"),
      series_output("throughput_mb_s_t*_vcr", "MB/s", "throughput against message size"),
      series_output("rtt_us_t*_raw_c*", "us", "round trip against message size"),
      series_output("throughput_mb_s_t*_raw_c*", "MB/s", "throughput against message size"),
      series_output("rtt_us_t*_p*_c*", "us", "round trip against message size"),
      series_output("throughput_mb_s_t*_p*_c*", "MB/s", "throughput against message size"),
      series_output("ratio_t*_t*_raw_vcr", "x", "round trip ratio against message size"),
      series_output("ratio_t*_t*_p*", "x", "round trip ratio against message size"),
      series_output("c*_overhead_us", "us", "overhead against message size"),
      series_output("p*_overhead_us", "us", "overhead against message size"),
  };
}

std::vector<OutputSpec> sequential_outputs() {
  return {
      scalar_output("iterations_fp", "iterations",
                    "Inner-loop iterations of the double-precision version, all pixels"),
      scalar_output("iterations_int", "iterations",
                    "Inner-loop iterations of the integer (fixed-point) version"),
      scalar_output("fp_time_ms_*", "ms", "Table 1 time"),
      scalar_output("mflops_*", "Mflops", "Table 1: iterations x fp instructions / time"),
      scalar_output("int_time_ms_*", "ms", "Table 2 time"),
      scalar_output("mips_*", "Mips", "Table 2: iterations x instructions / time"),
      series_output("fp_time_ms", "ms", "time against processor"),
      series_output("int_time_ms", "ms", "time against processor"),
  };
}

std::vector<OutputSpec> farm_outputs() {
  return {
      scalar_output("sequential_ms_t*", "ms", "Sequential time on the T805"),
      scalar_output("farm_speedup_t*_last", "x", "T805 speedup at the last worker count"),
      scalar_output("farm_ratio_t8_t9", "x",
                    "T805 farm time over T9000's, mean over the worker counts"),
      scalar_output("stack_workers", "workers",
                    "Workers of the work-rate stacks (the largest count)"),
      scalar_output("sequential_ratio_t8_t9", "x", "T805 sequential time over T9000's"),
      series_output("work_rates_t*", "fraction", "work rate against worker"),
      series_output("farm_time_ms_t*", "ms", "execution time against workers"),
      series_output("speedup_t*", "x", "speedup against workers"),
      series_output("farm_ratio_t*_t*", "x", "time ratio against workers"),
  };
}

}  // namespace

ModelInfo transputer_ping_info() {
  return sweep_model_info<PingParams>(
      "transputer_ping", "Transputer ping: T805 and T9000, raw, VCR, p4, C104",
      "Round trip of a message between two transputers and back against its size: T9000 raw, "
      "raw + a 32-byte header, p4 (directly and through a C104 loop); T805 raw, VCR and p4.",
      kCitation, ping_params(), ping_outputs(),
      [](const PingParams&) {
        return std::vector<NetworkMap>{describe_network(RouterNetwork(loop_spec(0)), "network",
                                                     "C104 network")};
      },
      [](const PingParams& p) {
        std::vector<double> w;
        for (const int s : p.sizes) w.push_back(1.0 + s / 64.0);
        return w;
      },
      [](const PingParams& p, Rng, std::size_t i) -> std::unique_ptr<Model> {
        return std::make_unique<PingPoint>(p, p.sizes[i]);
      },
      combine_ping);
}

ModelInfo transputer_sequential_info() {
  return model_info<SequentialParams>(
      "transputer_sequential", "Sequential Mandelbrot set per processor",
      "Iterations of the Mandelbrot set counted pixel by pixel (double precision and fixed "
      "point), times each processor's cycles per iteration from its loop's instruction counts "
      "and its cycles per instruction class.",
      kCitation, sequential_params(), sequential_outputs(),
      // One processor at a time: no network.
      [](const SequentialParams&) { return std::vector<NetworkMap>{}; },
      [](const SequentialParams& p, Rng) {
        return std::make_unique<Sequential>(p);
      });
}

ModelInfo transputer_farm_info() {
  return sweep_model_info<FarmParams>(
      "transputer_farm", "Mandelbrot processor farm on T805 and T9000",
      "A master farms the image's rows to workers over p4 (T805: a tree of OS-links and the "
      "VCR; T9000: DS-links through C104s), each worker keeping one row buffered; execution "
      "time, speedup and the workers' work rates against the number of workers.",
      kCitation, farm_params(), farm_outputs(),
      [](const FarmParams& p) {
        const int workers = *std::max_element(p.workers.begin(), p.workers.end());
        return std::vector<NetworkMap>{describe_network(*transputer::c104_network(workers + 1, 0),
                                                     "network", "C104 network")};
      },
      [](const FarmParams& p) {
        std::vector<double> w;
        const std::size_t chunk = farm_chunk(p);
        for (std::size_t first = 0; first < p.workers.size(); first += chunk) {
          double sum = 0;
          for (std::size_t i = first; i < std::min(p.workers.size(), first + chunk); ++i) {
            sum += 1 + p.workers[i] / 32.0;
          }
          w.push_back(sum);
        }
        return w;
      },
      [](const FarmParams& p, Rng, std::size_t i) -> std::unique_ptr<Model> {
        const std::size_t chunk = farm_chunk(p);
        return std::make_unique<FarmPoint>(p, i * chunk,
                                           std::min(p.workers.size(), (i + 1) * chunk));
      },
      combine_farm);
}

}  // namespace archex
