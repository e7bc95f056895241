#pragma once

#include <cstdint>

#include "core/trace.h"

namespace archex::jmachine {

class Machine;

// Why a thread started on a node's processor.
enum class ThreadCause : std::uint8_t {
  kMessage,     // a message's handler, dispatched from a receive queue
  kRestart,     // a suspended thread restarted
  kBackground,  // background work (a program's first thread on the node)
  kResume,      // a priority-0 thread preempted by priority 1 goes on
};

// The events of the Message-Driven Processors, in cycles (a processor's work ends at fractional
// cycles: its instructions take cycles-per-instruction each). A message is the packet number the
// network's trace gives it; a node is an MDP.
class MdpTrace {
 public:
  MdpTrace(TraceRecorder& recorder, const Machine& machine);

  // The machine has reached cycle `now` (events may still come up to a cycle before it), and the
  // snapshot at the window's start.
  void at(std::int64_t now);
  void started(double t, int node, int priority, ThreadCause cause);
  void dispatched(double t, int node, int priority, int handler);
  void suspended(double t, int node, int priority);
  void ended(double t, int node, int priority);
  void sent(double t, int node, int to, int handler, int words, int id);
  void received(double t, int node, int from, int handler, int priority, int id);
  void send_fault(double t, int node);
  void overflow(double t, int node, int priority, int words);

 private:
  std::uint32_t packet(int id) const;

  TraceRecorder& rec_;
  const Machine& m_;
  bool snapped_ = false;
  int k_running_, k_started_, k_dispatched_, k_suspended_, k_ended_, k_sent_, k_received_, k_fault_,
      k_overflow_;
};

}  // namespace archex::jmachine
