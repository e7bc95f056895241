#include "models/jmachine_node.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace archex {

namespace {

ParamSpec cost(const char* name, const char* label, double value, const char* description) {
  return number_spec(name, label, "cycles", value, 0, 1000, 1, false, description);
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

ParamTable<NetworkParams> jmachine_network_table(std::vector<double> dims) {
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

Machine::Machine(std::unique_ptr<Interconnect> net, const NodeCosts& costs)
    : net_(std::move(net)), costs_(costs) {
  const auto n = static_cast<std::size_t>(net_->topology().terminals());
  busy_until_.assign(n, 0);
  inbox_.assign(n, {});
  pending_.assign(n, Pending{});
  wake_.assign(n, 0);
  quiet_from_.assign(n, 0);
  quiet_end_.assign(n, 0);
}

Machine::Machine(const NetworkConfig& config, const NodeCosts& costs)
    : Machine(std::make_unique<Network>(config), costs) {
  wormhole_ = static_cast<Network*>(net_.get());
}

bool Machine::busy(int node) const {
  return busy_until_[static_cast<std::size_t>(node)] > static_cast<double>(net_->now());
}

void Machine::send(int node, int dst, int words, int tag) {
  const auto n = static_cast<std::size_t>(node);
  const double start = std::max(busy_until_[n], static_cast<double>(net_->now()));
  if (pending_[n].at < 0) ++pending_count_;
  pending_[n] =
      Pending{static_cast<std::int64_t>(std::ceil(start + costs_.send_overhead)), dst, words, tag};
  busy_until_[n] = start + costs_.send_overhead + words / net_->inject_rate();
}

void Machine::step(Workload& workload) {
  const int nodes = net_->topology().terminals();
  const std::int64_t now = net_->now();
  for (int node = 0; pending_count_ > 0 && node < nodes; ++node) {
    Pending& p = pending_[static_cast<std::size_t>(node)];
    if (p.at >= 0 && p.at <= now && net_->send(node, p.dst, p.words, p.tag) >= 0) {
      p.at = -1;
      --pending_count_;
    }
  }
  net_->step();
  const std::int64_t t = net_->now();
  for (const int id : net_->delivered()) {
    const auto dst = static_cast<std::size_t>(net_->message(id).dst);
    inbox_[dst].push_back(id);
    wake_[dst] = std::min(wake_[dst], t);
  }
  // Nodes are looked at in order, as a workload's background may draw random numbers.
  for (int node = 0; node < nodes; ++node) {
    if (wake_[static_cast<std::size_t>(node)] <= t) visit(workload, node, t);
  }
}

void Machine::jump(std::int64_t limit) {
  if (wormhole_ == nullptr || pending_count_ > 0 || !wormhole_->idle()) return;
  std::int64_t next = limit;
  for (const std::int64_t wake : wake_) next = std::min(next, wake);
  const std::int64_t cycles = next - 1 - net_->now();
  if (cycles > 0) wormhole_->skip(cycles);
}

void Machine::visit(Workload& workload, int node, std::int64_t t) {
  const auto n = static_cast<std::size_t>(node);
  settle(workload, n, t);
  quiet_end_[n] = quiet_from_[n];
  wake_[n] = t + 1;
  if (busy_until_[n] > static_cast<double>(t)) {
    wake_[n] = static_cast<std::int64_t>(std::ceil(busy_until_[n]));
    return;
  }
  if (pending_[n].at >= 0) return;
  if (!inbox_[n].empty()) {
    const int id = inbox_[n].front();
    inbox_[n].pop_front();
    const Message message = net_->message(id);
    net_->consume(id);
    const Handling h = workload.on_message(node, message);
    busy_until_[n] = static_cast<double>(t) + costs_.dispatch + h.cycles;
    if (h.reply_dst >= 0) send(node, h.reply_dst, h.reply_words, h.reply_tag);
    return;
  }
  if (const std::int64_t quiet = workload.quiet_cycles(node); quiet > 0) {
    quiet_from_[n] = t;
    quiet_end_[n] = quiet >= Workload::kForever - t ? Workload::kForever : t + quiet;
    wake_[n] = quiet_end_[n];
    return;
  }
  workload.background(node);
}

void Machine::settle(Workload& workload, std::size_t node, std::int64_t until) {
  const std::int64_t cycles = std::min(until, quiet_end_[node]) - quiet_from_[node];
  if (cycles <= 0) return;
  workload.skip(static_cast<int>(node), cycles);
  quiet_from_[node] += cycles;
}

void Machine::settle(Workload& workload) {
  for (std::size_t n = 0; n < wake_.size(); ++n) settle(workload, n, net_->now() + 1);
}

}  // namespace archex
