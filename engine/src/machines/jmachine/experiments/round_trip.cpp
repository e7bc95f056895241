#include "machines/jmachine/experiments/round_trip.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "machines/jmachine/costs.h"
#include "machines/jmachine/mdp.h"
#include "machines/jmachine/measures.h"
#include "network/network_params.h"
#include "network/topologies/describe.h"
#include "network/traffic/batch_means.h"

namespace archex {

namespace {

using jmachine::Built;
using jmachine::kCitation;
using jmachine::Machine;
using jmachine::machine;
using jmachine::machine_state;
using jmachine::MachineParams;
using jmachine::NodeCosts;
using jmachine::Received;
using jmachine::Thread;
using jmachine::with_machine;

// ---- Fig. 2: round trip against distance ------------------------------------------------------

constexpr ScalarOutput kNullRpcSelfCycles{"null_rpc_self_cycles", "cycles",
                                          "Null RPC from a node to itself, round trip"};
constexpr ScalarOutput kNullRpcPerHopCycles{"null_rpc_per_hop_cycles", "cycles/hop",
                                            "Round-trip increase per hop of distance"};
constexpr ScalarOutput kRead1NeighborCycles{
    "read1_neighbor_cycles", "cycles",
    "Remote read of one word from internal memory, nearest neighbour"};
constexpr ScalarOutput kRead1CornerCycles{"read1_corner_cycles", "cycles",
                                          "The same read from the opposite corner"};
// One per request kind (kKinds' names).
constexpr SeriesOutput kRoundTrip{"round_trip_*", "cycles",
                                  "round-trip latency against distance"};

struct RequestKind {
  const char* name;
  const char* label;
  int request_words;
  int reply_words;
  int data_words;
  bool external;
};

constexpr RequestKind kKinds[] = {
    {"null_rpc", "null RPC (2-word request, 1-word reply)", 2, 1, 0, false},
    {"read1_internal", "read 1 word, internal memory", 3, 2, 1, false},
    {"read6_internal", "read 6 words, internal memory", 3, 7, 6, false},
    {"read1_external", "read 1 word, external memory", 3, 2, 1, true},
    {"read6_external", "read 6 words, external memory", 3, 7, 6, true},
};

// One request and its reply on an otherwise idle machine; `done` is when the reply's handler ends.
class RoundTrip final : public Machine::Workload {
 public:
  RoundTrip(Machine& m, const RequestKind& kind, int src, int dst)
      : m_(m), kind_(kind), src_(src), dst_(dst) {}

  void on_message(int, const Received& message, Thread& t) override {
    const NodeCosts& c = m_.costs();
    const auto now = static_cast<double>(m_.network().now());
    if (message.handler == 0) {
      const double per_word = kind_.external ? c.reply_external : c.reply_internal;
      t.compute(kind_.data_words == 0 ? c.handler
                                      : c.read_handler + c.xlate + per_word * kind_.data_words);
      t.send_words(src_, kind_.reply_words, 1);
      return;
    }
    done = now + c.dispatch + c.handler;
    t.compute(c.handler);
  }
  bool background(int node, Thread& t) override {
    if (node != src_ || started_) return false;
    started_ = true;
    t.send_words(dst_, kind_.request_words, 0);
    return true;
  }

  double done = -1;

 private:
  Machine& m_;
  const RequestKind& kind_;
  int src_;
  int dst_;
  bool started_ = false;
};

class JMachineRoundTrip final : public Model {
 public:
  explicit JMachineRoundTrip(const MachineParams& p) : costs_(p.costs) {
    const Built built(p.net);
    config_ = built.config;
    const KNCube& topo = *built.cube;
    // Destinations at each distance along the e-cube path from node 0 to the far corner.
    KNCube::Coordinates c{};
    path_.push_back(0);
    for (int d = 0; d < topo.dimensions(); ++d) {
      while (c[static_cast<std::size_t>(d)] < topo.radix(d) - 1) {
        ++c[static_cast<std::size_t>(d)];
        path_.push_back(topo.node_at(c));
      }
    }
  }

  // One unit of work is one cycle of the machine carrying the current round trip.
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && !finished(); ++i) {
      if (!machine_) {
        machine_ = std::make_unique<Machine>(config_, costs_);
        trip_ = std::make_unique<RoundTrip>(*machine_, kKinds[kind_], 0, path_[distance_]);
      }
      machine_->step(*trip_);
      const bool done = trip_->done >= 0;
      // An idle machine answers within a few thousand cycles at the largest costs; a trip past
      // the guard is left out of the curve rather than drawn with a made-up value.
      if (!done && machine_->network().now() < kGuardCycles) continue;
      if (done) cycles_[kind_].push_back({static_cast<double>(distance_), trip_->done});
      trip_.reset();
      machine_.reset();
      if (++distance_ == path_.size()) {
        distance_ = 0;
        ++kind_;
      }
    }
    return finished();
  }

  double progress() const override {
    const double total = static_cast<double>(std::size(kKinds) * path_.size());
    return static_cast<double>(kind_ * path_.size() + distance_) / total;
  }

  Result result() const override {
    Result r;
    for (std::size_t k = 0; k < std::size(kKinds); ++k) {
      Series s = kRoundTrip({kKinds[k].name}, kKinds[k].label, "distance", "hops",
                            "round-trip latency");
      for (const auto& [distance, cycles] : cycles_[k]) {
        s.x.push_back(distance);
        s.y.push_back(cycles);
      }
      r.series.push_back(std::move(s));
    }
    const double last = static_cast<double>(path_.size() - 1);
    const auto at = [&](std::size_t kind, double distance) -> std::optional<double> {
      for (const auto& [d, cycles] : cycles_[kind]) {
        if (d == distance) return cycles;
      }
      return std::nullopt;
    };
    const auto self = at(0, 0);
    const auto corner = at(0, last);
    if (self) {
      r.scalars.push_back(kNullRpcSelfCycles(*self));
    }
    if (self && corner && last > 0) {
      r.scalars.push_back(kNullRpcPerHopCycles((*corner - *self) / last));
    }
    if (const auto neighbor = at(1, 1)) {
      r.scalars.push_back(kRead1NeighborCycles(*neighbor));
    }
    if (const auto far = at(1, last); far && last > 0) {
      r.scalars.push_back(kRead1CornerCycles(*far));
    }
    return r;
  }

 private:
  bool finished() const { return kind_ == std::size(kKinds); }

  NetworkConfig config_;
  NodeCosts costs_;
  std::vector<int> path_;
  static constexpr std::int64_t kGuardCycles = 100000;
  std::size_t kind_ = 0;
  std::size_t distance_ = 0;
  std::unique_ptr<Machine> machine_;
  std::unique_ptr<RoundTrip> trip_;
  // (distance, cycles) of each finished round trip, per request kind.
  std::vector<std::pair<double, double>> cycles_[std::size(kKinds)];
};


std::vector<OutputSpec> round_trip_outputs() {
  return {kNullRpcSelfCycles, kNullRpcPerHopCycles, kRead1NeighborCycles, kRead1CornerCycles,
          kRoundTrip};
}

}  // namespace

ModelInfo jmachine_round_trip_info() {
  return model_entry("jmachine_round_trip", with_machine<MachineParams>())
      .title("J-Machine: round-trip latency against distance")
      .about("A null RPC and remote reads, one at a time, from node 0 to nodes along the e-cube "
             "path to the far corner (Fig. 2).")
      .citation(kCitation)
      .outputs(round_trip_outputs())
      .machine(machine<MachineParams>)
      .run([](const MachineParams& p, Rng) { return std::make_unique<JMachineRoundTrip>(p); })
      .state(machine_state<MachineParams>);
}

}  // namespace archex
