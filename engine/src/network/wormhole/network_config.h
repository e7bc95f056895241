#pragma once

// How a wormhole network is built (NetworkConfig, and when a head spends its allocation cycles)
// and what sizes its state (NetworkSize): read by Network's constructor (network_build.cpp) and
// by state_bytes_of (network.cpp); nothing here changes as the network runs.

#include <cstdint>
#include <memory>

#include "network/topologies/topology.h"
#include "network/wormhole/switch_allocator.h"

namespace archex {

// When a packet's head spends its pipeline's VC- and switch-allocation cycles (vc_alloc_cycles,
// switch_alloc_cycles) in each router. Overlapped: as it arrives, with its route computation, so
// it takes an output VC freed while it waited and the switch in the same cycle (an ideal router).
// The other two spend them once it has won its output VC, as a router's stages do: speculative,
// the two at once (the longer of the two), its first bid for the switch going after the flits
// already holding their VCs (with a matching allocator); not speculative, one after the other.
enum class HeadAllocation { kOverlapped, kSpeculative, kNonSpeculative };

// How an adaptive routing's head picks its output VC among the free ones it is offered
// (Network::route_adaptive): the most free slots downstream; as BookSim2's min_adapt runs; or
// as its fattree_anca does, two minimal ports drawn and the less loaded kept until it wins a VC.
enum class AdaptiveSelection { kMostFreeSlots, kBooksim, kTwoDrawn };

// What internal speedup repeats within a cycle (NetworkConfig::internal_speedup). Switch: the
// switch's allocation and crossing only; a head's route, VC and switch allocation still take
// whole cycles. Router: the router's whole step, as BookSim2 runs it, so each pipeline stage
// takes one step, a fraction of a cycle, while links and credits still take whole cycles.
enum class SpeedupScope { kSwitch, kRouter };

// How the heads of oblivious routes win their output VCs (Network::allocate_vcs). First free:
// each as its turn comes in the round robin's order takes the first free VC of its route's
// class. Separable input-first and iSLIP match every head ready in the cycle at once, with
// round-robin arbiters per input VC and per output VC, as BookSim2's VC allocators do.
enum class VcAllocatorKind { kFirstFree, kSeparableInputFirst, kIslip };

// A terminal's ejection: one queue, held by a packet until its tail is out; or a queue per
// virtual channel, as BookSim2's router has its ejection port's VCs, so the flits of up to a
// class's VCs of packets for one terminal take turns.
enum class Ejection { kOneQueue, kQueuePerVc };

// How a network is built. Flits are words: a channel rate of 0.5 means a word crosses a channel
// every second cycle. A packet of n words is n flits, after its header's (header_flits).
struct NetworkConfig {
  std::shared_ptr<const Topology> topology;
  // Virtual channels per physical channel, 1 to 16. A topology with virtual-channel classes (a
  // torus's dateline) needs at least one per class.
  int vcs = 1;
  // Flit buffer of each virtual channel at a router input.
  int buffer_flits = 8;
  // Cycles a flit spends in each router on top of the one cycle per link.
  int router_delay_cycles = 0;
  // Pipeline stages of an input-queued virtual-channel router, in cycles: a packet's head spends
  // route computation and VC allocation on top of switch allocation, which every flit spends.
  int route_cycles = 0;
  int vc_alloc_cycles = 0;
  int switch_alloc_cycles = 0;
  // Cycles a credit takes back upstream after the one it always takes.
  int credit_delay_cycles = 0;
  // An output virtual channel is given to a new packet only once the credit of the previous
  // packet's tail has come back (the tail has left the downstream buffer), not as the tail leaves.
  bool vc_free_on_tail_credit = false;
  // Words per cycle per channel direction.
  double channel_rate = 1.0;
  // Both directions of a link share one channel_rate (the J-Machine's bidirectional channels).
  bool half_duplex = false;
  // Words per cycle from the node into its router, and from the router into the receive queue.
  double inject_rate = 1.0;
  double eject_rate = 1.0;
  // Cycles a flit takes from its source into its router past the one it always takes (BookSim2's
  // injection channel and the cycle after a packet is created: 2).
  int injection_cycles = 0;
  // Words the receive queue holds; a full queue stops ejection, which backs up the network.
  int receive_queue_flits = 1024;
  // Credits (the sender counts free buffer slots) or on/off (the receiver says stop when fewer
  // than a margin of slots are free, seen one cycle late).
  bool credit_flow = true;
  // Packets waiting at a source before send() refuses more; the queue grows up to this on demand.
  int source_queue_packets = 4096;
  // A router's outputs serve waiting inputs in a fixed order (ports in the topology's order, the
  // node's own injection last) instead of round robin: through traffic can starve injection.
  bool fixed_priority = false;
  // How a router matches its inputs to its outputs each cycle (switch_allocator.h; greedy is the
  // loop above, the others match every input VC's request at once), and iSLIP's iterations.
  SwitchAllocatorKind allocator = SwitchAllocatorKind::kGreedy;
  int allocator_iterations = 1;
  // How heads win output VCs (VcAllocatorKind); iSLIP's runs allocator_iterations rounds.
  VcAllocatorKind vc_allocator = VcAllocatorKind::kFirstFree;
  Ejection ejection = Ejection::kOneQueue;
  // Internal speedup (1 to 4): a router allocates and crosses its switch this many times a cycle,
  // so an input port sends up to this many flits a cycle and an output takes as many, into an
  // output queue that its channel empties a flit a cycle (at its rate). A flit takes its credit
  // as it crosses the switch, so an output queue never holds more than the buffers beyond it.
  // Ejection stays one flit a cycle.
  double internal_speedup = 1;
  SpeedupScope speedup_scope = SpeedupScope::kSwitch;
  // When a packet's head spends its VC- and switch-allocation cycles (HeadAllocation).
  HeadAllocation head_allocation = HeadAllocation::kOverlapped;
  // Seeds the draws of an oblivious routing that draws (Valiant's intermediate node): packet k's
  // draw is a mix of it and k.
  std::uint64_t route_seed = 0;
  // UGAL keeps a packet on its minimal route unless that output's queue, weighted, exceeds the
  // other route's by more than this many flits (Topology::route_options).
  int ugal_threshold_flits = 0;
  AdaptiveSelection adaptive_selection = AdaptiveSelection::kMostFreeSlots;
  // Flits of routing header every packet carries ahead of its payload (a message's words): they
  // are injected, buffered and sent over links like any flit, and the destination's router
  // consumes them, so they never use the ejection rate nor the receive queue. 0 to 255.
  int header_flits = 0;
  // Message classes (virtual networks), 1 or 2: with 2, requests (class 0) take the lower half of
  // every channel's virtual channels and replies (class 1) the upper half, each half split in
  // the routing's classes as a whole network's are, and each terminal has a source queue per
  // class, replies injected first. A reply then never waits for a VC or a source queue a request
  // holds, so requests that cannot move until their replies are taken (a destination that
  // answers before it consumes) cannot deadlock with them: message-dependent deadlock.
  int message_classes = 1;
};

// What sizes a network's state, for Network::state_bytes_of: its routers of `ports` ports each,
// its terminals, and its channels from a router to a router (`links`, each direction counted) and
// those that lead nowhere (`dead_ends`, a mesh's edges).
struct NetworkSize {
  double routers = 0;
  int ports = 0;
  double terminals = 0;
  double links = 0;
  double dead_ends = 0;
};

}  // namespace archex
