#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "machines/jmachine/costs.h"
#include "machines/jmachine/mdp_trace.h"
#include "network/interconnect.h"
#include "network/wormhole/network.h"
#include "network/network_params.h"

namespace archex::jmachine {

// A message as a handler reads it: who sent it, its length, its handler and its data words.
struct Received {
  int src = 0;
  int words = 0;
  int handler = 0;
  int priority = 0;
  const std::vector<std::int64_t>* payload = nullptr;
  std::int64_t word(std::size_t i) const { return (*payload)[i]; }
};

// Where a node's cycles go, for Fig. 6.
enum class Use : int { kCompute = 0, kHandler, kCommunication, kSync, kFault, kCount };

class Machine;

// A thread being written: a handler's sequential code records what it does as it runs (its
// work in cycles, its sends), and the machine then plays the record out in simulated time. The
// MDP creates a thread per message and runs it to its end or to a suspension point, so a thread
// is straight-line code between those points; its effects on its node's data happen at its start
// (its reads see the state as of its dispatch), its sends leave at their times in the record.
class Thread {
 public:
  // `cycles` of the processor's time, counted as `use`.
  void compute(double cycles, Use use = Use::kCompute) {
    if (cycles > 0) actions_.push_back({Action::kCompute, cycles, 0, 0, 0, 0, use, {}});
  }
  // A message to `dst` for its handler `handler`: a header word and the payload.
  void send(int dst, int handler, std::vector<std::int64_t> payload, int priority = 0) {
    const int words = 1 + static_cast<int>(payload.size());
    actions_.push_back(
        {Action::kSend, 0, dst, words, handler, priority, Use::kCommunication, std::move(payload)});
  }
  // A message of `words` words and no data (the network experiments' dummy words).
  void send_words(int dst, int words, int handler, int priority = 0) {
    actions_.push_back(
        {Action::kSend, 0, dst, words, handler, priority, Use::kCommunication, {}});
  }
  // After this thread, the node runs `next` as a new thread (a suspended thread restarted).
  void restart(std::function<void(Thread&)> next) { restarts_.push_back(std::move(next)); }
  bool empty() const { return actions_.empty() && restarts_.empty(); }

 private:
  friend class Machine;
  struct Action {
    enum Kind : std::uint8_t { kCompute, kSend } kind;
    double cycles;
    int dst;
    int words;
    int handler;
    int priority;
    Use use;
    std::vector<std::int64_t> payload;
  };
  std::vector<Action> actions_;
  std::vector<std::function<void(Thread&)>> restarts_;
};

// The MDPs over an interconnect. A node runs one thread at a time: a priority-1 thread (which
// preempts priority-0 work at once), else a suspended thread restarted, else a handler for the
// oldest priority-0 message, else background work. A thread's sends cost processor time (the
// overhead plus its words at the injection rate); while the network refuses a message the send
// faults and the processor waits. Each priority has its own receive queue; with queue faults on,
// a delivery that fills its queue raises the overflow fault, whose handler spills the queue to
// memory (the messages are dispatched from there later, copied back at the same cost).
class Machine {
 public:
  class Workload {
   public:
    virtual ~Workload() = default;
    // A message's thread starts at `node`: the handler records what it does in `thread`.
    virtual void on_message(int node, const Received& message, Thread& thread) = 0;
    // The processor at `node` is free and its queues empty: background work for one cycle,
    // recorded in `thread` (a send) or counted by the workload. Returns true if the cycle was used.
    virtual bool background(int node, Thread& thread) = 0;
    // Cycles from now on whose background(node) would only count itself (no send, no other
    // effect), kForever for none ever; the machine then leaves the node alone and hands them to
    // skip() later, in one piece or several. 0 (every cycle a call) unless a workload says more.
    virtual std::int64_t quiet_cycles(int /*node*/) const { return 0; }
    virtual void skip(int /*node*/, std::int64_t /*cycles*/) {}
    static constexpr std::int64_t kForever = std::numeric_limits<std::int64_t>::max();
  };

  // Per node: the overflow faults and send faults it took, and its cycles by use.
  struct NodeStats {
    std::int64_t queue_faults = 0;
    std::int64_t send_faults = 0;
    std::int64_t spilled_words = 0;
    std::int64_t messages_sent = 0;
    std::int64_t words_sent = 0;
    double cycles[static_cast<int>(Use::kCount)] = {};
  };

  // The MDPs on any interconnect: a wormhole Network, a CircuitInterconnect. `mdp` null: the
  // network experiments' node, whose full queue only backs up the network.
  Machine(std::unique_ptr<Interconnect> net, const NodeCosts& costs,
          const MdpCosts* mdp = nullptr);
  // The MDPs on a wormhole network.
  Machine(const NetworkConfig& config, const NodeCosts& costs, const MdpCosts* mdp = nullptr);
  ~Machine();

  // Records the nodes' events and the wormhole network's into `recorder` from now on (see
  // MdpTrace, NetworkTrace); a message longer than `max_words` is refused. `handlers`: the
  // workload's handlers' names by number.
  void record(TraceRecorder& recorder, int max_words, std::vector<std::string> handlers);

  void step(Workload& workload);
  // On an idle wormhole Network: moves the clock on to just before the next cycle a node acts or
  // a recorded send is due, or `limit` if earlier, so the next step lands there (the steps in
  // between would change nothing).
  void jump(std::int64_t limit);
  // Hands the workload the quiet cycles up to now (inclusive) not yet skipped, before it reads
  // what it counts in them.
  void settle(Workload& workload);
  // Capacity of each priority's receive queue, in words (queue faults on).
  void set_queue_words(int words);
  // No message on its way, queued, or being sent, and no thread left to run.
  bool quiescent() const;
  Interconnect& network() { return *net_; }
  const Interconnect& network() const { return *net_; }
  const NodeCosts& costs() const { return costs_; }
  const NodeStats& stats(int node) const { return nodes_[static_cast<std::size_t>(node)].stats; }
  // The cycle the node's processor is next free (its current thread's recorded work done).
  double busy_until(int node) const { return nodes_[static_cast<std::size_t>(node)].busy_until; }

 private:
  friend class MdpTrace;
  struct Node;
  struct Pending {
    std::int64_t at = -1;
    int dst = 0;
    int words = 0;
    int tag = 0;
    int priority = 0;
    bool faulted = false;
    std::vector<std::int64_t> payload;
  };
  // A message waiting for dispatch, in a hardware queue (its network id) or spilled to memory.
  struct Queued {
    int id = -1;
    Received message;
    std::vector<std::int64_t> payload;
  };
  struct Running {
    std::vector<Thread::Action> actions;
    std::size_t next = 0;
    bool active = false;
    // Cycles of recorded work left when a priority-1 thread preempted it.
    double preempted = 0;
    // Cycles from the preemption to the send its record had reached (-1: none): the send is
    // not yet due, so it waits with the thread.
    std::int64_t send_in = -1;
  };
  struct Node {
    double busy_until = 0;
    int running = -1;  // the priority of the thread on the processor, -1 for none
    Running thread[2];
    std::deque<Queued> queue[2];
    int queue_words[2] = {0, 0};
    std::deque<std::function<void(Thread&)>> ready;
    bool pending = false;
    Pending send;
    std::int64_t quiet_from = 0;
    std::int64_t quiet_end = 0;
    NodeStats stats;
  };

  std::unique_ptr<Interconnect> net_;
  // net_ when it is a wormhole Network, which can tell it is idle.
  Network* wormhole_ = nullptr;
  NodeCosts costs_;
  bool faults_ = false;
  MdpCosts mdp_{};
  std::vector<Node> nodes_;
  // Per node, apart from the rest so a step's scan of them stays in cache: the next cycle it
  // must be looked at (earlier ones would change nothing).
  std::vector<std::int64_t> wake_;
  // The earliest of them, per block of kWakeBlock nodes (a step looks into a block only when one
  // of its nodes is due, not at every node), and over all.
  static constexpr std::size_t kWakeBlock = 64;
  std::vector<std::int64_t> block_wake_;
  std::int64_t min_wake_ = 0;
  // Per node, apart from the rest so a step's look at them stays in cache: whether it has a send
  // recorded, whether that send is due (its cycle came, the network has not taken it yet), and
  // its cycle.
  std::vector<std::uint64_t> pending_bits_;
  std::vector<std::uint64_t> due_bits_;
  std::vector<std::int64_t> send_at_;
  // No send not yet due is due before this cycle: the earliest of them, or earlier once the
  // earliest has gone (then not exact).
  std::int64_t min_send_at_ = Workload::kForever;
  bool min_send_exact_ = true;
  // Nodes with a send recorded, due or not.
  int pending_count_ = 0;
  // The receive queues' capacity, in words, when queue faults are on.
  int queue_capacity_ = 512;
  // Priority and payload words of each message in the network, by its id.
  struct InFlight {
    int priority = 0;
    std::vector<std::int64_t> payload;
  };
  std::vector<InFlight> flight_;
  Thread scratch_;
  // Null unless a trace was asked for.
  std::unique_ptr<MdpTrace> trace_;

  // Hands the node's send to the network if it is due; a refusal is a send fault.
  void try_send(Node& node, std::size_t n, std::int64_t now);
  void deliver(int id, std::int64_t t);
  // Runs the recorded actions of `node`'s current thread from `t` until one is a send or the
  // record ends; returns true once the thread has ended and the processor is free at `t`.
  bool play(Node& node, std::int64_t t);
  void start(Node& node, int priority, Thread& thread, double at);
  bool dispatch(Workload& workload, Node& node, int n, int priority, std::int64_t t);
  void settle(Workload& workload, std::size_t node, std::int64_t until);
  // Runs what the node can start at `t`; returns the next cycle it must be looked at.
  std::int64_t visit(Workload& workload, int node, std::int64_t t);
  void wake(std::size_t node, std::int64_t cycle);
  void set_pending(std::size_t node);
  void clear_pending(std::size_t node);
};

}  // namespace archex::jmachine
