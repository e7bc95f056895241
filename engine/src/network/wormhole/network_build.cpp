#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/param_spec.h"
#include "network/wormhole/network.h"

// Building a network: the configuration checked (each error naming its parameter) and the
// routers' state laid out (router_state.h): routers, channels and their tokens, terminals, the
// credit lanes of slow links, the deadlock watch's quiet limit, and a matching allocator's and
// internal speedup's state. Reads the NetworkConfig and the topology; writes every vector the
// stages then run on.

namespace archex {

namespace {

// On/off flow control: a sender stops while the receiver showed fewer free slots than this at the
// end of the previous cycle, which leaves room for the flit sent during the signal's delay.
constexpr int kOnOffMargin = 2;
constexpr int kMaxVcs = 16;
constexpr int kMaxStageCycles = 64;
// Flits keep their ready cycle in 32 bits, so no delay may come near 2^31 cycles.
constexpr int kMaxDelayCycles = 1 << 20;
constexpr int kMaxLinkCycles = 1000;

void require(bool ok, const char* param, const std::string& message) {
  if (!ok) throw ParamError(param, message);
}

}  // namespace

using wormhole::kMaxPorts;

Network::Network(const NetworkConfig& config)
    : config_(config),
      topo_(config.topology),
      routing_(topo_ ? &topo_->routing() : nullptr),
      vcs_(config.vcs),
      vc_classes_(topo_ ? topo_->vc_classes() : 1),
      class_vcs_(config.message_classes > 0 ? config.vcs / config.message_classes : config.vcs),
      buffer_(config.buffer_flits),
      onoff_margin_(kOnOffMargin),
      header_(config.header_flits),
      adaptive_(topo_ && topo_->adaptive()),
      draws_(topo_ && topo_->draws_routes()),
      chooses_(topo_ && topo_->chooses_routes()),
      after_vc_(config.head_allocation == HeadAllocation::kOverlapped ? 0
                : config.head_allocation == HeadAllocation::kSpeculative
                    ? std::max(config.vc_alloc_cycles, config.switch_alloc_cycles)
                    : config.vc_alloc_cycles + config.switch_alloc_cycles),
      matching_vcs_(config.vc_allocator != VcAllocatorKind::kFirstFree),
      router_steps_(config.speedup_scope == SpeedupScope::kRouter &&
                    config.internal_speedup != 1) {
  require(topo_ != nullptr, "topology", "a network needs a topology");
  // Duato's condition holds for buffers that hold one packet at a time: a head given a VC still
  // holding another packet's flits would wait on it without turning to an escape channel, and
  // adaptive channels could close a knot. So such a routing frees a VC only once it is empty.
  if (topo_->vcs_hold_one_packet()) config_.vc_free_on_tail_credit = true;
  require(vcs_ >= 1 && vcs_ <= kMaxVcs, "vcs", "virtual channels: 1 to 16");
  require(vcs_ >= topo_->min_vcs(), "vcs", topo_->vc_classes_error());
  require(config.message_classes == 1 || config.message_classes == 2, "message_classes",
          "message classes: 1, or 2 (requests and replies)");
  require(vcs_ % config.message_classes == 0 && class_vcs_ >= topo_->min_vcs(), "vcs",
          "requests and replies take half the virtual channels each, and the routing needs " +
              std::to_string(topo_->min_vcs()) + " in each half: an even number of " +
              std::to_string(2 * topo_->min_vcs()) + " or more, up to 16");
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
  require(header_ >= 0 && header_ <= 255, "header_words", "routing header: 0 to 255 flits");
  // A header is stripped per terminal (Terminal::header_left): one packet at a time.
  require(header_ == 0 || config.ejection == Ejection::kOneQueue, "ejection",
          "a queue per VC takes packets without a routing header (header_words 0)");
  require(config.injection_cycles >= 0 && config.injection_cycles <= kMaxStageCycles,
          "injection_cycles", "injection: 0 to 64 cycles");
  require(config.internal_speedup >= 1 && config.internal_speedup <= 4, "internal_speedup",
          "internal speedup: 1 to 4 passes of the switch a cycle");
  require(config.allocator == SwitchAllocatorKind::kGreedy || !config.fixed_priority, "allocator",
          "fixed-priority outputs are the greedy allocator's (allocator: greedy)");

  const Topology& topo = *topo_;
  const int routers = topo.routers();
  int channels = 0;
  int words = 0;
  routers_.reserve(static_cast<std::size_t>(routers));
  for (int r = 0; r < routers; ++r) {
    const int ports = topo.ports(r);
    require(ports >= 1 && ports <= kMaxPorts, "topology", "a router has 1 to 64 ports");
    // A head's VC and switch allocation overlapped are part of its arrival; otherwise they come
    // once it wins its VC (after_vc_), and its arrival counts only its route (every flit's
    // arrival counts the switch allocation, taken back here).
    const int head_extra =
        config.route_cycles + topo.header_delay_cycles(r) +
        (config.head_allocation == HeadAllocation::kOverlapped ? config.vc_alloc_cycles
                                                               : -config.switch_alloc_cycles);
    routers_.push_back(RouterState{channels, ports * vcs_, words, head_extra, 0, 0});
    channels += ports;
    words += (ports * vcs_ + 63) / 64;
  }
  const auto c_count = static_cast<std::size_t>(channels);
  const std::size_t vcs = c_count * static_cast<std::size_t>(vcs_);
  flits_.assign(vcs * static_cast<std::size_t>(buffer_), Flit{0, 0});
  Vc fresh;
  fresh.credits = static_cast<std::int16_t>(buffer_);
  fresh.free_seen = static_cast<std::int16_t>(buffer_);
  vc_.assign(vcs, fresh);
  bits_.assign(static_cast<std::size_t>(words), Bits{});
  block_active_.assign((static_cast<std::size_t>(routers) + kRouterBlock - 1) / kRouterBlock, 0);
  port_of_slot_.resize(static_cast<std::size_t>(kMaxPorts * vcs_));
  for (std::size_t s = 0; s < port_of_slot_.size(); ++s) {
    port_of_slot_[s] = static_cast<std::uint8_t>(s / static_cast<std::size_t>(vcs_));
  }
  channels_.assign(c_count, Channel{});
  std::vector<double> rate(c_count, 0.0);
  sent_.assign(c_count, 0);
  holders_.assign(c_count, 0);
  busy_from_.assign(c_count, 0);
  held_cycles_.assign(c_count, 0);
  int longest_link = 0;
  for (int r = 0; r < routers; ++r) {
    for (int port = 0; port < topo.ports(r); ++port) {
      const int c = channel(r, port);
      Channel& ch = channels_[static_cast<std::size_t>(c)];
      ch.router = r;
      ch.token_of = c;
      const PortTarget t = topo.output(r, port);
      if (t.terminal >= 0) {
        ch.eject_terminal = t.terminal;
        rate[static_cast<std::size_t>(c)] = config.eject_rate;
        continue;
      }
      if (t.router < 0) continue;
      ch.downstream = channel(t.router, t.port);
      ch.down_router = t.router;
      if (const int extra = topo.link_cycles(r, port) - 1; extra > 0) {
        require(extra < kMaxLinkCycles, "topology", "a link takes at most 1000 cycles");
        ch.link_extra = static_cast<std::uint16_t>(extra);
        const std::int64_t delay = config.credit_delay_cycles + extra;
        std::size_t lane = 0;
        while (lane < slow_credits_.size() && slow_credits_[lane].delay != delay) ++lane;
        if (lane == slow_credits_.size()) slow_credits_.push_back(CreditLane{delay, {}, {}, 0});
        channels_[static_cast<std::size_t>(ch.downstream)].credit_lane =
            static_cast<std::uint8_t>(lane + 1);
        longest_link = std::max(longest_link, extra);
      }
      channels_[static_cast<std::size_t>(ch.downstream)].upstream_router = r;
      ch.bisection = topo.crosses_bisection(r, port);
      // A half-duplex link's two directions draw on one token, the lower-numbered channel's.
      const RouterPort back = topo.reverse(r, port);
      if (config.half_duplex && back.router >= 0) {
        ch.token_of = std::min(c, channel(back.router, back.port));
      }
      if (ch.token_of == c) rate[static_cast<std::size_t>(c)] = config.channel_rate;
    }
  }

  // A channel with a token of its own and a rate of a word a cycle or more never runs short (it
  // sends at most one flit a cycle): it keeps no tokens. The others draw on a compact list.
  std::vector<int> drawing(c_count, 0);
  for (const Channel& ch : channels_) ++drawing[static_cast<std::size_t>(ch.token_of)];
  std::vector<int> token_index(c_count, -1);
  for (std::size_t c = 0; c < c_count; ++c) {
    Channel& ch = channels_[c];
    const auto owner = static_cast<std::size_t>(ch.token_of);
    if (owner == c && drawing[c] == 1 && rate[c] >= 1) {
      ch.token_of = -1;
      continue;
    }
    if (token_index[owner] < 0) {
      token_index[owner] = static_cast<int>(tokens_.size());
      tokens_.push_back(Tokens{0, rate[owner], 0});
    }
    ch.token_of = token_index[owner];
  }
  tokens_.shrink_to_fit();

  terminals_.assign(static_cast<std::size_t>(topo.terminals()), Terminal{});
  for (int t = 0; t < topo.terminals(); ++t) {
    const RouterPort at = topo.injection(t);
    const int in = channel(at.router, at.port);
    terminals_[static_cast<std::size_t>(t)].inject_channel = in;
    channels_[static_cast<std::size_t>(in)].inject_terminal = t;
  }
  sq_.assign(terminals_.size(), {});
  if (config.message_classes > 1) replies_.assign(terminals_.size(), SourceQueue{});
  ejected_by_terminal_.assign(terminals_.size(), 0);
  inject_ready_.assign((terminals_.size() + 63) / 64, 0);

  // The longest a flit can wait with nothing moving in a network that is not stuck: its pipeline
  // and router delay, a credit's way back, a word of the slowest rate, and the on/off signal.
  int header = 0;
  for (int r = 0; r < routers; ++r) header = std::max(header, topo.header_delay_cycles(r));
  const double slowest = std::min({config.channel_rate, config.inject_rate, config.eject_rate});
  quiet_limit_ = 2 + config.router_delay_cycles + config.route_cycles + config.vc_alloc_cycles +
                 config.switch_alloc_cycles + header + config.credit_delay_cycles +
                 2 * longest_link + config.injection_cycles +
                 kOnOffMargin + static_cast<std::int64_t>(std::ceil(1 / std::min(1.0, slowest)));
  next_look_ = quiet_limit_;
  if (config.allocator != SwitchAllocatorKind::kGreedy) {
    allocator_ = std::make_unique<SwitchAllocator>(config.allocator, config.allocator_iterations,
                                                   channels, routers);
    if (config.head_allocation == HeadAllocation::kNonSpeculative)
      waited_.assign(bits_.size(), 0);
  }
  if (matching_vcs_) {
    vc_grant_next_.assign(vc_.size(), 0);
    vc_accept_next_.assign(vc_.size(), 0);
    const auto most = static_cast<std::size_t>(kMaxPorts * vcs_);
    vc_request_state_.resize(most);
    vc_in_match_.assign(most, -1);
    vc_out_match_.assign(most, -1);
    vc_grant_.assign(most, -1);
  }
  if (config.adaptive_selection == AdaptiveSelection::kTwoDrawn) kept_port_.assign(vc_.size(), -1);
  if (config.internal_speedup > 1) {
    output_queues_.resize(c_count);
    // Only the switch's speedup keeps an ejection to one flit a cycle by these masks.
    if (!router_steps_) eject_ports_.assign(static_cast<std::size_t>(routers), 0);
    const auto room = static_cast<std::size_t>(vcs_ * buffer_);
    for (std::size_t c = 0; c < c_count; ++c) {
      const Channel& ch = channels_[c];
      if (ch.downstream >= 0) {
        output_queues_[c].words.resize(room);
        output_queues_[c].vcs.resize(room);
      } else if (ch.eject_terminal >= 0 && router_steps_) {
        // BookSim2's ejection port is an output as any other: a queue, a flit a cycle to the
        // terminal, each VC's credits the terminal's buffer.
        output_queues_[c].words.resize(room);
        output_queues_[c].vcs.resize(room);
        for (int v = 0; v < vcs_; ++v) {
          vc_[static_cast<std::size_t>(ivc(static_cast<int>(c), v))].credits =
              static_cast<std::int16_t>(buffer_);
        }
      } else if (ch.eject_terminal >= 0) {
        const auto r = static_cast<std::size_t>(ch.router);
        eject_ports_[r] |= std::uint64_t{1} << (static_cast<int>(c) - routers_[r].port_base);
      }
    }
  }
}

Network::~Network() = default;

}  // namespace archex
