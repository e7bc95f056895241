#include "network/circuit_traffic.h"

#include <algorithm>
#include <cmath>

namespace archex {

CircuitLoadPoint::CircuitLoadPoint(const CircuitConfig& config, const TrafficPattern& pattern,
                                   LoadPointOptions options, std::uint64_t seed, Rng& rng)
    : net_(config, seed),
      pattern_(pattern),
      opt_(options),
      rng_(rng),
      connection_probability_(options.rate / options.packet_flits),
      crosspoints_(net_.topology()),
      channel_rate_(config.channel_rate) {
  result_.offered = options.rate;
}

std::vector<double> CircuitLoadPoint::held_cycles() const {
  const Topology& topo = net_.topology();
  std::vector<double> held;
  for (int r = 0; r < topo.routers(); ++r) {
    for (int p = 0; p < topo.ports(r); ++p) {
      held.push_back(net_.output_occupancy(r, p) * static_cast<double>(net_.now()));
    }
  }
  return held;
}

void CircuitLoadPoint::cycle() {
  const int terminals = net_.topology().terminals();
  const bool measuring = phase_ == Phase::kMeasure;
  for (int src = 0; src < terminals; ++src) {
    if (rng_.uniform01() >= connection_probability_) continue;
    if (measuring) created_words_ += static_cast<std::uint64_t>(opt_.packet_flits);
    const int id = net_.open(src, pattern_.destination(src, rng_), opt_.packet_flits);
    if (id < 0) {
      overflow_ = true;
    } else if (measuring) {
      end_measured_ = id + 1;
      ++outstanding_;
    }
  }
  net_.step();
  for (const int id : net_.finished()) {
    const Connection& c = net_.connection(id);
    if (phase_ == Phase::kMeasure && !c.dropped) {
      delivered_words_ += static_cast<std::uint64_t>(c.words);
      crosspoints_.add(c.src, c.dst, c.words);
    }
    if (id < first_measured_ || id >= end_measured_) continue;
    --outstanding_;
    ++measured_finished_;
    if (c.dropped) {
      ++measured_dropped_;
      continue;
    }
    const auto latency = static_cast<double>(c.delivered - c.created);
    result_.latencies.push_back(latency);
    batches_.add(latency);
  }
}

void CircuitLoadPoint::end_measurement() {
  phase_ = Phase::kDrain;
  measure_end_ = net_.now();
  const double window = static_cast<double>(measure_end_ - measure_start_);
  const double half = batches_.half_width();
  result_.latency_ci = std::isfinite(half) ? half : 0;
  result_.accepted = static_cast<double>(delivered_words_) /
                     (net_.topology().terminals() * window);
  const std::vector<double> held = held_cycles();
  result_.utilization.clear();
  for (std::size_t c = 0; c < held.size(); ++c) {
    result_.utilization.push_back((held[c] - held_at_start_[c]) / window);
  }
  created_at_end_ = created_words_;
  result_.crosspoints =
      crosspoints_.shares(measure_end_ - measure_start_, channel_rate_);
  const std::uint64_t attempts = net_.attempts() - attempts_at_start_;
  blocking_ = attempts == 0 ? 0
                            : static_cast<double>(net_.blocked_attempts() - blocked_at_start_) /
                                  static_cast<double>(attempts);
}

bool CircuitLoadPoint::advance(std::int64_t budget) {
  for (std::int64_t i = 0; i < budget && phase_ != Phase::kDone; ++i) {
    cycle();
    const std::int64_t now = net_.now();
    if (phase_ == Phase::kWarmup && now >= opt_.warmup_cycles) {
      phase_ = Phase::kMeasure;
      measure_start_ = now;
      first_measured_ = net_.connections();
      end_measured_ = first_measured_;
      attempts_at_start_ = net_.attempts();
      blocked_at_start_ = net_.blocked_attempts();
      held_at_start_ = held_cycles();
    } else if (phase_ == Phase::kMeasure) {
      const std::int64_t elapsed = now - measure_start_;
      if (elapsed % opt_.batch_cycles == 0) {
        batches_.close_batch();
        const bool converged =
            batches_.converged(opt_.confidence) &&
            static_cast<std::int64_t>(batches_.samples()) >= opt_.min_packets;
        if (converged || elapsed >= opt_.max_cycles || overflow_) {
          end_measurement();
        }
      }
    } else if (phase_ == Phase::kDrain) {
      // As for packets: measured connections that do not finish within another max_cycles mark
      // the load as not sustained.
      if (outstanding_ == 0 || now - measure_end_ >= opt_.max_cycles) finish();
    }
  }
  return done();
}

void CircuitLoadPoint::finish() {
  summarize_latencies(result_);
  result_.cycles = net_.now();
  acceptance_ = measured_finished_ == 0 ? 1
                                        : 1 - static_cast<double>(measured_dropped_) /
                                                  static_cast<double>(measured_finished_);
  // Dropped connections are the acceptance's to report: the load is sustained when what was not
  // dropped gets through.
  result_.saturated =
      overflow_ || outstanding_ > 0 ||
      short_of_offered(delivered_words_, static_cast<double>(created_at_end_) * acceptance_);
  phase_ = Phase::kDone;
}

double CircuitLoadPoint::progress() const {
  if (phase_ == Phase::kDone) return 1;
  const double span = static_cast<double>(opt_.warmup_cycles + 2 * opt_.max_cycles);
  return std::min(0.99, static_cast<double>(net_.now()) / span);
}

}  // namespace archex
