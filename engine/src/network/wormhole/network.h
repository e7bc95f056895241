#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include "network/interconnect.h"
#include "network/network_trace.h"
#include "network/topologies/topology.h"
#include "network/wormhole/switch_allocator.h"

namespace archex {

// Allocates on cache-line boundaries, so a virtual channel's 8-flit ring is one line, not two.
template <typename T>
struct LineAligned {
  using value_type = T;
  static constexpr std::align_val_t kLine{64};
  LineAligned() = default;
  template <typename U>
  LineAligned(const LineAligned<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kLine)); }
  void deallocate(T* p, std::size_t) { ::operator delete(p, kLine); }
  template <typename U>
  bool operator==(const LineAligned<U>&) const { return true; }
  template <typename U>
  bool operator!=(const LineAligned<U>&) const { return false; }
};

// When a packet's head spends its pipeline's VC- and switch-allocation cycles (vc_alloc_cycles,
// switch_alloc_cycles) in each router. Overlapped: as it arrives, with its route computation, so
// it takes an output VC freed while it waited and the switch in the same cycle (an ideal router).
// The other two spend them once it has won its output VC, as a router's stages do: speculative,
// the two at once (the longer of the two), its first bid for the switch going after the flits
// already holding their VCs (with a matching allocator); not speculative, one after the other.
enum class HeadAllocation { kOverlapped, kSpeculative, kNonSpeculative };

// How a network is built. Flits are words: a channel rate of 0.5 means a word crosses a channel
// every second cycle. A packet of n words is n flits, after its header's (header_flits).
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
  // Cycles a flit takes from its source into its router past the one it always takes (BookSim2's
  // injection channel and the cycle after a packet is created: 2).
  int injection_cycles = 0;
  // Words the receive queue holds; a full queue stops ejection, which backs up the network.
  int receive_queue_flits = 1024;
  // Credits (the sender counts free buffer slots) or on/off (the receiver says stop when fewer
  // than a margin of slots are free, seen one cycle late).
  bool credit_flow = true;
  // Packets waiting at a source before send() refuses more; the queue grows up to this on demand.
  int source_queue_packets = 4096;
  // A router's outputs serve waiting inputs in a fixed order (ports in the topology's order, the
  // node's own injection last) instead of round robin: through traffic can starve injection.
  bool fixed_priority = false;
  // How a router matches its inputs to its outputs each cycle (switch_allocator.h; greedy is the
  // loop above, the others match every input VC's request at once), and iSLIP's iterations.
  // Virtual-channel allocation stays greedy: heads take free output VCs in the round robin's order.
  SwitchAllocatorKind allocator = SwitchAllocatorKind::kGreedy;
  int allocator_iterations = 1;
  // Internal speedup (1 to 4): a router allocates and crosses its switch this many times a cycle,
  // so an input port sends up to this many flits a cycle and an output takes as many, into an
  // output queue that its channel empties a flit a cycle (at its rate). A flit takes its credit
  // as it crosses the switch, so an output queue never holds more than the buffers beyond it.
  // Ejection stays one flit a cycle.
  int internal_speedup = 1;
  // When a packet's head spends its VC- and switch-allocation cycles (HeadAllocation).
  HeadAllocation head_allocation = HeadAllocation::kOverlapped;
  // Seeds the draws of an oblivious routing that draws (Valiant's intermediate node): packet k's
  // draw is a mix of it and k.
  std::uint64_t route_seed = 0;
  // UGAL keeps a packet on its minimal route unless that output's queue, weighted, exceeds the
  // other route's by more than this many flits (Topology::route_options).
  int ugal_threshold_flits = 0;
  // Flits of routing header every packet carries ahead of its payload (a message's words): they
  // are injected, buffered and sent over links like any flit, and the destination's router
  // consumes them, so they never use the ejection rate nor the receive queue. 0 to 255.
  int header_flits = 0;
  // Message classes (virtual networks), 1 or 2: with 2, requests (class 0) take the lower half of
  // every channel's virtual channels and replies (class 1) the upper half, each half split in
  // the routing's classes as a whole network's are, and each terminal has a source queue per
  // class, replies injected first. A reply then never waits for a VC or a source queue a request
  // holds, so requests that cannot move until their replies are taken (a destination that
  // answers before it consumes) cannot deadlock with them: message-dependent deadlock.
  int message_classes = 1;
};

// What sizes a network's state, for Network::state_bytes_of: its routers of `ports` ports each,
// its terminals, and its channels from a router to a router (`links`, each direction counted) and
// those that lead nowhere (`dead_ends`, a mesh's edges).
struct NetworkSize {
  double routers = 0;
  int ports = 0;
  double terminals = 0;
  double links = 0;
  double dead_ends = 0;
};

// A message on its way through the routers.
struct Packet : Message {
  // Flits already moved into the router (its header flits first, then its words).
  int injected = 0;
  // The topology's routing state (a torus's dateline crossing, an oblivious routing's draw).
  RouteState route_state = 0;
  // Recorded only, for the statistics: the cycle its head flit left the source queue into the
  // router (-1: not yet), and the router-to-router channels its head has been given (each one
  // it crosses, a misroute or a detour included).
  std::int64_t entered = -1;
  int hops = 0;
  // Its message class (NetworkConfig::message_classes): the half of the VCs it may take.
  std::uint8_t message_class = 0;
};

// A deadlock the network found itself in: a cycle of virtual channels (the knot), each holding
// flits whose front waits on the next one, so none of them can ever move.
struct Deadlock {
  // The cycle it was found at.
  std::int64_t cycle = -1;
  // The knot, in order (each waits on the next, the last on the first): the channel carrying
  // into each buffer (numbered as the channels: the router output it leaves by) and its virtual
  // channel, and the network's id of the packet whose flit waits at the buffer's front.
  std::vector<int> channels;
  std::vector<int> vcs;
  std::vector<int> packets;
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
  ~Network() override;

  // Records the network's events into `recorder` from now on (see NetworkTrace); a packet of more
  // than `max_packet_flits` words (besides its header) is refused.
  void record(TraceRecorder& recorder, int max_packet_flits);
  NetworkTrace* trace() const { return trace_.get(); }

  const Topology& topology() const override { return *topo_; }
  const NetworkConfig& config() const { return config_; }
  std::int64_t now() const override { return now_; }

  // Queues a packet at `src` for `dst`; it enters the router after the packets queued before it.
  // Returns its id, or -1 when the source queue is full.
  int send(int src, int dst, int flits, int tag) override { return send(src, dst, flits, tag, 0); }
  // The same in message class `message_class` (below NetworkConfig::message_classes), into that
  // class's source queue.
  int send(int src, int dst, int flits, int tag, int message_class);
  // Advances one cycle.
  void step() override;
  // No flit in a router or a source queue and no credit on its way: a step only moves the clock.
  bool idle() const {
    return in_network_ == 0 && queued_ == 0 && !credits_on_the_way();
  }
  // Moves the clock as `cycles` steps of an idle network would.
  void skip(std::int64_t cycles) {
    delivered_.clear();
    now_ += cycles;
    last_move_ = now_;
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
  int receive_queue_used(int node) const {
    return terminals_[static_cast<std::size_t>(node)].rq_used;
  }
  int source_backlog(int node) const override {
    const int replies = replies_.empty() ? 0 : replies_[static_cast<std::size_t>(node)].count;
    return terminals_[static_cast<std::size_t>(node)].sq_count + replies;
  }
  // Bytes of the network's state (every buffer, table and queue allocated), for the bench.
  std::size_t state_bytes() const;
  // What state_bytes() gives for a new network of this size, counted without building it, so a
  // network too big for the memory there is can be refused first.
  static double state_bytes_of(const NetworkSize& size, const NetworkConfig& config);
  // Flits in routers, on their way.
  std::int64_t flits_in_network() const { return in_network_; }
  // Flits in virtual channel `vc` of router input `input` (numbered as the channels).
  int buffered(int input, int vc) const {
    return vc_[static_cast<std::size_t>(ivc(input, vc))].count;
  }

  // Counters since the last reset: flits sent through each output port, into terminals, and
  // across the bisection.
  void reset_counters() override;
  std::int64_t counted_cycles() const { return now_ - counters_from_; }
  int channels() const { return static_cast<int>(channels_.size()); }
  int channel(int router, int port) const {
    return routers_[static_cast<std::size_t>(router)].port_base + port;
  }
  std::uint64_t flits_sent(int router, int port) const;
  std::uint64_t ejected_flits() const { return ejected_flits_; }
  // Flits ejected into one terminal since the reset.
  std::uint64_t ejected_flits(int terminal) const {
    return ejected_by_terminal_[static_cast<std::size_t>(terminal)];
  }
  std::uint64_t bisection_flits() const override { return bisection_flits_; }
  // Fraction of a channel's capacity used since the reset (0 for a port that leads nowhere).
  double utilization(int channel) const;
  // Share of the time since the reset that a packet held one or more of a channel's virtual
  // channels (an ejection channel's one queue): held while a packet's flits flow and while its
  // head waits further on, so it is never below the utilization, and a channel a blocked packet
  // holds reads full however little it carries (0 for a port that leads nowhere).
  double occupancy(int channel) const;
  // Whether a packet holds one or more of a channel's virtual channels (an ejection channel's one
  // queue) now: in a network found deadlocked, such a channel is held for ever (false for a port
  // that leads nowhere).
  bool held(int channel) const;
  // The deadlock the network is in, once found (null until then). Found when nothing has moved
  // for longer than any delay of the pipeline, credits or rates explains, by looking for a cycle
  // of buffers that each wait on the next in the routers' state.
  const Deadlock* deadlock() const { return deadlock_.cycle >= 0 ? &deadlock_ : nullptr; }

 private:
  friend class NetworkTrace;
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

  // What is read together sits together: one router's, one virtual channel's, one channel's and
  // one terminal's hot fields each in one struct, so a flit's move touches a few cache lines, not
  // one per field (what makes a 32x32x32 network, far out of cache, cost more per node-cycle).
  struct RouterState {
    // Its first channel, its input VCs, its first word of bits_, the cycles a head spends on top
    // of a body flit, its input VCs holding flits (so an empty router costs one look), the round
    // robin's start.
    std::int32_t port_base;
    std::int32_t slots;
    std::int32_t bits_base;
    std::int32_t head_extra;
    std::int32_t active;
    std::int32_t rr;
  };
  // A bit per input virtual channel of a router, 64 to a word. Occupied: it holds flits, so empty
  // ones cost nothing. Asleep: its front flit cannot move until something else happens, so
  // skipping it changes nothing, as a blocked flit's turn has no effect. Route wait: asleep on a
  // route, until an output VC of the router is freed. Asleep on credits (credit flow only):
  // until a credit of the output VC it holds comes back (that Vc's credit_waiter). Fresh: it was
  // empty and took a flit this cycle, which cannot leave before the next (fresh_words_ lists the
  // words to clear at the end of the cycle).
  struct Bits {
    std::uint64_t occupied = 0;
    std::uint64_t asleep = 0;
    std::uint64_t route_wait = 0;
    std::uint64_t fresh = 0;
  };
  // An input virtual channel: its ring of flits and where the packet at the front goes; and the
  // output virtual channel feeding it (indexed like the input it feeds): held by a packet, the
  // credits (free slots here), the free slots seen last cycle for on/off, the input VC asleep on
  // its credits.
  struct Vc {
    std::uint16_t head = 0;
    std::uint16_t count = 0;
    std::int8_t out_port = -1;
    std::int8_t out_vc = -1;
    std::uint8_t held = 0;
    // Its head won its output VC speculatively and has not bid for the switch yet.
    std::uint8_t speculating = 0;
    std::int16_t credits = 0;
    std::int16_t free_seen = 0;
    std::int32_t credit_waiter = -1;
  };
  // A channel (a router's output port): its router; the input channel it feeds (-1: none) and
  // that channel's router; the terminal it ejects into (-1: none); the token it draws on, in
  // tokens_ (a half-duplex link's two directions share one; -1: it needs none). As the input side
  // of a channel: the router feeding it (and so whether it returns credits) or the terminal
  // injecting into it.
  struct Channel {
    std::int32_t router = 0;
    std::int32_t downstream = -1;
    std::int32_t down_router = -1;
    std::int32_t eject_terminal = -1;
    std::int32_t token_of = -1;
    std::int32_t upstream_router = -1;
    std::int32_t inject_terminal = -1;
    std::uint8_t bisection = 0;
    // Cycles a flit spends on the link past the one every link takes (as an output), and the
    // queue its credits go back by (as an input: 0, credit_due_; k, slow_credits_[k - 1]).
    std::uint8_t credit_lane = 0;
    std::uint16_t link_extra = 0;
  };
  // Credits coming back over links slower than one cycle (Topology::link_cycles), one queue per
  // delay so that each stays in the order due.
  struct CreditLane {
    std::int64_t delay = 0;
    std::vector<std::int64_t> due;
    std::vector<std::int32_t> ivc;
    std::size_t head = 0;
  };
  // Words a channel (or a half-duplex link) may still send, its rate, and the cycle they were
  // last topped up to.
  struct Tokens {
    double tokens = 0;
    double rate = 0;
    std::int64_t time = 0;
  };
  // A terminal: the input channel it injects into, its source queue (a ring in sq_, grown on
  // demand), the injection VC its current packet uses, its receive queue's use, the header flits
  // its router still consumes, its tokens.
  // Asleep: its injection VCs are full and its tokens topped up, so it can do nothing until a
  // flit leaves one of them.
  struct Terminal {
    std::int32_t inject_channel = 0;
    std::int32_t sq_head = 0;
    std::int32_t sq_count = 0;
    std::int32_t inject_vc = -1;
    std::int32_t rq_used = 0;
    std::uint8_t asleep = 0;
    // Header flits of the packet now ejecting here still to be consumed (in the padding before
    // the tokens: the struct keeps its size).
    std::uint8_t header_left = 0;
    double inject_tokens = 0;
  };

  // A source queue of a message class other than 0 (replies): a ring grown on demand, as a
  // terminal's own (Terminal), and the injection VC its current packet uses.
  struct SourceQueue {
    std::int32_t head = 0;
    std::int32_t count = 0;
    std::int32_t inject_vc = -1;
    std::vector<std::int32_t> ring;
  };

  int ivc(int channel, int vc) const { return channel * vcs_ + vc; }
  // The first of the virtual channels packet `p` may take (its message class's), of class_vcs_.
  int vc_base(const Packet& p) const { return p.message_class * class_vcs_; }
  Flit& flit_at(std::size_t vc, int slot) {
    return flits_[vc * static_cast<std::size_t>(buffer_) + static_cast<std::size_t>(slot)];
  }
  double& refreshed_tokens(int index);
  // The tokens a flit crossing the switch to `ch` spends (nullptr: none): its rate's, unless
  // internal speedup spends them as its output queue sends.
  double* crossing_tokens(const Channel& ch) {
    if (ch.token_of < 0 || (!output_queues_.empty() && ch.eject_terminal < 0)) return nullptr;
    return &refreshed_tokens(ch.token_of);
  }
  // Puts a flit at the back of an input virtual channel of `router`; it may leave after the
  // link, the router delay and the pipeline. Inlined, as move_flit is, into the loop over a
  // router's inputs: a flit's move is a few dozen instructions, and the calls showed in profiles.
  [[gnu::always_inline]] inline void push(int router, int to, std::uint32_t word, int extra);
  // Picks the output port and a free output virtual channel for the packet at the front of `in`.
  bool route_head(int router, int in_port, int in);
  // A source-adaptive routing's choice of route for `p` at `router`, made once.
  void choose_route(int router, int in_port, Packet& p);
  // The same among an adaptive routing's choices.
  bool route_adaptive(int router, int in_port, Vc& vc, Packet& p);
  // Gives the ejection queue behind `port` to the packet at the front of `vc`, if it is free.
  bool take_ejection(int router, int port, Vc& vc);
  // One cycle; kTraced: with the trace's calls compiled in (step() picks).
  template <bool kTraced>
  void cycle();
  template <bool kTraced>
  void inject(int terminal);
  // Injects from one source queue (its head, count and injection VC, its ring) into the
  // injection VCs first to first + class_vcs_ - 1 while `tokens` last; false when it stopped on
  // a full VC.
  template <bool kTraced>
  [[gnu::always_inline]] inline bool inject_from(int terminal, std::int32_t& head,
                                                 std::int32_t& count, std::int32_t& inject_vc,
                                                 const std::vector<std::int32_t>& ring, int first,
                                                 double& tokens);
  // Whether a terminal has packets in any source queue.
  bool has_queued(std::size_t t) const {
    return terminals_[t].sq_count > 0 || (!replies_.empty() && replies_[t].count > 0);
  }
  // Moves what can move out of a router holding flits.
  template <bool kTraced>
  // Both say whether a flit moved.
  bool process_router(int router);
  // Both take the outputs already used this cycle (an earlier pass's, with internal speedup) and
  // add this pass's.
  template <bool kTraced>
  bool process_inputs(int router, std::uint64_t& used);
  // A packet's tail has left: the output virtual channel it held is free (with fixed priority,
  // from the router's next turn on).
  void release_vc(int router, int vc);
  // A packet takes a VC of input channel `c`; lets go of input VC `vc`: the channel's hold since
  // the reset is counted once its last holder lets go.
  void begin_hold(std::size_t c);
  void end_hold(std::size_t vc);
  // Takes the front flit out of input VC `slot` of `router` (arrived on input port `port`) and
  // frees its buffer slot upstream: a credit, or a wake-up of the injecting terminal.
  [[gnu::always_inline]] inline void pop_front(int router, int slot, int port, bool tail);
  // The destination's router consumes the header flit at the front of input VC `slot`, bound for
  // ejection channel `c` into `terminal`.
  template <bool kTraced>
  void strip_header(int router, int slot, int port, int c, int terminal, std::uint32_t word);
  // The greedy allocator's turn of input VC `slot` of `router`: its front flit moves if it can
  // (ready, routed, its input port and output unused this cycle, flow control and rate allowing).
  template <bool kTraced>
  [[gnu::always_inline]] inline void move_flit(int router, int slot, std::uint64_t& used,
                                               std::uint64_t& port_done);
  // The front flit of input VC `slot` (on input port `port`) may leave now and its packet holds
  // an output (won now if it had none, and the head's allocation cycles, if they come after,
  // spent); false otherwise, the VC put to sleep when only a freed output VC can wake it.
  template <bool kTraced>
  [[gnu::always_inline]] inline bool front_routed(int router, int slot, int port, Flit& flit);
  // The flow control (credits or on/off, the receive queue) and the rate of output channel `ch`
  // let the front flit of input VC `in` go; `tokens`: the rate's tokens it will spend (nullptr:
  // none). False puts it to sleep when only a credit can wake it.
  template <bool kTraced>
  [[gnu::always_inline]] inline bool flow_open(RouterState& r, int slot, int in,
                                               const Channel& ch, const Vc& vc, double*& tokens);
  // The front flit of input VC `slot` crosses to output channel `c`: out of its buffer, into the
  // next router's or the receive queue, counted.
  template <bool kTraced>
  [[gnu::always_inline]] inline void cross(int router, int slot, int port, std::size_t c,
                                           Flit flit, double* tokens);
  // Every input VC of `router` holding a flit that is not asleep, in the round robin's order.
  template <bool kTraced, typename Visit>
  [[gnu::always_inline]] inline void visit_inputs(int router, Visit&& visit);
  // A matching allocator's cycle of `router`: bids, matching, crossing. Says whether a flit moved.
  template <bool kTraced>
  bool allocate_switch(int router, std::uint64_t& used);
  // Internal speedup's output queues each send their front flit over their channel; says whether
  // one did.
  bool send_output_queues();
  Bits& bits_of(const RouterState& router, int slot) {
    return bits_[static_cast<std::size_t>(router.bits_base + slot / 64)];
  }
  std::uint64_t& waited_of(const RouterState& router, int slot) {
    return waited_[static_cast<std::size_t>(router.bits_base + slot / 64)];
  }
  // An output VC of `router` was freed: the input VCs asleep on a route there look again.
  void wake_routes(int router);
  template <bool kTraced>
  void return_credits();
  template <bool kTraced>
  void return_credit(std::int32_t back);
  bool credits_on_the_way() const {
    if (credit_head_ != credit_due_.size()) return true;
    for (const CreditLane& lane : slow_credits_) {
      if (lane.head != lane.due.size()) return true;
    }
    return false;
  }
  // The flits held in the buffers at the other end of a router's output, as BookSim2's
  // GetUsedCredit counts them: a source-adaptive routing's queue.
  int queued_at(int router, int port) const;
  // The input whose virtual channels a channel's occupancy counts: the one it feeds, or an
  // ejection channel's own queue; -1 for a port that leads nowhere.
  int held_input(int channel) const;
  // Looks for a knot among the buffers (find_deadlock in network.cpp); true when found.
  bool find_deadlock();
  // What the front flit of input VC `in` waits on, as input VCs appended to `out`: none when it
  // can move, or waits on something outside the routers (a rate, a pipeline stage, a full
  // receive queue).
  void waits_of(int in, std::vector<std::int32_t>& out) const;
  void set_ready(std::size_t t, bool on) {
    if (on) inject_ready_[t / 64] |= std::uint64_t{1} << (t % 64);
    else inject_ready_[t / 64] &= ~(std::uint64_t{1} << (t % 64));
  }

  NetworkConfig config_;
  std::shared_ptr<const Topology> topo_;
  // Its routing, asked directly on the per-hop path.
  const Routing* routing_;
  int vcs_;
  int vc_classes_;
  // Virtual channels per message class: all of them with one class, half with two.
  int class_vcs_;
  int buffer_;
  int onoff_margin_;
  int header_;
  // The topology's routing is adaptive (route_choices), or draws per packet (route_start).
  bool adaptive_;
  bool draws_;
  // The topology offers routes to choose between at the source (Topology::route_options).
  bool chooses_;
  // Cycles a head waits once it won its output VC before bidding for the switch (0 overlapped).
  int after_vc_;
  // With a matching allocator, not speculative: a bit per input VC whose head was refused an
  // output VC, so it is in its VC-allocation stage and the cycle it wins one is that stage's
  // (BookSim2's VC_ALLOC state: switch allocation the next cycle). Laid out as bits_; empty
  // otherwise, so no other router carries it.
  std::vector<std::uint64_t> waited_;
  // With internal speedup, the flits that crossed the switch and wait for their channel: per
  // channel a ring of the flit and the output VC it goes into (empty for a speedup of 1), and the
  // channels whose queue holds flits.
  struct OutputQueue {
    std::vector<std::uint32_t> words;
    std::vector<std::int8_t> vcs;
    int head = 0;
    int count = 0;
  };
  std::vector<OutputQueue> output_queues_;
  std::vector<std::int32_t> queued_outputs_;
  // Per router, its ejection ports: with internal speedup they still take one flit a cycle.
  std::vector<std::uint64_t> eject_ports_;
  // While a matching allocator gathers bids: a head routed to its destination's ejection queue
  // bids for it (out_vc kEjectionPending) and takes it only when granted the switch.
  static constexpr std::int8_t kEjectionPending = -2;
  bool bidding_ = false;
  // A matching switch allocator's state; null for greedy.
  std::unique_ptr<SwitchAllocator> allocator_;
  std::uint64_t routes_drawn_ = 0;
  std::int64_t now_ = 0;

  std::vector<RouterState> routers_;
  // Per block of kRouterBlock routers, how many hold flits: a step passes over a quiet block
  // with one look, where a lightly loaded machine (the J-Machine's programs) has most routers
  // empty.
  static constexpr int kRouterBlock = 64;
  std::vector<std::int32_t> block_active_;
  std::vector<Bits> bits_;
  // A router's input VC slot's port (slot / vcs_), looked up: no division per flit moved.
  std::vector<std::uint8_t> port_of_slot_;
  std::vector<std::size_t> fresh_words_;
  std::vector<Vc> vc_;
  std::vector<Flit, LineAligned<Flit>> flits_;
  std::vector<Channel> channels_;
  std::vector<Tokens> tokens_;
  // Credits on their way back: the cycle each arrives and its input VC (complemented for a
  // tail's credit when output VCs are freed on it), in the order sent.
  std::vector<std::int64_t> credit_due_;
  std::vector<std::int32_t> credit_ivc_;
  std::size_t credit_head_ = 0;
  std::vector<CreditLane> slow_credits_;

  std::vector<Terminal> terminals_;
  std::vector<std::vector<std::int32_t>> sq_;
  // Each terminal's reply queue (message class 1); empty with one message class.
  std::vector<SourceQueue> replies_;
  // Packets in all source queues.
  std::int64_t queued_ = 0;
  // A bit per terminal with packets queued and not asleep: the ones a step injects for.
  std::vector<std::uint64_t> inject_ready_;

  std::vector<Packet> packets_;
  std::vector<std::int32_t> free_packets_;
  std::vector<int> delivered_;
  // Output virtual channels freed during a router's turn, under fixed priority.
  std::vector<int> released_;
  std::int64_t in_network_ = 0;

  std::vector<std::uint64_t> sent_;
  // Per input channel: how many of its VCs packets hold, the cycle the first of them took one
  // (after a hold, the cycle after it ended), and the cycles held by holds that ended since the
  // reset (occupancy() adds the hold still on).
  std::vector<std::int32_t> holders_;
  std::vector<std::int64_t> busy_from_;
  std::vector<std::int64_t> held_cycles_;
  std::uint64_t ejected_flits_ = 0;
  std::vector<std::uint64_t> ejected_by_terminal_;
  std::uint64_t bisection_flits_ = 0;
  std::int64_t counters_from_ = 0;
  // The last cycle a flit moved between buffers, the quiet cycles after which the next look for
  // a deadlock is due (doubled after each look that finds none), and the least of them: longer
  // than a flit can wait with nothing moving in a network that is not stuck.
  std::int64_t last_move_ = 0;
  std::int64_t next_look_ = 0;
  std::int64_t quiet_limit_ = 0;
  Deadlock deadlock_;
  // Null unless a trace was asked for: each hook costs a test of it.
  std::unique_ptr<NetworkTrace> trace_;
};

}  // namespace archex
