#include "network/network.h"

#include <algorithm>
#include <string>

#include "core/param_spec.h"

namespace archex {

namespace {

// On/off flow control: a sender stops while the receiver showed fewer free slots than this at the
// end of the previous cycle, which leaves room for the flit sent during the signal's delay.
constexpr int kOnOffMargin = 2;

void require(bool ok, const char* param, const std::string& message) {
  if (!ok) throw ParamError(param, message);
}

}  // namespace

Network::Network(const NetworkConfig& config)
    : config_(config),
      topo_(config.radix, config.torus),
      ports_(topo_.ports()),
      vcs_(config.vcs),
      buffer_(config.buffer_flits),
      onoff_margin_(kOnOffMargin) {
  require(vcs_ >= 1 && vcs_ <= 4, "vcs", "virtual channels: 1 to 4");
  require(!config.torus || vcs_ >= 2, "vcs",
          "a torus needs at least 2 virtual channels: its dateline scheme uses two classes");
  require(buffer_ >= 1 && buffer_ <= 256, "buffer_flits", "flit buffers: 1 to 256 flits");
  require(config.credit_flow || buffer_ > kOnOffMargin, "buffer_flits",
          "on/off flow control needs buffers of at least 3 flits");
  require(config.router_delay_cycles >= 0, "router_delay_cycles", "router delay: 0 or more");
  require(config.channel_rate > 0 && config.channel_rate <= 1, "channel_words_per_cycle",
          "channel rate: above 0, at most 1 word per cycle");
  require(config.inject_rate > 0, "inject_words_per_cycle", "injection rate: above 0");
  require(config.eject_rate > 0, "eject_words_per_cycle", "ejection rate: above 0");
  require(config.receive_queue_flits >= 1, "receive_queue_words", "receive queue: 1 or more");
  require(config.source_queue_packets >= 1, "source_queue_packets", "source queue: 1 or more");

  const auto n = static_cast<std::size_t>(topo_.nodes());
  const std::size_t channels = n * static_cast<std::size_t>(ports_);
  const std::size_t vcs = channels * static_cast<std::size_t>(vcs_);
  flits_.assign(vcs * static_cast<std::size_t>(buffer_), Flit{0, 0, 0});
  head_.assign(vcs, 0);
  count_.assign(vcs, 0);
  out_port_.assign(vcs, -1);
  out_vc_.assign(vcs, -1);
  held_.assign(vcs, 0);
  credits_.assign(vcs, buffer_);
  free_seen_.assign(vcs, buffer_);
  tokens_.assign(channels, 0.0);
  token_rate_.assign(channels, 0.0);
  downstream_.assign(channels, -1);
  bisection_.assign(channels, 0);
  rr_.assign(n, 0);
  occupied_.assign(n, 0);
  sent_.assign(channels, 0);
  for (int node = 0; node < topo_.nodes(); ++node) {
    for (int port = 0; port < ports_; ++port) {
      const auto c = static_cast<std::size_t>(node * ports_ + port);
      if (port == topo_.local_port()) {
        downstream_[c] = node;
        token_rate_[c] = config.eject_rate;
        continue;
      }
      downstream_[c] = topo_.neighbor(node, port);
      bisection_[c] = downstream_[c] >= 0 && topo_.crosses_bisection(node, port);
      // A half-duplex link's two directions draw on the token of its + direction.
      if (downstream_[c] >= 0 && (!config.half_duplex || port % 2 == 0)) {
        token_rate_[c] = config.channel_rate;
      }
    }
  }
  token_time_.assign(channels, 0);

  sq_.assign(n * static_cast<std::size_t>(config.source_queue_packets), 0);
  sq_head_.assign(n, 0);
  sq_count_.assign(n, 0);
  inject_vc_.assign(n, -1);
  inject_tokens_.assign(n, 0.0);
  rq_used_.assign(n, 0);
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

int Network::link_token(int node, int port) const {
  if (config_.half_duplex && port < topo_.local_port() && port % 2 == 1) {
    const int other = downstream_[static_cast<std::size_t>(node * ports_ + port)];
    return other * ports_ + (port ^ 1);
  }
  return node * ports_ + port;
}

int Network::send(int src, int dst, int flits, int tag) {
  const auto s = static_cast<std::size_t>(src);
  if (sq_count_[s] >= config_.source_queue_packets) return -1;
  int id;
  if (free_packets_.empty()) {
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
  const int slot = (sq_head_[s] + sq_count_[s]) % config_.source_queue_packets;
  sq_[s * static_cast<std::size_t>(config_.source_queue_packets) + static_cast<std::size_t>(slot)] =
      id;
  ++sq_count_[s];
  return id;
}

void Network::free_packet(int id) { free_packets_.push_back(id); }

void Network::release(int node, int flits) {
  int& used = rq_used_[static_cast<std::size_t>(node)];
  used = std::max(0, used - flits);
}

void Network::push(int to, std::int32_t packet, std::int32_t index) {
  const auto t = static_cast<std::size_t>(to);
  const int slot = (head_[t] + count_[t]) % buffer_;
  flits_[t * static_cast<std::size_t>(buffer_) + static_cast<std::size_t>(slot)] =
      Flit{packet, index, now_ + 1 + config_.router_delay_cycles};
  ++count_[t];
  const int slots = ports_ * vcs_;
  occupied_[static_cast<std::size_t>(to / slots)] |= 1u << (to % slots);
}

void Network::inject(int node) {
  const auto n = static_cast<std::size_t>(node);
  if (sq_count_[n] == 0) return;
  double& tokens = inject_tokens_[n];
  tokens = std::min(std::max(1.0, config_.inject_rate), tokens + config_.inject_rate);
  const int local = topo_.local_port();
  while (tokens >= 1.0 && sq_count_[n] > 0) {
    const int id = sq_[n * static_cast<std::size_t>(config_.source_queue_packets) +
                       static_cast<std::size_t>(sq_head_[n])];
    Packet& p = packets_[static_cast<std::size_t>(id)];
    if (inject_vc_[n] < 0) {
      // A new packet takes the local virtual channel with the most room.
      int best = -1;
      for (int v = 0; v < vcs_; ++v) {
        const int room = buffer_ - count_[static_cast<std::size_t>(ivc(node, local, v))];
        if (room > 0 &&
            (best < 0 ||
             room > buffer_ - count_[static_cast<std::size_t>(ivc(node, local, best))])) {
          best = v;
        }
      }
      if (best < 0) return;
      inject_vc_[n] = best;
    }
    const int to = ivc(node, local, inject_vc_[n]);
    if (count_[static_cast<std::size_t>(to)] >= buffer_) return;
    push(to, id, p.injected);
    ++p.injected;
    ++in_network_;
    tokens -= 1.0;
    if (p.injected == p.flits) {
      sq_head_[n] = (sq_head_[n] + 1) % config_.source_queue_packets;
      --sq_count_[n];
      inject_vc_[n] = -1;
    }
  }
}

bool Network::route_head(int node, int in) {
  const auto i = static_cast<std::size_t>(in);
  const Flit& flit =
      flits_[i * static_cast<std::size_t>(buffer_) + static_cast<std::size_t>(head_[i])];
  Packet& p = packets_[static_cast<std::size_t>(flit.packet)];
  const int port = topo_.route(node, p.dst);
  if (port == topo_.local_port()) {
    // Ejection is one queue: a packet holds it until its last flit is out.
    const auto e = static_cast<std::size_t>(ivc(node, port, 0));
    if (held_[e]) return false;
    held_[e] = 1;
    out_port_[i] = port;
    out_vc_[i] = 0;
    return true;
  }
  const int down = downstream_[static_cast<std::size_t>(node * ports_ + port)];
  const int d = port / 2;
  const bool wraps = topo_.crosses_dateline(node, port);
  const int cls = (p.dateline_dim == d || wraps) ? 1 : 0;
  for (int v = 0; v < vcs_; ++v) {
    if (topo_.torus() && v % 2 != cls) continue;
    const auto o = static_cast<std::size_t>(ivc(down, port ^ 1, v));
    if (held_[o]) continue;
    held_[o] = 1;
    out_port_[i] = port;
    out_vc_[i] = v;
    if (wraps) p.dateline_dim = d;
    return true;
  }
  return false;
}

void Network::process_router(int node) {
  const auto n = static_cast<std::size_t>(node);
  const std::uint32_t occupied = occupied_[n];
  if (occupied == 0) return;
  const int local = topo_.local_port();
  const int slots = ports_ * vcs_;
  std::uint32_t used = 0;
  // Round robin: each cycle a different input virtual channel is looked at first.
  const int start = rr_[n];
  rr_[n] = start + 1 == slots ? 0 : start + 1;
  const int first = node * slots;
  std::uint32_t port_done = 0;
  for (int k = 0, slot = start; k < slots; ++k, slot = slot + 1 == slots ? 0 : slot + 1) {
    if (!(occupied & (1u << slot))) continue;
    const int port = slot / vcs_;
    if (port_done & (1u << port)) continue;
    const int in = first + slot;
    const auto i = static_cast<std::size_t>(in);
    const Flit flit =
        flits_[i * static_cast<std::size_t>(buffer_) + static_cast<std::size_t>(head_[i])];
    if (flit.ready > now_) continue;
    if (out_port_[i] < 0 && !route_head(node, in)) continue;
    const int out = out_port_[i];
    if (used & (1u << out)) continue;
    const auto channel = static_cast<std::size_t>(node * ports_ + out);
    int to = -1;
    if (out == local) {
      if (rq_used_[n] >= config_.receive_queue_flits) continue;
    } else {
      to = ivc(downstream_[channel], out ^ 1, out_vc_[i]);
      const auto o = static_cast<std::size_t>(to);
      if (config_.credit_flow ? credits_[o] <= 0 : free_seen_[o] < onoff_margin_) continue;
    }
    double& tokens = refreshed_tokens(link_token(node, out));
    if (tokens < 1.0) continue;
    const Packet& p = packets_[static_cast<std::size_t>(flit.packet)];
    const bool tail = flit.index == p.flits - 1;
    // The flit moves: out of this buffer, a credit back upstream, one token spent.
    head_[i] = head_[i] + 1 == buffer_ ? 0 : head_[i] + 1;
    if (--count_[i] == 0) occupied_[n] &= ~(1u << slot);
    if (port != local) credit_returns_.push_back(in);
    tokens -= 1.0;
    ++sent_[channel];
    bisection_flits_ += bisection_[channel];
    used |= 1u << out;
    port_done |= 1u << port;
    if (out == local) {
      ++rq_used_[n];
      --in_network_;
      if (tail) {
        held_[static_cast<std::size_t>(ivc(node, local, 0))] = 0;
        packets_[static_cast<std::size_t>(flit.packet)].delivered = now_;
        delivered_.push_back(flit.packet);
      }
    } else {
      push(to, flit.packet, flit.index);
      if (config_.credit_flow) --credits_[static_cast<std::size_t>(to)];
      if (tail) held_[static_cast<std::size_t>(to)] = 0;
    }
    if (tail) out_port_[i] = -1;
  }
}

void Network::step() {
  delivered_.clear();
  const int nodes = topo_.nodes();
  for (int node = 0; node < nodes; ++node) inject(node);
  // Alternate the order so neither end of a half-duplex link always goes first.
  if (now_ % 2 == 0) {
    for (int node = 0; node < nodes; ++node) process_router(node);
  } else {
    for (int node = nodes - 1; node >= 0; --node) process_router(node);
  }
  for (const std::int32_t in : credit_returns_) ++credits_[static_cast<std::size_t>(in)];
  credit_returns_.clear();
  if (!config_.credit_flow) {
    for (std::size_t i = 0; i < count_.size(); ++i) free_seen_[i] = buffer_ - count_[i];
  }
  ++now_;
}

void Network::reset_counters() {
  std::fill(sent_.begin(), sent_.end(), 0);
  bisection_flits_ = 0;
  counters_from_ = now_;
}

std::uint64_t Network::flits_sent(int node, int port) const {
  return sent_[static_cast<std::size_t>(node * ports_ + port)];
}

double Network::utilization(int node, int port) const {
  const auto c = static_cast<std::size_t>(node * ports_ + port);
  const std::int64_t cycles = counted_cycles();
  if (downstream_[c] < 0 || cycles <= 0) return 0.0;
  const double rate = port == topo_.local_port() ? config_.eject_rate : config_.channel_rate;
  return static_cast<double>(sent_[c]) / (static_cast<double>(cycles) * std::min(1.0, rate));
}

}  // namespace archex
