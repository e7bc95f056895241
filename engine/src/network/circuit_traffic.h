#pragma once

#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "network/batch_means.h"
#include "network/circuit.h"
#include "network/traffic.h"

namespace archex {

// One open-loop load point on a circuit-switched network: each terminal opens a connection of
// `packet_flits` words with probability rate / packet_flits per cycle, to a destination of the
// pattern. A warm-up, then batches of measurement until the mean latency (creation to last word,
// set-up and queueing at the source included) is known to the target confidence or max_cycles
// pass, then a drain of the measured connections. Channel utilization is each switch output's
// held share of the measurement window (set-up, streaming and tear-down). A load is saturated when
// the connections not dropped are not delivered as offered (source queues overflow, the measured
// ones do not drain, or short_of_offered: less than 90 % of the words opened while measuring, less
// the dropped share, arrive in the window).
class CircuitLoadPoint {
 public:
  CircuitLoadPoint(const CircuitConfig& config, const TrafficPattern& pattern,
                   LoadPointOptions options, std::uint64_t seed, Rng& rng);
  // Runs at most `budget` cycles; true when the point is complete.
  bool advance(std::int64_t budget);
  bool done() const { return phase_ == Phase::kDone; }
  double progress() const;
  std::int64_t now() const { return net_.now(); }
  const CircuitNetwork& network() const { return net_; }
  const LoadPointResult& result() const { return result_; }
  // Of the measured connections, the share delivered (not dropped).
  double acceptance() const { return acceptance_; }
  // Of the set-up attempts at a switch output while measuring, the share that found it held.
  double blocking() const { return blocking_; }

 private:
  enum class Phase { kWarmup, kMeasure, kDrain, kDone };
  void cycle();
  void end_measurement();
  void finish();
  std::vector<double> held_cycles() const;

  CircuitNetwork net_;
  const TrafficPattern& pattern_;
  LoadPointOptions opt_;
  Rng& rng_;
  Phase phase_ = Phase::kWarmup;
  double connection_probability_;
  std::int64_t measure_start_ = 0;
  std::int64_t measure_end_ = 0;
  // Connections with ids from first_measured_ on, opened while measuring, are measured.
  int first_measured_ = 0;
  int end_measured_ = 0;
  std::int64_t outstanding_ = 0;
  std::int64_t measured_dropped_ = 0;
  std::int64_t measured_finished_ = 0;
  std::uint64_t delivered_words_ = 0;
  // Words of the connections opened while measuring (queued or refused).
  std::uint64_t created_words_ = 0;
  std::uint64_t created_at_end_ = 0;
  CrosspointCounter crosspoints_;
  double channel_rate_;
  std::uint64_t attempts_at_start_ = 0;
  std::uint64_t blocked_at_start_ = 0;
  std::vector<double> held_at_start_;
  BatchMeans batches_{8};
  bool overflow_ = false;
  double acceptance_ = 1;
  double blocking_ = 0;
  LoadPointResult result_;
};

}  // namespace archex
