#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "network/interconnect.h"
#include "network/topology.h"

namespace archex {

// How a network is built. Flits are words: a channel rate of 0.5 means a word crosses a channel
// every second cycle.
struct NetworkConfig {
  std::shared_ptr<const Topology> topology;
  // Virtual channels per physical channel, 1 to 16. A topology with virtual-channel classes (a
  // torus's dateline) needs at least one per class.
  int vcs = 1;
  // Flit buffer of each virtual channel at a router input.
  int buffer_flits = 8;
  // Cycles a flit spends in each router on top of the one cycle per link.
  int router_delay_cycles = 0;
  // Pipeline stages of an input-queued virtual-channel router, in cycles: a packet's head spends
  // route computation and VC allocation on top of switch allocation, which every flit spends.
  int route_cycles = 0;
  int vc_alloc_cycles = 0;
  int switch_alloc_cycles = 0;
  // Cycles a credit takes back upstream after the one it always takes.
  int credit_delay_cycles = 0;
  // An output virtual channel is given to a new packet only once the credit of the previous
  // packet's tail has come back (the tail has left the downstream buffer), not as the tail leaves.
  bool vc_free_on_tail_credit = false;
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
  // Packets waiting at a source before send() refuses more; the queue grows up to this on demand.
  int source_queue_packets = 4096;
};

// A message on its way through the routers.
struct Packet : Message {
  // Flits already moved into the router.
  int injected = 0;
  // The topology's routing state (a torus's dateline crossing), 0 for a new packet.
  int route_state = 0;
};

// A cycle-driven, flit-level simulator of wormhole routers with virtual channels on any Topology:
// credit or on/off flow control, a router pipeline and per-hop delay, channel, injection and
// ejection rates and bounded receive queues. Terminals are numbered by the topology; channels
// (router output ports) are numbered router by router, port by port. Nothing is allocated per
// flit: buffers are fixed rings, packets come from a pool.
class Network final : public Interconnect {
 public:
  // Throws ParamError for an invalid configuration (naming the parameter).
  explicit Network(const NetworkConfig& config);

  const Topology& topology() const override { return *topo_; }
  const NetworkConfig& config() const { return config_; }
  std::int64_t now() const override { return now_; }

  // Queues a packet at `src` for `dst`; it enters the router after the packets queued before it.
  // Returns its id, or -1 when the source queue is full.
  int send(int src, int dst, int flits, int tag) override;
  // Advances one cycle.
  void step() override;
  // No flit in a router or a source queue and no credit on its way: a step only moves the clock.
  bool idle() const {
    return in_network_ == 0 && queued_ == 0 && credit_head_ == credit_due_.size();
  }
  // Moves the clock as `cycles` steps of an idle network would.
  void skip(std::int64_t cycles) {
    delivered_.clear();
    now_ += cycles;
  }
  // Packets whose last flit reached their destination's receive queue during the last step.
  const std::vector<int>& delivered() const override { return delivered_; }
  const Packet& packet(int id) const { return packets_[static_cast<std::size_t>(id)]; }
  const Message& message(int id) const override { return packet(id); }
  double inject_rate() const override { return config_.inject_rate; }
  // release() and free_packet() of a delivered message.
  void consume(int id) override;
  // Returns a delivered packet's id to the pool.
  void free_packet(int id);
  // The node has taken `flits` words out of its receive queue.
  void release(int node, int flits);
  int receive_queue_used(int node) const { return rq_used_[static_cast<std::size_t>(node)]; }
  int source_backlog(int node) const override {
    return sq_count_[static_cast<std::size_t>(node)];
  }
  // Bytes of the network's state (every buffer, table and queue allocated), for the bench.
  std::size_t state_bytes() const;
  // Flits in routers, on their way.
  std::int64_t flits_in_network() const { return in_network_; }

  // Counters since the last reset: flits sent through each output port, into terminals, and
  // across the bisection.
  void reset_counters() override;
  std::int64_t counted_cycles() const { return now_ - counters_from_; }
  int channels() const { return port_base_.back(); }
  int channel(int router, int port) const {
    return port_base_[static_cast<std::size_t>(router)] + port;
  }
  std::uint64_t flits_sent(int router, int port) const;
  std::uint64_t ejected_flits() const { return ejected_flits_; }
  std::uint64_t bisection_flits() const override { return bisection_flits_; }
  // Fraction of a channel's capacity used since the reset (0 for a port that leads nowhere).
  double utilization(int channel) const;

 private:
  // A flit is its packet's id with head and tail flags, and the cycle it may leave modulo 2^32
  // (compared as a signed difference: exact while a flit waits under 2^31 cycles in a buffer).
  // 8 bytes, and a body flit's move never reads its packet.
  struct Flit {
    std::uint32_t word;
    std::uint32_t ready;
  };
  static constexpr std::uint32_t kHead = 1u << 30;
  static constexpr std::uint32_t kTail = 1u << 31;
  static constexpr std::uint32_t kPacketMask = kHead - 1;

  int ivc(int channel, int vc) const { return channel * vcs_ + vc; }
  double& refreshed_tokens(int index);
  // Puts a flit at the back of an input virtual channel of `router`; it may leave after the
  // link, the router delay and the pipeline.
  void push(int router, int to, std::uint32_t word);
  // Picks the output port and a free output virtual channel for the packet at the front of `in`.
  bool route_head(int router, int in_port, int in);
  void inject(int terminal);
  void process_router(int router);
  void move_flit(int router, int slot, std::uint64_t& used, std::uint64_t& port_done);
  void sleep(int router, int slot) {
    const int word = occupied_base_[static_cast<std::size_t>(router)] + slot / 64;
    asleep_[static_cast<std::size_t>(word)] |= std::uint64_t{1} << (slot % 64);
  }
  // An output VC of `router` was freed: the input VCs asleep on a route there look again.
  void wake_routes(int router);
  void return_credits();

  NetworkConfig config_;
  std::shared_ptr<const Topology> topo_;
  int vcs_;
  int vc_classes_;
  int buffer_;
  int onoff_margin_;
  std::int64_t now_ = 0;

  // Per router: its first channel (and, last, the channel count), its first word of the
  // occupied bitset, the cycles a head spends on top of a body flit.
  std::vector<std::int32_t> port_base_;
  std::vector<std::int32_t> occupied_base_;
  std::vector<std::int32_t> head_extra_cycles_;
  // Per terminal: the input channel it injects into.
  std::vector<std::int32_t> inject_channel_;

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
  // Channel tokens: words a channel (or a half-duplex link) may still send.
  std::vector<double> tokens_;
  std::vector<double> token_rate_;
  // The cycle each channel's tokens were last topped up to.
  std::vector<std::int64_t> token_time_;
  // Per channel: the token it draws on (a half-duplex link's two directions share one), the
  // downstream input channel (-1: none), the terminal it ejects into (-1: none), whether the
  // input side of the channel is fed by a router (and so returns credits).
  std::vector<std::int32_t> token_of_;
  std::vector<std::int32_t> downstream_;
  std::vector<std::int32_t> eject_terminal_;
  std::vector<std::uint8_t> returns_credits_;
  std::vector<std::uint8_t> bisection_;
  std::vector<std::int32_t> channel_router_;
  std::vector<std::int32_t> rr_;
  // Per router, a bit per input virtual channel holding flits, so empty ones cost nothing, and
  // how many bits are set, so an empty router costs one look.
  std::vector<std::uint64_t> occupied_;
  std::vector<std::int32_t> active_;
  // Input virtual channels whose front flit cannot move until something else happens, in the
  // same layout: skipping them changes nothing, as a blocked flit's turn has no effect. Asleep
  // on a route: until an output VC of the router is freed (route_wait_ marks these). Asleep on
  // credits (credit flow only): until a credit of the output VC it holds comes back; that output
  // VC's credit_waiter_ is the input VC.
  std::vector<std::uint64_t> asleep_;
  std::vector<std::uint64_t> route_wait_;
  std::vector<std::int32_t> credit_waiter_;
  // Per channel fed by a router: that router, whose output VCs the channel's input VCs are.
  std::vector<std::int32_t> upstream_router_;
  // Credits on their way back: the cycle each arrives and its input VC (complemented for a
  // tail's credit when output VCs are freed on it), in the order sent.
  std::vector<std::int64_t> credit_due_;
  std::vector<std::int32_t> credit_ivc_;
  std::size_t credit_head_ = 0;

  // Terminals: source queue ring (grown on demand), the VC at the injection port the current
  // packet uses, receive queue.
  std::vector<std::vector<std::int32_t>> sq_;
  std::vector<std::int32_t> sq_head_;
  std::vector<std::int32_t> sq_count_;
  // Packets in all source queues.
  std::int64_t queued_ = 0;
  std::vector<std::int32_t> inject_vc_;
  std::vector<double> inject_tokens_;
  // A terminal whose injection virtual channels are full and whose tokens are topped up can do
  // nothing until a flit leaves one of them (inject_terminal_ of the channel: that terminal).
  std::vector<std::uint8_t> inject_asleep_;
  std::vector<std::uint64_t> inject_ready_;
  void set_ready(std::size_t t, bool on) {
    if (on) inject_ready_[t / 64] |= std::uint64_t{1} << (t % 64);
    else inject_ready_[t / 64] &= ~(std::uint64_t{1} << (t % 64));
  }
  std::vector<std::int32_t> inject_terminal_;
  std::vector<std::int32_t> rq_used_;

  std::vector<Packet> packets_;
  std::vector<std::int32_t> free_packets_;
  std::vector<int> delivered_;
  std::int64_t in_network_ = 0;

  std::vector<std::uint64_t> sent_;
  std::uint64_t ejected_flits_ = 0;
  std::uint64_t bisection_flits_ = 0;
  std::int64_t counters_from_ = 0;
};

}  // namespace archex
