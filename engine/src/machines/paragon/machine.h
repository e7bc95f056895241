#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "machines/paragon/costs.h"
#include "network/interconnect.h"
#include "machines/paragon/nx_trace.h"

namespace archex::paragon {

// What a compute processor does, one step after another.
enum class Op {
  kCompute,   // value: microseconds of local work
  kPost,      // value: receives posted (each costs nx_post_us)
  kSend,      // dst, value: bytes; handed to the message processor (isend)
  kWaitRecv,  // value: messages that must have arrived since the previous wait
  kWaitSend,  // until every message handed over has left
  kMark,      // records the time (value: the mark's index)
  kBarrier,   // NX gsync: ceil(log2 p) pairwise rounds of barrier_round_us (release_barrier)
};

struct Step {
  Op op;
  int dst;
  double value;
};

using Program = std::vector<Step>;

// p nodes, each a compute processor running its Program and a message processor running NX, on a
// 2-D mesh with dimension-order wormhole routing (the network engine through Interconnect).
// NX cuts a message into packets of nx_packet_bytes; the message processor spends nx_packet_us
// plus the packet's bytes at the link rate on each packet it sends or receives, and the message
// overheads once per message; it does one thing at a time, receiving before sending, so a node
// never sends and receives at once. Time runs cycle by cycle (one flit per link per cycle) while
// packets are in the network and jumps to the next processor event when it is empty; the nodes
// are looked at only at their events.
class Machine {
 public:
  Machine(const MachineParams& params, std::vector<int> dims);
  Machine(const MachineParams& params, std::unique_ptr<Interconnect> net);

  int nodes() const { return static_cast<int>(nodes_.size()); }
  const Interconnect& network() const { return *net_; }
  // Loads each node's program; the run starts at the current time.
  void load(std::vector<Program> programs);
  // Advances to the next event (one network cycle, or a jump over idle time); returns false once
  // every program has ended.
  bool step();
  bool done() const;
  // Microseconds since the machine was built.
  double now_us() const;
  double cycle_us() const { return cycle_us_; }
  // The times of a node's kMark steps, in microseconds, by mark index (-1: not reached).
  const std::vector<double>& marks(int node) const;
  // Microseconds a node's message processor has spent on NX so far (the LogP overheads).
  double mp_busy_us(int node) const {
    return nodes_[static_cast<std::size_t>(node)].mp_busy * cycle_us_;
  }
  // Flits the middle link of dimension 0 carried (both directions), counted by the network.
  std::uint64_t bisection_flits() const { return net_->bisection_flits(); }
  // Cycles stepped one by one (the rest were jumped over), for the growth figures.
  std::int64_t stepped_cycles() const { return stepped_; }
  // Records the nodes' NX events into `recorder` from now on (NxTrace).
  void record(TraceRecorder& recorder);

 private:
  struct OutMessage {
    int dst = 0;
    int bytes = 0;
    bool started = false;
    // The run's count of messages when it was sent: its last packet carries it, plus one, as tag.
    int id = 0;
  };
  struct Node {
    Program program;
    std::size_t pc = 0;
    double cp_free = 0;
    int received = 0;  // messages completed by the message processor
    int waited = 0;    // messages a kWaitRecv has taken
    int sends_open = 0;
    double mp_free = 0;
    double mp_busy = 0;  // network cycles the message processor has been busy
    std::deque<OutMessage> out;
    std::deque<int> inbox;  // delivered packet ids
    // A packet handed to the network once the message processor's overhead has passed.
    std::int64_t pending_at = -1;
    int pending_flits = 0;
    int pending_dst = 0;
    int pending_tag = 0;
    // Work that completes when the message processor is next free, and the message it received.
    int completes_received = 0;
    int completes_from = 0;
    int completes_message = 0;
    int completes_sends = 0;
    std::vector<double> marks;
    bool in_barrier = false;
    double barrier_at = 0;  // when it reached the barrier it is in
  };

  double cycles(double us) const { return us / cycle_us_; }
  std::int64_t time() const { return offset_ + net_->now(); }
  void run_cp(Node& n, int id, double t);
  void run_mp(Node& n, double t);
  // The last node has reached the barrier: each leaves it after the barrier's rounds.
  void release_barrier();
  // The earliest time after t at which a node has something to do (infinity: none).
  double next_event(double t) const;

  MachineParams params_;
  std::unique_ptr<Interconnect> net_;
  double cycle_us_;
  std::vector<Node> nodes_;
  std::int64_t offset_ = 0;
  std::int64_t in_flight_ = 0;
  std::int64_t stepped_ = 0;
  int barrier_count_ = 0;
  int messages_ = 0;
  // Null unless a trace was asked for.
  std::unique_ptr<NxTrace> trace_;
  // Nodes are looked at from this time on.
  double wake_ = 0;
};

// The flits of a network packet carrying `bytes` (a header flit and the bytes).
int packet_flits(const MachineParams& p, int bytes);

}  // namespace archex::paragon
