#include "network/network.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/param_spec.h"

namespace archex {

namespace {

// On/off flow control: a sender stops while the receiver showed fewer free slots than this at the
// end of the previous cycle, which leaves room for the flit sent during the signal's delay.
constexpr int kOnOffMargin = 2;
constexpr int kMaxVcs = 16;
constexpr int kMaxStageCycles = 64;
// Flits keep their ready cycle in 32 bits, so no delay may come near 2^31 cycles.
constexpr int kMaxDelayCycles = 1 << 20;
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
      vcs_(config.vcs),
      vc_classes_(topo_ ? topo_->vc_classes() : 1),
      buffer_(config.buffer_flits),
      onoff_margin_(kOnOffMargin) {
  require(topo_ != nullptr, "topology", "a network needs a topology");
  require(vcs_ >= 1 && vcs_ <= kMaxVcs, "vcs", "virtual channels: 1 to 16");
  require(vcs_ >= vc_classes_, "vcs", topo_->vc_classes_error());
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

  const Topology& topo = *topo_;
  const int routers = topo.routers();
  int channels = 0;
  int words = 0;
  for (int r = 0; r < routers; ++r) {
    const int ports = topo.ports(r);
    require(ports >= 1 && ports <= kMaxPorts, "topology", "a router has 1 to 64 ports");
    port_base_.push_back(channels);
    occupied_base_.push_back(words);
    head_extra_cycles_.push_back(config.route_cycles + config.vc_alloc_cycles +
                                 topo.header_delay_cycles(r));
    channels += ports;
    words += (ports * vcs_ + 63) / 64;
  }
  port_base_.push_back(channels);
  const auto c_count = static_cast<std::size_t>(channels);
  const std::size_t vcs = c_count * static_cast<std::size_t>(vcs_);
  flits_.assign(vcs * static_cast<std::size_t>(buffer_), Flit{0, 0});
  head_.assign(vcs, 0);
  count_.assign(vcs, 0);
  out_port_.assign(vcs, -1);
  out_vc_.assign(vcs, -1);
  held_.assign(vcs, 0);
  credits_.assign(vcs, buffer_);
  free_seen_.assign(vcs, buffer_);
  tokens_.assign(c_count, 0.0);
  token_rate_.assign(c_count, 0.0);
  token_time_.assign(c_count, 0);
  token_of_.assign(c_count, -1);
  downstream_.assign(c_count, -1);
  eject_terminal_.assign(c_count, -1);
  returns_credits_.assign(c_count, 0);
  bisection_.assign(c_count, 0);
  channel_router_.assign(c_count, 0);
  rr_.assign(static_cast<std::size_t>(routers), 0);
  active_.assign(static_cast<std::size_t>(routers), 0);
  occupied_.assign(static_cast<std::size_t>(words), 0);
  asleep_.assign(static_cast<std::size_t>(words), 0);
  route_wait_.assign(static_cast<std::size_t>(words), 0);
  credit_waiter_.assign(vcs, -1);
  upstream_router_.assign(c_count, -1);
  sent_.assign(c_count, 0);
  for (int r = 0; r < routers; ++r) {
    for (int port = 0; port < topo.ports(r); ++port) {
      const int c = channel(r, port);
      const auto ci = static_cast<std::size_t>(c);
      channel_router_[ci] = r;
      token_of_[ci] = c;
      const PortTarget t = topo.output(r, port);
      if (t.terminal >= 0) {
        eject_terminal_[ci] = t.terminal;
        token_rate_[ci] = config.eject_rate;
        continue;
      }
      if (t.router < 0) continue;
      downstream_[ci] = channel(t.router, t.port);
      returns_credits_[static_cast<std::size_t>(downstream_[ci])] = 1;
      upstream_router_[static_cast<std::size_t>(downstream_[ci])] = r;
      bisection_[ci] = topo.crosses_bisection(r, port);
      // A half-duplex link's two directions draw on one token, the lower-numbered channel's.
      const RouterPort back = topo.reverse(r, port);
      if (config.half_duplex && back.router >= 0) {
        token_of_[ci] = std::min(c, channel(back.router, back.port));
      }
      if (token_of_[ci] == c) token_rate_[ci] = config.channel_rate;
    }
  }

  const auto terminals = static_cast<std::size_t>(topo.terminals());
  for (int t = 0; t < topo.terminals(); ++t) {
    const RouterPort at = topo.injection(t);
    inject_channel_.push_back(channel(at.router, at.port));
  }
  sq_.assign(terminals, {});
  sq_head_.assign(terminals, 0);
  sq_count_.assign(terminals, 0);
  inject_vc_.assign(terminals, -1);
  inject_tokens_.assign(terminals, 0.0);
  inject_asleep_.assign(terminals, 0);
  inject_ready_.assign((terminals + 63) / 64, 0);
  inject_terminal_.assign(c_count, -1);
  for (int t = 0; t < topo.terminals(); ++t) {
    inject_terminal_[static_cast<std::size_t>(inject_channel_[static_cast<std::size_t>(t)])] = t;
  }
  rq_used_.assign(terminals, 0);
}

double& Network::refreshed_tokens(int index) {
  // Tokens are topped up when looked at, for all the cycles since: the same as a refill every
  // cycle, without touching idle channels.
  const auto i = static_cast<std::size_t>(index);
  const std::int64_t cycles = now_ + 1 - token_time_[i];
  if (cycles > 0) {
    const double cap = std::max(1.0, token_rate_[i]);
    const double add = token_rate_[i] * static_cast<double>(cycles);
    tokens_[i] = add >= cap ? cap : std::min(cap, tokens_[i] + add);
    token_time_[i] = now_ + 1;
  }
  return tokens_[i];
}

int Network::send(int src, int dst, int flits, int tag) {
  const auto s = static_cast<std::size_t>(src);
  const int limit = config_.source_queue_packets;
  if (sq_count_[s] >= limit) return -1;
  std::vector<std::int32_t>& ring = sq_[s];
  const auto size = static_cast<int>(ring.size());
  if (sq_count_[s] == size) {
    // Full: a ring twice as long (up to the limit), the queue unrolled into its start.
    const int longer = std::min(limit, std::max(4, 2 * size));
    std::vector<std::int32_t> grown(static_cast<std::size_t>(longer));
    for (int k = 0; k < size; ++k) {
      grown[static_cast<std::size_t>(k)] = ring[static_cast<std::size_t>((sq_head_[s] + k) % size)];
    }
    ring.swap(grown);
    sq_head_[s] = 0;
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
  const int slot = (sq_head_[s] + sq_count_[s]) % static_cast<int>(ring.size());
  ring[static_cast<std::size_t>(slot)] = id;
  ++sq_count_[s];
  ++queued_;
  if (!inject_asleep_[s]) set_ready(s, true);
  return id;
}

void Network::free_packet(int id) { free_packets_.push_back(id); }

void Network::consume(int id) {
  const Packet& p = packet(id);
  release(p.dst, p.flits);
  free_packet(id);
}

void Network::release(int node, int flits) {
  int& used = rq_used_[static_cast<std::size_t>(node)];
  used = std::max(0, used - flits);
}

void Network::push(int router, int to, std::uint32_t word) {
  const auto t = static_cast<std::size_t>(to);
  const auto r = static_cast<std::size_t>(router);
  const int slot = (head_[t] + count_[t]) % buffer_;
  std::int64_t ready = now_ + 1 + config_.router_delay_cycles + config_.switch_alloc_cycles;
  if (word & kHead) ready += head_extra_cycles_[r];
  flits_[t * static_cast<std::size_t>(buffer_) + static_cast<std::size_t>(slot)] =
      Flit{word, static_cast<std::uint32_t>(ready)};
  if (count_[t]++ == 0) {
    const int bit = to - port_base_[r] * vcs_;
    occupied_[static_cast<std::size_t>(occupied_base_[r] + bit / 64)] |= std::uint64_t{1}
                                                                           << (bit % 64);
    ++active_[r];
  }
}

void Network::inject(int terminal) {
  const auto n = static_cast<std::size_t>(terminal);
  if (sq_count_[n] == 0) return;
  double& tokens = inject_tokens_[n];
  const double cap = std::max(1.0, config_.inject_rate);
  tokens = std::min(cap, tokens + config_.inject_rate);
  // Blocked with full tokens, each later turn would change nothing until a flit leaves.
  const auto block = [&] {
    if (tokens == cap) {
      inject_asleep_[n] = 1;
      set_ready(n, false);
    }
  };
  const int in = inject_channel_[n];
  const int router = channel_router_[static_cast<std::size_t>(in)];
  const std::vector<std::int32_t>& ring = sq_[n];
  while (tokens >= 1.0 && sq_count_[n] > 0) {
    const int id = ring[static_cast<std::size_t>(sq_head_[n])];
    Packet& p = packets_[static_cast<std::size_t>(id)];
    if (inject_vc_[n] < 0) {
      // A new packet takes the injection virtual channel with the most room.
      int best = -1;
      for (int v = 0; v < vcs_; ++v) {
        const int room = buffer_ - count_[static_cast<std::size_t>(ivc(in, v))];
        if (room > 0 &&
            (best < 0 || room > buffer_ - count_[static_cast<std::size_t>(ivc(in, best))])) {
          best = v;
        }
      }
      if (best < 0) return block();
      inject_vc_[n] = best;
    }
    const int to = ivc(in, inject_vc_[n]);
    if (count_[static_cast<std::size_t>(to)] >= buffer_) return block();
    push(router, to,
         static_cast<std::uint32_t>(id) | (p.injected == 0 ? kHead : 0) |
             (p.injected + 1 == p.flits ? kTail : 0));
    ++p.injected;
    ++in_network_;
    tokens -= 1.0;
    if (p.injected == p.flits) {
      sq_head_[n] = (sq_head_[n] + 1) % static_cast<int>(ring.size());
      --sq_count_[n];
      --queued_;
      if (sq_count_[n] == 0) set_ready(n, false);
      inject_vc_[n] = -1;
    }
  }
}

bool Network::route_head(int router, int in_port, int in) {
  const auto i = static_cast<std::size_t>(in);
  const Flit& flit =
      flits_[i * static_cast<std::size_t>(buffer_) + static_cast<std::size_t>(head_[i])];
  Packet& p = packets_[flit.word & kPacketMask];
  int state = p.route_state;
  const RouteStep step = topo_->route(router, in_port, p.dst, state);
  const int c = channel(router, step.port);
  if (eject_terminal_[static_cast<std::size_t>(c)] >= 0) {
    // Ejection is one queue: a packet holds it until its last flit is out.
    const auto e = static_cast<std::size_t>(ivc(c, 0));
    if (held_[e]) return false;
    held_[e] = 1;
    out_port_[i] = step.port;
    out_vc_[i] = 0;
    return true;
  }
  const int down = downstream_[static_cast<std::size_t>(c)];
  if (down < 0) throw std::logic_error("the topology routed a packet to a port leading nowhere");
  for (int v = 0; v < vcs_; ++v) {
    if (vc_classes_ > 1 && v % vc_classes_ != step.vc_class) continue;
    const auto o = static_cast<std::size_t>(ivc(down, v));
    if (held_[o]) continue;
    held_[o] = 1;
    out_port_[i] = step.port;
    out_vc_[i] = v;
    p.route_state = state;
    return true;
  }
  return false;
}

void Network::move_flit(int router, int slot, std::uint64_t& used, std::uint64_t& port_done) {
  const int port = slot / vcs_;
  if (port_done & (std::uint64_t{1} << port)) return;
  const auto r = static_cast<std::size_t>(router);
  const int in = port_base_[r] * vcs_ + slot;
  const auto i = static_cast<std::size_t>(in);
  const Flit flit =
      flits_[i * static_cast<std::size_t>(buffer_) + static_cast<std::size_t>(head_[i])];
  if (static_cast<std::int32_t>(flit.ready - static_cast<std::uint32_t>(now_)) > 0) return;
  if (out_port_[i] < 0 && !route_head(router, port, in)) {
    sleep(router, slot);
    route_wait_[static_cast<std::size_t>(occupied_base_[r] + slot / 64)] |= std::uint64_t{1}
                                                                             << (slot % 64);
    return;
  }
  const int out = out_port_[i];
  if (used & (std::uint64_t{1} << out)) return;
  const auto c = static_cast<std::size_t>(port_base_[r] + out);
  const int terminal = eject_terminal_[c];
  int to = -1;
  if (terminal >= 0) {
    if (rq_used_[static_cast<std::size_t>(terminal)] >= config_.receive_queue_flits) return;
  } else {
    to = ivc(downstream_[c], out_vc_[i]);
    const auto o = static_cast<std::size_t>(to);
    if (config_.credit_flow && credits_[o] <= 0) {
      sleep(router, slot);
      credit_waiter_[o] = in;
      return;
    }
    if (!config_.credit_flow && free_seen_[o] < onoff_margin_) return;
  }
  double& tokens = refreshed_tokens(token_of_[c]);
  if (tokens < 1.0) return;
  const bool tail = (flit.word & kTail) != 0;
  // The flit moves: out of this buffer, a credit back upstream, one token spent.
  head_[i] = head_[i] + 1 == buffer_ ? 0 : head_[i] + 1;
  if (--count_[i] == 0) {
    occupied_[static_cast<std::size_t>(occupied_base_[r] + slot / 64)] &=
        ~(std::uint64_t{1} << (slot % 64));
    --active_[r];
  }
  const auto from = static_cast<std::size_t>(port_base_[r] + port);
  if (returns_credits_[from]) {
    // Two plain pushes: one of a struct built on the stack stalls on store forwarding.
    credit_due_.push_back(now_ + config_.credit_delay_cycles);
    credit_ivc_.push_back(tail && config_.vc_free_on_tail_credit ? ~in : in);
  } else if (const int t = inject_terminal_[from]; t >= 0) {
    inject_asleep_[static_cast<std::size_t>(t)] = 0;
    if (sq_count_[static_cast<std::size_t>(t)] > 0) set_ready(static_cast<std::size_t>(t), true);
  }
  tokens -= 1.0;
  ++sent_[c];
  bisection_flits_ += bisection_[c];
  used |= std::uint64_t{1} << out;
  port_done |= std::uint64_t{1} << port;
  if (terminal >= 0) {
    ++rq_used_[static_cast<std::size_t>(terminal)];
    --in_network_;
    ++ejected_flits_;
    if (tail) {
      held_[static_cast<std::size_t>(ivc(static_cast<int>(c), 0))] = 0;
      wake_routes(router);
      const auto id = static_cast<int>(flit.word & kPacketMask);
      packets_[static_cast<std::size_t>(id)].delivered = now_;
      delivered_.push_back(id);
    }
  } else {
    push(channel_router_[static_cast<std::size_t>(downstream_[c])], to, flit.word);
    if (config_.credit_flow) --credits_[static_cast<std::size_t>(to)];
    if (tail && !config_.vc_free_on_tail_credit) {
      held_[static_cast<std::size_t>(to)] = 0;
      wake_routes(router);
    }
  }
  if (tail) out_port_[i] = -1;
}

void Network::process_router(int router) {
  const auto r = static_cast<std::size_t>(router);
  if (active_[r] == 0) return;
  const int slots = (port_base_[r + 1] - port_base_[r]) * vcs_;
  const std::size_t base = static_cast<std::size_t>(occupied_base_[r]);
  const int words = (slots + 63) / 64;
  std::uint64_t used = 0;
  std::uint64_t port_done = 0;
  // Round robin: each cycle a different input virtual channel is looked at first.
  const int start = rr_[r];
  rr_[r] = start + 1 == slots ? 0 : start + 1;
  if (words == 1) {
    // The common case (up to 64 input VCs): the word rotated so `start` comes first.
    // Asleep is looked at as each slot's turn comes: a flit moved earlier in the turn may have
    // woken it.
    const std::uint64_t bits = occupied_[base];
    if ((bits & ~asleep_[base]) == 0) return;
    for (std::uint64_t high = bits >> start << start; high != 0; high &= high - 1) {
      const int slot = lowest_bit(high);
      if (!(asleep_[base] >> slot & 1)) move_flit(router, slot, used, port_done);
    }
    for (std::uint64_t low = start == 0 ? 0 : bits << (64 - start) >> (64 - start); low != 0;
         low &= low - 1) {
      const int slot = lowest_bit(low);
      if (!(asleep_[base] >> slot & 1)) move_flit(router, slot, used, port_done);
    }
    return;
  }
  // Slots from `start` to the end, then from 0 to `start`, lowest first within each word.
  const int spans[2][2] = {{start, slots}, {0, start}};
  for (const auto& span : spans) {
    for (int w = span[0] / 64; w * 64 < span[1]; ++w) {
      std::uint64_t bits = occupied_[base + static_cast<std::size_t>(w)];
      const int lo = std::max(span[0] - w * 64, 0);
      const int hi = std::min(span[1] - w * 64, 64);
      bits &= ~std::uint64_t{0} << lo;
      if (hi < 64) bits &= (std::uint64_t{1} << hi) - 1;
      while (bits != 0) {
        const int bit = lowest_bit(bits);
        bits &= bits - 1;
        if (!(asleep_[base + static_cast<std::size_t>(w)] >> bit & 1)) {
          move_flit(router, w * 64 + bit, used, port_done);
        }
      }
    }
  }
}

void Network::wake_routes(int router) {
  const auto r = static_cast<std::size_t>(router);
  const auto end = static_cast<std::size_t>(
      r + 1 < occupied_base_.size() ? occupied_base_[r + 1] : static_cast<int>(occupied_.size()));
  for (auto w = static_cast<std::size_t>(occupied_base_[r]); w < end; ++w) {
    asleep_[w] &= ~route_wait_[w];
    route_wait_[w] = 0;
  }
}

void Network::return_credits() {
  while (credit_head_ < credit_due_.size() && credit_due_[credit_head_] <= now_) {
    const std::int32_t back = credit_ivc_[credit_head_++];
    const auto o = static_cast<std::size_t>(back < 0 ? ~back : back);
    // A tail's credit (stored complemented) also frees the output VC it held.
    if (back < 0) {
      held_[o] = 0;
      wake_routes(upstream_router_[o / static_cast<std::size_t>(vcs_)]);
    }
    ++credits_[o];
    if (const int waiter = credit_waiter_[o]; waiter >= 0) {
      credit_waiter_[o] = -1;
      const int r = channel_router_[static_cast<std::size_t>(waiter / vcs_)];
      const int slot = waiter - port_base_[static_cast<std::size_t>(r)] * vcs_;
      asleep_[static_cast<std::size_t>(occupied_base_[static_cast<std::size_t>(r)] + slot / 64)] &=
          ~(std::uint64_t{1} << (slot % 64));
    }
  }
  if (credit_head_ == credit_due_.size()) {
    credit_due_.clear();
    credit_ivc_.clear();
    credit_head_ = 0;
  }
}

void Network::step() {
  delivered_.clear();
  if (idle()) {
    ++now_;
    return;
  }
  for (std::size_t w = 0; w < inject_ready_.size(); ++w) {
    for (std::uint64_t bits = inject_ready_[w]; bits != 0; bits &= bits - 1) {
      inject(static_cast<int>(w * 64) + lowest_bit(bits));
    }
  }
  // Alternate the order so neither end of a half-duplex link always goes first.
  const int routers = static_cast<int>(rr_.size());
  if (now_ % 2 == 0) {
    for (int r = 0; r < routers; ++r) process_router(r);
  } else {
    for (int r = routers - 1; r >= 0; --r) process_router(r);
  }
  return_credits();
  if (!config_.credit_flow) {
    for (std::size_t i = 0; i < count_.size(); ++i) free_seen_[i] = buffer_ - count_[i];
  }
  ++now_;
}

void Network::reset_counters() {
  std::fill(sent_.begin(), sent_.end(), 0);
  ejected_flits_ = 0;
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
  if (eject_terminal_[c] >= 0) {
    rate = config_.eject_rate;
  } else if (downstream_[c] >= 0) {
    rate = config_.channel_rate;
  }
  if (rate == 0 || cycles <= 0) return 0.0;
  return static_cast<double>(sent_[c]) / (static_cast<double>(cycles) * std::min(1.0, rate));
}

namespace {

template <typename T>
std::size_t bytes(const std::vector<T>& v) {
  return v.capacity() * sizeof(T);
}

}  // namespace

std::size_t Network::state_bytes() const {
  std::size_t total = sizeof(*this);
  total += bytes(port_base_) + bytes(occupied_base_) + bytes(head_extra_cycles_) +
           bytes(inject_channel_) + bytes(flits_) + bytes(head_) + bytes(count_) +
           bytes(out_port_) + bytes(out_vc_) + bytes(held_) + bytes(credits_) +
           bytes(free_seen_) + bytes(tokens_) + bytes(token_rate_) + bytes(token_time_) +
           bytes(token_of_) + bytes(downstream_) + bytes(eject_terminal_) +
           bytes(returns_credits_) + bytes(bisection_) + bytes(channel_router_) + bytes(rr_) +
           bytes(active_) + bytes(occupied_) + bytes(asleep_) + bytes(route_wait_) +
           bytes(credit_waiter_) + bytes(upstream_router_) + bytes(credit_due_) +
           bytes(credit_ivc_) + bytes(sq_) + bytes(sq_head_) + bytes(sq_count_) +
           bytes(inject_vc_) + bytes(inject_tokens_) + bytes(inject_asleep_) +
           bytes(inject_terminal_) + bytes(rq_used_) + bytes(packets_) + bytes(free_packets_) +
           bytes(delivered_) + bytes(sent_);
  for (const auto& ring : sq_) total += bytes(ring);
  return total;
}

}  // namespace archex
