#pragma once

#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "network/circuit/circuit.h"
#include "network/traffic/traffic.h"

namespace archex {

// One open-loop load point on a circuit-switched network: each terminal opens a connection of
// `packet_flits` words with probability rate / packet_flits per cycle, to a destination of the
// pattern, measured by the MeasuredLoadPoint state machine (latency from creation to last word,
// set-up and queueing at the source included; a point whose source queues keep growing while it
// falls short stops early, as on a wormhole network). Channel utilization is each switch output's
// held share of the measurement window (set-up, streaming and tear-down). A load is saturated when
// the connections not dropped are not delivered as offered (source queues overflow, the measured
// ones do not drain, or short_of_offered: less than 90 % of the words opened while measuring, less
// the dropped share, arrive in the window).
class CircuitLoadPoint final : public MeasuredLoadPoint {
 public:
  CircuitLoadPoint(const CircuitConfig& config, const TrafficPattern& pattern,
                   LoadPointOptions options, std::uint64_t seed, Rng& rng);
  std::int64_t now() const { return net_.now(); }
  const CircuitNetwork& network() const { return net_; }
  // Records the network's events into `recorder` (before the first cycle).
  void record_trace(TraceRecorder& recorder) { net_.record(recorder, opt_.packet_flits); }
  // Of the measured connections, the share delivered (not dropped).
  double acceptance() const { return acceptance_; }
  // Of the set-up attempts at a switch output while measuring, the share that found it held.
  double blocking() const { return blocking_; }

 private:
  void cycle() override;
  std::int64_t clock() const override { return net_.now(); }
  int terminals() const override { return net_.topology().terminals(); }
  std::int64_t source_backlog() const override;
  std::uint64_t delivered_words() const override { return delivered_words_; }
  double words_to_deliver() const override;
  void start_window() override;
  void close_window(std::int64_t elapsed) override;
  void judge() override;
  std::vector<double> held_cycles() const;

  CircuitNetwork net_;
  const TrafficPattern& pattern_;
  Rng& rng_;
  Injection injection_;
  // Connections with ids from first_measured_ on, opened while measuring, are measured.
  int first_measured_ = 0;
  int end_measured_ = 0;
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
  double acceptance_ = 1;
  double blocking_ = 0;
  // Words delivered into each node while measuring.
  std::vector<std::uint64_t> words_to_node_;
};

}  // namespace archex
