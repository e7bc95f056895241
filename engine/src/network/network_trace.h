#pragma once

#include <cstdint>
#include <vector>

#include "core/trace.h"

namespace archex {

class Network;
class CircuitNetwork;
struct Deadlock;

// Why a flit at the front of an input virtual channel did not move in a cycle.
enum class BlockReason : std::uint8_t {
  kNoVc,          // the head found every output virtual channel of its route held
  kNoCredit,      // the output virtual channel has no credit (the buffer downstream is full)
  kStop,          // on/off flow control: the receiver said stop
  kSwitchLost,    // another input took the output this cycle
  kInputBusy,     // another virtual channel of the same input sent this cycle
  kChannelRate,   // the channel (or its half-duplex link) has no word of rate left this cycle
  kQueueFull,     // the destination's receive queue is full
};

// The events of a wormhole Network, recorded into a TraceRecorder. Ids: a packet by a number
// given at its creation (the network reuses its own ids); a channel, and an input (the router
// input port where a buffer sits), in the Network's channel numbering, router by router, port by
// port; the buffer at the far end of channel c is that of input downstream(c). Buffer occupancy
// follows from the flits' moves and the window start's snapshot; a credit comes back per flit
// that left a buffer fed by a router.
class NetworkTrace {
 public:
  // `max_packet_flits` bounds the packets the network will carry (it sets the flit field's
  // width); a longer one is refused with std::logic_error.
  NetworkTrace(TraceRecorder& recorder, const Network& net, int max_packet_flits);

  // A step begins: the clock, and the snapshot at the window's start.
  void begin_cycle();
  void created(int id);
  void injected(int id, int flit, int input, int vc);
  // The flit at the front of input VC `in` crossed `channel` into its far end's VC `vc`, or
  // into `terminal`'s receive queue.
  void moved(int in, std::uint32_t word, int channel, int vc);
  void ejected(int in, std::uint32_t word, int channel, int terminal);
  void blocked(int in, BlockReason why);
  // Another virtual channel of input port slot / vcs of `router` sent this cycle: the front flit
  // of `slot`, if ready, was blocked by it.
  void input_busy(int router, int slot);
  // A credit for VC `vc` of input `input` reached the router feeding it.
  void credit(int input, int vc);
  // On/off flow control: before the receivers' free slots are read for the next cycle.
  void flow_signals();
  // The network found itself deadlocked: one event per channel of the knot, in its order.
  void deadlocked(const Deadlock& deadlock);

  // The trace's number for the network's packet `id`.
  std::uint32_t packet(int id) const { return serial_[static_cast<std::size_t>(id)]; }
  // The flit's index in its packet as it leaves input VC `in` (its moves keep count).
  int leaving_index(int in, std::uint32_t word);

 private:
  void snapshot();
  double now() const;

  TraceRecorder& rec_;
  const Network& net_;
  int max_flits_;
  bool snapped_ = false;
  // Per network packet id, its trace number; per input VC the index of the next flit to leave
  // and why its front flit was last blocked (0: not blocked since it came to the front).
  std::vector<std::uint32_t> serial_;
  std::uint32_t next_serial_ = 0;
  struct Front {
    std::uint16_t leaving = 0;
    std::uint8_t block = 0;
  };
  std::vector<Front> front_;
  // Per input, the channel feeding it (-1: a terminal injects into it).
  std::vector<std::int32_t> feeder_;
  int k_created_, k_live_, k_injected_, k_flit_injected_, k_moved_, k_ejected_, k_delivered_,
      k_blocked_, k_buffered_, k_credit_, k_credits_, k_flow_, k_deadlock_;
};

// The events of a CircuitNetwork. A connection is its id (they are never reused); channels in
// the CircuitNetwork's numbering, which is the Network's.
class CircuitTrace {
 public:
  CircuitTrace(TraceRecorder& recorder, const CircuitNetwork& net, int max_words);

  void begin_cycle();
  // An arbitration round of the step begins.
  void next_round() { ++round_; }
  void created(int id);
  void started(int id);
  void request(int id, int channel);
  void hold(int id, int channel);
  void blocked(int id, int channel);
  void connected(int id);
  void release(int id, int channel);
  void retry(int id);
  void dropped(int id);
  void delivered(int id);

 private:
  void snapshot();

  TraceRecorder& rec_;
  const CircuitNetwork& net_;
  int max_words_;
  bool snapped_ = false;
  // 0 while streams end and sources start, then each arbitration round of the step.
  std::uint32_t round_ = 0;
  int k_created_, k_live_, k_started_, k_request_, k_hold_, k_holding_, k_blocked_, k_connected_,
      k_release_, k_retry_, k_dropped_, k_delivered_;
};

}  // namespace archex
