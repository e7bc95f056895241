#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/rng.h"
#include "network/traffic/measurement.h"
#include "network/topologies/kncube/kncube.h"
#include "network/wormhole/network.h"

namespace archex {

// New patterns go at the end: presets and links name a pattern by its number.
enum class Pattern {
  kUniform,
  kTranspose,
  kBitComplement,
  kNeighbor,
  kHotspot,
  kBitReverse,
  kShuffle,
  kTornado,
  kRandomPermutation,
  kGroupShift,
  kUniformWithSelf
};

// A source's destinations, each with its share of the source's packets (the shares sum to 1).
using DestinationShares = std::vector<std::pair<int, double>>;

// Destinations of the synthetic traffic patterns among a topology's terminals (Dally & Towles,
// sec. 3.2). Uniform, hotspot and random permutation fit any topology; bit-reverse and shuffle
// move the bits of a terminal's number, so they need a power-of-two count of terminals;
// transpose and bit complement move a cube's coordinates and elsewhere (a fat tree, a fly) the
// bits of a terminal's number as BookSim2's transpose and bitcomp do (the high and low halves
// swapped, which needs an even count of bits; every bit flipped); nearest neighbour and tornado
// move coordinates, so they need a k-ary n-cube; group shift (every terminal to a random terminal of the next group: the
// dragonfly's adversarial pattern, BookSim2's bad_dragon) needs a shape in groups. On a cube of c
// terminals a router, the patterns that move coordinates move a terminal's router and keep its
// place on it (the i-th terminal of one router sends to the i-th of another), so each is the
// pattern of one terminal a router, c times over, and loads the channels c times as much.
// BookSim2's cmesh lays its terminals out on a finer grid instead (2 x 2 a router), which fits
// only a square c on two dimensions.
class TrafficPattern {
 public:
  // Throws ParamError ("pattern") when the pattern does not fit the topology (a transpose needs
  // equal radix in the dimensions it swaps), and ("hotspots") for a hot spot that is no terminal
  // or is listed twice. `hotspots` are terminal numbers, -1 the centre node (a cube's middle
  // node's first terminal, else the middle terminal); empty: the centre node. The random
  // permutation is drawn from `permutation_seed`.
  TrafficPattern(const Topology& topo, Pattern pattern, double hotspot_fraction,
                 const std::vector<int>& hotspots = {}, std::uint64_t permutation_seed = 1);
  int destination(int src, Rng& rng) const;
  // Every destination of `src` with its share, in `out` (replaced): what destination() draws from.
  void destinations(int src, DestinationShares& out) const;
  // Each source has one destination (a permutation, or a map such as transpose's).
  bool deterministic() const;
  Pattern pattern() const { return pattern_; }
  double hotspot_fraction() const { return hotspot_fraction_; }
  // The terminals the hotspot pattern favours; none for the other patterns.
  std::vector<int> hotspots() const {
    return pattern_ == Pattern::kHotspot ? hotspots_ : std::vector<int>{};
  }

 private:
  // The one destination of a deterministic pattern.
  int mapped(int src) const;
  // The terminal of cube node `node` in the place terminal `src` has on its own node.
  int same_place(int node, int src) const {
    const int c = cube_->concentration();
    return node * c + src % c;
  }

  const Topology& topo_;
  // The topology as a k-ary n-cube, or null.
  const KNCube* cube_;
  Pattern pattern_;
  double hotspot_fraction_;
  std::vector<int> hotspots_;
  // Bits of a terminal's number, for bit-reverse and shuffle.
  int bits_ = 0;
  // The random permutation's destinations by source.
  std::vector<int> permutation_;
};

// When each terminal creates a packet, at `rate` flits/node/cycle on average: Bernoulli, a packet
// with probability rate / L every cycle, L the flits a packet brings on average
// (LoadPointOptions::mean_packet_flits: packet_flits, a mix's mean, or a request's transaction),
// or with burst_packets > 0 a two-state Markov
// on/off source (Dally & Towles sec. 23.2) of the same mean rate. On, it creates a packet with
// probability 1 / L a cycle (its flits back to back at one a cycle) and turns off with
// probability beta = 1 / (L x burst_packets), so an on period holds burst_packets
// packets on average; off, it turns on with probability alpha, chosen so that the share of time
// on, alpha / (alpha + beta), gives the mean rate. Where that would need alpha above 1 (a load
// within a burst's share of the peak), alpha is 1 and the on-state probability rises to keep the
// rate. Sources start in the stationary mix of states.
class Injection {
 public:
  Injection(int terminals, const LoadPointOptions& options, Rng& rng);
  // Whether `node` creates a packet this cycle (called once per node per cycle).
  bool fires(int node, Rng& rng) {
    if (on_.empty()) return rng.uniform01() < probability_;
    auto& on = on_[static_cast<std::size_t>(node)];
    const bool fire = on != 0 && rng.uniform01() < probability_;
    if (on != 0) {
      if (rng.uniform01() < to_off_) on = 0;
    } else if (rng.uniform01() < to_on_) {
      on = 1;
    }
    return fire;
  }
  // Whether an on/off source is on (always, for Bernoulli).
  bool on(int node) const { return on_.empty() || on_[static_cast<std::size_t>(node)] != 0; }

 private:
  double probability_;
  double to_off_ = 0;
  double to_on_ = 1;
  // Each source's state under on/off injection; empty for Bernoulli.
  std::vector<char> on_;
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
// MeasuredLoadPoint state machine. Its packets are packet_flits long, or of the mix's sizes drawn
// by their shares; under request-reply each is a request whose destination sends the reply the
// cycle it arrives, in the network's second message class (NetworkConfig::message_classes).
class LoadPoint final : public MeasuredLoadPoint {
 public:
  LoadPoint(const NetworkConfig& config, const TrafficPattern& pattern, LoadPointOptions options,
            Rng& rng);
  const Network& network() const { return net_; }
  // Records the network's events into `recorder` (before the first cycle).
  void record_trace(TraceRecorder& recorder) { net_.record(recorder, opt_.max_packet_flits()); }

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
  // A new packet's flits and the tag bits of its kind (a size of the mix, a request's kind).
  int new_packet_flits(int& kind);
  // A delivered packet's statistics, and under request-reply a request's reply.
  void delivered(int id);

  // A packet's tag: bit 0 measured, then its kind (kTagKind on): the index of its size in the mix,
  // or a request's kind (kWrite) and whether it is a reply (kReply).
  static constexpr int kMeasured = 1;
  static constexpr int kTagKind = 1;
  static constexpr int kWrite = 1;
  static constexpr int kReply = 2;

  Network net_;
  const TrafficPattern& pattern_;
  Rng& rng_;
  Injection injection_;
  std::uint64_t ejected_at_end_ = 0;
  // Flits of the packets created while measuring (sent or refused).
  std::uint64_t created_flits_ = 0;
  std::uint64_t created_at_end_ = 0;
  // Packets created and delivered since the first cycle, for a deadlocked point's share.
  std::int64_t packets_created_ = 0;
  std::int64_t packets_delivered_ = 0;
  CrosspointCounter crosspoints_;
  // The mix's cumulative shares, to draw a size by.
  std::vector<double> size_cumulative_;
  // Under request-reply: flits of each message class delivered while measuring, and by a
  // reply's packet id, the cycle its request was created.
  std::array<std::uint64_t, 2> class_flits_{};
  std::vector<std::int64_t> request_created_;
};

}  // namespace archex
