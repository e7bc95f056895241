#include "machines/transputer/experiments/logp.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/logp.h"
#include "core/param_table.h"
#include "network/topologies/describe.h"
#include "machines/transputer/costs.h"
#include "machines/transputer/rig.h"

namespace archex {

namespace {

using transputer::At;
using transputer::Layer;
using transputer::P4;
using transputer::Rig;
using transputer::T805;
using transputer::T9000;
using transputer::Time;

struct Params {
  LogpBench bench;
  T805 t805;
  T9000 t9000;
  P4 p4;
};

ParamTable<Params> params() {
  ParamTable<Params> t;
  t.include(&Params::bench, logp_bench_table({1, 4, 16, 32, 64, 256, 1024, 4096, 16384}))
      .include(&Params::t805, transputer::t805_table().without("t805_fp_cycles"))
      .include(&Params::t9000, transputer::t9000_table().without("t9000_fp_cycles"))
      .include(&Params::p4, transputer::p4_table());
  return t;
}

// The rig (rig.h) with a target's message layer: raw channels or p4.
class Pair {
 public:
  Pair(const Params& p, bool t9000, bool p4)
      : rig_(p.t805, p.t9000, p.p4, t9000, false), layer_(p4 ? Layer::kP4 : Layer::kRaw) {}
  void message(int src, int dst, int bytes, Time t, std::shared_ptr<Time> ready, At delivered,
               At free) {
    rig_.message(layer_, src, dst, bytes, t, std::move(ready), std::move(delivered),
                 std::move(free));
  }
  bool step() { return rig_.step(); }
  double busy_us(int node) const { return rig_.busy_us(node); }

 private:
  Rig rig_;
  Layer layer_;
};

// Transputer 0 sends to 1, which sends the same back once it has it.
class Ping final : public LogpRun {
 public:
  Ping(const Params& p, bool t9000, bool p4, int bytes) : pair_(p, t9000, p4) {
    auto back_ready = std::make_shared<Time>(0);
    pair_.message(
        0, 1, bytes, 0, std::make_shared<Time>(0),
        [this, bytes, back_ready](Time d) {
          pair_.message(1, 0, bytes, d, back_ready, [this](Time d2) { rtt_ = d2; },
                        [](Time) {});
        },
        [back_ready](Time f) { *back_ready = f; });
  }
  bool step() override { return pair_.step(); }
  LogpMeasure measure() const override {
    LogpMeasure m;
    m.round_trip_us = rtt_ / 1000.0;
    return m;
  }

 private:
  Pair pair_;
  Time rtt_ = 0;
};

// Transputer 0 sends `count` messages, each as soon as the previous one lets its process go on;
// transputer 1's process takes each as soon as it has the one before.
class Burst final : public LogpRun {
 public:
  Burst(const Params& p, bool t9000, bool p4, int bytes, int count)
      : pair_(p, t9000, p4), bytes_(bytes), count_(count), ready_(std::make_shared<Time>(0)) {
    next(0);
  }
  bool step() override { return pair_.step(); }
  LogpMeasure measure() const override {
    LogpMeasure m;
    m.delivered_us = delivered_;
    m.send_busy_us = pair_.busy_us(0);
    m.recv_busy_us = pair_.busy_us(1);
    return m;
  }

 private:
  void next(Time t) {
    if (sent_++ == count_) return;
    pair_.message(
        0, 1, bytes_, t, ready_,
        [this](Time d) {
          *ready_ = d;
          delivered_.push_back(d / 1000.0);
        },
        [this](Time f) { next(f); });
  }

  Pair pair_;
  int bytes_;
  int count_;
  int sent_ = 0;
  std::shared_ptr<Time> ready_;
  std::vector<double> delivered_;
};

LogpTarget target(const Params& p, const char* key, const char* label, bool t9000, bool p4) {
  LogpTarget t;
  t.key = key;
  t.label = label;
  t.clock_mhz = t9000 ? p.t9000.cpu.clock_mhz : p.t805.cpu.clock_mhz;
  // The runs read the parameters the model holds, which outlive them.
  auto held = std::make_shared<const Params>(p);
  t.ping = [held, t9000, p4](int bytes) {
    return std::unique_ptr<LogpRun>(new Ping(*held, t9000, p4, bytes));
  };
  t.burst = [held, t9000, p4](int bytes, int count) {
    return std::unique_ptr<LogpRun>(new Burst(*held, t9000, p4, bytes, count));
  };
  return t;
}

}  // namespace

ModelInfo transputer_logp_info() {
  return model_entry("transputer_logp", params())
      .title("Transputers: LogP signature (raw and p4)")
      .about("The LogP microbenchmark (ping-pong and bursts) on two T805s and two T9000s, raw "
             "channel messages and p4, with the fitted overhead, latency, gap and per-byte gap.")
      .citation(std::string(transputer::kCitation) +
      "; LogP: Culler et al. 1993, LogGP: Alexandrov et al. 1995")
      .outputs(logp_outputs())
      .logp(logp_signature())
      .machine([](const Params&) {
        return std::vector<NetworkMap>{
            describe_network(RouterNetwork(direct_link_spec()), "link", "link")};
      })
      .run([](const Params& p, Rng) {
        return logp_model({target(p, "t805_raw", "T805 raw", false, false),
                           target(p, "t805_p4", "T805 p4", false, true),
                           target(p, "t9000_raw", "T9000 raw", true, false),
                           target(p, "t9000_p4", "T9000 p4", true, true)},
                          p.bench);
      });
}

}  // namespace archex
