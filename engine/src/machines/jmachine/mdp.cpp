#include "machines/jmachine/mdp.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace archex::jmachine {

namespace {

ParamSpec cost(const char* name, const char* label, double value, const char* description) {
  return number_param(name, label)
             .unit("cycles").value(value).range(0, 1000).step(1)
             .about(description);
}

}  // namespace

ParamTable<NodeCosts> node_cost_table() {
  ParamTable<NodeCosts> t;
  t.add(&NodeCosts::send_overhead,
        cost("send_overhead_cycles", "Send overhead", 1,
             "Cycles to issue a send before its first word enters the network (the words then "
             "go at the injection rate)."))
      .add(&NodeCosts::dispatch,
           cost("dispatch_cycles", "Dispatch", 4,
                "Cycles to create a handler's task when a message reaches the head of the queue."))
      .add(&NodeCosts::handler,
           cost("handler_cycles", "RPC handler", 13,
                "Instructions of a request or reply handler besides dispatch and its sends."))
      .add(&NodeCosts::suspend, cost("suspend_cycles", "Empty handler", 1,
                                     "A handler that only ends (a message received and "
                                     "discarded)."))
      .add(&NodeCosts::read_handler,
           cost("read_handler_cycles", "Read handler", 19,
                "Instructions of a remote read's handler besides dispatch, name translation, the "
                "reply's words and its send."))
      .add(&NodeCosts::xlate, cost("xlate_cycles", "Name translation", 3,
                                   "Cycles of an xlate (object name to address) that hits."))
      .add(&NodeCosts::reply_internal,
           cost("reply_internal_cycles_per_word", "Reply from internal memory", 2,
                "Cycles per word of a remote read's reply read from on-chip memory."))
      .add(&NodeCosts::reply_external,
           cost("reply_external_cycles_per_word", "Reply from external memory", 8,
                "Cycles per word of a remote read's reply read from external DRAM."))
      .add(&NodeCosts::copy_internal,
           cost("copy_internal_cycles_per_word", "Copy to internal memory", 3,
                "Cycles per word to copy a received message to on-chip memory."))
      .add(&NodeCosts::copy_external,
           cost("copy_external_cycles_per_word", "Copy to external memory", 6,
                "Cycles per word to copy a received message to external DRAM."));
  return t;
}

ParamTable<NetworkParams> network_table(std::vector<double> dims) {
  ParamTable<NetworkParams> t = cube_network_table();
  t.set_default("dims", std::move(dims))
      .set_default("buffer_flits", 1)
      .set_default("channel_words_per_cycle", 0.5)
      .set_default("link_mode", static_cast<double>(LinkMode::kHalfDuplex))
      .set_default("inject_words_per_cycle", 2)
      .set_default("eject_words_per_cycle", 0.5)
      .set_default("receive_queue_words", 512)
      .set_default("clock_mhz", 12.5)
      .set_default("word_bits", 36);
  return t;
}


ParamTable<MdpCosts> mdp_cost_table() {
  const auto per = [](const char* name, const char* label, const char* unit, double value,
                      double max, const char* description) {
    return number_param(name, label)
               .unit(unit).value(value).range(0, max).step(0.01)
               .about(description);
  };
  ParamTable<MdpCosts> t;
  t.add(&MdpCosts::cpi_internal,
        number_param("cpi_internal", "Cycles per instruction, internal memory")
            .unit("cycles").value(12.5 / 5.5).range(1, 20).step(0.01)
            .about("Cycles per instruction with code and data in on-chip memory (5.5 MIPS typical "
                   "at 12.5 MHz)."))
      .add(&MdpCosts::cpi_external,
           number_param("cpi_external", "Cycles per instruction, external memory")
               .unit("cycles").value(12.5 / 2).range(1, 50).step(0.01)
               .about("Cycles per instruction with code and data in external DRAM (under 2 MIPS)."))
      .add(&MdpCosts::queue_fault,
           per("queue_fault_cycles", "Queue-overflow fault", "cycles", 40, 10000,
               "Cycles to enter and leave the queue-overflow fault handler, besides its copies."))
      .add(&MdpCosts::spill_per_word,
           per("spill_cycles_per_word", "Spill per word", "cycles", 6, 1000,
               "Cycles the overflow handler takes per queued word it copies to memory; the same "
               "again to bring it back for dispatch."))
      .add(&MdpCosts::send_fault,
           per("send_fault_cycles", "Send fault", "cycles", 10, 10000,
               "Cycles of the send-fault trap, once per send the network refuses."))
      .add(&MdpCosts::presence_tags,
           choice_spec("presence_tags", "Synchronization", {"flag words", "presence tags"}, 1,
                       "Presence tags on the data itself, or a separate flag word tested "
                       "before (or set after) the data (Table 2)."))
      .add(&MdpCosts::sync_success_tags,
           per("sync_success_tags_cycles", "Success, tags", "cycles", 2, 1000,
               "Reading a value that is present, with presence tags."))
      .add(&MdpCosts::sync_failure_tags,
           per("sync_failure_tags_cycles", "Failure, tags", "cycles", 6, 1000,
               "Reading a value that is absent, with presence tags (before the save)."))
      .add(&MdpCosts::sync_write_tags,
           per("sync_write_tags_cycles", "Write, tags", "cycles", 4, 1000,
               "Writing a value with presence tags."))
      .add(&MdpCosts::sync_success_flags,
           per("sync_success_flags_cycles", "Success, flag words", "cycles", 5, 1000,
               "Reading a value that is present, testing a flag word first."))
      .add(&MdpCosts::sync_failure_flags,
           per("sync_failure_flags_cycles", "Failure, flag words", "cycles", 7, 1000,
               "Reading a value that is absent, testing a flag word first (before the save)."))
      .add(&MdpCosts::sync_write_flags,
           per("sync_write_flags_cycles", "Write, flag words", "cycles", 6, 1000,
               "Writing a value and then its flag word."))
      .add(&MdpCosts::save_cycles,
           per("save_cycles", "Save on failure", "cycles", 40, 10000,
               "Saving a thread that suspends on an absent value (Table 2: 30 to 50)."))
      .add(&MdpCosts::restore_cycles,
           per("restore_cycles", "Restore on restart", "cycles", 35, 10000,
               "Restoring a suspended thread when its value arrives (Table 2: 20 to 50)."))
      .add(&MdpCosts::fixed_priority,
           choice_spec("arbitration", "Router output arbitration",
                       {"round robin", "fixed priority"}, 1,
                       "Which waiting input a router output serves next: in turn, or always the "
                       "first in a fixed order (the MDP router's), which can starve a node's "
                       "injection."))
      .add(&MdpCosts::send_buffer_messages,
           number_param("send_buffer_messages", "Send buffer")
               .unit("messages").value(1).range(1, 4096).whole()
               .about("Messages a node's send path holds; a send beyond them faults until the "
                      "network takes the words."));
  return t;
}

Machine::Machine(std::unique_ptr<Interconnect> net, const NodeCosts& costs, const MdpCosts* mdp)
    : net_(std::move(net)), costs_(costs), faults_(mdp != nullptr) {
  if (mdp) mdp_ = *mdp;
  const auto n = static_cast<std::size_t>(net_->topology().terminals());
  nodes_.resize(n);
  wake_.assign(n, 0);
  pending_bits_.assign((n + 63) / 64, 0);
}

Machine::Machine(const NetworkConfig& config, const NodeCosts& costs, const MdpCosts* mdp)
    : Machine(std::make_unique<Network>(config), costs, mdp) {
  wormhole_ = static_cast<Network*>(net_.get());
}

Machine::~Machine() = default;

void Machine::record(TraceRecorder& recorder, int max_words) {
  if (wormhole_) wormhole_->record(recorder, max_words);
  // A thread's end is found at the first cycle at or after it.
  recorder.set_lag(1);
  trace_ = std::make_unique<MdpTrace>(recorder, *this);
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
  const int count = static_cast<int>(nodes_.size());
  const std::int64_t now = net_->now();
  // Nodes with a send to start, in node order (the order they reach the network).
  for (std::size_t w = 0; pending_count_ > 0 && w < pending_bits_.size(); ++w) {
    for (std::uint64_t bits = pending_bits_[w]; bits != 0; bits &= bits - 1) {
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
  for (int n = 0; n < count; ++n) {
    const auto i = static_cast<std::size_t>(n);
    if (wake_[i] <= t) visit(workload, n, t);
    earliest = std::min(earliest, wake_[i]);
  }
  min_wake_ = earliest;
}

void Machine::try_send(Node& node, std::size_t n, std::int64_t now) {
  Pending& p = node.send;
  if (p.at > now) return;
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
  node.pending = false;
  pending_bits_[n / 64] &= ~(std::uint64_t{1} << (n % 64));
  --pending_count_;
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
  wake_[n] = std::min(wake_[n], t);
  min_wake_ = std::min(min_wake_, t);
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
  for (std::size_t w = 0; w < pending_bits_.size(); ++w) {
    for (std::uint64_t bits = pending_bits_[w]; bits != 0; bits &= bits - 1) {
      const auto n = w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits));
      next = std::min(next, nodes_[n].send.at + 1);
    }
  }
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
    node.pending = true;
    const auto n = static_cast<std::size_t>(&node - nodes_.data());
    pending_bits_[n / 64] |= std::uint64_t{1} << (n % 64);
    ++pending_count_;
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
    trace_->started(static_cast<double>(t), n, priority, ThreadCause::kMessage);
    trace_->dispatched(static_cast<double>(t), n, priority, q.message.handler);
  }
  workload.on_message(n, q.message, scratch_);
  node.stats.cycles[static_cast<int>(Use::kHandler)] += costs_.dispatch;
  start(node, priority, scratch_, static_cast<double>(t) + extra + costs_.dispatch);
  return play(node, t);
}

void Machine::visit(Workload& workload, int n, std::int64_t t) {
  Node& node = nodes_[static_cast<std::size_t>(n)];
  settle(workload, static_cast<std::size_t>(n), t);
  node.quiet_end = node.quiet_from;
  std::int64_t& wake = wake_[static_cast<std::size_t>(n)];
  wake = t + 1;
  const double now = static_cast<double>(t);
  // A priority-1 message preempts priority-0 work between its recorded actions' cycles.
  if (node.busy_until > now && !node.pending && node.running == 0 && !node.queue[1].empty()) {
    node.thread[0].preempted = node.busy_until - now;
    node.busy_until = now;
    node.running = -1;
    if (trace_) trace_->suspended(now, n, 0);
  }
  // Each pass starts the next piece of work; a thread that ends at once lets the next one start
  // in the same cycle.
  for (;;) {
    if (node.busy_until > now) {
      wake = static_cast<std::int64_t>(std::ceil(node.busy_until));
      return;
    }
    if (node.pending) return;
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
      node.busy_until = now + node.thread[0].preempted;
      node.thread[0].preempted = 0;
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
        wake = node.quiet_end;
        return;
      }
      workload.background(n, scratch_);
      if (scratch_.empty()) return;
      if (trace_) trace_->started(now, n, 0, ThreadCause::kBackground);
      start(node, 0, scratch_, now);
      if (!play(node, t)) continue;
      return;
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
