#pragma once

#include <cstdint>
#include <vector>

#include "network/topology.h"

namespace archex {

// How a network is built. Flits are words: a channel rate of 0.5 means a word crosses a channel
// every second cycle.
struct NetworkConfig {
  std::vector<int> radix;
  bool torus = false;
  // Virtual channels per physical channel, 1 to 4. A torus needs 2 or more: its VCs are split in
  // two classes and a packet moves to the upper class when it crosses a dimension's wrap-around
  // link (the dateline), which breaks every cycle of channel dependences.
  int vcs = 1;
  // Flit buffer of each virtual channel at a router input.
  int buffer_flits = 8;
  // Cycles a flit spends in each router on top of the one cycle per link.
  int router_delay_cycles = 0;
  // Words per cycle per channel direction.
  double channel_rate = 1.0;
  // Both directions of a link share one channel_rate (the J-Machine's bidirectional channels).
  bool half_duplex = false;
  // Words per cycle from the node into its router, and from the router into the receive queue.
  double inject_rate = 1.0;
  double eject_rate = 1.0;
  // Words the receive queue holds; a full queue stops ejection, which backs up the network.
  int receive_queue_flits = 1024;
  // Credits (the sender counts free buffer slots) or on/off (the receiver says stop when fewer
  // than a margin of slots are free, seen one cycle late).
  bool credit_flow = true;
  // Packets waiting at a source before send() refuses more.
  int source_queue_packets = 4096;
};

struct Packet {
  int src = 0;
  int dst = 0;
  int flits = 0;
  // A number the workload keeps with the packet (its kind, a request id).
  int tag = 0;
  std::int64_t created = 0;
  std::int64_t delivered = -1;
  // Flits already moved into the router.
  int injected = 0;
  // The dimension in which the packet has crossed a torus dateline (-1: none yet).
  int dateline_dim = -1;
};

// A cycle-driven, flit-level simulator of a k-ary n-cube with dimension-order wormhole routing,
// virtual channels, credit or on/off flow control, per-hop router delay, channel, injection and
// ejection rates and bounded receive queues. Nothing is allocated per flit: buffers are fixed
// rings, packets come from a pool.
class Network {
 public:
  // Throws ParamError for an invalid configuration (naming the parameter).
  explicit Network(const NetworkConfig& config);

  const Topology& topology() const { return topo_; }
  const NetworkConfig& config() const { return config_; }
  std::int64_t now() const { return now_; }

  // Queues a packet at `src` for `dst`; it enters the router after the packets queued before it.
  // Returns its id, or -1 when the source queue is full.
  int send(int src, int dst, int flits, int tag);
  // Advances one cycle.
  void step();
  // Packets whose last flit reached their destination's receive queue during the last step.
  const std::vector<int>& delivered() const { return delivered_; }
  const Packet& packet(int id) const { return packets_[static_cast<std::size_t>(id)]; }
  // Returns a delivered packet's id to the pool.
  void free_packet(int id);
  // The node has taken `flits` words out of its receive queue.
  void release(int node, int flits);
  int receive_queue_used(int node) const { return rq_used_[static_cast<std::size_t>(node)]; }
  int source_backlog(int node) const { return sq_count_[static_cast<std::size_t>(node)]; }
  // Flits in routers, on their way.
  std::int64_t flits_in_network() const { return in_network_; }

  // Counters since the last reset: flits sent through each output port, and across the bisection.
  void reset_counters();
  std::int64_t counted_cycles() const { return now_ - counters_from_; }
  std::uint64_t flits_sent(int node, int port) const;
  std::uint64_t bisection_flits() const { return bisection_flits_; }
  // Fraction of a channel direction's capacity used since the reset (0 for a missing link).
  double utilization(int node, int port) const;

 private:
  struct Flit {
    std::int32_t packet;
    std::int32_t index;
    std::int64_t ready;
  };

  int ivc(int node, int port, int vc) const { return (node * ports_ + port) * vcs_ + vc; }
  int link_token(int node, int port) const;
  double& refreshed_tokens(int index);
  // Puts a flit at the back of an input virtual channel; it may leave after the link and router.
  void push(int to, std::int32_t packet, std::int32_t index);
  // Picks the output port and a free output virtual channel for the packet at the front of `in`.
  bool route_head(int node, int in);
  void inject(int node);
  void process_router(int node);

  NetworkConfig config_;
  Topology topo_;
  int ports_;
  int vcs_;
  int buffer_;
  int onoff_margin_;
  std::int64_t now_ = 0;

  // Input virtual channels: ring buffers of flits, and where the packet at the front goes.
  std::vector<Flit> flits_;
  std::vector<std::int32_t> head_;
  std::vector<std::int32_t> count_;
  std::vector<std::int32_t> out_port_;
  std::vector<std::int32_t> out_vc_;
  // Output virtual channels (indexed like the downstream input they feed): held by a packet,
  // and credits (free slots downstream), and the free slots seen last cycle for on/off.
  std::vector<std::uint8_t> held_;
  std::vector<std::int32_t> credits_;
  std::vector<std::int32_t> free_seen_;
  std::vector<std::int32_t> credit_returns_;
  // Channel tokens: words a channel (or a half-duplex link) may still send.
  std::vector<double> tokens_;
  std::vector<double> token_rate_;
  // The cycle each channel's tokens were last topped up to.
  std::vector<std::int64_t> token_time_;
  std::vector<std::int32_t> downstream_;
  std::vector<std::uint8_t> bisection_;
  std::vector<std::int32_t> rr_;
  // Per router, a bit per input virtual channel holding flits, so empty ones cost nothing.
  std::vector<std::uint32_t> occupied_;

  // Nodes: source queue ring, the VC at the local port the current packet uses, receive queue.
  std::vector<std::int32_t> sq_;
  std::vector<std::int32_t> sq_head_;
  std::vector<std::int32_t> sq_count_;
  std::vector<std::int32_t> inject_vc_;
  std::vector<double> inject_tokens_;
  std::vector<std::int32_t> rq_used_;

  std::vector<Packet> packets_;
  std::vector<std::int32_t> free_packets_;
  std::vector<int> delivered_;
  std::int64_t in_network_ = 0;

  std::vector<std::uint64_t> sent_;
  std::uint64_t bisection_flits_ = 0;
  std::int64_t counters_from_ = 0;
};

}  // namespace archex
