#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/model.h"
#include "core/outputs.h"
#include "core/param_table.h"
#include "core/result.h"
#include "core/signatures.h"

namespace archex {

// The LogP / LogGP microbenchmark (Culler et al., PPoPP 1993; Alexandrov et al., SPAA 1995) as
// every machine's own model runs it: a ping-pong over message sizes (one-way = round trip / 2)
// and a burst of back-to-back sends per size (the gap), with the processors' busy time the
// machine simulates (the overheads). Times in microseconds.

// What one simulated run measured.
struct LogpMeasure {
  // Ping-pong: the round trip, from the first send's start to the reply in the process's hands.
  double round_trip_us = 0;
  // Burst: when each message was in the receiving process's hands, in order.
  std::vector<double> delivered_us;
  // Burst: the sender's and the receiver's processor busy time over all its messages.
  double send_busy_us = 0;
  double recv_busy_us = 0;
};

// One run on a machine's model, advanced one unit (an event or a cycle) at a time.
class LogpRun {
 public:
  virtual ~LogpRun() = default;
  // One unit; true once the run is over.
  virtual bool step() = 0;
  virtual LogpMeasure measure() const = 0;
};

// A machine (and message layer) the benchmark runs on: its runs and its processor's clock.
struct LogpTarget {
  std::string key;
  std::string label;
  double clock_mhz = 1;
  std::function<std::unique_ptr<LogpRun>(int bytes)> ping;
  std::function<std::unique_ptr<LogpRun>(int bytes, int count)> burst;
};

// One size's samples.
struct LogpSample {
  double bytes = 0;
  double one_way_us = 0;
  double gap_us = 0;
  double send_busy_us = 0;  // per message
  double recv_busy_us = 0;
};

// LogGP parameters: sending k bytes costs o_send, the network L + (k - 1) G, the receiver o_recv;
// consecutive k-byte messages leave at least g + (k - 1) G apart.
struct LogpFit {
  double o_send = 0;
  double o_recv = 0;
  double latency = 0;
  double gap = 0;
  double gap_per_byte = 0;
  // What o_send + o_recv exceed the one-way time by, where they do (else 0): the overheads
  // overlap the transfer (a receiver handling a header while the data is on its way), which
  // LogP's o + L + o in series cannot say. L is then 0, not a negative latency.
  double overlap = 0;
  // A one-byte message one way, as measured: o_send + L + o_recv - overlap.
  double one_byte() const { return o_send + (latency - overlap) + o_recv; }
};

// The fit over the samples of several sizes: G is the least-squares slope of the burst's gap
// against size; o_send and o_recv the busy time per message at the smallest size; g that size's
// gap, both less its bytes past the first at G. L is that size's one-way time less the
// overheads and the same bytes, constrained to L >= 0 (a latency): a negative remainder is the
// overlap, and L is 0.
LogpFit fit_logp(const std::vector<LogpSample>& samples);

// A size's sample from its ping-pong and burst.
LogpSample logp_sample(double bytes, const LogpMeasure& ping, const LogpMeasure& burst);

// The benchmark's own inputs, declared once for every machine's model.
struct LogpBench {
  std::vector<int> sizes;
  int burst;
};
ParamTable<LogpBench> logp_bench_table(std::vector<double> sizes);

// Runs ping and burst at every size on every target, one step per unit; its result holds per
// target the one-way series `one_way_us_<key>` (and `one_way_cycles_<key>`) and the fitted
// scalars `<key>_<param>_us` and `<key>_<param>_cycles` (o_send, o_recv, L, g, G, overlap).
std::unique_ptr<Model> logp_model(std::vector<LogpTarget> targets, LogpBench bench);

// The outputs a LogP model declares, and which of them are what (ModelEntry::logp).
std::vector<OutputSpec> logp_outputs();
LogpSignature logp_signature();

}  // namespace archex
