#include "network/traffic/traffic.h"

#include <algorithm>
#include <cmath>

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

TrafficPattern::TrafficPattern(const Topology& topo, Pattern pattern, double hotspot_fraction)
    : topo_(topo),
      cube_(topo.cube()),
      pattern_(pattern),
      hotspot_fraction_(hotspot_fraction),
      hotspot_(topo.terminals() / 2) {
  const bool moves_coordinates = pattern == Pattern::kTranspose ||
                                 pattern == Pattern::kBitComplement ||
                                 pattern == Pattern::kNeighbor;
  if (!cube_) {
    if (moves_coordinates) {
      throw ParamError("pattern",
                       "transpose, bit complement and nearest neighbour need a mesh or torus; "
                       "valid on this network: uniform, hotspot");
    }
    return;
  }
  const int n = cube_->dimensions();
  if (pattern == Pattern::kTranspose && cube_->radix(0) != cube_->radix(n - 1)) {
    throw ParamError("pattern",
                     "transpose swaps the first and last coordinates, so their radix "
                     "must be equal (dims " +
                         std::to_string(cube_->radix(0)) + " and " +
                         std::to_string(cube_->radix(n - 1)) + ")");
  }
  // On a cube the hotspot is the middle node.
  std::array<int, 3> centre{0, 0, 0};
  for (int d = 0; d < n; ++d) centre[static_cast<std::size_t>(d)] = cube_->radix(d) / 2;
  hotspot_ = cube_->node_at(centre);
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
    case Pattern::kTranspose: {
      std::array<int, 3> c = cube_->coordinates(src);
      std::reverse(c.begin(), c.begin() + cube_->dimensions());
      return cube_->node_at(c);
    }
    case Pattern::kBitComplement: {
      std::array<int, 3> c = cube_->coordinates(src);
      for (int d = 0; d < cube_->dimensions(); ++d) {
        auto& x = c[static_cast<std::size_t>(d)];
        x = cube_->radix(d) - 1 - x;
      }
      return cube_->node_at(c);
    }
    case Pattern::kNeighbor: {
      for (;;) {
        const int port =
            static_cast<int>(rng.below(static_cast<std::uint64_t>(2 * cube_->dimensions())));
        const int next = cube_->neighbor(src, port);
        if (next >= 0) return next;
      }
    }
    case Pattern::kHotspot:
      if (src != hotspot_ && rng.uniform01() < hotspot_fraction_) return hotspot_;
      return uniform_other();
  }
  return src;
}

namespace {

// A routing that draws gets its seed from the point's stream; the others draw nothing from it,
// so their runs stay as they were.
NetworkConfig with_route_seed(NetworkConfig config, Rng& rng) {
  if (config.topology->draws_routes()) config.route_seed = rng.next_u64();
  return config;
}

}  // namespace

LoadPoint::LoadPoint(const NetworkConfig& config, const TrafficPattern& pattern,
                     LoadPointOptions options, Rng& rng)
    : MeasuredLoadPoint(options),
      net_(with_route_seed(config, rng)),
      pattern_(pattern),
      rng_(rng),
      packet_probability_(options.rate / options.packet_flits),
      crosspoints_(net_.topology()) {}

void LoadPoint::cycle() {
  const int nodes = net_.topology().terminals();
  const bool measured = measuring();
  for (int node = 0; node < nodes; ++node) {
    if (rng_.uniform01() >= packet_probability_) continue;
    ++packets_created_;
    if (measured) created_flits_ += static_cast<std::uint64_t>(opt_.packet_flits);
    const int id =
        net_.send(node, pattern_.destination(node, rng_), opt_.packet_flits, measured ? 1 : 0);
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
    if (p.tag == 1) {
      record(static_cast<double>(p.delivered - p.created));
      --outstanding_;
    }
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
}

void LoadPoint::judge() {
  if (result_.deadlocked) deadlocked_channels();
  const std::int64_t window = measure_end_ - measure_start_;
  const auto nodes = static_cast<double>(net_.topology().terminals());
  // A deadlocked network carries nothing from then on.
  result_.accepted = result_.deadlocked ? 0
                                        : static_cast<double>(ejected_at_end_) /
                                              (nodes * static_cast<double>(window));
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
