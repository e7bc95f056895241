#include "network/wormhole/network.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/param_spec.h"
#include "core/rng.h"

namespace archex {

namespace {

// On/off flow control: a sender stops while the receiver showed fewer free slots than this at the
// end of the previous cycle, which leaves room for the flit sent during the signal's delay.
constexpr int kOnOffMargin = 2;
constexpr int kMaxVcs = 16;
constexpr int kMaxStageCycles = 64;
// Flits keep their ready cycle in 32 bits, so no delay may come near 2^31 cycles.
constexpr int kMaxDelayCycles = 1 << 20;
constexpr int kMaxLinkCycles = 1000;
// Output and input ports of a router are tracked in one 64-bit mask each per cycle.
constexpr int kMaxPorts = 64;

void require(bool ok, const char* param, const std::string& message) {
  if (!ok) throw ParamError(param, message);
}

int lowest_bit(std::uint64_t bits) { return __builtin_ctzll(bits); }

}  // namespace

Network::Network(const NetworkConfig& config)
    : config_(config),
      topo_(config.topology),
      routing_(topo_ ? &topo_->routing() : nullptr),
      vcs_(config.vcs),
      vc_classes_(topo_ ? topo_->vc_classes() : 1),
      class_vcs_(config.message_classes > 0 ? config.vcs / config.message_classes : config.vcs),
      buffer_(config.buffer_flits),
      onoff_margin_(kOnOffMargin),
      header_(config.header_flits),
      adaptive_(topo_ && topo_->adaptive()),
      draws_(topo_ && topo_->draws_routes()),
      chooses_(topo_ && topo_->chooses_routes()),
      after_vc_(config.head_allocation == HeadAllocation::kOverlapped ? 0
                : config.head_allocation == HeadAllocation::kSpeculative
                    ? std::max(config.vc_alloc_cycles, config.switch_alloc_cycles)
                    : config.vc_alloc_cycles + config.switch_alloc_cycles) {
  require(topo_ != nullptr, "topology", "a network needs a topology");
  // Duato's condition holds for buffers that hold one packet at a time: a head given a VC still
  // holding another packet's flits would wait on it without turning to an escape channel, and
  // adaptive channels could close a knot. So such a routing frees a VC only once it is empty.
  if (topo_->vcs_hold_one_packet()) config_.vc_free_on_tail_credit = true;
  require(vcs_ >= 1 && vcs_ <= kMaxVcs, "vcs", "virtual channels: 1 to 16");
  require(vcs_ >= topo_->min_vcs(), "vcs", topo_->vc_classes_error());
  require(config.message_classes == 1 || config.message_classes == 2, "message_classes",
          "message classes: 1, or 2 (requests and replies)");
  require(vcs_ % config.message_classes == 0 && class_vcs_ >= topo_->min_vcs(), "vcs",
          "requests and replies take half the virtual channels each, and the routing needs " +
              std::to_string(topo_->min_vcs()) + " in each half: an even number of " +
              std::to_string(2 * topo_->min_vcs()) + " or more, up to 16");
  require(buffer_ >= 1 && buffer_ <= 256, "buffer_flits", "flit buffers: 1 to 256 flits");
  require(config.credit_flow || buffer_ > kOnOffMargin, "buffer_flits",
          "on/off flow control needs buffers of at least 3 flits");
  require(config.router_delay_cycles >= 0 && config.router_delay_cycles <= kMaxDelayCycles,
          "router_delay_cycles", "router delay: 0 to 1048576 cycles");
  require(config.route_cycles >= 0 && config.route_cycles <= kMaxStageCycles, "route_cycles",
          "route computation: 0 to 64 cycles");
  require(config.vc_alloc_cycles >= 0 && config.vc_alloc_cycles <= kMaxStageCycles,
          "vc_alloc_cycles", "virtual-channel allocation: 0 to 64 cycles");
  require(config.switch_alloc_cycles >= 0 && config.switch_alloc_cycles <= kMaxStageCycles,
          "switch_alloc_cycles", "switch allocation: 0 to 64 cycles");
  require(config.credit_delay_cycles >= 0 && config.credit_delay_cycles <= kMaxStageCycles,
          "credit_delay_cycles", "credit delay: 0 to 64 cycles");
  require(config.channel_rate > 0 && config.channel_rate <= 1, "channel_words_per_cycle",
          "channel rate: above 0, at most 1 word per cycle");
  require(config.inject_rate > 0, "inject_words_per_cycle", "injection rate: above 0");
  require(config.eject_rate > 0, "eject_words_per_cycle", "ejection rate: above 0");
  require(config.receive_queue_flits >= 1, "receive_queue_words", "receive queue: 1 or more");
  require(config.source_queue_packets >= 1, "source_queue_packets", "source queue: 1 or more");
  require(header_ >= 0 && header_ <= 255, "header_words", "routing header: 0 to 255 flits");
  require(config.injection_cycles >= 0 && config.injection_cycles <= kMaxStageCycles,
          "injection_cycles", "injection: 0 to 64 cycles");
  require(config.internal_speedup >= 1 && config.internal_speedup <= 4, "internal_speedup",
          "internal speedup: 1 to 4 passes of the switch a cycle");
  require(config.allocator == SwitchAllocatorKind::kGreedy || !config.fixed_priority, "allocator",
          "fixed-priority outputs are the greedy allocator's (allocator: greedy)");

  const Topology& topo = *topo_;
  const int routers = topo.routers();
  int channels = 0;
  int words = 0;
  routers_.reserve(static_cast<std::size_t>(routers));
  for (int r = 0; r < routers; ++r) {
    const int ports = topo.ports(r);
    require(ports >= 1 && ports <= kMaxPorts, "topology", "a router has 1 to 64 ports");
    // A head's VC and switch allocation overlapped are part of its arrival; otherwise they come
    // once it wins its VC (after_vc_), and its arrival counts only its route (every flit's
    // arrival counts the switch allocation, taken back here).
    const int head_extra =
        config.route_cycles + topo.header_delay_cycles(r) +
        (config.head_allocation == HeadAllocation::kOverlapped ? config.vc_alloc_cycles
                                                               : -config.switch_alloc_cycles);
    routers_.push_back(RouterState{channels, ports * vcs_, words, head_extra, 0, 0});
    channels += ports;
    words += (ports * vcs_ + 63) / 64;
  }
  const auto c_count = static_cast<std::size_t>(channels);
  const std::size_t vcs = c_count * static_cast<std::size_t>(vcs_);
  flits_.assign(vcs * static_cast<std::size_t>(buffer_), Flit{0, 0});
  Vc fresh;
  fresh.credits = static_cast<std::int16_t>(buffer_);
  fresh.free_seen = static_cast<std::int16_t>(buffer_);
  vc_.assign(vcs, fresh);
  bits_.assign(static_cast<std::size_t>(words), Bits{});
  block_active_.assign((static_cast<std::size_t>(routers) + kRouterBlock - 1) / kRouterBlock, 0);
  port_of_slot_.resize(static_cast<std::size_t>(kMaxPorts * vcs_));
  for (std::size_t s = 0; s < port_of_slot_.size(); ++s) {
    port_of_slot_[s] = static_cast<std::uint8_t>(s / static_cast<std::size_t>(vcs_));
  }
  channels_.assign(c_count, Channel{});
  std::vector<double> rate(c_count, 0.0);
  sent_.assign(c_count, 0);
  holders_.assign(c_count, 0);
  busy_from_.assign(c_count, 0);
  held_cycles_.assign(c_count, 0);
  int longest_link = 0;
  for (int r = 0; r < routers; ++r) {
    for (int port = 0; port < topo.ports(r); ++port) {
      const int c = channel(r, port);
      Channel& ch = channels_[static_cast<std::size_t>(c)];
      ch.router = r;
      ch.token_of = c;
      const PortTarget t = topo.output(r, port);
      if (t.terminal >= 0) {
        ch.eject_terminal = t.terminal;
        rate[static_cast<std::size_t>(c)] = config.eject_rate;
        continue;
      }
      if (t.router < 0) continue;
      ch.downstream = channel(t.router, t.port);
      ch.down_router = t.router;
      if (const int extra = topo.link_cycles(r, port) - 1; extra > 0) {
        require(extra < kMaxLinkCycles, "topology", "a link takes at most 1000 cycles");
        ch.link_extra = static_cast<std::uint16_t>(extra);
        const std::int64_t delay = config.credit_delay_cycles + extra;
        std::size_t lane = 0;
        while (lane < slow_credits_.size() && slow_credits_[lane].delay != delay) ++lane;
        if (lane == slow_credits_.size()) slow_credits_.push_back(CreditLane{delay, {}, {}, 0});
        channels_[static_cast<std::size_t>(ch.downstream)].credit_lane =
            static_cast<std::uint8_t>(lane + 1);
        longest_link = std::max(longest_link, extra);
      }
      channels_[static_cast<std::size_t>(ch.downstream)].upstream_router = r;
      ch.bisection = topo.crosses_bisection(r, port);
      // A half-duplex link's two directions draw on one token, the lower-numbered channel's.
      const RouterPort back = topo.reverse(r, port);
      if (config.half_duplex && back.router >= 0) {
        ch.token_of = std::min(c, channel(back.router, back.port));
      }
      if (ch.token_of == c) rate[static_cast<std::size_t>(c)] = config.channel_rate;
    }
  }

  // A channel with a token of its own and a rate of a word a cycle or more never runs short (it
  // sends at most one flit a cycle): it keeps no tokens. The others draw on a compact list.
  std::vector<int> drawing(c_count, 0);
  for (const Channel& ch : channels_) ++drawing[static_cast<std::size_t>(ch.token_of)];
  std::vector<int> token_index(c_count, -1);
  for (std::size_t c = 0; c < c_count; ++c) {
    Channel& ch = channels_[c];
    const auto owner = static_cast<std::size_t>(ch.token_of);
    if (owner == c && drawing[c] == 1 && rate[c] >= 1) {
      ch.token_of = -1;
      continue;
    }
    if (token_index[owner] < 0) {
      token_index[owner] = static_cast<int>(tokens_.size());
      tokens_.push_back(Tokens{0, rate[owner], 0});
    }
    ch.token_of = token_index[owner];
  }
  tokens_.shrink_to_fit();

  terminals_.assign(static_cast<std::size_t>(topo.terminals()), Terminal{});
  for (int t = 0; t < topo.terminals(); ++t) {
    const RouterPort at = topo.injection(t);
    const int in = channel(at.router, at.port);
    terminals_[static_cast<std::size_t>(t)].inject_channel = in;
    channels_[static_cast<std::size_t>(in)].inject_terminal = t;
  }
  sq_.assign(terminals_.size(), {});
  if (config.message_classes > 1) replies_.assign(terminals_.size(), SourceQueue{});
  ejected_by_terminal_.assign(terminals_.size(), 0);
  inject_ready_.assign((terminals_.size() + 63) / 64, 0);

  // The longest a flit can wait with nothing moving in a network that is not stuck: its pipeline
  // and router delay, a credit's way back, a word of the slowest rate, and the on/off signal.
  int header = 0;
  for (int r = 0; r < routers; ++r) header = std::max(header, topo.header_delay_cycles(r));
  const double slowest = std::min({config.channel_rate, config.inject_rate, config.eject_rate});
  quiet_limit_ = 2 + config.router_delay_cycles + config.route_cycles + config.vc_alloc_cycles +
                 config.switch_alloc_cycles + header + config.credit_delay_cycles +
                 2 * longest_link + config.injection_cycles +
                 kOnOffMargin + static_cast<std::int64_t>(std::ceil(1 / std::min(1.0, slowest)));
  next_look_ = quiet_limit_;
  if (config.allocator != SwitchAllocatorKind::kGreedy) {
    allocator_ = std::make_unique<SwitchAllocator>(config.allocator, config.allocator_iterations,
                                                   channels, routers);
    if (config.head_allocation == HeadAllocation::kNonSpeculative)
      waited_.assign(bits_.size(), 0);
  }
  if (config.internal_speedup > 1) {
    output_queues_.resize(c_count);
    eject_ports_.assign(static_cast<std::size_t>(routers), 0);
    const auto room = static_cast<std::size_t>(vcs_ * buffer_);
    for (std::size_t c = 0; c < c_count; ++c) {
      const Channel& ch = channels_[c];
      if (ch.downstream >= 0) {
        output_queues_[c].words.resize(room);
        output_queues_[c].vcs.resize(room);
      } else if (ch.eject_terminal >= 0) {
        const auto r = static_cast<std::size_t>(ch.router);
        eject_ports_[r] |= std::uint64_t{1} << (static_cast<int>(c) - routers_[r].port_base);
      }
    }
  }
}

Network::~Network() = default;

void Network::record(TraceRecorder& recorder, int max_packet_flits) {
  trace_ = std::make_unique<NetworkTrace>(recorder, *this, max_packet_flits + header_);
}

double& Network::refreshed_tokens(int index) {
  // Tokens are topped up when looked at, for all the cycles since: the same as a refill every
  // cycle, without touching idle channels.
  Tokens& t = tokens_[static_cast<std::size_t>(index)];
  const std::int64_t cycles = now_ + 1 - t.time;
  if (cycles > 0) {
    const double cap = std::max(1.0, t.rate);
    const double add = t.rate * static_cast<double>(cycles);
    t.tokens = add >= cap ? cap : std::min(cap, t.tokens + add);
    t.time = now_ + 1;
  }
  return t.tokens;
}

int Network::send(int src, int dst, int flits, int tag, int message_class) {
  // The header is consumed before the last flit, which alone tells the packet has arrived.
  if (header_ > 0 && flits < 1) throw std::logic_error("a packet with a header needs a word");
  if (message_class < 0 || message_class >= config_.message_classes) {
    throw std::logic_error("a message class the network was not built with");
  }
  const auto s = static_cast<std::size_t>(src);
  Terminal& term = terminals_[s];
  SourceQueue* reply = message_class > 0 ? &replies_[s] : nullptr;
  std::int32_t& head = reply ? reply->head : term.sq_head;
  std::int32_t& count = reply ? reply->count : term.sq_count;
  const int limit = config_.source_queue_packets;
  if (count >= limit) return -1;
  std::vector<std::int32_t>& ring = reply ? reply->ring : sq_[s];
  const auto size = static_cast<int>(ring.size());
  if (count == size) {
    // Full: a ring twice as long (up to the limit), the queue unrolled into its start.
    const int longer = std::min(limit, std::max(4, 2 * size));
    std::vector<std::int32_t> grown(static_cast<std::size_t>(longer));
    for (int k = 0; k < size; ++k) {
      const int from = (head + k) % size;
      grown[static_cast<std::size_t>(k)] = ring[static_cast<std::size_t>(from)];
    }
    ring.swap(grown);
    head = 0;
  }
  int id;
  if (free_packets_.empty()) {
    if (packets_.size() > kPacketMask) throw std::length_error("more than 2^30 packets at once");
    id = static_cast<int>(packets_.size());
    packets_.emplace_back();
  } else {
    id = free_packets_.back();
    free_packets_.pop_back();
  }
  Packet& p = packets_[static_cast<std::size_t>(id)];
  p = Packet{};
  p.src = src;
  p.dst = dst;
  p.flits = flits;
  p.tag = tag;
  p.created = now_;
  p.message_class = static_cast<std::uint8_t>(message_class);
  if (draws_) {
    // Each packet's own draw, from the seed and the count of packets sent: the same run draws
    // the same routes whatever else it does.
    std::uint64_t mix = config_.route_seed ^ (routes_drawn_++ * 0x9E3779B97F4A7C15ull);
    p.route_state = routing_->start(*topo_, src, dst, splitmix64(mix));
  }
  const int slot = (head + count) % static_cast<int>(ring.size());
  ring[static_cast<std::size_t>(slot)] = id;
  ++count;
  ++queued_;
  // Asleep, its queues with packets are blocked; a packet into an empty queue may go.
  if (term.asleep && count == 1) term.asleep = 0;
  if (!term.asleep) set_ready(s, true);
  if (trace_) trace_->created(id);
  return id;
}

void Network::free_packet(int id) { free_packets_.push_back(id); }

void Network::consume(int id) {
  const Packet& p = packet(id);
  release(p.dst, p.flits);
  free_packet(id);
}

void Network::release(int node, int flits) {
  int& used = terminals_[static_cast<std::size_t>(node)].rq_used;
  used = std::max(0, used - flits);
}

void Network::push(int router, int to, std::uint32_t word, int extra) {
  const auto t = static_cast<std::size_t>(to);
  RouterState& r = routers_[static_cast<std::size_t>(router)];
  Vc& vc = vc_[t];
  // head and count are each below buffer_: a subtraction wraps the ring without a division.
  int slot = vc.head + vc.count;
  if (slot >= buffer_) slot -= buffer_;
  std::int64_t ready =
      now_ + 1 + extra + config_.router_delay_cycles + config_.switch_alloc_cycles;
  if (word & kHead) ready += r.head_extra;
  flit_at(t, slot) = Flit{word, static_cast<std::uint32_t>(ready)};
  if (vc.count++ == 0) {
    const int bit = to - r.port_base * vcs_;
    const auto word = static_cast<std::size_t>(r.bits_base + bit / 64);
    bits_[word].occupied |= std::uint64_t{1} << (bit % 64);
    bits_[word].fresh |= std::uint64_t{1} << (bit % 64);
    fresh_words_.push_back(word);
    if (r.active++ == 0) ++block_active_[static_cast<std::size_t>(router) / kRouterBlock];
  }
}

template <bool kTraced>
bool Network::inject_from(int terminal, std::int32_t& head, std::int32_t& count,
                          std::int32_t& inject_vc, const std::vector<std::int32_t>& ring,
                          int first, double& tokens) {
  const auto n = static_cast<std::size_t>(terminal);
  const int in = terminals_[n].inject_channel;
  const int router = channels_[static_cast<std::size_t>(in)].router;
  while (tokens >= 1.0 && count > 0) {
    const int id = ring[static_cast<std::size_t>(head)];
    Packet& p = packets_[static_cast<std::size_t>(id)];
    const int wire = header_ + p.flits;
    if (inject_vc < 0) {
      // A new packet takes the injection virtual channel of its class with the most room.
      int best = -1;
      for (int v = first; v < first + class_vcs_; ++v) {
        const int room = buffer_ - vc_[static_cast<std::size_t>(ivc(in, v))].count;
        if (room > 0 &&
            (best < 0 || room > buffer_ - vc_[static_cast<std::size_t>(ivc(in, best))].count)) {
          best = v;
        }
      }
      if (best < 0) return false;
      inject_vc = best;
    }
    const int to = ivc(in, inject_vc);
    if (vc_[static_cast<std::size_t>(to)].count >= buffer_) return false;
    if constexpr (kTraced) trace_->injected(id, p.injected, in, inject_vc);
    if (p.injected == 0) p.entered = now_;
    push(router, to,
         static_cast<std::uint32_t>(id) | (p.injected == 0 ? kHead : 0) |
             (p.injected + 1 == wire ? kTail : 0),
         config_.injection_cycles);
    ++p.injected;
    ++in_network_;
    tokens -= 1.0;
    if (p.injected == wire) {
      head = (head + 1) % static_cast<int>(ring.size());
      --count;
      --queued_;
      if (!has_queued(n)) set_ready(n, false);
      inject_vc = -1;
    }
  }
  return true;
}

template <bool kTraced>
void Network::inject(int terminal) {
  const auto n = static_cast<std::size_t>(terminal);
  Terminal& term = terminals_[n];
  if (!has_queued(n)) return;
  double& tokens = term.inject_tokens;
  const double cap = std::max(1.0, config_.inject_rate);
  tokens = std::min(cap, tokens + config_.inject_rate);
  // Replies first: they free what their requests hold at the ends.
  bool flowing = true;
  if (!replies_.empty()) {
    SourceQueue& q = replies_[n];
    flowing = inject_from<kTraced>(terminal, q.head, q.count, q.inject_vc, q.ring, class_vcs_,
                                   tokens);
  }
  if (!inject_from<kTraced>(terminal, term.sq_head, term.sq_count, term.inject_vc, sq_[n], 0,
                            tokens)) {
    flowing = false;
  }
  // Blocked with full tokens, each later turn would change nothing until a flit leaves.
  if (!flowing && tokens == cap) {
    term.asleep = 1;
    set_ready(n, false);
  }
}

bool Network::take_ejection(int router, int port, Vc& vc) {
  // Ejection is one queue: a packet holds it until its last flit is out.
  const int eject = channel(router, port);
  Vc& e = vc_[static_cast<std::size_t>(ivc(eject, 0))];
  if (e.held) return false;
  if (bidding_) {
    // A matching allocator's head takes the queue only with the switch (allocate_switch): held
    // from its VC allocation, it would keep it from every other input while its own input sends
    // another VC's flits.
    vc.out_port = static_cast<std::int8_t>(port);
    vc.out_vc = kEjectionPending;
    return true;
  }
  e.held = 1;
  terminals_[static_cast<std::size_t>(channels_[static_cast<std::size_t>(eject)].eject_terminal)]
      .header_left = static_cast<std::uint8_t>(header_);
  begin_hold(static_cast<std::size_t>(eject));
  vc.out_port = static_cast<std::int8_t>(port);
  vc.out_vc = 0;
  return true;
}

bool Network::route_adaptive(int router, int in_port, Vc& vc, Packet& p) {
  RouteChoice choices[kMostRouteChoices];
  const int n = routing_->choices(*topo_, router, in_port, p.dst, choices);
  if (channels_[static_cast<std::size_t>(channel(router, choices[0].port))].eject_terminal >= 0) {
    return take_ejection(router, choices[0].port, vc);
  }
  // The selection: of the free output VCs of the lowest tier that has one, the one with the most
  // free slots downstream; a tie goes to the earlier choice, then the lower VC. Where VCs are
  // freed on their tail's credit (minimal adaptive's always) a free VC is empty, so its own slots
  // tell nothing and the port's over all its VCs judge instead.
  const bool by_port = config_.vc_free_on_tail_credit;
  for (int tier = 0; tier < 2; ++tier) {
    int best_port = -1;
    int best_vc = -1;
    int best_free = -1;
    for (int k = 0; k < n; ++k) {
      const RouteChoice& c = choices[k];
      if (c.tier != tier) continue;
      const Channel& ch = channels_[static_cast<std::size_t>(channel(router, c.port))];
      if (ch.downstream < 0) {
        throw std::logic_error("the topology routed a packet to a port leading nowhere");
      }
      const int port_free = by_port ? vcs_ * buffer_ - queued_at(router, c.port) : 0;
      const int first = vc_base(p) + c.vc_first;
      const int last = c.vc_count > 0 ? first + c.vc_count : vc_base(p) + class_vcs_;
      for (int v = first; v < last; ++v) {
        const Vc& o = vc_[static_cast<std::size_t>(ivc(ch.downstream, v))];
        if (o.held) continue;
        const int free = by_port ? port_free : config_.credit_flow ? o.credits : o.free_seen;
        if (free > best_free) {
          best_port = c.port;
          best_vc = v;
          best_free = free;
        }
      }
    }
    if (best_port < 0) continue;
    const int down = channels_[static_cast<std::size_t>(channel(router, best_port))].downstream;
    vc_[static_cast<std::size_t>(ivc(down, best_vc))].held = 1;
    begin_hold(static_cast<std::size_t>(down));
    vc.out_port = static_cast<std::int8_t>(best_port);
    vc.out_vc = static_cast<std::int8_t>(best_vc);
    ++p.hops;
    return true;
  }
  return false;
}

int Network::queued_at(int router, int port) const {
  const int down = channels_[static_cast<std::size_t>(channel(router, port))].downstream;
  if (down < 0) return 0;
  int queued = 0;
  for (int v = 0; v < vcs_; ++v) {
    const Vc& o = vc_[static_cast<std::size_t>(ivc(down, v))];
    queued += buffer_ - (config_.credit_flow ? o.credits : o.free_seen);
  }
  return queued;
}

void Network::choose_route(int router, int in_port, Packet& p) {
  RouteOption options[kMostRouteOptions];
  const int n = routing_->options(*topo_, router, in_port, p.dst, p.route_state, options);
  if (n == 0) return;
  // UGAL-L: the first route unless another's weighted queue is shorter by more than the
  // threshold; then the shortest. Made once: the state chosen says so.
  const auto cost = [&](const RouteOption& o) {
    return static_cast<std::int64_t>(queued_at(router, o.port)) * o.weight;
  };
  int best = 0;
  std::int64_t best_cost = cost(options[0]) - config_.ugal_threshold_flits;
  for (int k = 1; k < n; ++k) {
    if (const std::int64_t c = cost(options[k]); c < best_cost) {
      best = k;
      best_cost = c;
    }
  }
  p.route_state = options[best].state;
}

bool Network::route_head(int router, int in_port, int in) {
  const auto i = static_cast<std::size_t>(in);
  Vc& vc = vc_[i];
  Packet& p = packets_[flit_at(i, vc.head).word & kPacketMask];
  if (adaptive_) return route_adaptive(router, in_port, vc, p);
  if (chooses_) choose_route(router, in_port, p);
  RouteState state = p.route_state;
  const RouteStep step = routing_->route(*topo_, router, in_port, p.dst, state);
  const Channel& ch = channels_[static_cast<std::size_t>(channel(router, step.port))];
  if (ch.eject_terminal >= 0) return take_ejection(router, step.port, vc);
  if (ch.downstream < 0) {
    throw std::logic_error("the topology routed a packet to a port leading nowhere");
  }
  const int base = vc_base(p);
  for (int v = base; v < base + class_vcs_; ++v) {
    if (vc_classes_ > 1 && (v - base) % vc_classes_ != step.vc_class) continue;
    Vc& o = vc_[static_cast<std::size_t>(ivc(ch.downstream, v))];
    if (o.held) continue;
    o.held = 1;
    begin_hold(static_cast<std::size_t>(ch.downstream));
    vc.out_port = static_cast<std::int8_t>(step.port);
    vc.out_vc = static_cast<std::int8_t>(v);
    p.route_state = state;
    ++p.hops;
    return true;
  }
  return false;
}

template <bool kTraced>
bool Network::front_routed(int router, int slot, int port, Flit& flit) {
  RouterState& r = routers_[static_cast<std::size_t>(router)];
  const int in = r.port_base * vcs_ + slot;
  const auto i = static_cast<std::size_t>(in);
  Vc& vc = vc_[i];
  flit = flit_at(i, vc.head);
  if (static_cast<std::int32_t>(flit.ready - static_cast<std::uint32_t>(now_)) > 0) return false;
  if (vc.out_port >= 0) return true;
  if (!route_head(router, port, in)) {
    if constexpr (kTraced) trace_->blocked(in, BlockReason::kNoVc);
    Bits& b = bits_of(r, slot);
    b.asleep |= std::uint64_t{1} << (slot % 64);
    b.route_wait |= std::uint64_t{1} << (slot % 64);
    if (!waited_.empty()) waited_of(r, slot) |= std::uint64_t{1} << (slot % 64);
    return false;
  }
  vc.speculating = allocator_ && config_.head_allocation == HeadAllocation::kSpeculative;
  int after = after_vc_;
  if (!waited_.empty()) {
    // Its bids of this cycle could not see a VC freed as a tail crossed last cycle; BookSim2's
    // allocation stage sees it in the next, and this cycle is that stage.
    std::uint64_t& waited = waited_of(r, slot);
    const std::uint64_t bit = std::uint64_t{1} << (slot % 64);
    if (waited & bit) after -= config_.vc_alloc_cycles > 0 ? 1 : 0;
    waited &= ~bit;
  }
  if (after == 0) return true;
  flit_at(i, vc.head).ready = static_cast<std::uint32_t>(now_ + after);
  return false;
}

template <bool kTraced>
bool Network::flow_open(RouterState& r, int slot, int in, const Channel& ch, const Vc& vc,
                        double*& tokens) {
  if (const int terminal = ch.eject_terminal; terminal >= 0) {
    if (terminals_[static_cast<std::size_t>(terminal)].rq_used >= config_.receive_queue_flits) {
      if constexpr (kTraced) trace_->blocked(in, BlockReason::kQueueFull);
      return false;
    }
  } else {
    Vc& o = vc_[static_cast<std::size_t>(ivc(ch.downstream, vc.out_vc))];
    if (config_.credit_flow && o.credits <= 0) {
      if constexpr (kTraced) trace_->blocked(in, BlockReason::kNoCredit);
      bits_of(r, slot).asleep |= std::uint64_t{1} << (slot % 64);
      o.credit_waiter = in;
      return false;
    }
    if (!config_.credit_flow && o.free_seen < onoff_margin_) {
      if constexpr (kTraced) trace_->blocked(in, BlockReason::kStop);
      return false;
    }
  }
  tokens = crossing_tokens(ch);
  if (tokens != nullptr) {
    if (*tokens < 1.0) {
      if constexpr (kTraced) trace_->blocked(in, BlockReason::kChannelRate);
      return false;
    }
  }
  return true;
}

template <bool kTraced>
void Network::cross(int router, int slot, int port, std::size_t c, Flit flit, double* tokens) {
  const int in = routers_[static_cast<std::size_t>(router)].port_base * vcs_ + slot;
  Vc& vc = vc_[static_cast<std::size_t>(in)];
  const Channel& ch = channels_[c];
  const int terminal = ch.eject_terminal;
  const bool tail = (flit.word & kTail) != 0;
  // The flit moves: out of this buffer, a credit back upstream, one token spent.
  pop_front(router, slot, port, tail);
  if (tokens != nullptr) *tokens -= 1.0;
  if (output_queues_.empty() || terminal >= 0) {
    ++sent_[c];
    bisection_flits_ += ch.bisection;
  }
  if constexpr (kTraced) {
    if (terminal >= 0) trace_->ejected(in, flit.word, static_cast<int>(c), terminal);
    else trace_->moved(in, flit.word, static_cast<int>(c), vc.out_vc);
  }
  if (terminal >= 0) {
    ++terminals_[static_cast<std::size_t>(terminal)].rq_used;
    --in_network_;
    ++ejected_flits_;
    ++ejected_by_terminal_[static_cast<std::size_t>(terminal)];
    if (tail) {
      release_vc(router, ivc(static_cast<int>(c), 0));
      const auto id = static_cast<int>(flit.word & kPacketMask);
      packets_[static_cast<std::size_t>(id)].delivered = now_;
      delivered_.push_back(id);
    }
  } else {
    const int to = ivc(ch.downstream, vc.out_vc);
    if (output_queues_.empty()) {
      push(ch.down_router, to, flit.word, ch.link_extra);
    } else {
      OutputQueue& q = output_queues_[c];
      if (q.count == 0) queued_outputs_.push_back(static_cast<std::int32_t>(c));
      int back = q.head + q.count++;
      if (back >= static_cast<int>(q.words.size())) back -= static_cast<int>(q.words.size());
      q.words[static_cast<std::size_t>(back)] = flit.word;
      q.vcs[static_cast<std::size_t>(back)] = vc.out_vc;
    }
    Vc& o = vc_[static_cast<std::size_t>(to)];
    if (config_.credit_flow) --o.credits;
    if (tail && !config_.vc_free_on_tail_credit) release_vc(router, to);
  }
  if (tail) vc.out_port = -1;
}

template <bool kTraced>
void Network::move_flit(int router, int slot, std::uint64_t& used, std::uint64_t& port_done) {
  const int port = port_of_slot_[static_cast<std::size_t>(slot)];
  if (port_done & (std::uint64_t{1} << port)) {
    if constexpr (kTraced) trace_->input_busy(router, slot);
    return;
  }
  Flit flit;
  if (!front_routed<kTraced>(router, slot, port, flit)) return;
  RouterState& r = routers_[static_cast<std::size_t>(router)];
  const int in = r.port_base * vcs_ + slot;
  const Vc& vc = vc_[static_cast<std::size_t>(in)];
  const int out = vc.out_port;
  const auto c = static_cast<std::size_t>(r.port_base + out);
  const Channel& ch = channels_[c];
  const int terminal = ch.eject_terminal;
  if (header_ > 0 && terminal >= 0 &&
      terminals_[static_cast<std::size_t>(terminal)].header_left > 0) {
    // The ejection this packet holds is its own: marking it used keeps it from no other input,
    // and tells the step a flit moved.
    strip_header<kTraced>(router, slot, port, static_cast<int>(c), terminal, flit.word);
    used |= std::uint64_t{1} << out;
    port_done |= std::uint64_t{1} << port;
    return;
  }
  if (used & (std::uint64_t{1} << out)) {
    if constexpr (kTraced) trace_->blocked(in, BlockReason::kSwitchLost);
    return;
  }
  double* tokens;
  if (!flow_open<kTraced>(r, slot, in, ch, vc, tokens)) return;
  cross<kTraced>(router, slot, port, c, flit, tokens);
  used |= std::uint64_t{1} << out;
  port_done |= std::uint64_t{1} << port;
}

void Network::pop_front(int router, int slot, int port, bool tail) {
  RouterState& r = routers_[static_cast<std::size_t>(router)];
  const int in = r.port_base * vcs_ + slot;
  Vc& vc = vc_[static_cast<std::size_t>(in)];
  vc.head = static_cast<std::uint16_t>(vc.head + 1 == buffer_ ? 0 : vc.head + 1);
  if (--vc.count == 0) {
    bits_of(r, slot).occupied &= ~(std::uint64_t{1} << (slot % 64));
    if (--r.active == 0) --block_active_[static_cast<std::size_t>(router) / kRouterBlock];
  }
  const Channel& from = channels_[static_cast<std::size_t>(r.port_base + port)];
  if (from.upstream_router >= 0) {
    // Two plain pushes: one of a struct built on the stack stalls on store forwarding.
    const std::int32_t back = tail && config_.vc_free_on_tail_credit ? ~in : in;
    if (from.credit_lane == 0) {
      credit_due_.push_back(now_ + config_.credit_delay_cycles);
      credit_ivc_.push_back(back);
    } else {
      CreditLane& lane = slow_credits_[from.credit_lane - 1u];
      lane.due.push_back(now_ + lane.delay);
      lane.ivc.push_back(back);
    }
  } else if (const int t = from.inject_terminal; t >= 0) {
    terminals_[static_cast<std::size_t>(t)].asleep = 0;
    if (has_queued(static_cast<std::size_t>(t))) set_ready(static_cast<std::size_t>(t), true);
  }
}

template <bool kTraced>
void Network::strip_header(int router, int slot, int port, int c, int terminal,
                           std::uint32_t word) {
  // The header is never the tail (a packet with a header has a word), so no VC is let go.
  pop_front(router, slot, port, false);
  --terminals_[static_cast<std::size_t>(terminal)].header_left;
  --in_network_;
  // Traced as leaving at its destination: the trace counts a packet's flits on the wire.
  if constexpr (kTraced) {
    const int in = routers_[static_cast<std::size_t>(router)].port_base * vcs_ + slot;
    trace_->ejected(in, word, c, terminal);
  }
}

void Network::begin_hold(std::size_t c) {
  // Taken in the cycle another packet let go of the channel: that cycle is counted once.
  if (holders_[c]++ == 0) busy_from_[c] = std::max(now_, busy_from_[c]);
}

void Network::end_hold(std::size_t vc) {
  const std::size_t c = vc / static_cast<std::size_t>(vcs_);
  if (--holders_[c] > 0) return;
  // Let go during this cycle, the channel was held through it: the cycle its tail crossed counts.
  held_cycles_[c] += now_ + 1 - std::max(busy_from_[c], counters_from_);
  busy_from_[c] = now_ + 1;
}

void Network::release_vc(int router, int vc) {
  end_hold(static_cast<std::size_t>(vc));
  if (config_.fixed_priority) {
    // Granted again only next cycle, when every waiting input is looked at in the fixed order (an
    // input after this one would otherwise take it first).
    vc_[static_cast<std::size_t>(vc)].held = 2;
    released_.push_back(vc);
    return;
  }
  vc_[static_cast<std::size_t>(vc)].held = 0;
  wake_routes(router);
}

template <bool kTraced>
bool Network::process_router(int router) {
  if (config_.fixed_priority && !released_.empty()) {
    for (const int vc : released_) vc_[static_cast<std::size_t>(vc)].held = 0;
    released_.clear();
  }
  std::uint64_t used = 0;
  bool moved =
      allocator_ ? allocate_switch<kTraced>(router, used) : process_inputs<kTraced>(router, used);
  // Internal speedup: more passes while flits move, each output but an ejection free again.
  for (int pass = 1; moved && pass < config_.internal_speedup; ++pass) {
    used &= eject_ports_[static_cast<std::size_t>(router)];
    if (!(allocator_ ? allocate_switch<kTraced>(router, used)
                     : process_inputs<kTraced>(router, used))) {
      break;
    }
  }
  if (config_.fixed_priority && !released_.empty()) wake_routes(router);
  return moved;
}

template <bool kTraced, typename Visit>
void Network::visit_inputs(int router, Visit&& visit) {
  RouterState& r = routers_[static_cast<std::size_t>(router)];
  const int slots = r.slots;
  const auto base = static_cast<std::size_t>(r.bits_base);
  const int words = (slots + 63) / 64;
  // Round robin: each cycle a different input virtual channel is looked at first; fixed
  // priority: always the first.
  const int start = config_.fixed_priority ? 0 : r.rr;
  r.rr = start + 1 == slots ? 0 : start + 1;
  if (words == 1) {
    // The common case (up to 64 input VCs): the word rotated so `start` comes first.
    // Asleep is looked at as each slot's turn comes: a flit moved earlier in the turn may have
    // woken it.
    const Bits& b = bits_[base];
    const std::uint64_t bits = b.occupied & ~b.fresh;
    if ((bits & ~b.asleep) == 0) return;
    for (std::uint64_t high = bits >> start << start; high != 0; high &= high - 1) {
      const int slot = lowest_bit(high);
      if (!(b.asleep >> slot & 1)) visit(slot);
    }
    for (std::uint64_t low = start == 0 ? 0 : bits << (64 - start) >> (64 - start); low != 0;
         low &= low - 1) {
      const int slot = lowest_bit(low);
      if (!(b.asleep >> slot & 1)) visit(slot);
    }
    return;
  }
  // Slots from `start` to the end, then from 0 to `start`, lowest first within each word.
  const int spans[2][2] = {{start, slots}, {0, start}};
  for (const auto& span : spans) {
    for (int w = span[0] / 64; w * 64 < span[1]; ++w) {
      const Bits& b = bits_[base + static_cast<std::size_t>(w)];
      std::uint64_t bits = b.occupied & ~b.fresh;
      const int lo = std::max(span[0] - w * 64, 0);
      const int hi = std::min(span[1] - w * 64, 64);
      bits &= ~std::uint64_t{0} << lo;
      if (hi < 64) bits &= (std::uint64_t{1} << hi) - 1;
      while (bits != 0) {
        const int bit = lowest_bit(bits);
        bits &= bits - 1;
        if (!(b.asleep >> bit & 1)) visit(w * 64 + bit);
      }
    }
  }
}

template <bool kTraced>
bool Network::process_inputs(int router, std::uint64_t& used) {
  const std::uint64_t before = used;
  std::uint64_t port_done = 0;
  // Inlined into the loop, as move_flit is: a call per input VC showed in profiles.
  visit_inputs<kTraced>(router, [&](int slot) __attribute__((always_inline)) {
    move_flit<kTraced>(router, slot, used, port_done);
  });
  return used != before;
}

template <bool kTraced>
bool Network::allocate_switch(int router, std::uint64_t& used) {
  RouterState& r = routers_[static_cast<std::size_t>(router)];
  const int ports = r.slots / vcs_;
  // Per input port: the outputs its VCs bid for, the heads bidding speculatively apart from the
  // others; and the bidding VCs, each kind.
  std::uint64_t wants[2][kMaxPorts];
  std::uint32_t bidders[2][kMaxPorts];
  for (int k = 0; k < 2; ++k) {
    std::fill_n(wants[k], ports, 0);
    std::fill_n(bidders[k], ports, 0);
  }
  bool any = false;
  bidding_ = true;
  // Bids go in the round robin's order, so heads win output VCs in it.
  visit_inputs<kTraced>(router, [&](int slot) __attribute__((always_inline)) {
    const int port = port_of_slot_[static_cast<std::size_t>(slot)];
    Flit flit;
    if (!front_routed<kTraced>(router, slot, port, flit)) return;
    const int in = r.port_base * vcs_ + slot;
    Vc& vc = vc_[static_cast<std::size_t>(in)];
    const Channel& ch = channels_[static_cast<std::size_t>(r.port_base + vc.out_port)];
    if (vc.out_vc == kEjectionPending &&
        vc_[static_cast<std::size_t>(ivc(r.port_base + vc.out_port, 0))].held) {
      return;
    }
    const bool header = vc.out_vc != kEjectionPending && header_ > 0 && ch.eject_terminal >= 0 &&
                        terminals_[static_cast<std::size_t>(ch.eject_terminal)].header_left > 0;
    double* tokens;
    if (!header && !flow_open<kTraced>(r, slot, in, ch, vc, tokens)) return;
    const int kind = vc.speculating;
    vc.speculating = 0;
    wants[kind][port] |= std::uint64_t{1} << vc.out_port;
    bidders[kind][port] |= 1u << (slot - port * vcs_);
    any = true;
  });
  bidding_ = false;
  if (!any) return false;
  std::int8_t grant[kMaxPorts];
  std::fill_n(grant, ports, -1);
  std::uint64_t in_matched = 0;
  std::uint64_t& out_matched = used;
  allocator_->allocate(router, r.port_base, ports, wants[0], in_matched, out_matched, grant);
  const std::uint64_t settled = in_matched;
  allocator_->allocate(router, r.port_base, ports, wants[1], in_matched, out_matched, grant);
  for (int port = 0; port < ports; ++port) {
    const int out = grant[port];
    const std::uint32_t all = bidders[0][port] | bidders[1][port];
    if (out < 0) {
      if constexpr (kTraced) {
        for (std::uint32_t b = all; b != 0; b &= b - 1) {
          trace_->blocked(r.port_base * vcs_ + port * vcs_ + __builtin_ctz(b),
                          BlockReason::kSwitchLost);
        }
      }
      continue;
    }
    // The VCs of this input, of the round it won in, bidding for the output won.
    std::uint32_t eligible = 0;
    for (std::uint32_t b = bidders[settled >> port & 1 ? 0 : 1][port]; b != 0; b &= b - 1) {
      const int v = __builtin_ctz(b);
      if (vc_[static_cast<std::size_t>(ivc(r.port_base + port, v))].out_port == out) {
        eligible |= 1u << v;
      }
    }
    const int v = allocator_->pick_vc(r.port_base + port, eligible);
    if constexpr (kTraced) {
      for (std::uint32_t b = all & ~(1u << v); b != 0; b &= b - 1) {
        trace_->blocked(r.port_base * vcs_ + port * vcs_ + __builtin_ctz(b),
                        BlockReason::kSwitchLost);
      }
    }
    const int slot = port * vcs_ + v;
    const auto i = static_cast<std::size_t>(r.port_base * vcs_ + slot);
    if (vc_[i].out_vc == kEjectionPending) take_ejection(router, out, vc_[i]);
    const Flit flit = flit_at(i, vc_[i].head);
    const auto c = static_cast<std::size_t>(r.port_base + out);
    const Channel& ch = channels_[c];
    if (header_ > 0 && ch.eject_terminal >= 0 &&
        terminals_[static_cast<std::size_t>(ch.eject_terminal)].header_left > 0) {
      strip_header<kTraced>(router, slot, port, static_cast<int>(c), ch.eject_terminal,
                            flit.word);
      continue;
    }
    cross<kTraced>(router, slot, port, c, flit, crossing_tokens(ch));
  }
  return in_matched != 0;
}

bool Network::send_output_queues() {
  std::size_t kept = 0;
  bool sent = false;
  for (const std::int32_t c : queued_outputs_) {
    OutputQueue& q = output_queues_[static_cast<std::size_t>(c)];
    const Channel& ch = channels_[static_cast<std::size_t>(c)];
    double* tokens = ch.token_of >= 0 ? &refreshed_tokens(ch.token_of) : nullptr;
    if (tokens == nullptr || *tokens >= 1.0) {
      const auto front = static_cast<std::size_t>(q.head);
      push(ch.down_router, ivc(ch.downstream, q.vcs[front]), q.words[front], ch.link_extra);
      if (++q.head == static_cast<int>(q.words.size())) q.head = 0;
      --q.count;
      if (tokens != nullptr) *tokens -= 1.0;
      ++sent_[static_cast<std::size_t>(c)];
      bisection_flits_ += ch.bisection;
      sent = true;
    }
    if (q.count > 0) queued_outputs_[kept++] = c;
  }
  queued_outputs_.resize(kept);
  return sent;
}

void Network::wake_routes(int router) {
  const RouterState& r = routers_[static_cast<std::size_t>(router)];
  const auto first = static_cast<std::size_t>(r.bits_base);
  const auto end = first + static_cast<std::size_t>((r.slots + 63) / 64);
  for (auto w = first; w < end; ++w) {
    bits_[w].asleep &= ~bits_[w].route_wait;
    bits_[w].route_wait = 0;
  }
}

template <bool kTraced>
void Network::return_credits() {
  while (credit_head_ < credit_due_.size() && credit_due_[credit_head_] <= now_) {
    return_credit<kTraced>(credit_ivc_[credit_head_++]);
  }
  if (credit_head_ == credit_due_.size()) {
    credit_due_.clear();
    credit_ivc_.clear();
    credit_head_ = 0;
  }
  for (CreditLane& lane : slow_credits_) {
    while (lane.head < lane.due.size() && lane.due[lane.head] <= now_) {
      return_credit<kTraced>(lane.ivc[lane.head++]);
    }
    if (lane.head == lane.due.size()) {
      lane.due.clear();
      lane.ivc.clear();
      lane.head = 0;
    }
  }
}

template <bool kTraced>
void Network::return_credit(std::int32_t back) {
  const auto o = static_cast<std::size_t>(back < 0 ? ~back : back);
  Vc& vc = vc_[o];
  // A tail's credit (stored complemented) also frees the output VC it held.
  if (back < 0) {
    end_hold(o);
    vc.held = 0;
    wake_routes(channels_[o / static_cast<std::size_t>(vcs_)].upstream_router);
  }
  ++vc.credits;
  if constexpr (kTraced) {
    trace_->credit(static_cast<int>(o) / vcs_, static_cast<int>(o) % vcs_);
  }
  if (const int waiter = vc.credit_waiter; waiter >= 0) {
    vc.credit_waiter = -1;
    const int router = channels_[static_cast<std::size_t>(waiter / vcs_)].router;
    const RouterState& r = routers_[static_cast<std::size_t>(router)];
    const int slot = waiter - r.port_base * vcs_;
    bits_of(r, slot).asleep &= ~(std::uint64_t{1} << (slot % 64));
  }
}

template <bool kTraced>
void Network::cycle() {
  if constexpr (kTraced) trace_->begin_cycle();
  delivered_.clear();
  if (idle()) {
    last_move_ = ++now_;
    return;
  }
  for (std::size_t w = 0; w < inject_ready_.size(); ++w) {
    for (std::uint64_t bits = inject_ready_[w]; bits != 0; bits &= bits - 1) {
      inject<kTraced>(static_cast<int>(w * 64) + lowest_bit(bits));
    }
  }
  // Alternate the order so neither end of a half-duplex link always goes first.
  const int routers = static_cast<int>(routers_.size());
  // An empty router is passed over here, without a call.
  // Whether a flit moved between buffers, for the deadlock watch.
  bool moved = false;
  // A block of routers none of which holds a flit is passed over whole.
  const auto blocks = static_cast<int>(block_active_.size());
  const auto block_end = [&](int b) { return std::min(routers, (b + 1) * kRouterBlock); };
  if (now_ % 2 == 0) {
    for (int b = 0; b < blocks; ++b) {
      if (block_active_[static_cast<std::size_t>(b)] == 0) continue;
      for (int r = b * kRouterBlock; r < block_end(b); ++r) {
        if (routers_[static_cast<std::size_t>(r)].active != 0) moved |= process_router<kTraced>(r);
      }
    }
  } else {
    for (int b = blocks - 1; b >= 0; --b) {
      if (block_active_[static_cast<std::size_t>(b)] == 0) continue;
      for (int r = block_end(b) - 1; r >= b * kRouterBlock; --r) {
        if (routers_[static_cast<std::size_t>(r)].active != 0) moved |= process_router<kTraced>(r);
      }
    }
  }
  if (!queued_outputs_.empty()) moved |= send_output_queues();
  if (moved) last_move_ = now_;
  for (const std::size_t w : fresh_words_) bits_[w].fresh = 0;
  fresh_words_.clear();
  return_credits<kTraced>();
  if (!config_.credit_flow) {
    if constexpr (kTraced) trace_->flow_signals();
    for (Vc& vc : vc_) vc.free_seen = static_cast<std::int16_t>(buffer_ - vc.count);
  }
  if (const std::int64_t quiet = now_ - last_move_; quiet >= next_look_) {
    if (find_deadlock()) {
      next_look_ = std::numeric_limits<std::int64_t>::max();
      if constexpr (kTraced) trace_->deadlocked(deadlock_);
    } else {
      next_look_ = 2 * quiet;
    }
  } else if (quiet == 0) {
    next_look_ = quiet_limit_;
  }
  ++now_;
}

// Compiled twice, so that an untraced run tests for a trace once a cycle, not once a flit.
void Network::step() {
  if (trace_) cycle<true>();
  else cycle<false>();
}

void Network::reset_counters() {
  std::fill(sent_.begin(), sent_.end(), 0);
  std::fill(held_cycles_.begin(), held_cycles_.end(), 0);
  ejected_flits_ = 0;
  std::fill(ejected_by_terminal_.begin(), ejected_by_terminal_.end(), 0);
  bisection_flits_ = 0;
  counters_from_ = now_;
}

std::uint64_t Network::flits_sent(int router, int port) const {
  return sent_[static_cast<std::size_t>(channel(router, port))];
}

double Network::utilization(int channel) const {
  const auto c = static_cast<std::size_t>(channel);
  const std::int64_t cycles = counted_cycles();
  double rate = 0;
  if (channels_[c].eject_terminal >= 0) {
    rate = config_.eject_rate;
  } else if (channels_[c].downstream >= 0) {
    rate = config_.channel_rate;
  }
  if (rate == 0 || cycles <= 0) return 0.0;
  return static_cast<double>(sent_[c]) / (static_cast<double>(cycles) * std::min(1.0, rate));
}

int Network::held_input(int channel) const {
  const Channel& ch = channels_[static_cast<std::size_t>(channel)];
  // A channel's VCs sit at the input it feeds; an ejection channel's one queue at itself.
  return ch.eject_terminal >= 0 ? channel : ch.downstream;
}

bool Network::held(int channel) const {
  const int input = held_input(channel);
  return input >= 0 && holders_[static_cast<std::size_t>(input)] > 0;
}

double Network::occupancy(int channel) const {
  const std::int64_t cycles = counted_cycles();
  const int input = held_input(channel);
  if (input < 0 || cycles <= 0) return 0.0;
  const auto c = static_cast<std::size_t>(input);
  std::int64_t held = held_cycles_[c];
  if (holders_[c] > 0) held += now_ - std::max(busy_from_[c], counters_from_);
  return static_cast<double>(held) / static_cast<double>(cycles);
}

namespace {

template <typename T, typename A>
std::size_t bytes(const std::vector<T, A>& v) {
  return v.capacity() * sizeof(T);
}

}  // namespace

std::size_t Network::state_bytes() const {
  std::size_t total = sizeof(*this);
  total += bytes(routers_) + bytes(bits_) + bytes(vc_) + bytes(flits_) + bytes(channels_) +
           bytes(tokens_) + bytes(credit_due_) + bytes(credit_ivc_) + bytes(terminals_) +
           bytes(sq_) + bytes(ejected_by_terminal_) + bytes(inject_ready_) + bytes(packets_) +
           bytes(free_packets_) + bytes(delivered_) + bytes(sent_) + bytes(holders_) +
           bytes(busy_from_) + bytes(held_cycles_) + bytes(fresh_words_) + bytes(port_of_slot_) +
           bytes(block_active_) + bytes(waited_);
  for (const auto& ring : sq_) total += bytes(ring);
  total += bytes(output_queues_) + bytes(queued_outputs_) + bytes(eject_ports_);
  for (const OutputQueue& q : output_queues_) total += bytes(q.words) + bytes(q.vcs);
  if (allocator_) total += allocator_->state_bytes();
  total += bytes(replies_);
  for (const SourceQueue& q : replies_) total += bytes(q.ring);
  return total;
}

double Network::state_bytes_of(const NetworkSize& size, const NetworkConfig& config) {
  const double channels = size.routers * size.ports;
  const double vcs = channels * config.vcs;
  const double words = size.routers * std::ceil(size.ports * config.vcs / 64.0);
  // Tokens as the constructor gives them: one per dead end (it has no rate), one per half-duplex
  // link or per link slower than a word a cycle, one per ejection slower than that.
  double tokens = size.dead_ends;
  if (config.half_duplex) {
    tokens += size.links / 2;
  } else if (config.channel_rate < 1) {
    tokens += size.links;
  }
  if (config.eject_rate < 1) tokens += size.terminals;
  // Internal speedup's output queues, each as deep as the buffers beyond it, on every link.
  const double speedup =
      config.internal_speedup > 1
          ? channels * sizeof(OutputQueue) + size.routers * sizeof(std::uint64_t) +
                size.links * config.vcs * config.buffer_flits *
                    (sizeof(std::uint32_t) + sizeof(std::int8_t))
          : 0;
  const double allocator =
      config.allocator == SwitchAllocatorKind::kGreedy
          ? 0
          : SwitchAllocator::state_bytes_of(channels, size.routers) +
                (config.head_allocation == HeadAllocation::kNonSpeculative
                     ? words * sizeof(std::uint64_t)
                     : 0);
  return static_cast<double>(sizeof(Network)) + kMaxPorts * config.vcs +
         size.routers * sizeof(RouterState) +
         std::ceil(size.routers / kRouterBlock) * sizeof(std::int32_t) +
         words * sizeof(Bits) +
         vcs * (sizeof(Vc) + config.buffer_flits * sizeof(Flit)) +
         channels * (sizeof(Channel) + sizeof(std::int32_t) + 3 * sizeof(std::uint64_t)) +
         tokens * sizeof(Tokens) +
         size.terminals *
             (sizeof(Terminal) + sizeof(std::vector<std::int32_t>) + sizeof(std::uint64_t)) +
         std::ceil(size.terminals / 64) * sizeof(std::uint64_t) + speedup + allocator;
}

}  // namespace archex
