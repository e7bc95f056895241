#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "network/traffic/batch_means.h"

namespace archex {

// The measured packets of one class of traffic (a message class, a packet size): their count
// and sums of their latencies and network latencies, and the flits of the class delivered per
// node per cycle over the measurement window.
struct ClassStats {
  std::int64_t packets = 0;
  double latency_sum = 0;
  double network_latency_sum = 0;
  double accepted = 0;
  double latency_mean() const { return packets > 0 ? latency_sum / static_cast<double>(packets) : 0; }
  double network_latency_mean() const {
    return packets > 0 ? network_latency_sum / static_cast<double>(packets) : 0;
  }
};

struct LoadPointResult {
  double offered = 0;   // flits/node/cycle
  double accepted = 0;  // flits/node/cycle
  double latency_mean = 0;
  double latency_p50 = 0;
  double latency_p95 = 0;
  double latency_p99 = 0;
  // Of the same packets: the mean network latency, from the head leaving the source queue into
  // the network (a circuit's set-up starting) to the last word delivered, and the mean
  // router-to-router channels crossed.
  double network_latency_mean = 0;
  double hops_mean = 0;
  // Flits delivered into each node over the measurement window, per cycle: the least and the
  // most of them (their mean is `accepted`); 0 where the point deadlocked.
  double accepted_min = 0;
  double accepted_max = 0;
  // Half-width of the 95 % confidence interval of the mean; infinite while too few batches were
  // measured to say.
  double latency_ci = std::numeric_limits<double>::infinity();
  bool saturated = false;
  // The network deadlocked (Network::deadlock): the point stopped there, its knot below; such a
  // point is not saturated, and accepts nothing.
  bool deadlocked = false;
  std::int64_t deadlock_cycle = -1;
  std::vector<int> knot_channels;
  // A saturated point watched for a deadlock (LoadPointOptions::deadlock_watch_cycles) that ran
  // that long without one: the cycles watched; 0 otherwise.
  std::int64_t deadlock_watched_cycles = 0;
  // A deadlocked point: the share of the packets created since its first cycle (warm-up
  // included) that were delivered before it stopped.
  double delivered_before_deadlock = 0;
  std::int64_t measured_packets = 0;
  std::int64_t cycles = 0;
  double bisection_words_per_cycle = 0;
  std::vector<double> latencies;  // of the measured packets, sorted
  // Sums over the measured packets, of their network latencies and their hops.
  double network_latency_sum = 0;
  double hops_sum = 0;
  // Utilization of every channel (Network::channel numbering) over the measurement window.
  std::vector<double> utilization;
  // The share of the window each channel was held by a packet (Network::occupancy); a circuit's
  // channels carry what they hold, so there it is their utilization. A deadlocked point reports
  // the deadlock, which lasts for ever: occupancy 1 where a packet holds the channel (0 where
  // none does), and every utilization 0.
  std::vector<double> occupancy;
  // On a crossbar, the use of each crosspoint (input i to output o at i * ports + o) over the
  // window, as a share of the output's rate; empty on any other shape.
  std::vector<double> crosspoints;
  // Request-reply traffic: per message class (0 requests, 1 replies) of the measured packets,
  // and the round trips of the measured requests, from a request's creation to its reply's
  // delivery (sorted); empty otherwise.
  std::vector<ClassStats> classes;
  std::vector<double> round_trips;
  // A mix of packet sizes: per size (LoadPointOptions::packet_sizes), of the measured packets.
  std::vector<ClassStats> sizes;
};

// The load a point offered was not sustained: fewer than 90 % of the words created while
// measuring (of those not dropped) were delivered in the same window. Comparing with the words
// created, not with the nominal rate, takes the chance variation of the Bernoulli sources out, so
// a small network's few packets per window do not read as saturation.
bool short_of_offered(std::uint64_t delivered, double created);

// Sorts the measured latencies and fills their mean, percentiles and count, and the means of the
// network latencies and hops.
void summarize_latencies(LoadPointResult& result);

// The least and the most of the words each node received in a window of `cycles` cycles, per
// cycle, into the result's accepted_min and accepted_max.
void per_node_accepted(LoadPointResult& result, const std::vector<std::uint64_t>& words,
                       std::int64_t cycles);

// Request-reply traffic (BookSim2's use_read_write): each packet a source creates is a read or a
// write request (a write with probability write_fraction), and its destination answers it as it
// arrives with a reply of the kind's size, back to the source.
struct RequestReply {
  int read_request_flits = 1;
  int read_reply_flits = 8;
  int write_request_flits = 8;
  int write_reply_flits = 1;
  double write_fraction = 0.5;
  // Flits of a transaction, request and reply, on average: what a request brings to the load.
  double mean_flits() const {
    return (1 - write_fraction) * (read_request_flits + read_reply_flits) +
           write_fraction * (write_request_flits + write_reply_flits);
  }
};

struct LoadPointOptions {
  double rate = 0.1;  // flits/node/cycle offered
  int packet_flits = 8;
  // A mix of packet sizes in flits, each with its share of the packets (the shares sum to 1);
  // empty: every packet is packet_flits long.
  std::vector<int> packet_sizes;
  std::vector<double> packet_shares;
  // Request-reply traffic; false: every packet is on its own (no replies).
  bool request_reply = false;
  RequestReply transactions;
  // 0: Bernoulli injection; above 0, Markov on/off sources whose bursts hold this many packets on
  // average (Injection, traffic/traffic.h).
  double burst_packets = 0;
  std::int64_t warmup_cycles = 1000;
  std::int64_t max_cycles = 20000;
  // Measuring ends on convergence only once this many cycles were measured (BookSim2 measures
  // whole sample periods, three at least); 0: as soon as it converges.
  std::int64_t min_cycles = 0;
  std::int64_t batch_cycles = 200;
  // Measuring ends on convergence only once this many measured packets have been delivered, so
  // a small network's window holds enough of them for its accepted load to mean something.
  std::int64_t min_packets = 200;
  double confidence = 0.05;  // target relative half-width of the mean latency's 95 % interval
  // Stop measuring a point that is clearly past saturation (see MeasuredLoadPoint) instead of
  // running it to max_cycles and draining it for as long again.
  bool stop_past_saturation = true;
  // A point judged past saturation still measures its whole window (to convergence or
  // max_cycles), for the load it accepts there rather than its latency (BookSim2's sim_type =
  // throughput); its drain still ends once the source queues keep growing.
  bool full_window = false;
  // On a network whose channel-dependency graph has a cycle, a point judged saturated runs on for
  // up to this many cycles watching for a deadlock (0: it stops when judged). A knot takes time
  // to form, and stopping at saturation would report saturated a network that is about to
  // deadlock.
  std::int64_t deadlock_watch_cycles = 0;

  // Flits a source's packet brings to the offered load on average: packet_flits, the mix's mean,
  // or a transaction's (request and reply); the packet rate is the load over it.
  double mean_packet_flits() const;
  // The longest packet the traffic sends.
  int max_packet_flits() const;
};

// The warm-up / measure / drain state machine of an open-loop load point, whatever the switching
// (a wormhole LoadPoint, a CircuitLoadPoint): a warm-up, then batches of measurement until the
// mean latency is known to the target confidence (batch means, at least 8 batches and
// min_packets delivered) or max_cycles pass, then a drain of the measured packets under
// continuing traffic. Latency runs from a packet's creation (source queueing included) to its
// last word's delivery.
// A point is clearly past saturation when the packets (or connections) waiting at the sources
// grew over each of the last 4 batches to more than one per node, while the words delivered since
// the warm-up stayed short of those offered (short_of_offered, the rule a finished point is
// judged by). Below saturation the queues hold a fraction of a packet per node, so chance alone (a
// small network's few packets per batch) does not meet all three. Such a point stops measuring at
// once, reports what was accepted so far and `saturated`, and skips the drain. A drain ends, the
// point saturated, once the queues meet the first two, or after another max_cycles. A point whose
// network deadlocks stops there, in whatever phase, and is deadlocked, not saturated. With a
// deadlock watch, a point judged saturated then runs on under the same traffic until its network
// deadlocks (and is judged deadlocked) or the watch ends (saturated, the cycles watched said).
class MeasuredLoadPoint {
 public:
  explicit MeasuredLoadPoint(const LoadPointOptions& options);
  virtual ~MeasuredLoadPoint() = default;
  MeasuredLoadPoint(const MeasuredLoadPoint&) = delete;
  MeasuredLoadPoint& operator=(const MeasuredLoadPoint&) = delete;

  // Runs at most `budget` cycles; true when the point is complete.
  bool advance(std::int64_t budget);
  bool done() const { return phase_ == Phase::kDone; }
  double progress() const;
  const LoadPointResult& result() const { return result_; }

 protected:
  bool measuring() const { return phase_ == Phase::kMeasure; }
  // A measured packet, as it is delivered: its latency, its network latency (from entering the
  // network) and the router-to-router channels it crossed.
  void record(double latency, double network_latency, int hops);
  // The same packet's class statistics (into `stats`, result_.classes or result_.sizes), and a
  // reply's round trip.
  void record_class(ClassStats& stats, double latency, double network_latency);
  void record_round_trip(double cycles);

  // One cycle: the sources offer their traffic and the network moves.
  virtual void cycle() = 0;
  virtual std::int64_t clock() const = 0;
  virtual int terminals() const = 0;
  // Packets or connections waiting at all sources.
  virtual std::int64_t source_backlog() const = 0;
  // Words delivered since measuring began, and the words created meanwhile that the network was
  // to deliver (those it drops on purpose left out).
  virtual std::uint64_t delivered_words() const = 0;
  virtual double words_to_deliver() const = 0;
  // Measuring starts: counters of the window begin here.
  virtual void start_window() = 0;
  // Measuring ends after `elapsed` cycles: the window's counters are read.
  virtual void close_window(std::int64_t elapsed) = 0;
  // The drain is over: accepted load and saturation from what the window saw.
  virtual void judge() = 0;
  // The network is deadlocked: the point stops at once (its knot filled in result_).
  virtual bool deadlocked() { return false; }

  LoadPointOptions opt_;
  LoadPointResult result_;
  std::int64_t measure_start_ = 0;
  std::int64_t measure_end_ = 0;
  // Measured packets not yet delivered.
  std::int64_t outstanding_ = 0;
  // A source queue was full, so offered traffic was refused.
  bool overflow_ = false;

 private:
  enum class Phase { kWarmup, kMeasure, kDrain, kWatch, kDone };
  static constexpr int kGrowingBatches = 4;
  void end_measurement(std::int64_t now, std::int64_t elapsed);
  // The source queues grew over each of the last kGrowingBatches batches to more than a packet
  // per node (called once a batch).
  bool backlog_growing();
  void finish();

  Phase phase_ = Phase::kWarmup;
  BatchMeans batches_{8};
  std::int64_t watch_start_ = 0;
  std::int64_t backlog_ = 0;  // waiting at the sources at the last batch's end
  int growing_ = 0;           // batches in a row over which that backlog grew
};

}  // namespace archex
