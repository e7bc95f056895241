#include "models/jmachine_node.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace archex {

namespace {

ParamSpec cost(const char* name, const char* label, double value, const char* description) {
  ParamSpec s;
  s.name = name;
  s.label = label;
  s.unit = "cycles";
  s.default_value = value;
  s.min = 0;
  s.max = 1000;
  s.step = 1;
  s.description = description;
  return s;
}

}  // namespace

std::vector<ParamSpec> node_cost_specs() {
  const NodeCosts d;
  return {
      cost("send_overhead_cycles", "Send overhead", d.send_overhead,
           "Cycles to issue a send before its first word enters the network (the words then "
           "go at the injection rate)."),
      cost("dispatch_cycles", "Dispatch", d.dispatch,
           "Cycles to create a handler's task when a message reaches the head of the queue."),
      cost("handler_cycles", "RPC handler", d.handler,
           "Instructions of a request or reply handler besides dispatch and its sends."),
      cost("suspend_cycles", "Empty handler", d.suspend,
           "A handler that only ends (a message received and discarded)."),
      cost("read_handler_cycles", "Read handler", d.read_handler,
           "Instructions of a remote read's handler besides dispatch, name translation, the "
           "reply's words and its send."),
      cost("xlate_cycles", "Name translation", d.xlate,
           "Cycles of an xlate (object name to address) that hits."),
      cost("reply_internal_cycles_per_word", "Reply from internal memory", d.reply_internal,
           "Cycles per word of a remote read's reply read from on-chip memory."),
      cost("reply_external_cycles_per_word", "Reply from external memory", d.reply_external,
           "Cycles per word of a remote read's reply read from external DRAM."),
      cost("copy_internal_cycles_per_word", "Copy to internal memory", d.copy_internal,
           "Cycles per word to copy a received message to on-chip memory."),
      cost("copy_external_cycles_per_word", "Copy to external memory", d.copy_external,
           "Cycles per word to copy a received message to external DRAM."),
  };
}

NodeCosts node_costs(const ParamValues& p) {
  NodeCosts c;
  c.send_overhead = p.number("send_overhead_cycles");
  c.dispatch = p.number("dispatch_cycles");
  c.handler = p.number("handler_cycles");
  c.suspend = p.number("suspend_cycles");
  c.read_handler = p.number("read_handler_cycles");
  c.xlate = p.number("xlate_cycles");
  c.reply_internal = p.number("reply_internal_cycles_per_word");
  c.reply_external = p.number("reply_external_cycles_per_word");
  c.copy_internal = p.number("copy_internal_cycles_per_word");
  c.copy_external = p.number("copy_external_cycles_per_word");
  return c;
}

NetworkDefaults jmachine_network(std::vector<double> dims) {
  NetworkDefaults d;
  d.dims = std::move(dims);
  d.buffer_flits = 1;
  d.channel_words_per_cycle = 0.5;
  d.half_duplex = true;
  d.inject_words_per_cycle = 2;
  d.eject_words_per_cycle = 0.5;
  d.receive_queue_words = 512;
  d.clock_mhz = 12.5;
  d.word_bits = 36;
  return d;
}

Machine::Machine(std::unique_ptr<Interconnect> net, const NodeCosts& costs)
    : net_(std::move(net)), costs_(costs) {
  const auto n = static_cast<std::size_t>(net_->topology().terminals());
  busy_until_.assign(n, 0);
  inbox_.assign(n, {});
  pending_.assign(n, Pending{});
}

Machine::Machine(const NetworkConfig& config, const NodeCosts& costs)
    : Machine(std::make_unique<Network>(config), costs) {}

bool Machine::busy(int node) const {
  return busy_until_[static_cast<std::size_t>(node)] > static_cast<double>(net_->now());
}

void Machine::send(int node, int dst, int words, int tag) {
  const auto n = static_cast<std::size_t>(node);
  const double start = std::max(busy_until_[n], static_cast<double>(net_->now()));
  pending_[n] =
      Pending{static_cast<std::int64_t>(std::ceil(start + costs_.send_overhead)), dst, words, tag};
  busy_until_[n] = start + costs_.send_overhead + words / net_->inject_rate();
}

void Machine::step(Workload& workload) {
  const int nodes = net_->topology().terminals();
  const std::int64_t now = net_->now();
  for (int node = 0; node < nodes; ++node) {
    Pending& p = pending_[static_cast<std::size_t>(node)];
    if (p.at >= 0 && p.at <= now && net_->send(node, p.dst, p.words, p.tag) >= 0) p.at = -1;
  }
  net_->step();
  for (const int id : net_->delivered()) {
    inbox_[static_cast<std::size_t>(net_->message(id).dst)].push_back(id);
  }
  const auto t = static_cast<double>(net_->now());
  for (int node = 0; node < nodes; ++node) {
    const auto n = static_cast<std::size_t>(node);
    if (busy_until_[n] > t || pending_[n].at >= 0) continue;
    if (!inbox_[n].empty()) {
      const int id = inbox_[n].front();
      inbox_[n].pop_front();
      const Message message = net_->message(id);
      net_->consume(id);
      const Handling h = workload.on_message(node, message);
      busy_until_[n] = t + costs_.dispatch + h.cycles;
      if (h.reply_dst >= 0) send(node, h.reply_dst, h.reply_words, h.reply_tag);
      continue;
    }
    workload.background(node);
  }
}

}  // namespace archex
