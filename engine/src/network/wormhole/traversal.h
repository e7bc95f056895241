#pragma once

// Switch traversal, the part every flit's move inlines (the rest, with injection and the
// credits' return, in traversal.cpp): the rate's tokens, the flow control that lets a flit go,
// its crossing out of one buffer into the next router's or the receive queue, and the credit
// it frees upstream. Reads and writes the VCs' rings and credits, the channels' tokens, the
// credits on their way, the terminals' receive queues and the counters. Included by the switch
// allocation (switch_allocation.cpp) and traversal.cpp.

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "network/wormhole/network.h"

namespace archex {

inline double& Network::refreshed_tokens(int index) {
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

inline double* Network::crossing_tokens(const Channel& ch) {
  if (ch.token_of < 0 || (!output_queues_.empty() && (ch.eject_terminal < 0 || router_steps_)))
    return nullptr;
  return &refreshed_tokens(ch.token_of);
}

void Network::push(int router, int to, std::uint32_t word, int extra) {
  const auto t = static_cast<std::size_t>(to);
  RouterState& r = routers_[static_cast<std::size_t>(router)];
  Vc& vc = vc_[t];
  // head and count are each below buffer_: a subtraction wraps the ring without a division.
  int slot = vc.head + vc.count;
  if (slot >= buffer_) slot -= buffer_;
  // The link's and the crossing's cycles, then the stages', in the routers' clock.
  std::int64_t ready = first_step(now_ + 1 + extra + config_.router_delay_cycles) +
                       config_.switch_alloc_cycles;
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
bool Network::flow_open(RouterState& r, int slot, int in, const Channel& ch, const Vc& vc,
                        double*& tokens) {
  if (const int terminal = ch.eject_terminal; terminal >= 0) {
    if (terminals_[static_cast<std::size_t>(terminal)].rq_used >= config_.receive_queue_flits) {
      if constexpr (kTraced) trace_->blocked(in, BlockReason::kQueueFull);
      return false;
    }
    // Its ejection queue's VC (the one it will take, bidding for it with the switch) has room.
    const auto eject = static_cast<int>(&ch - channels_.data());
    if (router_steps_ &&
        vc_[static_cast<std::size_t>(
                ivc(eject, vc.out_vc == kEjectionPending ? ejection_vc(eject, vc) : vc.out_vc))]
                .credits <= 0) {
      if constexpr (kTraced) trace_->blocked(in, BlockReason::kNoCredit);
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
  if (output_queues_.empty() || (terminal >= 0 && !router_steps_)) {
    ++sent_[c];
    bisection_flits_ += ch.bisection;
  }
  if constexpr (kTraced) {
    if (terminal >= 0) trace_->ejected(in, flit.word, static_cast<int>(c), terminal);
    else trace_->moved(in, flit.word, static_cast<int>(c), vc.out_vc);
  }
  if (terminal >= 0 && router_steps_) {
    // Its room in the receive queue taken now; it arrives as its queue sends it.
    ++terminals_[static_cast<std::size_t>(terminal)].rq_used;
    enqueue(c, flit.word, vc.out_vc);
    --vc_[static_cast<std::size_t>(ivc(static_cast<int>(c), vc.out_vc))].credits;
    if (tail) release_vc(router, ivc(static_cast<int>(c), vc.out_vc));
  } else if (terminal >= 0) {
    ++terminals_[static_cast<std::size_t>(terminal)].rq_used;
    --in_network_;
    ++ejected_flits_;
    ++ejected_by_terminal_[static_cast<std::size_t>(terminal)];
    if (tail) {
      release_vc(router, ivc(static_cast<int>(c), vc.out_vc));
      const auto id = static_cast<int>(flit.word & kPacketMask);
      packets_[static_cast<std::size_t>(id)].delivered = now_;
      delivered_.push_back(id);
    }
  } else {
    const int to = ivc(ch.downstream, vc.out_vc);
    if (output_queues_.empty()) {
      push(ch.down_router, to, flit.word, ch.link_extra);
    } else {
      enqueue(c, flit.word, vc.out_vc);
    }
    Vc& o = vc_[static_cast<std::size_t>(to)];
    if (config_.credit_flow) --o.credits;
    if (tail && !config_.vc_free_on_tail_credit) release_vc(router, to);
  }
  if (tail) vc.out_port = -1;
}

void Network::enqueue(std::size_t c, std::uint32_t word, std::int8_t out_vc) {
  OutputQueue& q = output_queues_[c];
  if (q.count == 0) queued_outputs_.push_back(static_cast<std::int32_t>(c));
  int back = q.head + q.count++;
  if (back >= static_cast<int>(q.words.size())) back -= static_cast<int>(q.words.size());
  q.words[static_cast<std::size_t>(back)] = word;
  q.vcs[static_cast<std::size_t>(back)] = out_vc;
}

void Network::pop_front(int router, int slot, int port, bool tail) {
  RouterState& r = routers_[static_cast<std::size_t>(router)];
  const int in = r.port_base * vcs_ + slot;
  Vc& vc = vc_[static_cast<std::size_t>(in)];
  vc.head = static_cast<std::uint16_t>(vc.head + 1 == buffer_ ? 0 : vc.head + 1);
  if (--vc.count == 0) {
    bits_of(r, slot).occupied &= ~(std::uint64_t{1} << (slot % 64));
    if (--r.active == 0) --block_active_[static_cast<std::size_t>(router) / kRouterBlock];
  } else if (tail && !waited_.empty()) {
    queued_head_routes(r, slot, flit_at(static_cast<std::size_t>(in), vc.head));
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

void Network::queued_head_routes(RouterState& r, int slot, Flit& head) {
  // As if it arrived next cycle (BookSim2 routes it then, from its idle VC): routed after
  // route_cycles, or with lookahead (0) already routed, so its first cycle at the front is its
  // VC-allocation stage. A head that arrives later counts its own arrival.
  const auto due = static_cast<std::uint32_t>(stage_now_ + config_.route_cycles);
  if (static_cast<std::int32_t>(head.ready - due) > 0) return;
  if (config_.route_cycles == 0) {
    waited_of(r, slot) |= std::uint64_t{1} << (slot % 64);
  } else {
    head.ready = due;
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

}  // namespace archex
