#include "network/traffic.h"

#include <algorithm>
#include <cmath>

#include "core/param_spec.h"
#include "network/crossbar.h"

namespace archex {

namespace {

double percentile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const auto i = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size()))) - 1;
  return sorted[std::min(i, sorted.size() - 1)];
}

}  // namespace

void summarize_latencies(LoadPointResult& r) {
  auto& l = r.latencies;
  std::sort(l.begin(), l.end());
  double sum = 0;
  for (const double x : l) sum += x;
  r.latency_mean = l.empty() ? 0 : sum / static_cast<double>(l.size());
  r.latency_p50 = percentile(l, 0.5);
  r.latency_p95 = percentile(l, 0.95);
  r.latency_p99 = percentile(l, 0.99);
  r.measured_packets = static_cast<std::int64_t>(l.size());
}

CrosspointCounter::CrosspointCounter(const Topology& topo) {
  if (dynamic_cast<const Crossbar*>(&topo) == nullptr) return;
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

bool short_of_offered(std::uint64_t delivered, double created) {
  return static_cast<double>(delivered) < 0.9 * created;
}

TrafficPattern::TrafficPattern(const Topology& topo, Pattern pattern, double hotspot_fraction)
    : topo_(topo),
      cube_(dynamic_cast<const KNCube*>(&topo)),
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

LoadPoint::LoadPoint(const NetworkConfig& config, const TrafficPattern& pattern,
                     LoadPointOptions options, Rng& rng)
    : net_(config),
      pattern_(pattern),
      opt_(options),
      rng_(rng),
      packet_probability_(options.rate / options.packet_flits),
      crosspoints_(net_.topology()) {
  result_.offered = options.rate;
}

void LoadPoint::cycle() {
  const int nodes = net_.topology().terminals();
  const bool measuring = phase_ == Phase::kMeasure;
  for (int node = 0; node < nodes; ++node) {
    if (rng_.uniform01() >= packet_probability_) continue;
    if (measuring) created_flits_ += static_cast<std::uint64_t>(opt_.packet_flits);
    const int id =
        net_.send(node, pattern_.destination(node, rng_), opt_.packet_flits, measuring ? 1 : 0);
    if (id < 0) {
      overflow_ = true;
    } else if (measuring) {
      ++outstanding_;
    }
  }
  net_.step();
  for (const int id : net_.delivered()) {
    const Packet& p = net_.packet(id);
    net_.release(p.dst, p.flits);
    if (measuring) crosspoints_.add(p.src, p.dst, p.flits);
    if (p.tag == 1) {
      const auto latency = static_cast<double>(p.delivered - p.created);
      result_.latencies.push_back(latency);
      batches_.add(latency);
      --outstanding_;
    }
    net_.free_packet(id);
  }
}

bool LoadPoint::advance(std::int64_t budget) {
  for (std::int64_t i = 0; i < budget && phase_ != Phase::kDone; ++i) {
    cycle();
    const std::int64_t now = net_.now();
    if (phase_ == Phase::kWarmup && now >= opt_.warmup_cycles) {
      phase_ = Phase::kMeasure;
      measure_start_ = now;
      net_.reset_counters();
    } else if (phase_ == Phase::kMeasure) {
      const std::int64_t elapsed = now - measure_start_;
      if (elapsed % opt_.batch_cycles == 0) {
        batches_.close_batch();
        const bool converged =
            batches_.converged(opt_.confidence) &&
            static_cast<std::int64_t>(batches_.samples()) >= opt_.min_packets;
        if (past_saturation()) {
          end_measurement(now, elapsed);
          finish();
        } else if (converged || elapsed >= opt_.max_cycles || overflow_) {
          end_measurement(now, elapsed);
        }
      }
    } else if (phase_ == Phase::kDrain) {
      // The measured packets drain under continuing traffic; a network that cannot deliver them
      // within another max_cycles is saturated, and so is one whose source queues keep growing
      // while they drain (at the onset of saturation the window can deliver 90 % of its flits
      // while the queues at the busiest nodes grow without end).
      const std::int64_t draining = now - measure_end_;
      if (outstanding_ == 0 || draining >= opt_.max_cycles ||
          (draining % opt_.batch_cycles == 0 && backlog_growing())) {
        finish();
      }
    }
  }
  return done();
}

void LoadPoint::end_measurement(std::int64_t now, std::int64_t elapsed) {
  phase_ = Phase::kDrain;
  measure_end_ = now;
  const double half = batches_.half_width();
  result_.latency_ci = std::isfinite(half) ? half : 0;
  ejected_at_end_ = net_.ejected_flits();
  created_at_end_ = created_flits_;
  result_.bisection_words_per_cycle =
      static_cast<double>(net_.bisection_flits()) / static_cast<double>(elapsed);
  result_.utilization.clear();
  for (int c = 0; c < net_.channels(); ++c) result_.utilization.push_back(net_.utilization(c));
  result_.crosspoints = crosspoints_.shares(elapsed, net_.config().eject_rate);
}

bool LoadPoint::backlog_growing() {
  if (!opt_.stop_past_saturation) return false;
  const int nodes = net_.topology().terminals();
  std::int64_t backlog = 0;
  for (int node = 0; node < nodes; ++node) backlog += net_.source_backlog(node);
  growing_ = backlog > backlog_ ? growing_ + 1 : 0;
  backlog_ = backlog;
  return growing_ >= kGrowingBatches && backlog > nodes;
}

bool LoadPoint::past_saturation() {
  return backlog_growing() &&
         short_of_offered(net_.ejected_flits(), static_cast<double>(created_flits_));
}

void LoadPoint::finish() {
  const std::int64_t window = measure_end_ - measure_start_;
  const auto nodes = static_cast<double>(net_.topology().terminals());
  result_.accepted = static_cast<double>(ejected_at_end_) / (nodes * static_cast<double>(window));
  summarize_latencies(result_);
  result_.cycles = net_.now();
  result_.saturated = overflow_ || outstanding_ > 0 ||
                      short_of_offered(ejected_at_end_, static_cast<double>(created_at_end_));
  phase_ = Phase::kDone;
}

double LoadPoint::progress() const {
  if (phase_ == Phase::kDone) return 1;
  const double span = static_cast<double>(opt_.warmup_cycles + 2 * opt_.max_cycles);
  return std::min(0.99, static_cast<double>(net_.now()) / span);
}

}  // namespace archex
