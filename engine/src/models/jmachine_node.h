#pragma once

#include <cstdint>
#include <deque>
#include <limits>
#include <memory>
#include <vector>

#include "core/param_table.h"
#include "network/interconnect.h"
#include "network/network.h"
#include "network/network_params.h"

namespace archex {

// Costs of the J-Machine's Message-Driven Processor around a message (Noakes, Wallach & Dally,
// ISCA 1993, sec. 2-3), in cycles; node_cost_table() declares them with the J-Machine's values.
struct NodeCosts {
  double send_overhead;   // issuing a send before its first word leaves
  double dispatch;        // creating the handler's task on arrival
  double handler;         // an RPC handler's own instructions besides dispatch and sends
  double suspend;         // a handler that only ends (discarding its message)
  double read_handler;    // a remote read's handler besides dispatch, xlate and the words
  double xlate;           // name translation of the object read, on a hit
  double reply_internal;  // per word of a reply read from internal memory
  double reply_external;  // per word from external memory
  double copy_internal;   // per word of a received message copied to internal memory
  double copy_external;   // per word copied to external memory
};

ParamTable<NodeCosts> node_cost_table();

// The J-Machine network on the cube parameters: 8x8x8 mesh (or `dims`), 0.5 words/cycle
// bidirectional (half-duplex) channels, 1-flit buffers, injection 2 words/cycle, queue at 0.5
// words/cycle holding 128 4-word messages, 12.5 MHz, 36-bit words.
ParamTable<NetworkParams> jmachine_network_table(std::vector<double> dims);

// One processor per node over a Network. A processor runs one thing at a time: a handler for
// the oldest message in its receive queue (which preempts the node's background work), or the
// background work. Sends cost processor time (overhead plus words at the injection rate) and put
// the packet into the network once the overhead has passed.
class Machine {
 public:
  // What the workload decides when a message arrives: extra handler cycles, and an optional reply.
  struct Handling {
    double cycles = 0;
    int reply_dst = -1;
    int reply_words = 0;
    int reply_tag = 0;
  };
  class Workload {
   public:
    virtual ~Workload() = default;
    // A message's handler starts at `node`; returns its work and reply.
    virtual Handling on_message(int node, const Message& message) = 0;
    // The processor at `node` is free and its queue empty: background work for one cycle.
    // Returns true if the cycle was used.
    virtual bool background(int node) = 0;
    // Cycles from now on whose background(node) would only count itself (no send, no other
    // effect), kForever for none ever; the machine then leaves the node alone and hands them to
    // skip() later, in one piece or several. 0 (every cycle a call) unless a workload says more.
    virtual std::int64_t quiet_cycles(int /*node*/) const { return 0; }
    virtual void skip(int /*node*/, std::int64_t /*cycles*/) {}
    static constexpr std::int64_t kForever = std::numeric_limits<std::int64_t>::max();
  };

  // The MDPs on any interconnect: a wormhole Network, a CircuitInterconnect.
  Machine(std::unique_ptr<Interconnect> net, const NodeCosts& costs);
  // The MDPs on a wormhole network.
  Machine(const NetworkConfig& config, const NodeCosts& costs);
  // Starts a send from `node` now: the processor is busy for the overhead and the words. Called
  // by the workload for the node it is handling (in on_message or background), which the machine
  // is looking at.
  void send(int node, int dst, int words, int tag);
  bool busy(int node) const;
  void step(Workload& workload);
  // On a wormhole Network, idle and with no send to start: moves the clock on to just before the
  // next cycle a node acts, or `limit` if earlier, so the next step lands there (the steps in
  // between would change nothing).
  void jump(std::int64_t limit);
  // Hands the workload the quiet cycles up to now (inclusive) not yet skipped, before it reads
  // what it counts in them.
  void settle(Workload& workload);
  Interconnect& network() { return *net_; }
  const Interconnect& network() const { return *net_; }
  const NodeCosts& costs() const { return costs_; }

 private:
  struct Pending {
    std::int64_t at = -1;
    int dst = 0;
    int words = 0;
    int tag = 0;
  };

  std::unique_ptr<Interconnect> net_;
  // net_ when it is a wormhole Network, which can tell it is idle.
  Network* wormhole_ = nullptr;
  NodeCosts costs_;
  std::vector<double> busy_until_;
  // Delivered messages not yet handled, per node, oldest first.
  std::vector<std::deque<int>> inbox_;
  std::vector<Pending> pending_;
  int pending_count_ = 0;
  // Per node: the next cycle it must be looked at (earlier ones would change nothing), and its
  // quiet cycles [quiet_from_, quiet_end_) not yet handed to skip().
  std::vector<std::int64_t> wake_;
  std::vector<std::int64_t> quiet_from_;
  std::vector<std::int64_t> quiet_end_;

  // Up to `node`'s cycle `until` (exclusive), its quiet cycles go to skip().
  void settle(Workload& workload, std::size_t node, std::int64_t until);
  void visit(Workload& workload, int node, std::int64_t t);
};

}  // namespace archex
