#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "network/wormhole/network.h"
#include "network/wormhole/traversal.h"
#include "network/wormhole/vc_allocation.h"

// Switch traversal and credits, the parts the cycle loop calls once a cycle (a flit's crossing
// itself is in traversal.h): injection, flits from the source queues into the injection VCs;
// internal speedup's output queues, flits over their channels; and the credits' return, each
// into the output VC it counts (a tail's credit also freeing its VC). Reads and writes the
// source queues, the VCs' rings and credits, the credit queues and the sleep bits a credit
// clears. The cycle loop (network.cpp) calls inject, send_output_queues and return_credits.

namespace archex {

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

bool Network::send_output_queues() {
  std::size_t kept = 0;
  bool sent = false;
  for (const std::int32_t c : queued_outputs_) {
    OutputQueue& q = output_queues_[static_cast<std::size_t>(c)];
    const Channel& ch = channels_[static_cast<std::size_t>(c)];
    double* tokens = ch.token_of >= 0 ? &refreshed_tokens(ch.token_of) : nullptr;
    if (tokens == nullptr || *tokens >= 1.0) {
      const auto front = static_cast<std::size_t>(q.head);
      if (const int t = ch.eject_terminal; t >= 0) {
        // An ejection's queue (the whole router stepped): the flit reaches its terminal, whose
        // buffer gives its credit back.
        ++vc_[static_cast<std::size_t>(ivc(c, q.vcs[front]))].credits;
        --in_network_;
        ++ejected_flits_;
        ++ejected_by_terminal_[static_cast<std::size_t>(t)];
        if (const std::uint32_t word = q.words[front]; word & kTail) {
          const auto id = static_cast<int>(word & kPacketMask);
          packets_[static_cast<std::size_t>(id)].delivered = now_;
          delivered_.push_back(id);
        }
      } else {
        push(ch.down_router, ivc(ch.downstream, q.vcs[front]), q.words[front], ch.link_extra);
      }
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

// The cycle loop's (network.cpp), traced and untraced.
template void Network::inject<false>(int terminal);
template void Network::inject<true>(int terminal);
template void Network::return_credits<false>();
template void Network::return_credits<true>();

}  // namespace archex
