#include "network/wormhole/network.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>

#include "core/rng.h"

// The cycle loop, and what the nodes and the statistics call: send, consume and release, the
// counters, utilization and occupancy, state_bytes. A cycle injects (traversal.cpp), gives each
// router holding flits its turn (switch_allocation.cpp), sends internal speedup's output queues
// and returns the credits due (traversal.cpp), and looks for a deadlock when nothing has moved
// for long (network_deadlock.cpp). The constructor is in network_build.cpp.

namespace archex {

using wormhole::kMaxPorts;
using wormhole::lowest_bit;

void Network::record(TraceRecorder& recorder, int max_packet_flits) {
  trace_ = std::make_unique<NetworkTrace>(recorder, *this, max_packet_flits + header_);
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
    // Each packet's own draw, counted by the packets sent.
    p.route_state = routing_->start(*topo_, src, dst, route_draw(routes_drawn_));
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

std::uint64_t Network::route_draw(std::uint64_t& count) {
  std::uint64_t mix = config_.route_seed ^ (count++ * 0x9E3779B97F4A7C15ull);
  return splitmix64(mix);
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

template <bool kTraced>
void Network::cycle() {
  if constexpr (kTraced) trace_->begin_cycle();
  delivered_.clear();
  stage_now_ = first_step(now_);
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
           bytes(block_active_) + bytes(waited_) + bytes(vc_grant_next_) +
           bytes(vc_accept_next_) + bytes(vc_requests_) + bytes(vc_request_state_) +
           bytes(vc_in_match_) + bytes(vc_out_match_) + bytes(vc_grant_);
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
  // Internal speedup's output queues, each as deep as the buffers beyond it, on every link (and,
  // stepping the whole router, every ejection).
  const double queued =
      size.links + (config.speedup_scope == SpeedupScope::kRouter ? size.terminals : 0);
  const double speedup =
      config.internal_speedup > 1
          ? channels * sizeof(OutputQueue) + size.routers * sizeof(std::uint64_t) +
                queued * config.vcs * config.buffer_flits *
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
