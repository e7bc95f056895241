#pragma once

#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "network/batch_means.h"
#include "network/kncube.h"
#include "network/network.h"

namespace archex {

enum class Pattern { kUniform, kTranspose, kBitComplement, kNeighbor, kHotspot };

// Destinations of the synthetic traffic patterns among a topology's terminals. Uniform and
// hotspot fit any topology; transpose, bit complement and nearest neighbour move coordinates, so
// they need a k-ary n-cube.
class TrafficPattern {
 public:
  // Throws ParamError ("pattern") when the pattern does not fit the topology (a transpose needs
  // equal radix in the dimensions it swaps).
  TrafficPattern(const Topology& topo, Pattern pattern, double hotspot_fraction);
  int destination(int src, Rng& rng) const;

 private:
  const Topology& topo_;
  // The topology as a k-ary n-cube, or null.
  const KNCube* cube_;
  Pattern pattern_;
  double hotspot_fraction_;
  int hotspot_;
};

struct LoadPointResult {
  double offered = 0;   // flits/node/cycle
  double accepted = 0;  // flits/node/cycle
  double latency_mean = 0;
  double latency_p50 = 0;
  double latency_p95 = 0;
  double latency_p99 = 0;
  double latency_ci = 0;  // half-width of the 95 % confidence interval of the mean
  bool saturated = false;
  std::int64_t measured_packets = 0;
  std::int64_t cycles = 0;
  double bisection_words_per_cycle = 0;
  std::vector<double> latencies;  // of the measured packets, sorted
  // Utilization of every channel (Network::channel numbering) over the measurement window.
  std::vector<double> utilization;
  // On a crossbar, the use of each crosspoint (input i to output o at i * ports + o) over the
  // window, as a share of the output's rate; empty on any other shape.
  std::vector<double> crosspoints;
};

// Words moved through each crosspoint of a lone crossbar (input = source terminal, output =
// destination terminal), counted as their packet or connection is delivered: N^2 counters on a
// crossbar of N ports and none on any other shape.
class CrosspointCounter {
 public:
  explicit CrosspointCounter(const Topology& topo);
  void add(int src, int dst, int words) {
    if (!counts_.empty()) counts_[static_cast<std::size_t>(src * ports_ + dst)] += words;
  }
  // Each count over `cycles` cycles of an output sending `rate` words per cycle (at most 1).
  std::vector<double> shares(std::int64_t cycles, double rate) const;

 private:
  int ports_ = 0;
  std::vector<std::uint64_t> counts_;
};

// The load a point offered was not sustained: fewer than 90 % of the words created while
// measuring (of those not dropped) were delivered in the same window. Comparing with the words
// created, not with the nominal rate, takes the chance variation of the Bernoulli sources out, so
// a small network's few packets per window do not read as saturation.
bool short_of_offered(std::uint64_t delivered, double created);

// Sorts the measured latencies and fills their mean, percentiles and count.
void summarize_latencies(LoadPointResult& result);

struct LoadPointOptions {
  double rate = 0.1;  // flits/node/cycle offered
  int packet_flits = 8;
  std::int64_t warmup_cycles = 1000;
  std::int64_t max_cycles = 20000;
  std::int64_t batch_cycles = 200;
  // Measuring ends on convergence only once this many measured packets have been delivered, so
  // a small network's window holds enough of them for its accepted load to mean something.
  std::int64_t min_packets = 200;
  double confidence = 0.05;  // target relative half-width of the mean latency's 95 % interval
  // Stop measuring a point that is clearly past saturation (see LoadPoint) instead of running it
  // to max_cycles and draining it for as long again.
  bool stop_past_saturation = true;
};

// One open-loop load point: Bernoulli injection at `rate`, a warm-up, then batches of
// measurement until the mean latency is known to the target confidence (batch means, at least 8
// batches and min_packets delivered) or max_cycles pass, then a drain of the measured packets
// under continuing traffic.
// Latency runs from a packet's creation (source queueing included) to its last flit's delivery.
// A point is clearly past saturation when the packets waiting in the source queues grew over each
// of the last 4 batches to more than one per node, while the flits accepted since the warm-up
// stayed short of those offered (short_of_offered, the rule a finished point is judged by).
// Below saturation the queues hold a fraction of a packet per node, so chance alone (a small
// network's few packets per batch) does not meet all three. Such a point stops measuring at once,
// reports the accepted load so far and `saturated`, and skips the drain. A drain ends, the point
// saturated, once the queues meet the first two.
class LoadPoint {
 public:
  LoadPoint(const NetworkConfig& config, const TrafficPattern& pattern, LoadPointOptions options,
            Rng& rng);
  // Runs at most `budget` cycles; true when the point is complete.
  bool advance(std::int64_t budget);
  bool done() const { return phase_ == Phase::kDone; }
  double progress() const;
  const Network& network() const { return net_; }
  const LoadPointResult& result() const { return result_; }

 private:
  enum class Phase { kWarmup, kMeasure, kDrain, kDone };
  static constexpr int kGrowingBatches = 4;
  void cycle();
  void end_measurement(std::int64_t now, std::int64_t elapsed);
  // The source queues grew over each of the last kGrowingBatches batches to more than a packet
  // per node (called once a batch).
  bool backlog_growing();
  bool past_saturation();
  void finish();

  Network net_;
  const TrafficPattern& pattern_;
  LoadPointOptions opt_;
  Rng& rng_;
  Phase phase_ = Phase::kWarmup;
  double packet_probability_;
  std::int64_t measure_start_ = 0;
  std::int64_t measure_end_ = 0;
  std::int64_t outstanding_ = 0;
  std::uint64_t ejected_at_end_ = 0;
  // Flits of the packets created while measuring (sent or refused).
  std::uint64_t created_flits_ = 0;
  std::uint64_t created_at_end_ = 0;
  CrosspointCounter crosspoints_;
  BatchMeans batches_{8};
  bool overflow_ = false;
  std::int64_t backlog_ = 0;  // packets in the source queues at the last batch's end
  int growing_ = 0;           // batches in a row over which that backlog grew
  LoadPointResult result_;
};

}  // namespace archex
