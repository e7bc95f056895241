#pragma once

#include <cstdint>
#include <vector>

#include "core/trace.h"

namespace archex::paragon {

class Machine;

// What a node's compute processor does.
enum class CpState : std::uint8_t {
  kCompute,      // local work
  kPost,         // posting receives
  kWaitReceive,  // waiting for messages to arrive
  kWaitSend,     // waiting for its messages to leave
  kBarrier,      // in a barrier: waiting for the others, then the barrier's own time
  kIdle,         // between two steps (less than a network cycle)
  kDone,         // its program has ended
};

// What a node's message processor (NX) does.
enum class MpState : std::uint8_t {
  kSendMessage,    // a message's send overhead
  kSendPacket,     // a packet's overhead and its bytes into the network
  kReceivePacket,  // a packet's overhead and its bytes out of the network (the last one with the
                   // message's receive overhead)
  kIdle,
};

// The events of the Paragon's nodes under NX, in microseconds: each processor's state changes
// (a state lasts until the node's next change of that processor) and each message sent and
// received. The states a run starts with (compute processors idle, message processors idle) are
// the window's snapshot when it starts later. Costs O(nodes) memory while recording, nothing
// without it.
class NxTrace {
 public:
  NxTrace(TraceRecorder& recorder, const Machine& machine);

  // The machine has reached `t` (in its network cycles); records the snapshot once the window
  // has begun.
  void at(double t);
  // The compute processor starts `next` at `now` (network cycles). Its last state, if timed
  // (compute, post, a released barrier), ended at `free`: an idle gap before `now` is recorded,
  // and a program that ended with a timed state is done from `free`. A state already on goes on.
  void cp_next(double free, double now, int node, CpState next, bool timed);
  // The message processor starts `next` at `now`; its last state ended at `free` (idle from then,
  // if that is before now). Each packet is a state of its own.
  void mp_next(double free, double now, int node, MpState next);
  // The barrier is released: every node is in it for a known time from now on.
  void barrier_released();
  void sent(double t, int node, int to, int bytes, int message);
  void received(double t, int node, int from, int message);

 private:
  double us(double cycles) const { return cycles * cycle_us_; }

  void record_cp(double t, int node, CpState state);
  void record_mp(double t, int node, MpState state);

  TraceRecorder& rec_;
  double cycle_us_;
  std::vector<CpState> cp_;
  std::vector<MpState> mp_;
  std::vector<bool> cp_timed_;
  bool snapped_ = false;
  int k_cp_start_, k_mp_start_, k_cp_, k_mp_, k_sent_, k_received_;
};

}  // namespace archex::paragon
