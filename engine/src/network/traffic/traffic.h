#pragma once

#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "network/traffic/measurement.h"
#include "network/topologies/kncube.h"
#include "network/wormhole/network.h"

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
  // The terminal the hotspot pattern favours; -1 for the other patterns.
  int hotspot() const { return pattern_ == Pattern::kHotspot ? hotspot_ : -1; }

 private:
  const Topology& topo_;
  // The topology as a k-ary n-cube, or null.
  const KNCube* cube_;
  Pattern pattern_;
  double hotspot_fraction_;
  int hotspot_;
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

// One open-loop load point on a wormhole network: Bernoulli injection at `rate`, measured by the
// MeasuredLoadPoint state machine.
class LoadPoint final : public MeasuredLoadPoint {
 public:
  LoadPoint(const NetworkConfig& config, const TrafficPattern& pattern, LoadPointOptions options,
            Rng& rng);
  const Network& network() const { return net_; }
  // Records the network's events into `recorder` (before the first cycle).
  void record_trace(TraceRecorder& recorder) { net_.record(recorder, opt_.packet_flits); }

 private:
  void cycle() override;
  std::int64_t clock() const override { return net_.now(); }
  int terminals() const override { return net_.topology().terminals(); }
  std::int64_t source_backlog() const override;
  std::uint64_t delivered_words() const override { return net_.ejected_flits(); }
  double words_to_deliver() const override { return static_cast<double>(created_flits_); }
  void start_window() override { net_.reset_counters(); }
  void close_window(std::int64_t elapsed) override;
  void judge() override;
  bool deadlocked() override;
  // A deadlocked point's channels from its deadlock on: those held then, held for ever.
  void deadlocked_channels();

  Network net_;
  const TrafficPattern& pattern_;
  Rng& rng_;
  double packet_probability_;
  std::uint64_t ejected_at_end_ = 0;
  // Flits of the packets created while measuring (sent or refused).
  std::uint64_t created_flits_ = 0;
  std::uint64_t created_at_end_ = 0;
  // Packets created and delivered since the first cycle, for a deadlocked point's share.
  std::int64_t packets_created_ = 0;
  std::int64_t packets_delivered_ = 0;
  CrosspointCounter crosspoints_;
};

}  // namespace archex
