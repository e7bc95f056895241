#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

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

// What a node runs, as its timeline row shows it: the highest thread on it (a preempted
// priority-0 thread still counts as on it), or a refused send it waits on, or nothing.
enum class NodeState : std::uint8_t { kIdle, kPriority0, kPriority1, kBackground, kSendRefused };

// The events of the Message-Driven Processors, in cycles (a processor's work ends at fractional
// cycles: its instructions take cycles-per-instruction each). A message is the packet number the
// network's trace gives it; a node is an MDP. Each node's state (node_state) follows from the
// threads it starts and ends and the sends refused, as the machine reports them in time order.
class MdpTrace {
 public:
  // `handlers`: the workload's handlers' names by number, the handler fields' labels.
  MdpTrace(TraceRecorder& recorder, const Machine& machine, std::vector<std::string> handlers);

  // The machine has reached cycle `now` (events may still come up to a cycle before it), and the
  // snapshot at the window's start.
  void at(std::int64_t now);
  // A thread starts; a message's thread runs `handler` (dispatch, then the handler).
  void started(double t, int node, int priority, ThreadCause cause, int handler = -1);
  void suspended(double t, int node, int priority);
  void ended(double t, int node, int priority);
  void sent(double t, int node, int to, int handler, int words, int id);
  void received(double t, int node, int from, int handler, int priority, int id);
  void send_fault(double t, int node);
  void overflow(double t, int node, int priority, int words);

 private:
  // A node's threads as its row shows them; `shown` is its last recorded state and handler.
  struct View {
    bool active[2] = {false, false};
    int handler[2] = {-1, -1};
    double started[2] = {-1, -1};
    bool background = false;
    bool refused = false;
    NodeState shown = NodeState::kIdle;
    int shown_handler = -1;
  };

  std::uint32_t packet(int id) const;
  // The priority of the highest thread on the node, -1 for none.
  static int top(const View& v) { return v.active[1] ? 1 : v.active[0] ? 0 : -1; }
  // The state and handler the node's view says now.
  static std::pair<NodeState, int> state(const View& v);
  // Records the node's state at `t` if it changed or a new thread of its top priority starts.
  void show(double t, int node);

  TraceRecorder& rec_;
  const Machine& m_;
  // A node_state's handler where its thread runs none: the label after the handlers'.
  std::uint32_t no_handler_;
  bool snapped_ = false;
  std::vector<View> views_;
  int k_running_, k_started_, k_dispatched_, k_suspended_, k_ended_, k_sent_, k_received_, k_fault_,
      k_overflow_, k_state_start_, k_state_;
};

}  // namespace archex::jmachine
