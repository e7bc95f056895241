#include "machines/jmachine/experiments/logp.h"

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "core/logp.h"
#include "core/param_table.h"
#include "machines/jmachine/mdp.h"
#include "network/topologies/describe.h"
#include "network/network_params.h"

namespace archex {

namespace {

using jmachine::Machine;
using jmachine::NodeCosts;
using jmachine::Received;
using jmachine::Thread;
using jmachine::Use;

// 32 data bits of each 36-bit word.
constexpr int kBytesPerWord = 4;
// The largest message: its words fit the receive queue (128 4-word messages) with room to spare.
constexpr int kMaxBytes = 1024;
// An idle pair answers within a few thousand cycles at the largest size; a run past the guard is
// stopped and measured as it stands rather than left to run for ever.
constexpr std::int64_t kGuardCycles = 1000000;

struct Params {
  LogpBench bench;
  NetworkParams net;
  NodeCosts costs;
};

ParamTable<Params> params() {
  ParamTable<Params> t;
  t.include(&Params::bench, logp_bench_table({4, 8, 16, 32, 64, 128, 256, 512, 1024}))
      .include(&Params::net, jmachine::network_table({8, 8, 8}))
      .include(&Params::costs, jmachine::node_cost_table());
  ParamSpec& sizes = t.spec("logp_sizes");
  sizes.max = kMaxBytes;
  sizes.description =
      "Bytes of each message (a header word and the bytes in 4-byte words); up to 1024 bytes, "
      "which the receive queue holds.";
  return t;
}

int words_of(int bytes) { return 1 + (bytes + kBytesPerWord - 1) / kBytesPerWord; }

double busy_cycles(const Machine& m, int node) {
  double sum = 0;
  for (int u = 0; u < static_cast<int>(Use::kCount); ++u) sum += m.stats(node).cycles[u];
  return sum;
}

// Node 0 and its +x neighbour on an otherwise idle machine.
class Run : public LogpRun, protected Machine::Workload {
 public:
  Run(const Params& p, int bytes)
      : machine_(network_config(p.net, make_topology(p.net)), p.costs),
        words_(words_of(bytes)),
        mhz_(p.net.clock_mhz) {}
  bool step() override {
    machine_.step(*this);
    return over() || machine_.network().now() >= kGuardCycles;
  }

 protected:
  virtual bool over() const = 0;
  double now() const { return static_cast<double>(machine_.network().now()); }
  // When a message's handler has it: its dispatch done.
  double in_hand() const { return now() + machine_.costs().dispatch; }

  Machine machine_;
  int words_;
  double mhz_;
};

// Node 0 sends to node 1, whose handler sends the same back.
class Ping final : public Run {
 public:
  using Run::Run;
  LogpMeasure measure() const override {
    LogpMeasure m;
    m.round_trip_us = back_ / mhz_;
    return m;
  }

 private:
  bool over() const override { return back_ >= 0; }
  void on_message(int node, const Received&, Thread& t) override {
    if (node == 1) {
      t.send_words(0, words_, 0);
    } else {
      back_ = in_hand();
      t.compute(machine_.costs().suspend);
    }
  }
  bool background(int node, Thread& t) override {
    if (node != 0 || sent_) return false;
    sent_ = true;
    t.send_words(1, words_, 0);
    return true;
  }

  bool sent_ = false;
  double back_ = -1;
};

// Node 0 sends `count` messages whenever its processor is free; node 1's handler discards each.
class Burst final : public Run {
 public:
  Burst(const Params& p, int bytes, int count) : Run(p, bytes), count_(count) {}
  LogpMeasure measure() const override {
    LogpMeasure m;
    for (const double c : delivered_) m.delivered_us.push_back(c / mhz_);
    m.send_busy_us = busy_cycles(machine_, 0) / mhz_;
    m.recv_busy_us = busy_cycles(machine_, 1) / mhz_;
    return m;
  }

 private:
  bool over() const override {
    return static_cast<int>(delivered_.size()) == count_ && machine_.quiescent();
  }
  void on_message(int, const Received&, Thread& t) override {
    delivered_.push_back(in_hand());
    t.compute(machine_.costs().suspend);
  }
  bool background(int node, Thread& t) override {
    if (node != 0 || sent_ == count_) return false;
    ++sent_;
    t.send_words(1, words_, 0);
    return true;
  }

  int count_;
  int sent_ = 0;
  std::vector<double> delivered_;
};

}  // namespace

ModelInfo jmachine_logp_info() {
  return model_entry("jmachine_logp", params())
      .title("J-Machine: LogP signature (MDP messages)")
      .about("The LogP microbenchmark (ping-pong and bursts) between two neighbouring MDPs, with "
             "the fitted overhead, latency, gap and per-byte gap.")
      .citation("M. D. Noakes, D. A. Wallach, W. J. Dally, The J-Machine Multicomputer: An "
                "Architectural Evaluation, ISCA 1993, sec. 3.1; LogP: Culler et al. 1993, LogGP: "
                "Alexandrov et al. 1995")
      .outputs(logp_outputs())
      .logp(logp_signature())
      .machine([](const Params& p) {
        return std::vector<NetworkMap>{
            describe_network(*make_topology(p.net), "network", "network")};
      })
      .run([](const Params& p, Rng) {
        auto held = std::make_shared<const Params>(p);
        LogpTarget t;
        t.key = "jmachine";
        t.label = "J-Machine MDP";
        t.clock_mhz = p.net.clock_mhz;
        t.ping = [held](int bytes) { return std::unique_ptr<LogpRun>(new Ping(*held, bytes)); };
        t.burst = [held](int bytes, int count) {
          return std::unique_ptr<LogpRun>(new Burst(*held, bytes, count));
        };
        return logp_model({t}, p.bench);
      })
      .state([](const Params& p) { return network_state(p.net); });
}

}  // namespace archex
