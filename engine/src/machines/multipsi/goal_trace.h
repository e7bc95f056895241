#pragma once

#include <cstdint>
#include <vector>

#include "core/trace.h"

namespace archex::fghc {

class Machine;
enum class MessageKind : std::uint8_t;
enum class Activity : std::uint8_t;

// The events of the Multi-PSI's goal reduction, in ms. A goal is its number (Goal::id, 1 for
// the program's first goal; 0 in a field means none); a node is a PE.
class GoalTrace {
 public:
  GoalTrace(TraceRecorder& recorder, const Machine& machine);

  // The machine takes up its next event, at `now`: the clock, and the snapshot at the window's
  // start.
  void at(double now);
  void reduced(double t, std::uint32_t goal, int pe, int pred);
  void spawned(double t, std::uint32_t goal, std::uint32_t parent, int pe);
  void thrown(double t, std::uint32_t goal, std::uint32_t parent, int pe, int to);
  void suspended(double t, std::uint32_t goal, int pe, int holder);
  void resumed(double t, std::uint32_t goal, int pe);
  // `message` numbers the message in the run: its send and its receipt carry the same.
  void sent(double t, int pe, int to, MessageKind kind, int words, std::uint32_t goal,
            std::uint32_t message);
  void received(double t, int pe, int from, MessageKind kind, std::uint32_t goal,
                std::uint32_t message);
  // The PE does `what` from `start` to `end` and is idle after it (unless more follows then).
  void busy(double start, double end, int pe, Activity what);
  // The PE's ready stack may have changed: recorded when it has.
  void depth(double t, int pe);

 private:
  void snapshot(double t);

  TraceRecorder& rec_;
  const Machine& m_;
  bool snapped_ = false;
  std::vector<std::int64_t> depth_;
  // Until the window opens, each PE's busy intervals that may still hold its start (a PE's
  // sends are booked after its reduction, ahead of the clock).
  struct Busy {
    double start;
    double end;
    std::uint32_t state;
  };
  std::vector<std::vector<Busy>> busy_;
  int k_reduced_, k_spawned_, k_thrown_, k_suspended_, k_resumed_, k_sent_, k_received_,
      k_depth_, k_ready_, k_state_, k_state_start_;
};

}  // namespace archex::fghc
