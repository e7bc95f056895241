#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <utility>
#include <vector>

#include "core/rng.h"
#include "network/interconnect.h"
#include "network/network_trace.h"
#include "network/topologies/topology.h"

namespace archex {

// What a connection request does when the output it needs is held by another circuit.
enum class BlockPolicy {
  kHold,     // waits there, keeping the outputs it has reserved
  kRetry,    // releases them and starts again from its source after the back-off
  kDrop,     // releases them and gives up (an unbuffered network that drops on conflict)
};

struct CircuitConfig {
  std::shared_ptr<const Topology> topology;
  BlockPolicy policy = BlockPolicy::kHold;
  // Cycles a request takes to cross one switch and reserve its output; 0 crosses every stage in
  // the cycle it starts.
  int setup_cycles_per_hop = 1;
  // Cycles a path stays held after its last word (tear-down), and after a blocked request
  // releases what it reserved.
  int release_cycles = 0;
  // kRetry: cycles a released request waits at its source before trying again.
  int backoff_cycles = 8;
  // Words per cycle once the path is complete.
  double channel_rate = 1.0;
  // Connections waiting at a source before open() refuses more.
  int source_queue_connections = 4096;
};

struct Connection {
  int src = 0;
  int dst = 0;
  int words = 0;
  std::int64_t created = 0;
  // The cycle the path was complete, and the cycle the last word arrived (-1: not yet).
  std::int64_t connected = -1;
  std::int64_t delivered = -1;
  bool dropped = false;
  // Setup attempts that met a held output.
  int blocked = 0;
  // Recorded only, for the statistics: the cycle its first set-up attempt left the source queue
  // (-1: not yet; a retry's back-off counts as the network's time, not the queue's), and the
  // switch-to-switch channels of its completed path.
  std::int64_t started = -1;
  int hops = 0;
};

// Circuit switching on any Topology: a connection request travels from its source stage by
// stage, reserving one output per switch along the topology's route; outputs wanted by several
// requests in the same cycle go to one of them at random; once the request reaches the
// destination's output the words stream at the channel rate and the path is then released.
// Each source sets up one connection at a time, in the order opened.
class CircuitNetwork {
 public:
  // Throws ParamError naming the parameter for an invalid configuration.
  CircuitNetwork(const CircuitConfig& config, std::uint64_t seed);
  ~CircuitNetwork();

  // Records the network's events into `recorder` from now on (see CircuitTrace); a connection of
  // more than `max_words` words is refused.
  void record(TraceRecorder& recorder, int max_words);

  const Topology& topology() const { return *topo_; }
  std::int64_t now() const { return now_; }
  // Queues a connection from `src` to `dst` carrying `words`; returns its id, or -1 when the
  // source queue is full.
  int open(int src, int dst, int words);
  void step();
  // The first cycle at or after now() in which step() can change anything (a request due, a
  // stream's end, a queued source free to start); INT64_MAX if none.
  std::int64_t next_event() const;
  // Moves time on to cycle `t` (at most next_event()) through cycles in which nothing happens.
  void idle_until(std::int64_t t);
  // Connections whose last word arrived, or that were dropped, during the last step.
  const std::vector<int>& finished() const { return finished_; }
  const Connection& connection(int id) const {
    return connections_[static_cast<std::size_t>(id)];
  }
  int connections() const { return static_cast<int>(connections_.size()); }
  // Connections queued or on their way (set up, streaming or releasing).
  int pending() const { return pending_; }
  // Connections queued at `src` that have not started their set-up.
  int queued(int src) const { return static_cast<int>(queue_[static_cast<std::size_t>(src)].size()); }
  // Words delivered across the topology's bisection (each crossing of a path counted).
  std::uint64_t bisection_words() const { return bisection_words_; }

  // Setup attempts at a switch output, and those that found it held.
  std::uint64_t attempts() const { return attempts_; }
  std::uint64_t blocked_attempts() const { return blocked_attempts_; }
  // Share of the cycles so far an output was held by a circuit (tear-down included), and the
  // mean of that over a switch's outputs that lead somewhere.
  double output_occupancy(int router, int port) const;
  bool output_free(int router, int port) const { return is_free(channel(router, port)); }
  double switch_occupancy(int router) const;
  int channel(int router, int port) const {
    return port_base_[static_cast<std::size_t>(router)] + port;
  }

 private:
  friend class CircuitTrace;
  struct Output {
    int holder = -1;
    std::int64_t since = 0;
    // A released output is free from this cycle on.
    std::int64_t free_at = 0;
    std::uint64_t busy_cycles = 0;
  };
  struct Setup {
    int id;
    RouterPort at;
    RouteState state;
    std::int64_t due;
    std::vector<int> path;
    // Already counted as blocked at the output it is waiting for.
    bool waiting;
    // While waiting: the output it wants and the route state past it (the route does not change).
    int want = -1;
    RouteState want_state = 0;
  };

  bool is_free(int channel) const;
  bool crosses_bisection(int channel) const;
  // Releases the outputs of `path` at `at`, and keeps the emptied path for reuse.
  void release_path(std::vector<int>& path, std::int64_t at);
  std::vector<int> spare_path();
  // A source that may have a connection to start: it was opened on, or it has become free.
  void mark_source(int src);
  void start_sources();
  // One round of arbitration among the requests due now; true if any moved.
  bool arbitrate();

  CircuitConfig config_;
  std::shared_ptr<const Topology> topo_;
  Rng rng_;
  std::int64_t now_ = 0;
  std::vector<int> port_base_;
  std::vector<Output> outputs_;
  std::vector<Connection> connections_;
  std::vector<std::deque<int>> queue_;
  // Per source: a connection in setup or streaming, and the cycle it may start the next.
  std::vector<std::uint8_t> busy_;
  std::vector<std::int64_t> ready_at_;
  std::vector<Setup> setups_;
  struct Stream {
    int id;
    std::int64_t end;
    std::vector<int> path;
  };
  std::vector<Stream> streams_;
  std::vector<int> finished_;
  // Sources that may start a connection (see mark_source), and whether each is listed.
  std::vector<int> candidates_;
  std::vector<std::uint8_t> listed_;
  // Scratch of step() and arbitrate(), kept to spare allocations: each request's wanted output
  // and its route state, the requests and streams that go on, and emptied paths.
  std::vector<std::pair<int, RouteState>> want_;
  std::vector<Setup> kept_;
  std::vector<Stream> running_;
  std::vector<std::vector<int>> spare_paths_;
  // Per output, requests wanting it in this round, and the one chosen so far.
  std::vector<int> wanting_;
  std::vector<int> chosen_;
  std::vector<int> touched_;
  int pending_ = 0;
  std::uint64_t bisection_words_ = 0;
  std::uint64_t attempts_ = 0;
  std::uint64_t blocked_attempts_ = 0;
  // Null unless a trace was asked for.
  std::unique_ptr<CircuitTrace> trace_;
};

// A circuit-switched network as node models see it: each message is one connection. Messages are
// never lost, so the drop policy (an unbuffered network's) is refused; arrivals need no receive
// queue, since the destination's output is held until the last word is in.
class CircuitInterconnect final : public Interconnect {
 public:
  // Throws ParamError naming "circuit_policy" for the drop policy, and as CircuitNetwork does.
  CircuitInterconnect(const CircuitConfig& config, std::uint64_t seed);

  const Topology& topology() const override { return net_.topology(); }
  std::int64_t now() const override { return net_.now(); }
  double inject_rate() const override { return rate_; }
  int send(int src, int dst, int flits, int tag) override;
  int source_backlog(int src) const override { return net_.queued(src); }
  void step() override;
  const std::vector<int>& delivered() const override { return delivered_; }
  const Message& message(int id) const override { return messages_[static_cast<std::size_t>(id)]; }
  void consume(int) override {}
  void reset_counters() override { bisection_from_ = net_.bisection_words(); }
  std::uint64_t bisection_flits() const override {
    return net_.bisection_words() - bisection_from_;
  }
  const CircuitNetwork& circuits() const { return net_; }

 private:
  CircuitNetwork net_;
  double rate_;
  // Indexed by connection id.
  std::vector<Message> messages_;
  std::vector<int> delivered_;
  std::uint64_t bisection_from_ = 0;
};

}  // namespace archex
