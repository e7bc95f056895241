#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "network/interconnect.h"
#include "network/network_trace.h"
#include "network/topologies/topology.h"
#include "network/wormhole/network_config.h"
#include "network/wormhole/router_state.h"
#include "network/wormhole/switch_allocator.h"

namespace archex {

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
  // The routers' state (router_state.h), by the names the stages use.
  using Flit = wormhole::Flit;
  static constexpr std::uint32_t kHead = wormhole::kHead;
  static constexpr std::uint32_t kTail = wormhole::kTail;
  static constexpr std::uint32_t kPacketMask = wormhole::kPacketMask;
  using RouterState = wormhole::RouterState;
  using Bits = wormhole::Bits;
  using Vc = wormhole::Vc;
  using Channel = wormhole::Channel;
  using CreditLane = wormhole::CreditLane;
  using Tokens = wormhole::Tokens;
  using Terminal = wormhole::Terminal;
  using SourceQueue = wormhole::SourceQueue;

  int ivc(int channel, int vc) const { return channel * vcs_ + vc; }
  // The first of the virtual channels packet `p` may take (its message class's), of class_vcs_.
  int vc_base(const Packet& p) const { return p.message_class * class_vcs_; }
  Flit& flit_at(std::size_t vc, int slot) {
    return flits_[vc * static_cast<std::size_t>(buffer_) + static_cast<std::size_t>(slot)];
  }
  // Whether a terminal has packets in any source queue.
  bool has_queued(std::size_t t) const {
    return terminals_[t].sq_count > 0 || (!replies_.empty() && replies_[t].count > 0);
  }
  Bits& bits_of(const RouterState& router, int slot) {
    return bits_[static_cast<std::size_t>(router.bits_base + slot / 64)];
  }
  std::uint64_t& waited_of(const RouterState& router, int slot) {
    return waited_[static_cast<std::size_t>(router.bits_base + slot / 64)];
  }
  bool credits_on_the_way() const {
    if (credit_head_ != credit_due_.size()) return true;
    for (const CreditLane& lane : slow_credits_) {
      if (lane.head != lane.due.size()) return true;
    }
    return false;
  }
  void set_ready(std::size_t t, bool on) {
    if (on) inject_ready_[t / 64] |= std::uint64_t{1} << (t % 64);
    else inject_ready_[t / 64] &= ~(std::uint64_t{1} << (t % 64));
  }

  // The cycle loop (network.cpp).
  // One cycle; kTraced: with the trace's calls compiled in (step() picks).
  template <bool kTraced>
  void cycle();
  // The input whose virtual channels a channel's occupancy counts: the one it feeds, or an
  // ejection channel's own queue; -1 for a port that leads nowhere.
  int held_input(int channel) const;

  // Route computation (route_computation.cpp; front_routed, inlined into the switch
  // allocation's flit loop, in route_computation.h).
  // The front flit of input VC `slot` (on input port `port`) may leave now and its packet holds
  // an output (won now if it had none, and the head's allocation cycles, if they come after,
  // spent); false otherwise, the VC put to sleep when only a freed output VC can wake it.
  template <bool kTraced>
  [[gnu::always_inline]] inline bool front_routed(int router, int slot, int port, Flit& flit);
  // Input VC `slot`'s head was refused an output VC: asleep until one of the router's is freed.
  template <bool kTraced>
  [[gnu::always_inline]] inline void refuse_route(RouterState& r, int slot, int in);
  // Input VC `slot` (at `i`) won its output: the head's allocation cycles that come after, spent
  // from now. True when it may bid for the switch this cycle.
  [[gnu::always_inline]] inline bool head_routed(RouterState& r, int slot, std::size_t i, Vc& vc);
  // Picks the output port and a free output virtual channel for the packet at the front of `in`.
  bool route_head(int router, int in_port, int in);
  // A source-adaptive routing's choice of route for `p` at `router`, made once.
  void choose_route(int router, int in_port, Packet& p);
  // The same among an adaptive routing's choices, for the packet at the front of input VC `in`.
  bool route_adaptive(int router, int in_port, int in, Packet& p);
  // The flits held in the buffers at the other end of a router's output, as BookSim2's
  // GetUsedCredit counts them: a source-adaptive routing's queue.
  int queued_at(int router, int port) const;
  // AdaptiveSelection::kTwoDrawn: narrows a head's `n` choices to the port it drew and kept,
  // drawing first if it has none; returns how many choices are left.
  int keep_drawn(int router, int in, RouteChoice* choices, int n);
  // A draw from the seed and `count`, the draws of its kind so far (counted on): the same run
  // draws the same whatever else it does.
  std::uint64_t route_draw(std::uint64_t& count);

  // Virtual-channel allocation (vc_allocation.cpp; the holds and wake_routes, inlined where
  // they are called, in vc_allocation.h).
  // Gives the ejection queue behind `port` to the packet at the front of `vc`, if it is free (of
  // its class's queues the first free one, with a queue per VC).
  bool take_ejection(int router, int port, Vc& vc);
  // Every ejection queue of channel `eject` the packet at the front of input VC `in` may take is
  // held.
  bool ejection_held(int eject, int in) const;
  // The ejection VC a head in `vc` takes at channel `eject`: its class's first free, or the one.
  int ejection_vc(int eject, const Vc& vc) const;
  // A matching VC allocator's turn of `router` (vc_allocator): every head ready and without an
  // output asks for the free VCs of its route's class, and the allocator matches them; heads
  // bound for ejection or routed adaptively take theirs as route_head does.
  template <bool kTraced>
  void allocate_vcs(int router);
  // A packet's tail has left: the output virtual channel it held is free (with fixed priority,
  // from the router's next turn on).
  void release_vc(int router, int vc);
  // A packet takes a VC of input channel `c`; lets go of input VC `vc`: the channel's hold since
  // the reset is counted once its last holder lets go.
  inline void begin_hold(std::size_t c);
  inline void end_hold(std::size_t vc);
  // An output VC of `router` was freed: the input VCs asleep on a route there look again.
  inline void wake_routes(int router);

  // Switch allocation (switch_allocation.cpp; the matching allocators' arbiters in
  // switch_allocator.h).
  // Moves what can move out of a router holding flits.
  template <bool kTraced>
  // Both say whether a flit moved.
  bool process_router(int router);
  // Both take the outputs already used this cycle (an earlier pass's, with internal speedup) and
  // add this pass's.
  template <bool kTraced>
  bool process_inputs(int router, std::uint64_t& used);
  // The greedy allocator's turn of input VC `slot` of `router`: its front flit moves if it can
  // (ready, routed, its input port and output unused this cycle, flow control and rate allowing).
  template <bool kTraced>
  [[gnu::always_inline]] inline void move_flit(int router, int slot, std::uint64_t& used,
                                               std::uint64_t& port_done);
  // Every input VC of `router` holding a flit that is not asleep, in the round robin's order.
  template <bool kTraced, typename Visit>
  [[gnu::always_inline]] inline void visit_inputs(int router, Visit&& visit);
  // A matching allocator's cycle of `router`: bids, matching, crossing. Says whether a flit moved.
  template <bool kTraced>
  bool allocate_switch(int router, std::uint64_t& used);

  // Switch traversal, injection and credits (traversal.cpp; what a flit's every move inlines in
  // traversal.h).
  inline double& refreshed_tokens(int index);
  // The tokens a flit crossing the switch to `ch` spends (nullptr: none): its rate's, unless
  // internal speedup spends them as its output queue sends.
  inline double* crossing_tokens(const Channel& ch);
  // Puts a flit at the back of an input virtual channel of `router`; it may leave after the
  // link, the router delay and the pipeline. Inlined, as move_flit is, into the loop over a
  // router's inputs: a flit's move is a few dozen instructions, and the calls showed in profiles.
  [[gnu::always_inline]] inline void push(int router, int to, std::uint32_t word, int extra);
  // Takes the front flit out of input VC `slot` of `router` (arrived on input port `port`) and
  // frees its buffer slot upstream: a credit, or a wake-up of the injecting terminal.
  [[gnu::always_inline]] inline void pop_front(int router, int slot, int port, bool tail);
  // A flit that crossed the switch into channel c's output queue, for its output VC.
  inline void enqueue(std::size_t c, std::uint32_t word, std::int8_t out_vc);
  // With a matching switch allocator, not speculative: the head now at the front of input VC
  // `slot`, its packet's predecessor gone this cycle, starts its route stage next cycle.
  inline void queued_head_routes(RouterState& r, int slot, Flit& head);
  // The destination's router consumes the header flit at the front of input VC `slot`, bound for
  // ejection channel `c` into `terminal`.
  template <bool kTraced>
  void strip_header(int router, int slot, int port, int c, int terminal, std::uint32_t word);
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
  // Internal speedup's output queues each send their front flit over their channel; says whether
  // one did.
  bool send_output_queues();
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
  template <bool kTraced>
  void return_credits();
  template <bool kTraced>
  void return_credit(std::int32_t back);

  // The deadlock watch (network_deadlock.cpp).
  // Looks for a knot among the buffers (find_deadlock in network_deadlock.cpp); true when found.
  bool find_deadlock();
  // What the front flit of input VC `in` waits on, as input VCs appended to `out`: none when it
  // can move, or waits on something outside the routers (a rate, a pipeline stage, a full
  // receive queue).
  void waits_of(int in, std::vector<std::int32_t>& out) const;

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
  // vc_allocator is a matching one: heads win output VCs in allocate_vcs, not as their turn comes.
  bool matching_vcs_;
  // Its round-robin pointers, indexed as vc_ (a router's input VCs and, by output port and VC,
  // its output VCs): the next input VC an output VC favours, the next output VC an input VC
  // favours, each as a place among the router's own.
  std::vector<std::int16_t> vc_grant_next_;
  std::vector<std::int16_t> vc_accept_next_;
  // One turn's requests (input VC, output VC, each a place among the router's own), the route
  // state each requester's route leaves, and the matches (-1: none), reused turn to turn.
  struct VcRequest {
    std::int16_t in;
    std::int16_t out;
  };
  std::vector<VcRequest> vc_requests_;
  std::vector<RouteState> vc_request_state_;
  std::vector<std::int16_t> vc_in_match_;
  std::vector<std::int16_t> vc_out_match_;
  std::vector<std::int16_t> vc_grant_;
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
  std::int64_t first_step(std::int64_t cycle) const {
    return router_steps_ ? static_cast<std::int64_t>(std::floor(static_cast<double>(cycle) *
                                                                config_.internal_speedup))
                         : cycle;
  }

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
  // Last, so the hot members before keep their places (measured: 5 % slower a node-cycle in
  // the middle).
  // Internal speedup over the whole router (SpeedupScope::kRouter): its pipeline counts steps, a
  // cycle's being first_step(cycle) up to first_step(cycle + 1); otherwise steps are cycles.
  bool router_steps_ = false;
  // The routers' clock, which flits' ready times count: the cycle, or the step being run.
  std::int64_t stage_now_ = 0;
  // Under AdaptiveSelection::kTwoDrawn: per input VC the port its head drew and kept until it wins
  // a VC there (-1: none yet), and the draws made, which seed the next; empty otherwise.
  std::vector<std::int8_t> kept_port_;
  std::uint64_t ports_drawn_ = 0;
};

}  // namespace archex
