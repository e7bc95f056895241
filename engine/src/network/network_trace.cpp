#include "network/network_trace.h"

#include <stdexcept>
#include <string>
#include <utility>

#include "network/circuit/circuit.h"
#include "network/wormhole/network.h"

namespace archex {

namespace {

constexpr std::uint32_t kAny = 0xffffffffu;

std::uint32_t u(int v) { return static_cast<std::uint32_t>(v); }
std::uint32_t below(int n) { return n > 0 ? u(n - 1) : 0; }

TraceFieldSpec field(const char* name, std::uint32_t max) { return {name, max, {}}; }

}  // namespace

NetworkTrace::NetworkTrace(TraceRecorder& recorder, const Network& net, int max_packet_flits)
    : rec_(recorder), net_(net), max_flits_(max_packet_flits) {
  const int channels = net.channels();
  const int terminals = net.topology().terminals();
  const auto packet = field("packet", kAny);
  const auto flit = field("flit", below(max_packet_flits));
  const auto channel = field("channel", below(channels));
  const auto input = field("input", below(channels));
  const auto vc = field("vc", below(net.vcs_));
  const auto node = field("node", below(terminals));
  const auto dest = field("dest", below(terminals));
  const auto flits = field("flits", u(max_packet_flits));
  k_created_ = rec_.add_kind({"packet_created", "A packet is queued at its source node.",
                              {packet, node, dest, flits}}, TraceRole::kPacketCreated);
  // Its creation cycle, so a view can count its latency from its birth.
  k_live_ = rec_.add_kind({"packet_live",
                           "A packet created before the window and not yet delivered at its "
                           "start (queued, or on its way), with the cycle it was created at.",
                           {packet, node, dest, flits, field("created", kAny)},
                           true}, TraceRole::kPacketLive);
  k_injected_ = rec_.add_kind({"packet_injected",
                               "The packet's head flit enters its source's router, at an input "
                               "virtual channel.",
                               {packet, node, input, vc}}, TraceRole::kPacketInjected);
  k_flit_injected_ = rec_.add_kind({"flit_injected",
                                    "A flit leaves its source node into the router's input "
                                    "virtual channel.",
                                    {packet, flit, input, vc}}, TraceRole::kFlitInjected);
  k_moved_ = rec_.add_kind({"flit_moved",
                            "A flit crosses a channel into virtual channel vc of the buffer at "
                            "its far end.",
                            {packet, flit, channel, vc}}, TraceRole::kFlitMoved);
  k_ejected_ = rec_.add_kind({"flit_ejected",
                              "A flit crosses a channel into its destination's receive queue.",
                              {packet, flit, channel, node}}, TraceRole::kFlitEjected);
  k_delivered_ = rec_.add_kind({"packet_delivered",
                                "The packet's last flit reached its destination's receive queue.",
                                {packet, node}}, TraceRole::kPacketDelivered);
  std::vector<std::string> reasons = {"no_vc",       "no_credit",    "stop",      "switch_lost",
                                      "input_busy", "channel_rate", "queue_full"};
  k_blocked_ = rec_.add_kind(
      {"flit_blocked",
       "The flit at the front of an input virtual channel could not move, and why; it stays "
       "until its next move (recorded again only when the reason changes).",
       {packet, flit, input, vc, {"reason", 0, reasons}}}, TraceRole::kFlitBlocked);
  reasons.insert(reasons.begin(), "none");
  k_buffered_ = rec_.add_kind({"flit_buffered",
                               "A flit in an input virtual channel at the window's start, front "
                               "first; the front flit says why it was last blocked.",
                               {packet, flit, input, vc, {"reason", 0, reasons}},
                               true}, TraceRole::kFlitBuffered);
  k_credit_ = rec_.add_kind({"credit",
                             "A credit for virtual channel vc at a channel's far end came back to "
                             "the channel's router: one more free slot it may send into.",
                             {channel, vc}}, TraceRole::kCredit);
  k_credits_ = rec_.add_kind({"credits",
                              "The credits of a channel's virtual channel at the window's start, "
                              "where fewer than its buffer.",
                              {channel, vc, field("count", u(net.buffer_))},
                              true}, TraceRole::kCredits);
  k_flow_ = rec_.add_kind({"flow",
                           "On/off flow control: the receiver at a channel's far end told its "
                           "sender to stop or go on for virtual channel vc (at the window's "
                           "start: the channels stopped).",
                           {channel, vc, {"signal", 0, {"go", "stop"}}}}, TraceRole::kFlow);
  k_deadlock_ = rec_.add_kind({"deadlock",
                               "Nothing can move again: the knot of channels whose buffers' "
                               "front packets each wait on the next (the last on the first), "
                               "one event per channel in the knot's order; the run stops here.",
                               {channel, vc, packet, field("index", below(channels)),
                                field("length", u(channels))}}, TraceRole::kDeadlock);
  rec_.add_network_mark({"deadlock", "deadlock", "channel", "vc"});
  const auto vcs = static_cast<std::size_t>(net.vcs_);
  front_.assign(static_cast<std::size_t>(channels) * vcs, Front{});
  feeder_.assign(static_cast<std::size_t>(channels), -1);
  for (int c = 0; c < channels; ++c) {
    const int d = net.channels_[static_cast<std::size_t>(c)].downstream;
    if (d >= 0) feeder_[static_cast<std::size_t>(d)] = c;
  }
}

double NetworkTrace::now() const { return static_cast<double>(net_.now_); }

void NetworkTrace::begin_cycle() {
  rec_.advance(now());
  if (!snapped_ && now() >= rec_.from()) {
    snapped_ = true;
    if (rec_.in_window(now())) snapshot();
  }
}

void NetworkTrace::created(int id) {
  const auto i = static_cast<std::size_t>(id);
  const Packet& p = net_.packet(id);
  // Flits on the wire: the header's and the words'.
  const int flits = net_.header_ + p.flits;
  if (flits > max_flits_) {
    throw std::logic_error("a packet of " + std::to_string(flits) +
                           " flits, more than the trace's " + std::to_string(max_flits_));
  }
  if (i >= serial_.size()) serial_.resize(i + 1);
  serial_[i] = next_serial_++;
  rec_.record(k_created_, now(), serial_[i], u(p.src), u(p.dst), u(flits));
}

void NetworkTrace::injected(int id, int flit, int input, int vc) {
  const std::uint32_t packet = serial_[static_cast<std::size_t>(id)];
  if (flit == 0) {
    rec_.record(k_injected_, now(),
                packet, u(net_.packet(id).src), u(input), u(vc));
  }
  rec_.record(k_flit_injected_, now(), packet, u(flit), u(input), u(vc));
}

int NetworkTrace::leaving_index(int in, std::uint32_t word) {
  Front& f = front_[static_cast<std::size_t>(in)];
  const int index = (word & Network::kHead) ? 0 : f.leaving;
  f = Front{static_cast<std::uint16_t>(index + 1), 0};
  return index;
}

void NetworkTrace::moved(int in, std::uint32_t word, int channel, int vc) {
  const int flit = leaving_index(in, word);
  rec_.record(k_moved_, now(), packet(static_cast<int>(word & Network::kPacketMask)), u(flit),
                                u(channel), u(vc));
}

void NetworkTrace::ejected(int in, std::uint32_t word, int channel, int terminal) {
  const int flit = leaving_index(in, word);
  const std::uint32_t p = packet(static_cast<int>(word & Network::kPacketMask));
  rec_.record(k_ejected_, now(), p, u(flit), u(channel), u(terminal));
  if (word & Network::kTail) rec_.record(k_delivered_, now(), p, u(terminal));
}

void NetworkTrace::blocked(int in, BlockReason why) {
  const auto i = static_cast<std::size_t>(in);
  const auto code = static_cast<std::uint8_t>(static_cast<int>(why) + 1);
  if (front_[i].block == code) return;
  front_[i].block = code;
  const auto vcs = net_.vcs_;
  const std::uint32_t word = net_.vc_[i].count > 0
                                 ? net_.flits_[i * static_cast<std::size_t>(net_.buffer_) +
                                               net_.vc_[i].head]
                                       .word
                                 : 0;
  const int flit = (word & Network::kHead) ? 0 : front_[i].leaving;
  rec_.record(k_blocked_, now(),
              packet(static_cast<int>(word & Network::kPacketMask)), u(flit), u(in / vcs),
               u(in % vcs), static_cast<std::uint32_t>(why));
}

void NetworkTrace::input_busy(int router, int slot) {
  const int in = net_.routers_[static_cast<std::size_t>(router)].port_base * net_.vcs_ + slot;
  const auto i = static_cast<std::size_t>(in);
  const Network::Vc& v = net_.vc_[i];
  const Network::Flit& front =
      net_.flits_[i * static_cast<std::size_t>(net_.buffer_) + v.head];
  if (static_cast<std::int32_t>(front.ready - static_cast<std::uint32_t>(net_.now_)) > 0) return;
  blocked(in, BlockReason::kInputBusy);
}

void NetworkTrace::credit(int input, int vc) {
  if (!net_.config_.credit_flow) return;
  rec_.record(k_credit_, now(), u(feeder_[static_cast<std::size_t>(input)]), u(vc));
}

void NetworkTrace::flow_signals() {
  if (!rec_.keeps(now())) return;
  const int vcs = net_.vcs_;
  for (std::size_t i = 0; i < net_.vc_.size(); ++i) {
    const int feeder = feeder_[i / static_cast<std::size_t>(vcs)];
    if (feeder < 0) continue;
    const Network::Vc& v = net_.vc_[i];
    const bool was = v.free_seen < net_.onoff_margin_;
    const bool will = net_.buffer_ - v.count < net_.onoff_margin_;
    if (was != will) {
      rec_.record(k_flow_, now(), u(feeder), u(static_cast<int>(i) % vcs), will ? 1u : 0u);
    }
  }
}

void NetworkTrace::deadlocked(const Deadlock& deadlock) {
  const auto length = u(static_cast<int>(deadlock.channels.size()));
  for (std::size_t k = 0; k < deadlock.channels.size(); ++k) {
    rec_.record(k_deadlock_, now(), u(deadlock.channels[k]), u(deadlock.vcs[k]),
                packet(deadlock.packets[k]), u(static_cast<int>(k)), length);
  }
}

void NetworkTrace::snapshot() {
  const double t = now();
  std::vector<std::uint8_t> seen(net_.packets_.size(), 0);
  const auto live = [&](int id) {
    const auto i = static_cast<std::size_t>(id);
    const Packet& p = net_.packet(id);
    if (seen[i] || p.created >= net_.now_) return;
    seen[i] = 1;
    rec_.record(k_live_, t, serial_[i], u(p.src), u(p.dst), u(net_.header_ + p.flits),
                static_cast<std::uint32_t>(p.created));
  };
  for (std::size_t n = 0; n < net_.terminals_.size(); ++n) {
    const Network::Terminal& term = net_.terminals_[n];
    const std::vector<std::int32_t>& ring = net_.sq_[n];
    for (int k = 0; k < term.sq_count; ++k) {
      live(ring[static_cast<std::size_t>((term.sq_head + k) % static_cast<int>(ring.size()))]);
    }
  }
  for (const Network::SourceQueue& q : net_.replies_) {
    for (int k = 0; k < q.count; ++k) {
      live(q.ring[static_cast<std::size_t>((q.head + k) % static_cast<int>(q.ring.size()))]);
    }
  }
  const int vcs = net_.vcs_;
  const auto buffer = static_cast<std::size_t>(net_.buffer_);
  for (std::size_t i = 0; i < net_.vc_.size(); ++i) {
    const Network::Vc& v = net_.vc_[i];
    int flit = front_[i].leaving;
    for (int k = 0; k < v.count; ++k) {
      const std::uint32_t word =
          net_.flits_[i * buffer + static_cast<std::size_t>((v.head + k) % net_.buffer_)].word;
      if (word & Network::kHead) flit = 0;
      const int id = static_cast<int>(word & Network::kPacketMask);
      live(id);
      rec_.record(k_buffered_, t,
                  serial_[static_cast<std::size_t>(id)], u(flit), u(static_cast<int>(i) / vcs),
                   u(static_cast<int>(i) % vcs), k == 0 ? front_[i].block : 0u);
      ++flit;
    }
  }
  for (std::size_t c = 0; c < feeder_.size(); ++c) {
    const int feeder = feeder_[c];
    if (feeder < 0) continue;
    for (int v = 0; v < vcs; ++v) {
      const Network::Vc& o =
          net_.vc_[c * static_cast<std::size_t>(vcs) + static_cast<std::size_t>(v)];
      if (net_.config_.credit_flow && o.credits < net_.buffer_) {
        rec_.record(k_credits_, t, u(feeder), u(v), u(o.credits));
      }
      if (!net_.config_.credit_flow && o.free_seen < net_.onoff_margin_) {
        rec_.record(k_flow_, t, u(feeder), u(v), 1u);
      }
    }
  }
}

CircuitTrace::CircuitTrace(TraceRecorder& recorder, const CircuitNetwork& net, int max_words)
    : rec_(recorder), net_(net), max_words_(max_words) {
  const Topology& topo = net.topology();
  const auto packet = field("packet", kAny);
  const auto node = field("node", below(topo.terminals()));
  const auto dest = field("dest", below(topo.terminals()));
  const auto channel = field("channel", below(static_cast<int>(net.outputs_.size())));
  const auto words = field("flits", u(max_words));
  const TraceFieldSpec round{"round", 0xffff, {}, true};
  k_created_ = rec_.add_kind({"packet_created",
                              "A connection is opened at its source node (its words are its "
                              "flits).",
                              {packet, node, dest, words}}, TraceRole::kPacketCreated);
  k_live_ = rec_.add_kind({"packet_live",
                           "A connection opened before the window and not yet finished at its "
                           "start, with the cycle it was opened at.",
                           {packet, node, dest, words, field("created", kAny)},
                           true}, TraceRole::kPacketLive);
  k_started_ = rec_.add_kind({"packet_injected",
                              "The connection's set-up request leaves its source (again after a "
                              "retry).",
                              {packet, node}}, TraceRole::kPacketInjected);
  k_request_ = rec_.add_kind({"circuit_request",
                              "The set-up request asks for a switch output (one attempt).",
                              {packet, channel, round}}, TraceRole::kCircuitRequest);
  k_hold_ = rec_.add_kind({"circuit_hold",
                           "The request reserved the output: the circuit holds it until its "
                           "release.",
                           {packet, channel, round}}, TraceRole::kCircuitHold);
  k_holding_ = rec_.add_kind({"circuit_holding",
                              "An output held by a circuit at the window's start.",
                              {packet, channel},
                              true}, TraceRole::kCircuitHolding);
  k_blocked_ = rec_.add_kind({"circuit_blocked",
                              "The request found the output held (or lost it to another request "
                              "this cycle); it waits, retries or is dropped as the policy says.",
                              {packet, channel, round}}, TraceRole::kCircuitBlocked);
  k_connected_ = rec_.add_kind({"circuit_connected",
                                "The path is complete: the words stream to the destination.",
                                {packet, round}}, TraceRole::kCircuitConnected);
  k_release_ = rec_.add_kind({"circuit_release",
                              "The circuit lets the output go (free after the release time).",
                              {packet, channel, round}}, TraceRole::kCircuitRelease);
  k_retry_ = rec_.add_kind({"circuit_retry",
                            "The blocked request released its outputs and goes back to its "
                            "source to try again after the back-off.",
                            {packet, node, round}}, TraceRole::kCircuitRetry);
  k_dropped_ = rec_.add_kind({"circuit_dropped",
                              "The blocked request released its outputs and gave up.",
                              {packet, node, round}}, TraceRole::kCircuitDropped);
  k_delivered_ = rec_.add_kind({"packet_delivered",
                                "The connection's last word arrived at its destination.",
                                {packet, node}}, TraceRole::kPacketDelivered);
}

void CircuitTrace::begin_cycle() {
  const auto t = static_cast<double>(net_.now());
  rec_.advance(t);
  round_ = 0;
  if (!snapped_ && t >= rec_.from()) {
    snapped_ = true;
    if (rec_.in_window(t)) snapshot();
  }
}

void CircuitTrace::snapshot() {
  const auto t = static_cast<double>(net_.now());
  for (int id = 0; id < net_.connections(); ++id) {
    const Connection& c = net_.connection(id);
    if (c.delivered >= 0 || c.dropped) continue;
    rec_.record(k_live_, t, u(id), u(c.src), u(c.dst), u(c.words),
                static_cast<std::uint32_t>(c.created));
  }
  for (std::size_t c = 0; c < net_.outputs_.size(); ++c) {
    const int holder = net_.outputs_[c].holder;
    if (holder >= 0) rec_.record(k_holding_, t, u(holder), u(static_cast<int>(c)));
  }
}

void CircuitTrace::created(int id) {
  const Connection& c = net_.connection(id);
  if (c.words > max_words_) {
    throw std::logic_error("a connection of " + std::to_string(c.words) +
                           " words, more than the trace's " + std::to_string(max_words_));
  }
  rec_.record(k_created_, static_cast<double>(net_.now()), u(id), u(c.src), u(c.dst),
                                                            u(c.words));
}

void CircuitTrace::started(int id) {
  rec_.record(k_started_, static_cast<double>(net_.now()), u(id), u(net_.connection(id).src));
}

void CircuitTrace::request(int id, int channel) {
  rec_.record(k_request_, static_cast<double>(net_.now()), u(id), u(channel), round_);
}

void CircuitTrace::hold(int id, int channel) {
  rec_.record(k_hold_, static_cast<double>(net_.now()), u(id), u(channel), round_);
}

void CircuitTrace::blocked(int id, int channel) {
  rec_.record(k_blocked_, static_cast<double>(net_.now()), u(id), u(channel), round_);
}

void CircuitTrace::connected(int id) {
  rec_.record(k_connected_, static_cast<double>(net_.now()), u(id), round_);
}

void CircuitTrace::release(int id, int channel) {
  rec_.record(k_release_, static_cast<double>(net_.now()), u(id), u(channel), round_);
}

void CircuitTrace::retry(int id) {
  rec_.record(k_retry_, static_cast<double>(net_.now()),
              u(id), u(net_.connection(id).src), round_);
}

void CircuitTrace::dropped(int id) {
  rec_.record(k_dropped_, static_cast<double>(net_.now()),
              u(id), u(net_.connection(id).src), round_);
}

void CircuitTrace::delivered(int id) {
  rec_.record(k_delivered_, static_cast<double>(net_.now()), u(id), u(net_.connection(id).dst));
}

}  // namespace archex
