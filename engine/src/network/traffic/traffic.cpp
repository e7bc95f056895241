#include "network/traffic/traffic.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "core/param_spec.h"

namespace archex {

CrosspointCounter::CrosspointCounter(const Topology& topo) {
  if (!topo.counts_crosspoints()) return;
  ports_ = topo.terminals();
  counts_.assign(static_cast<std::size_t>(ports_) * static_cast<std::size_t>(ports_), 0);
}

std::vector<double> CrosspointCounter::shares(std::int64_t cycles, double rate) const {
  std::vector<double> out;
  const double capacity = static_cast<double>(cycles) * std::min(1.0, rate);
  for (const std::uint64_t n : counts_) {
    out.push_back(capacity > 0 ? static_cast<double>(n) / capacity : 0.0);
  }
  return out;
}

namespace {

// Patterns defined on a cube's coordinates alone.
bool moves_coordinates(Pattern pattern) {
  return pattern == Pattern::kNeighbor || pattern == Pattern::kTornado;
}

// Patterns on a cube's coordinates that off a cube move the bits of a terminal's number, as
// BookSim2's transpose and bitcomp do (on a cube of power-of-two radices the two agree).
bool coordinates_or_bits(Pattern pattern) {
  return pattern == Pattern::kTranspose || pattern == Pattern::kBitComplement;
}

bool moves_bits(Pattern pattern) {
  return pattern == Pattern::kBitReverse || pattern == Pattern::kShuffle;
}

// log2(n) for a power of two, else -1.
int power_of_two_bits(int n) {
  int bits = 0;
  while ((1 << bits) < n) ++bits;
  return (1 << bits) == n ? bits : -1;
}

}  // namespace

TrafficPattern::TrafficPattern(const Topology& topo, Pattern pattern, double hotspot_fraction,
                               const std::vector<int>& hotspots, std::uint64_t permutation_seed)
    : topo_(topo), cube_(topo.cube()), pattern_(pattern), hotspot_fraction_(hotspot_fraction) {
  const int nodes = topo.terminals();
  bits_ = power_of_two_bits(nodes);
  if (!cube_ && moves_coordinates(pattern)) {
    throw ParamError("pattern",
                     std::string("nearest neighbour and tornado need a mesh or torus; valid on "
                                 "this network: uniform, hotspot") +
                         (bits_ >= 0 && bits_ % 2 == 0 ? ", transpose" : "") +
                         (bits_ >= 0 ? ", bit complement, bit-reverse, shuffle" : "") +
                         ", random permutation");
  }
  if (pattern == Pattern::kGroupShift && topo.terminal_groups() < 2) {
    throw ParamError("pattern", "group shift sends each terminal to the next group of a dragonfly; "
                                "this network has no groups");
  }
  if ((moves_bits(pattern) || (!cube_ && coordinates_or_bits(pattern))) && bits_ < 0) {
    throw ParamError("pattern", std::string(cube_ ? "bit-reverse and shuffle" :
                                            "off a mesh or torus, transpose, bit complement, "
                                            "bit-reverse and shuffle") +
                                    " move the bits of a terminal's number, so they need a "
                                    "power-of-two count of terminals (this network has " +
                                    std::to_string(nodes) + ")");
  }
  if (!cube_ && pattern == Pattern::kTranspose && bits_ % 2 != 0) {
    throw ParamError("pattern", "off a mesh or torus, transpose swaps the high and low halves of "
                                "the bits of a terminal's number, so it needs an even count of "
                                "bits: 4, 16, 64, 256, ... terminals (this network has " +
                                    std::to_string(nodes) + ")");
  }
  if (cube_) {
    const int n = cube_->dimensions();
    if (pattern == Pattern::kTranspose && cube_->radix(0) != cube_->radix(n - 1)) {
      throw ParamError("pattern",
                       "transpose swaps the first and last coordinates, so their radix "
                       "must be equal (dims " +
                           std::to_string(cube_->radix(0)) + " and " +
                           std::to_string(cube_->radix(n - 1)) + ")");
    }
  }
  if (pattern == Pattern::kHotspot) {
    // The centre: a cube's middle node (its first terminal), else the middle terminal.
    int centre = nodes / 2;
    if (cube_) {
      KNCube::Coordinates c{};
      for (int d = 0; d < cube_->dimensions(); ++d) {
        c[static_cast<std::size_t>(d)] = cube_->radix(d) / 2;
      }
      centre = cube_->node_at(c) * cube_->concentration();
    }
    for (const int h : hotspots.empty() ? std::vector<int>{-1} : hotspots) {
      if (h < -1 || h >= nodes) {
        throw ParamError("hotspots", "hot spots are terminal numbers from 0 to " +
                                         std::to_string(nodes - 1) +
                                         " on this network, or -1 for the centre node (" +
                                         std::to_string(h) + " given)");
      }
      const int at = h < 0 ? centre : h;
      if (std::find(hotspots_.begin(), hotspots_.end(), at) != hotspots_.end()) {
        throw ParamError("hotspots", "terminal " + std::to_string(at) +
                                         " is listed twice (-1 is the centre node, " +
                                         std::to_string(centre) + " here)");
      }
      hotspots_.push_back(at);
    }
  }
  if (pattern == Pattern::kRandomPermutation) {
    // Fisher-Yates from its own stream, so every point of a run sends along the same permutation.
    Rng rng(permutation_seed);
    permutation_.resize(static_cast<std::size_t>(nodes));
    for (int i = 0; i < nodes; ++i) permutation_[static_cast<std::size_t>(i)] = i;
    for (int i = nodes - 1; i > 0; --i) {
      const auto j = static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(i) + 1));
      std::swap(permutation_[static_cast<std::size_t>(i)], permutation_[j]);
    }
  }
}

bool TrafficPattern::deterministic() const {
  return pattern_ != Pattern::kUniform && pattern_ != Pattern::kUniformWithSelf &&
         pattern_ != Pattern::kHotspot &&
         pattern_ != Pattern::kNeighbor && pattern_ != Pattern::kGroupShift;
}

int TrafficPattern::mapped(int src) const {
  switch (pattern_) {
    case Pattern::kTranspose: {
      if (!cube_) {
        const int half = bits_ / 2;
        const int low = (1 << half) - 1;
        return ((src >> half) & low) | ((src & low) << half);
      }
      KNCube::Coordinates c = cube_->coordinates(cube_->node_of(src));
      std::reverse(c.begin(), c.begin() + cube_->dimensions());
      return same_place(cube_->node_at(c), src);
    }
    case Pattern::kBitComplement: {
      if (!cube_) return ~src & ((1 << bits_) - 1);
      KNCube::Coordinates c = cube_->coordinates(cube_->node_of(src));
      for (int d = 0; d < cube_->dimensions(); ++d) {
        auto& x = c[static_cast<std::size_t>(d)];
        x = cube_->radix(d) - 1 - x;
      }
      return same_place(cube_->node_at(c), src);
    }
    case Pattern::kTornado: {
      // Each coordinate ceil(k/2) - 1 ahead (Dally & Towles, table 3.2).
      KNCube::Coordinates c = cube_->coordinates(cube_->node_of(src));
      for (int d = 0; d < cube_->dimensions(); ++d) {
        const int k = cube_->radix(d);
        auto& x = c[static_cast<std::size_t>(d)];
        x = (x + (k + 1) / 2 - 1) % k;
      }
      return same_place(cube_->node_at(c), src);
    }
    case Pattern::kBitReverse: {
      int out = 0;
      for (int b = 0; b < bits_; ++b) out |= ((src >> b) & 1) << (bits_ - 1 - b);
      return out;
    }
    case Pattern::kShuffle:
      // The address bits rotated left by one.
      return bits_ == 0 ? src : ((src << 1) | (src >> (bits_ - 1))) & ((1 << bits_) - 1);
    case Pattern::kRandomPermutation:
      return permutation_[static_cast<std::size_t>(src)];
    default:
      return src;
  }
}

int TrafficPattern::destination(int src, Rng& rng) const {
  const int nodes = topo_.terminals();
  auto uniform_other = [&] {
    const int pick = static_cast<int>(rng.below(static_cast<std::uint64_t>(nodes - 1)));
    return pick >= src ? pick + 1 : pick;
  };
  switch (pattern_) {
    case Pattern::kUniform:
      return uniform_other();
    case Pattern::kUniformWithSelf:
      return static_cast<int>(rng.below(static_cast<std::uint64_t>(nodes)));
    case Pattern::kNeighbor: {
      for (;;) {
        const int port =
            static_cast<int>(rng.below(static_cast<std::uint64_t>(2 * cube_->dimensions())));
        const int next = cube_->neighbor(cube_->node_of(src), port);
        if (next >= 0) return same_place(next, src);
      }
    }
    case Pattern::kHotspot: {
      // The hotspot share goes to the hot spots other than the source, alike.
      const auto self = std::find(hotspots_.begin(), hotspots_.end(), src);
      const int others =
          static_cast<int>(hotspots_.size()) - (self != hotspots_.end() ? 1 : 0);
      if (others > 0 && rng.uniform01() < hotspot_fraction_) {
        int pick =
            others == 1 ? 0 : static_cast<int>(rng.below(static_cast<std::uint64_t>(others)));
        for (const int h : hotspots_) {
          if (h == src) continue;
          if (pick-- == 0) return h;
        }
      }
      return uniform_other();
    }
    case Pattern::kGroupShift: {
      const int size = nodes / topo_.terminal_groups();
      const int next = (src / size + 1) % topo_.terminal_groups();
      return next * size + static_cast<int>(rng.below(static_cast<std::uint64_t>(size)));
    }
    default:
      return mapped(src);
  }
}

void TrafficPattern::destinations(int src, DestinationShares& out) const {
  out.clear();
  const int nodes = topo_.terminals();
  auto uniform_others = [&](double share) {
    for (int d = 0; d < nodes; ++d) {
      if (d != src) out.emplace_back(d, share / (nodes - 1));
    }
  };
  switch (pattern_) {
    case Pattern::kUniform:
      uniform_others(1);
      return;
    case Pattern::kUniformWithSelf:
      for (int d = 0; d < nodes; ++d) out.emplace_back(d, 1.0 / nodes);
      return;
    case Pattern::kNeighbor: {
      std::vector<int> next;
      const int node = cube_->node_of(src);
      for (int port = 0; port < 2 * cube_->dimensions(); ++port) {
        const int to = cube_->neighbor(node, port);
        if (to >= 0) next.push_back(same_place(to, src));
      }
      for (const int d : next) out.emplace_back(d, 1.0 / static_cast<double>(next.size()));
      return;
    }
    case Pattern::kHotspot: {
      std::vector<int> others;
      for (const int h : hotspots_) {
        if (h != src) others.push_back(h);
      }
      if (others.empty()) {
        uniform_others(1);
        return;
      }
      uniform_others(1 - hotspot_fraction_);
      for (const int h : others) {
        out.emplace_back(h, hotspot_fraction_ / static_cast<double>(others.size()));
      }
      return;
    }
    case Pattern::kGroupShift: {
      const int size = nodes / topo_.terminal_groups();
      const int next = (src / size + 1) % topo_.terminal_groups();
      for (int d = 0; d < size; ++d) out.emplace_back(next * size + d, 1.0 / size);
      return;
    }
    default:
      out.emplace_back(mapped(src), 1.0);
  }
}

Injection::Injection(int terminals, const LoadPointOptions& options, Rng& rng)
    : probability_(options.rate / options.mean_packet_flits()) {
  if (options.burst_packets <= 0) return;
  const double rate = probability_;
  const double peak = 1.0 / options.mean_packet_flits();
  if (rate >= peak) {
    // Always on at the offered rate: no room for an off period.
    on_.assign(static_cast<std::size_t>(terminals), 1);
    to_off_ = 0;
    return;
  }
  probability_ = peak;
  to_off_ = std::min(1.0, peak / options.burst_packets);
  to_on_ = to_off_ * rate / (peak - rate);
  if (to_on_ > 1) {
    to_on_ = 1;
    probability_ = rate * (1 + to_off_);
  }
  const double share_on = to_on_ / (to_on_ + to_off_);
  for (int node = 0; node < terminals; ++node) on_.push_back(rng.uniform01() < share_on ? 1 : 0);
}

namespace {

// A routing that draws, or an adaptive selection that does, gets its seed from the point's
// stream; the others draw nothing from it, so their runs stay as they were. Request-reply traffic
// takes the network's two message classes.
NetworkConfig with_route_seed(NetworkConfig config, const LoadPointOptions& options, Rng& rng) {
  if (config.topology->draws_routes() ||
      config.adaptive_selection == AdaptiveSelection::kTwoDrawn) {
    config.route_seed = rng.next_u64();
  }
  if (options.request_reply) config.message_classes = 2;
  return config;
}

}  // namespace

LoadPoint::LoadPoint(const NetworkConfig& config, const TrafficPattern& pattern,
                     LoadPointOptions options, Rng& rng)
    : MeasuredLoadPoint(options),
      net_(with_route_seed(config, options, rng)),
      pattern_(pattern),
      rng_(rng),
      injection_(net_.topology().terminals(), options, rng),
      crosspoints_(net_.topology()) {
  double sum = 0;
  for (const double share : opt_.packet_shares) size_cumulative_.push_back(sum += share);
  if (!opt_.packet_sizes.empty()) result_.sizes.resize(opt_.packet_sizes.size());
  if (opt_.request_reply) result_.classes.resize(2);
}

int LoadPoint::new_packet_flits(int& kind) {
  kind = 0;
  if (opt_.request_reply) {
    const RequestReply& t = opt_.transactions;
    if (rng_.uniform01() < t.write_fraction) {
      kind = kWrite;
      return t.write_request_flits;
    }
    return t.read_request_flits;
  }
  if (size_cumulative_.empty()) return opt_.packet_flits;
  // The last size takes what rounding leaves of the shares' sum.
  const double u = rng_.uniform01() * size_cumulative_.back();
  std::size_t i = 0;
  while (i + 1 < size_cumulative_.size() && u >= size_cumulative_[i]) ++i;
  kind = static_cast<int>(i);
  return opt_.packet_sizes[i];
}

void LoadPoint::delivered(int id) {
  const Packet* p = &net_.packet(id);
  const bool reply = opt_.request_reply && (p->tag >> kTagKind & kReply) != 0;
  if (opt_.request_reply && measuring()) class_flits_[reply ? 1 : 0] += static_cast<std::uint64_t>(p->flits);
  if (opt_.request_reply && !reply) {
    // The destination answers at once, back to the source, in the replies' class.
    const RequestReply& t = opt_.transactions;
    const bool write = (p->tag >> kTagKind & kWrite) != 0;
    const int flits = write ? t.write_reply_flits : t.read_reply_flits;
    const int tag = (p->tag & kMeasured) | ((kReply | (write ? kWrite : 0)) << kTagKind);
    if (measuring()) created_flits_ += static_cast<std::uint64_t>(flits);
    const Packet request = *p;
    const int answer = net_.send(request.dst, request.src, flits, tag, 1);
    // The send may have grown the network's packets.
    p = &net_.packet(id);
    if (answer < 0) {
      overflow_ = true;
    } else {
      if (static_cast<std::size_t>(answer) >= request_created_.size()) {
        request_created_.resize(static_cast<std::size_t>(answer) + 1);
      }
      request_created_[static_cast<std::size_t>(answer)] = request.created;
      if ((request.tag & kMeasured) != 0) ++outstanding_;
    }
  }
  if ((p->tag & kMeasured) == 0) return;
  const auto latency = static_cast<double>(p->delivered - p->created);
  const auto network_latency = static_cast<double>(p->delivered - p->entered);
  record(latency, network_latency, p->hops);
  --outstanding_;
  if (opt_.request_reply) {
    record_class(result_.classes[reply ? 1 : 0], latency, network_latency);
    if (reply) {
      record_round_trip(static_cast<double>(
          p->delivered - request_created_[static_cast<std::size_t>(id)]));
    }
  } else if (!result_.sizes.empty()) {
    record_class(result_.sizes[static_cast<std::size_t>(p->tag >> kTagKind)], latency,
                 network_latency);
  }
}

void LoadPoint::cycle() {
  const int nodes = net_.topology().terminals();
  const bool measured = measuring();
  for (int node = 0; node < nodes; ++node) {
    if (!injection_.fires(node, rng_)) continue;
    ++packets_created_;
    const int dst = pattern_.destination(node, rng_);
    int kind = 0;
    const int flits = new_packet_flits(kind);
    if (measured) created_flits_ += static_cast<std::uint64_t>(flits);
    const int id = net_.send(node, dst, flits, (measured ? kMeasured : 0) | kind << kTagKind);
    if (id < 0) {
      overflow_ = true;
    } else if (measured) {
      ++outstanding_;
    }
  }
  net_.step();
  packets_delivered_ += static_cast<std::int64_t>(net_.delivered().size());
  for (const int id : net_.delivered()) {
    const Packet& p = net_.packet(id);
    net_.release(p.dst, p.flits);
    if (measured) crosspoints_.add(p.src, p.dst, p.flits);
    delivered(id);
    net_.free_packet(id);
  }
}

std::int64_t LoadPoint::source_backlog() const {
  std::int64_t backlog = 0;
  for (int node = 0; node < terminals(); ++node) backlog += net_.source_backlog(node);
  return backlog;
}

void LoadPoint::close_window(std::int64_t elapsed) {
  ejected_at_end_ = net_.ejected_flits();
  created_at_end_ = created_flits_;
  result_.bisection_words_per_cycle =
      static_cast<double>(net_.bisection_flits()) / static_cast<double>(elapsed);
  result_.utilization.clear();
  result_.occupancy.clear();
  for (int c = 0; c < net_.channels(); ++c) {
    result_.utilization.push_back(net_.utilization(c));
    result_.occupancy.push_back(net_.occupancy(c));
  }
  result_.crosspoints = crosspoints_.shares(elapsed, net_.config().eject_rate);
  std::vector<std::uint64_t> per_node;
  for (int node = 0; node < terminals(); ++node) per_node.push_back(net_.ejected_flits(node));
  per_node_accepted(result_, per_node, elapsed);
  const double node_cycles = static_cast<double>(terminals()) * static_cast<double>(elapsed);
  for (std::size_t c = 0; c < result_.classes.size(); ++c) {
    result_.classes[c].accepted = static_cast<double>(class_flits_[c]) / node_cycles;
  }
}

void LoadPoint::judge() {
  if (result_.deadlocked) deadlocked_channels();
  const std::int64_t window = measure_end_ - measure_start_;
  const auto nodes = static_cast<double>(net_.topology().terminals());
  // A deadlocked network carries nothing from then on.
  result_.accepted = result_.deadlocked ? 0
                                        : static_cast<double>(ejected_at_end_) /
                                              (nodes * static_cast<double>(window));
  if (result_.deadlocked) {
    result_.accepted_min = 0;
    result_.accepted_max = 0;
    for (ClassStats& c : result_.classes) c.accepted = 0;
  }
  result_.saturated = !result_.deadlocked &&
                      (overflow_ || outstanding_ > 0 ||
                       short_of_offered(ejected_at_end_, static_cast<double>(created_at_end_)));
}

void LoadPoint::deadlocked_channels() {
  // Found deadlocked, nothing has moved for longer than any delay explains: every packet in the
  // routers waits, through others, on a knot, so a channel a packet holds now is held for ever
  // and nothing crosses it again. The point stops here and reports that state, whether or not
  // measuring had begun (a knot can form in the warm-up): occupancy 1 where a packet holds the
  // channel, 0 where none does, and no utilization, as its accepted load is 0.
  result_.utilization.assign(static_cast<std::size_t>(net_.channels()), 0.0);
  result_.occupancy.clear();
  for (int c = 0; c < net_.channels(); ++c) result_.occupancy.push_back(net_.held(c) ? 1.0 : 0.0);
}

bool LoadPoint::deadlocked() {
  const Deadlock* d = net_.deadlock();
  if (d == nullptr) return false;
  result_.deadlock_cycle = d->cycle;
  result_.knot_channels = d->channels;
  result_.delivered_before_deadlock =
      packets_created_ > 0 ? static_cast<double>(packets_delivered_) /
                                 static_cast<double>(packets_created_)
                           : 0;
  return true;
}

}  // namespace archex
