#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/trace.h"
#include "machines/transputer/events.h"

namespace archex::transputer {

// What one farm run did, collected as it runs: its software is booked ahead of its clock, so the
// events are recorded (FarmTrace::record) in time order once the run is over.
struct FarmEvents {
  struct Span {
    int node;
    Time start;
    Time end;
  };
  struct Message {
    int from;
    int to;
    int bytes;
    bool result;
    Time sent;
    Time delivered;
  };
  // High-priority communication software (p4, the VCR) on a transputer.
  std::vector<Span> software;
  // A worker computing a row, to its end as the software pushed it back.
  std::vector<Span> computing;
  std::vector<Message> messages;
  Time end = 0;
};

// The trace of the Mandelbrot farm on both machines, in ms: for each machine (its kinds prefixed
// "t805_" and "t9000_") a row per transputer (computing, communicating or idle) and each p4
// message (a row to compute, a result) from its send to its delivery. Both runs start at 0.
class FarmTrace {
 public:
  // `nodes`: the master and the workers of the runs traced.
  FarmTrace(TraceRecorder& recorder, int nodes);
  // Takes machine `m`'s run (0: the T805, 1: the T9000); once both are in, records them.
  void record(int m, const FarmEvents& run);

 private:
  // An event to record at `ms` (the snapshot: before all).
  struct Pending {
    double ms;
    std::function<void(double ms)> record;
  };

  TraceRecorder& rec_;
  int nodes_;
  int state_[2], state_at_start_[2], sent_[2], received_[2];
  int machines_ = 0;
  std::vector<Pending> pending_;
};

}  // namespace archex::transputer
