#include "network/circuit/circuit_traffic.h"

#include <algorithm>
#include <cmath>

namespace archex {

CircuitLoadPoint::CircuitLoadPoint(const CircuitConfig& config, const TrafficPattern& pattern,
                                   LoadPointOptions options, std::uint64_t seed, Rng& rng)
    : MeasuredLoadPoint(options),
      net_(config, seed),
      pattern_(pattern),
      rng_(rng),
      injection_(net_.topology().terminals(), options, rng),
      crosspoints_(net_.topology()),
      channel_rate_(config.channel_rate),
      words_to_node_(static_cast<std::size_t>(net_.topology().terminals()), 0) {}

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
  const int sources = net_.topology().terminals();
  const bool measured = measuring();
  for (int src = 0; src < sources; ++src) {
    if (!injection_.fires(src, rng_)) continue;
    if (measured) created_words_ += static_cast<std::uint64_t>(opt_.packet_flits);
    const int id = net_.open(src, pattern_.destination(src, rng_), opt_.packet_flits);
    if (id < 0) {
      overflow_ = true;
    } else if (measured) {
      end_measured_ = id + 1;
      ++outstanding_;
    }
  }
  net_.step();
  for (const int id : net_.finished()) {
    const Connection& c = net_.connection(id);
    if (measured && !c.dropped) {
      delivered_words_ += static_cast<std::uint64_t>(c.words);
      words_to_node_[static_cast<std::size_t>(c.dst)] += static_cast<std::uint64_t>(c.words);
      crosspoints_.add(c.src, c.dst, c.words);
    }
    if (id < first_measured_ || id >= end_measured_) continue;
    --outstanding_;
    ++measured_finished_;
    if (c.dropped) {
      ++measured_dropped_;
      continue;
    }
    record(static_cast<double>(c.delivered - c.created),
           static_cast<double>(c.delivered - c.started), c.hops);
  }
}

std::int64_t CircuitLoadPoint::source_backlog() const {
  std::int64_t backlog = 0;
  for (int src = 0; src < terminals(); ++src) backlog += net_.queued(src);
  return backlog;
}

double CircuitLoadPoint::words_to_deliver() const {
  // Dropped connections are the acceptance's to report, not a shortfall.
  const double dropped = measured_finished_ == 0 ? 0
                                                 : static_cast<double>(measured_dropped_) /
                                                       static_cast<double>(measured_finished_);
  return static_cast<double>(created_words_) * (1 - dropped);
}

void CircuitLoadPoint::start_window() {
  first_measured_ = net_.connections();
  end_measured_ = first_measured_;
  attempts_at_start_ = net_.attempts();
  blocked_at_start_ = net_.blocked_attempts();
  held_at_start_ = held_cycles();
}

void CircuitLoadPoint::close_window(std::int64_t elapsed) {
  const auto window = static_cast<double>(elapsed);
  result_.accepted = static_cast<double>(delivered_words_) / (terminals() * window);
  per_node_accepted(result_, words_to_node_, elapsed);
  const std::vector<double> held = held_cycles();
  result_.utilization.clear();
  for (std::size_t c = 0; c < held.size(); ++c) {
    result_.utilization.push_back((held[c] - held_at_start_[c]) / window);
  }
  result_.occupancy = result_.utilization;
  created_at_end_ = created_words_;
  result_.crosspoints = crosspoints_.shares(elapsed, channel_rate_);
  const std::uint64_t attempts = net_.attempts() - attempts_at_start_;
  blocking_ = attempts == 0 ? 0
                            : static_cast<double>(net_.blocked_attempts() - blocked_at_start_) /
                                  static_cast<double>(attempts);
}

void CircuitLoadPoint::judge() {
  acceptance_ = measured_finished_ == 0 ? 1
                                        : 1 - static_cast<double>(measured_dropped_) /
                                                  static_cast<double>(measured_finished_);
  // Dropped connections are the acceptance's to report: the load is sustained when what was not
  // dropped gets through.
  result_.saturated =
      overflow_ || outstanding_ > 0 ||
      short_of_offered(delivered_words_, static_cast<double>(created_at_end_) * acceptance_);
}

}  // namespace archex
