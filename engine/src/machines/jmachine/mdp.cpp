#include "machines/jmachine/mdp.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace archex::jmachine {

Machine::Machine(std::unique_ptr<Interconnect> net, const NodeCosts& costs, const MdpCosts* mdp)
    : net_(std::move(net)), costs_(costs), faults_(mdp != nullptr) {
  if (mdp) mdp_ = *mdp;
  const auto n = static_cast<std::size_t>(net_->topology().terminals());
  nodes_.resize(n);
  send_at_.assign(n, 0);
  wake_.assign(n, 0);
  block_wake_.assign((n + kWakeBlock - 1) / kWakeBlock, 0);
  pending_bits_.assign((n + 63) / 64, 0);
  due_bits_.assign((n + 63) / 64, 0);
}

Machine::Machine(const NetworkConfig& config, const NodeCosts& costs, const MdpCosts* mdp)
    : Machine(std::make_unique<Network>(config), costs, mdp) {
  wormhole_ = static_cast<Network*>(net_.get());
}

Machine::~Machine() = default;

void Machine::record(TraceRecorder& recorder, int max_words, std::vector<std::string> handlers) {
  if (wormhole_) wormhole_->record(recorder, max_words);
  // A thread's end is found at the first cycle at or after it.
  recorder.set_lag(1);
  trace_ = std::make_unique<MdpTrace>(recorder, *this, std::move(handlers));
}

void Machine::set_queue_words(int words) { queue_capacity_ = words; }

bool Machine::quiescent() const {
  if (pending_count_ > 0) return false;
  if (wormhole_ && !wormhole_->idle()) return false;
  for (const Node& node : nodes_) {
    if (node.running >= 0 || node.thread[0].active || node.thread[1].active ||
        !node.queue[0].empty() || !node.queue[1].empty() || !node.ready.empty())
      return false;
  }
  return true;
}

void Machine::step(Workload& workload) {
  const std::int64_t now = net_->now();
  // The sends recorded for now join the due ones the network refused (none is due before the
  // earliest recorded send); they are tried in node order, the order they reach the network.
  if (now >= min_send_at_) {
    std::int64_t later = Workload::kForever;
    for (std::size_t w = 0; w < pending_bits_.size(); ++w) {
      for (std::uint64_t bits = pending_bits_[w] & ~due_bits_[w]; bits != 0; bits &= bits - 1) {
        const std::size_t n = w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits));
        if (send_at_[n] <= now) due_bits_[w] |= bits & -bits;
        else later = std::min(later, send_at_[n]);
      }
    }
    min_send_at_ = later;
    min_send_exact_ = true;
  }
  for (std::size_t w = 0; pending_count_ > 0 && w < due_bits_.size(); ++w) {
    for (std::uint64_t bits = due_bits_[w]; bits != 0; bits &= bits - 1) {
      const std::size_t n = w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits));
      try_send(nodes_[n], n, now);
    }
  }
  net_->step();
  const std::int64_t t = net_->now();
  if (trace_) trace_->at(t);
  for (const int id : net_->delivered()) deliver(id, t);
  // Nodes are looked at in order, as a workload's background may draw random numbers; none is
  // due before the earliest wake cycle.
  if (t < min_wake_) return;
  std::int64_t earliest = Workload::kForever;
  for (std::size_t b = 0; b < block_wake_.size(); ++b) {
    if (block_wake_[b] <= t) {
      std::int64_t block = Workload::kForever;
      const std::size_t end = std::min(wake_.size(), (b + 1) * kWakeBlock);
      for (std::size_t n = b * kWakeBlock; n < end; ++n) {
        if (wake_[n] <= t) wake_[n] = visit(workload, static_cast<int>(n), t);
        block = std::min(block, wake_[n]);
      }
      block_wake_[b] = block;
    }
    earliest = std::min(earliest, block_wake_[b]);
  }
  min_wake_ = earliest;
}

void Machine::set_pending(std::size_t n) {
  nodes_[n].pending = true;
  ++pending_count_;
  send_at_[n] = nodes_[n].send.at;
  min_send_at_ = std::min(min_send_at_, send_at_[n]);
  pending_bits_[n / 64] |= std::uint64_t{1} << (n % 64);
}

void Machine::clear_pending(std::size_t n) {
  nodes_[n].pending = false;
  if (send_at_[n] == min_send_at_) min_send_exact_ = false;
  pending_bits_[n / 64] &= ~(std::uint64_t{1} << (n % 64));
  due_bits_[n / 64] &= ~(std::uint64_t{1} << (n % 64));
  --pending_count_;
}

void Machine::wake(std::size_t n, std::int64_t cycle) {
  wake_[n] = cycle;
  std::int64_t& block = block_wake_[n / kWakeBlock];
  block = std::min(block, cycle);
  min_wake_ = std::min(min_wake_, cycle);
}

void Machine::try_send(Node& node, std::size_t n, std::int64_t now) {
  Pending& p = node.send;
  const int id = net_->send(static_cast<int>(n), p.dst, p.words, p.tag);
  if (id < 0) {
    // The network refuses the words: the send faults and the processor waits.
    if (!p.faulted) {
      p.faulted = true;
      ++node.stats.send_faults;
      if (trace_) trace_->send_fault(static_cast<double>(now), static_cast<int>(n));
    }
    return;
  }
  if (trace_) {
    trace_->sent(static_cast<double>(now), static_cast<int>(n), p.dst, p.tag, p.words, id);
  }
  const auto slot = static_cast<std::size_t>(id);
  if (slot >= flight_.size()) flight_.resize(slot + 1);
  flight_[slot].priority = p.priority;
  flight_[slot].payload = std::move(p.payload);
  clear_pending(n);
  // A node with nothing but this send to do slept while it waited (see visit): it goes on in
  // this step. A busy one is looked at when its work is done, as before.
  if (wake_[n] == Workload::kForever) wake(n, now + 1);
  if (p.faulted) {
    node.busy_until = std::max(node.busy_until, static_cast<double>(now)) + mdp_.send_fault;
    node.stats.cycles[static_cast<int>(Use::kFault)] += mdp_.send_fault;
  }
}

void Machine::deliver(int id, std::int64_t t) {
  const Message& m = net_->message(id);
  const auto n = static_cast<std::size_t>(m.dst);
  Node& node = nodes_[n];
  const auto slot = static_cast<std::size_t>(id);
  if (slot >= flight_.size()) flight_.resize(slot + 1);
  InFlight& f = flight_[slot];
  const int p = f.priority;
  Queued q;
  q.id = id;
  q.payload = std::move(f.payload);
  q.message = Received{m.src, m.flits, m.tag, p, nullptr};
  f = InFlight{};
  node.queue_words[p] += m.flits;
  node.queue[p].push_back(std::move(q));
  if (trace_) trace_->received(static_cast<double>(t), m.dst, m.src, m.tag, p, id);
  if (wake_[n] > t) wake(n, t);
  if (!faults_ || node.queue_words[p] < queue_capacity_) return;
  // The queue is full: the overflow fault's handler interrupts whatever runs and copies the
  // queued messages to memory, which frees the queue for the network.
  int words = 0;
  for (Queued& queued : node.queue[p]) {
    if (queued.id < 0) continue;
    words += queued.message.words;
    net_->consume(queued.id);
    queued.id = -1;
  }
  node.queue_words[p] = 0;
  const double cycles = mdp_.queue_fault + mdp_.spill_per_word * words;
  node.busy_until = std::max(node.busy_until, static_cast<double>(t)) + cycles;
  node.stats.cycles[static_cast<int>(Use::kFault)] += cycles;
  ++node.stats.queue_faults;
  node.stats.spilled_words += words;
  if (trace_) trace_->overflow(static_cast<double>(t), static_cast<int>(n), p, words);
}

void Machine::jump(std::int64_t limit) {
  if (wormhole_ == nullptr || !wormhole_->idle()) return;
  std::int64_t next = limit;
  next = std::min(next, min_wake_);
  // A send recorded for later (the end of a handler's work) is tried in the step that starts at
  // its cycle.
  // One due already (refused) is tried in the next step.
  for (const std::uint64_t bits : due_bits_) {
    if (bits != 0) return;
  }
  if (!min_send_exact_) {
    min_send_at_ = Workload::kForever;
    for (std::size_t w = 0; w < pending_bits_.size(); ++w) {
      for (std::uint64_t bits = pending_bits_[w]; bits != 0; bits &= bits - 1) {
        const auto n = w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits));
        min_send_at_ = std::min(min_send_at_, send_at_[n]);
      }
    }
    min_send_exact_ = true;
  }
  if (min_send_at_ != Workload::kForever) next = std::min(next, min_send_at_ + 1);
  const std::int64_t cycles = next - 1 - net_->now();
  if (cycles > 0) wormhole_->skip(cycles);
}

void Machine::start(Node& node, int priority, Thread& thread, double at) {
  Running& r = node.thread[priority];
  r.actions.swap(thread.actions_);
  thread.actions_.clear();
  r.next = 0;
  r.active = true;
  r.preempted = 0;
  node.running = priority;
  node.busy_until = std::max(node.busy_until, at);
  for (auto& next : thread.restarts_) node.ready.push_back(std::move(next));
  thread.restarts_.clear();
}

bool Machine::play(Node& node, std::int64_t t) {
  Running& r = node.thread[node.running];
  double cursor = std::max(node.busy_until, static_cast<double>(t));
  while (r.next < r.actions.size()) {
    Thread::Action& a = r.actions[r.next++];
    if (a.kind == Thread::Action::kCompute) {
      cursor += a.cycles;
      node.stats.cycles[static_cast<int>(a.use)] += a.cycles;
      continue;
    }
    const double busy = costs_.send_overhead + a.words / net_->inject_rate();
    node.send = Pending{static_cast<std::int64_t>(std::ceil(cursor + costs_.send_overhead)),
                        a.dst, a.words, a.handler, a.priority, false, std::move(a.payload)};
    set_pending(static_cast<std::size_t>(&node - nodes_.data()));
    ++node.stats.messages_sent;
    node.stats.words_sent += a.words;
    node.stats.cycles[static_cast<int>(Use::kCommunication)] += busy;
    node.busy_until = cursor + busy;
    return false;
  }
  if (trace_ && cursor <= static_cast<double>(t)) {
    trace_->ended(node.busy_until, static_cast<int>(&node - nodes_.data()), node.running);
  }
  node.busy_until = cursor;
  // Its last cycles still to run, the thread stays on the processor (a priority-1 message may
  // preempt them).
  if (cursor > static_cast<double>(t)) return false;
  r.active = false;
  r.actions.clear();
  node.running = -1;
  return true;
}

bool Machine::dispatch(Workload& workload, Node& node, int n, int priority, std::int64_t t) {
  Queued q = std::move(node.queue[priority].front());
  node.queue[priority].pop_front();
  double extra = 0;
  if (q.id >= 0) {
    node.queue_words[priority] -= q.message.words;
    net_->consume(q.id);
  } else {
    // Spilled by the overflow handler: copied back from memory first.
    extra = mdp_.spill_per_word * q.message.words;
    node.stats.cycles[static_cast<int>(Use::kFault)] += extra;
  }
  q.message.payload = &q.payload;
  if (trace_) {
    trace_->started(static_cast<double>(t), n, priority, ThreadCause::kMessage, q.message.handler);
  }
  workload.on_message(n, q.message, scratch_);
  node.stats.cycles[static_cast<int>(Use::kHandler)] += costs_.dispatch;
  start(node, priority, scratch_, static_cast<double>(t) + extra + costs_.dispatch);
  return play(node, t);
}

std::int64_t Machine::visit(Workload& workload, int n, std::int64_t t) {
  Node& node = nodes_[static_cast<std::size_t>(n)];
  settle(workload, static_cast<std::size_t>(n), t);
  node.quiet_end = node.quiet_from;
  const double now = static_cast<double>(t);
  // A priority-1 message preempts priority-0 work between its recorded actions' cycles, also
  // while the thread computes towards a send (recorded, not yet due); a send under way or
  // refused is not interrupted.
  if (node.busy_until > now && node.running == 0 && !node.queue[1].empty() &&
      (!node.pending || node.send.at > t)) {
    Running& r = node.thread[0];
    r.preempted = node.busy_until - now;
    if (node.pending) {
      r.send_in = node.send.at - t;
      clear_pending(static_cast<std::size_t>(n));
    }
    node.busy_until = now;
    node.running = -1;
    if (trace_) trace_->suspended(now, n, 0);
  }
  // Each pass starts the next piece of work; a thread that ends at once lets the next one start
  // in the same cycle.
  for (;;) {
    if (node.busy_until > now) {
      return static_cast<std::int64_t>(std::ceil(node.busy_until));
    }
    if (node.pending) {
      // Nothing changes for the node until the network takes its send (try_send wakes it) or a
      // message arrives (deliver does).
      return Workload::kForever;
    }
    if (node.running >= 0) {
      if (!play(node, t)) continue;
    } else if (node.thread[1].active) {
      node.running = 1;
      if (trace_) trace_->started(now, n, 1, ThreadCause::kResume);
      if (!play(node, t)) continue;
    } else if (!node.queue[1].empty()) {
      if (!dispatch(workload, node, n, 1, t)) continue;
    } else if (node.thread[0].active) {
      node.running = 0;
      if (trace_) trace_->started(now, n, 0, ThreadCause::kResume);
      Running& r = node.thread[0];
      node.busy_until = now + r.preempted;
      r.preempted = 0;
      if (r.send_in >= 0) {
        // Its send is due as much later as the preemption lasted.
        node.send.at = t + r.send_in;
        r.send_in = -1;
        set_pending(static_cast<std::size_t>(n));
        continue;
      }
      if (!play(node, t)) continue;
    } else if (!node.ready.empty()) {
      const std::function<void(Thread&)> next = std::move(node.ready.front());
      node.ready.pop_front();
      next(scratch_);
      if (trace_) trace_->started(now, n, 0, ThreadCause::kRestart);
      start(node, 0, scratch_, now);
      if (!play(node, t)) continue;
    } else if (!node.queue[0].empty()) {
      if (!dispatch(workload, node, n, 0, t)) continue;
    } else {
      if (const std::int64_t quiet = workload.quiet_cycles(n); quiet > 0) {
        node.quiet_from = t;
        node.quiet_end = quiet >= Workload::kForever - t ? Workload::kForever : t + quiet;
        return node.quiet_end;
      }
      workload.background(n, scratch_);
      if (scratch_.empty()) return t + 1;
      if (trace_) trace_->started(now, n, 0, ThreadCause::kBackground);
      start(node, 0, scratch_, now);
      if (!play(node, t)) continue;
      return t + 1;
    }
  }
}

void Machine::settle(Workload& workload, std::size_t node, std::int64_t until) {
  Node& s = nodes_[node];
  const std::int64_t cycles = std::min(until, s.quiet_end) - s.quiet_from;
  if (cycles <= 0) return;
  workload.skip(static_cast<int>(node), cycles);
  s.quiet_from += cycles;
}

void Machine::settle(Workload& workload) {
  for (std::size_t n = 0; n < nodes_.size(); ++n) settle(workload, n, net_->now() + 1);
}

}  // namespace archex::jmachine
