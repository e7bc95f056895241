#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "core/param_spec.h"
#include "core/param_table.h"
#include "network/circuit/circuit.h"
#include "network/topologies/kncube/kncube.h"
#include "network/topologies/part.h"
#include "network/wormhole/network.h"

namespace archex {

enum class Switching { kWormhole, kCircuit };
enum class FlowControl { kCredit, kOnOff };
enum class LinkMode { kFullDuplex, kHalfDuplex };
enum class VcRelease { kOnTail, kOnTailCredit };

// Every parameter of a network: its shape, its switching and the router's options. Filled by
// network_table(), which holds the defaults; only the chosen shape's and switching's are used.
struct NetworkParams {
  // The shape: its place among topology_parts() (the `topology` choice's value).
  int topology = 0;
  // The shapes' own parameters as given, each shape's part reading its own (part.h read_part).
  ParamValues shape;
  Switching switching;
  BlockPolicy circuit_policy;
  int setup_cycles_per_hop;
  int release_cycles;
  int backoff_cycles;
  // The routing: its place among routing_parts() (the `routing` choice's value).
  int routing = 0;
  int ugal_threshold_flits = 0;
  AdaptiveSelection adaptive_selection;
  int vcs;
  int buffer_flits;
  int router_delay_cycles;
  int route_cycles;
  int vc_alloc_cycles;
  int switch_alloc_cycles;
  int credit_delay_cycles;
  VcRelease vc_release;
  // The router options a model's own table may leave out (cube_network_table): the engine's
  // defaults.
  SwitchAllocatorKind allocator = SwitchAllocatorKind::kGreedy;
  int allocator_iterations = 1;
  VcAllocatorKind vc_allocator = VcAllocatorKind::kFirstFree;
  Ejection ejection = Ejection::kOneQueue;
  double internal_speedup = 1;
  SpeedupScope speedup_scope = SpeedupScope::kSwitch;
  HeadAllocation head_allocation = HeadAllocation::kOverlapped;
  FlowControl flow_control;
  double channel_words_per_cycle;
  LinkMode link_mode;
  double inject_words_per_cycle;
  double eject_words_per_cycle;
  int receive_queue_words;
  int injection_cycles;
  double clock_mhz;
  int word_bits;
  // Words of routing header a packet carries ahead of its words: declared by a model whose wire
  // format has one (the J-Machine's), none otherwise.
  int header_words = 0;
};

// The network's parameters, declared once: the topology, each shape's own parameters as its part
// declares them (topology_parts()), read only on that shape (ParamSpec::when), switching
// (wormhole, circuit) with the circuit policy and costs, the virtual-channel router's options,
// rates and units. A model includes it and changes defaults with set_default.
ParamTable<NetworkParams> network_table();

// The topology the parameters describe; throws ParamError naming the size parameter out of range.
std::shared_ptr<const Topology> make_topology(const NetworkParams& p);

// The state of the chosen shape's wormhole network (its routers, buffers, channels, terminals and
// the shape's tables), counted as its part counts it (TopologyPart::state), without building it,
// so a network too big for the memory there is can be refused first; nullopt for the shapes
// their own parameters keep small, and for circuits.
std::optional<StateEstimate> network_state(const NetworkParams& p);

// A shape's wormhole network of `size` with these parameters' router (Network::state_bytes_of),
// as its part estimates it (TopologyPart::state): what it is, the parameter that sizes it, and
// what to change.
StateEstimate network_state_of(const NetworkParams& p, const NetworkSize& size, std::string what,
                               std::string param, std::string advice);

// The wormhole router engine's configuration on `topology`.
NetworkConfig network_config(const NetworkParams& p, std::shared_ptr<const Topology> topology);

// The circuit-switched network's configuration on `topology`.
CircuitConfig circuit_config(const NetworkParams& p, std::shared_ptr<const Topology> topology);

// The most load (flits per terminal per cycle) uniform traffic can offer before some channel is
// full: the channel-load bound of a k-ary n-cube (cube_channel_load_bound); for other shapes the
// channel rate over the most loaded channel's share of the offered load (1 on a fly or a crossbar,
// whose every channel carries one terminal's load), capped by the injection and ejection rates.
double capacity_bound(const Topology& topology, const NetworkConfig& config);

// Gbit/s carried by `words_per_cycle` at the parameters' clock and word width.
double gbit_per_s(const NetworkParams& p, double words_per_cycle);

// The k-ary n-cube part of network_table() that the J-Machine models take: topology (mesh or torus
// only), dims, vcs, buffer_flits, router_delay_cycles, flow_control, channel_words_per_cycle,
// link_mode, inject_words_per_cycle, eject_words_per_cycle, receive_queue_words, clock_mhz,
// word_bits.
ParamTable<NetworkParams> cube_network_table();

// Words per cycle the links across the cube's bisection carry at most, both directions together.
double bisection_capacity_words_per_cycle(const KNCube& cube, const NetworkConfig& config);

}  // namespace archex
