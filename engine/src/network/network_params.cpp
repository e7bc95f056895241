#include "network/network_params.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include "network/traffic/analytic.h"
#include "network/topologies/crossbar.h"
#include "network/topologies/describe.h"
#include "network/topologies/router_network.h"

namespace archex {

namespace {

ParamSpec cycles_spec(const char* name, const char* label, double value, double max,
                      const char* description) {
  return number_param(name, label)
             .unit("cycles").value(value).range(0, max).whole()
             .about(description);
}

}  // namespace

ParamTable<NetworkParams> network_table() {
  // No size is too big but for the memory a run may take (network_state).
  static const std::string dims_about =
      "Nodes along each dimension, 1 to " + std::to_string(kMostCubeDimensions) +
      " dimensions, typed 8x8x8 or 8, 8, 8; a binary hypercube is a mesh of 2 in each "
      "(2x2x2x2x2x2 a 6-cube).";
  ParamSpec dims = number_param("dims", "Radix per dimension")
                       .unit("nodes").value(8).range(2, 65536).whole()
                       .about(dims_about.c_str());
  dims.max_items = kMostCubeDimensions;
  dims.default_list = {8, 8};
  ParamTable<NetworkParams> t;
  t.add(&NetworkParams::topology,
        choice_param("topology", "Topology")
            .choices(topology_names())
            .value(0)
            .about("Mesh or torus (a k-ary n-cube of dims, routed in dimension order; a torus "
                   "needs 2 or more virtual channels unless its dateline is off), a k-ary n-fly "
                   "(fly_radix, fly_stages, fly_wiring; destination-tag routing), one crossbar "
                   "(crossbar_ports), a network of C104 routers (router_network; interval "
                   "labelling), a dragonfly (dragonfly_terminals, dragonfly_routers, "
                   "dragonfly_globals: groups of routers all joined, every two groups joined by "
                   "one global channel), a fat tree (fattree_arity, fattree_levels: a k-ary "
                   "n-tree, routed up to a nearest common ancestor and down), or a flattened "
                   "butterfly (flatfly_arity, flatfly_dimensions, flatfly_terminals: routers on a "
                   "k-ary n-cube's grid, each joined to every other of its row in every "
                   "dimension)."))
      .add(&NetworkParams::dims, dims)
      .add(&NetworkParams::concentration,
           number_param("concentration", "Terminals per router (c)")
               .unit("terminals").value(1).range(1, KNCube::kMostConcentration).whole()
               .about("Terminals sharing each router of a mesh or torus, each on a port of its "
                      "own: c*k^n terminals. Traffic patterns that move coordinates (transpose, "
                      "bit complement, tornado, neighbour) move a terminal's router and keep its "
                      "place on it. BookSim2's cmesh takes c = 4."))
      .add(&NetworkParams::fly_radix,
           number_param("fly_radix", "Switch radix (k)")
               .unit("ports").value(4).range(2, 16).whole()
               .about("A fly's switches are k x k; it has k^n terminals (at most 65,536)."))
      .add(&NetworkParams::fly_stages,
           number_param("fly_stages", "Stages (n)")
               .unit("stages").value(3).range(1, 12).whole()
               .about("Stages of k^(n-1) switches between a fly's inputs and outputs."))
      .add(&NetworkParams::fly_wiring,
           choice_param("fly_wiring", "Fly wiring")
               .choices({"omega", "butterfly"})
               .value(0)
               .about("Omega: the perfect shuffle before every stage. Butterfly: lines in order, "
                      "then digit exchanges between stages."))
      .add(&NetworkParams::crossbar_ports,
           number_param("crossbar_ports", "Crossbar ports (N)")
               .unit("ports").value(16).range(2, 64).whole()
               .about("Terminals of the one N x N crossbar; each has one input and one output."))
      .add(&NetworkParams::router_network,
           choice_param("router_network", "Router network")
               .choices({"direct link", "loop", "2-stage Clos"})
               .value(1)
               .about("T9000 systems: two transputers linked directly, two through one 32-port "
                      "C104, or a 2-stage Clos of C104s (clos_leaves x clos_per_leaf "
                      "transputers)."))
      .add(&NetworkParams::clos_leaves,
           number_param("clos_leaves", "Clos leaf routers")
               .unit("routers").value(4).range(2, 32).whole()
               .about("Leaf C104s of the 2-stage Clos network."))
      .add(&NetworkParams::clos_per_leaf,
           number_param("clos_per_leaf", "Transputers per leaf")
               .unit("terminals").value(4).range(1, 31).whole()
               .about("Transputers on each leaf router; with the spine links at most 32 ports."))
      .add(&NetworkParams::clos_spines,
           number_param("clos_spines", "Clos spine routers")
               .unit("routers").value(2).range(1, 31).whole()
               .about("Spine C104s; each leaf has one link to each."))
      .add(&NetworkParams::header_delay_cycles,
           cycles_spec("header_delay_cycles", "C104 header lookup", 0, 1000,
                       "Cycles a C104 spends on a packet's header (its interval lookup)."))
      .add(&NetworkParams::dragonfly_terminals,
           number_param("dragonfly_terminals", "Terminals per router (p)")
               .unit("terminals").value(2).range(1, 16).whole()
               .about("A dragonfly router's terminals (its concentration)."))
      .add(&NetworkParams::dragonfly_routers,
           number_param("dragonfly_routers", "Routers per group (a)")
               .unit("routers").value(4).range(2, 32).whole()
               .about("Routers of a dragonfly group, each joined to every other by a local "
                      "channel. A balanced dragonfly has a = 2p = 2h."))
      .add(&NetworkParams::dragonfly_globals,
           number_param("dragonfly_globals", "Global channels per router (h)")
               .unit("channels").value(2).range(1, 16).whole()
               .about("Global channels of each router; the dragonfly has a*h + 1 groups, every "
                      "two joined by one global channel, and p*a*(a*h + 1) terminals."))
      .add(&NetworkParams::local_link_cycles,
           number_param("local_link_cycles", "Local channel latency")
               .unit("cycles").value(1).range(1, 1000).whole()
               .about("Cycles a flit, and a credit back, takes over a dragonfly's local channel "
                      "(BookSim2's dragonfly: 10)."))
      .add(&NetworkParams::global_link_cycles,
           number_param("global_link_cycles", "Global channel latency")
               .unit("cycles").value(1).range(1, 1000).whole()
               .about("Cycles a flit, and a credit back, takes over a dragonfly's global channel, "
                      "a long cable (BookSim2's dragonfly: 100)."))
      .add(&NetworkParams::fattree_arity,
           number_param("fattree_arity", "Switch arity (k)")
               .unit("ports").value(4).range(2, 16).whole()
               .about("A fat tree switch's down ports, and as many up (a top switch has none "
                      "up); the bottom switches hold k terminals each."))
      .add(&NetworkParams::fattree_levels,
           number_param("fattree_levels", "Levels (n)")
               .unit("levels").value(3).range(1, 11).whole()
               .about("Levels of k^(n-1) switches; the fat tree has k^n terminals (at most "
                      "2,048)."))
      .add(&NetworkParams::flatfly_arity,
           number_param("flatfly_arity", "Routers per row (k)")
               .unit("routers").value(4).range(2, 32).whole()
               .about("Routers along each dimension of a flattened butterfly, each joined "
                      "directly to the k - 1 others of its row (BookSim2's k)."))
      .add(&NetworkParams::flatfly_dimensions,
           number_param("flatfly_dimensions", "Dimensions (n)")
               .unit("dimensions").value(2).range(1, FlattenedButterfly::kMostDimensions).whole()
               .about("Dimensions of a flattened butterfly: k^n routers, c*k^n terminals (at most "
                      "2,048), and a route crosses one channel per dimension where its ends "
                      "differ (BookSim2's n)."))
      .add(&NetworkParams::flatfly_terminals,
           number_param("flatfly_terminals", "Terminals per router (c)")
               .unit("terminals").value(4).range(1, 32).whole()
               .about("A flattened butterfly router's terminals, its concentration; a router has "
                      "c + n*(k - 1) ports, at most 64 (BookSim2's c)."))
      .add(&NetworkParams::switching,
           choice_param("switching", "Switching")
               .choices({"wormhole", "circuit"})
               .value(0)
               .about("Wormhole packets through virtual-channel routers, or circuits: a request "
                      "reserves one output per switch, then the words stream and the path is "
                      "released."))
      .add(&NetworkParams::circuit_policy,
           choice_param("circuit_policy", "Blocked request")
               .choices({"hold", "release", "drop"})
               .value(0)
               .about("What a circuit request does at a held output: wait keeping its path, "
                      "release it and retry after the back-off, or give up (dropped)."))
      .add(&NetworkParams::setup_cycles_per_hop,
           cycles_spec("setup_cycles_per_hop", "Set-up per switch", 1, 1000,
                       "Cycles a circuit request takes to cross a switch and reserve its output."))
      .add(&NetworkParams::release_cycles,
           cycles_spec("release_cycles", "Tear-down", 0, 1000,
                       "Cycles a circuit's outputs stay held after its last word or a release."))
      .add(&NetworkParams::backoff_cycles,
           cycles_spec("backoff_cycles", "Back-off", 8, 100000,
                       "Cycles a released request waits before retrying (policy 'release')."))
      .add(&NetworkParams::routing,
           choice_param("routing", "Routing")
               .choices(routing_names())
               .value(0)
               .about("How a mesh or torus routes (wormhole switching). Oblivious: dimension "
                      "order; random tie-break (a torus's half-way ties go either way at random); "
                      "Valiant (to a random node, then on: 2 VC classes); ROMM (the random node "
                      "inside the minimal box: 2 classes); O1TURN (x or y first at random: 2 "
                      "classes). Adaptive: minimal adaptive (any minimal port on adaptive VCs, "
                      "dimension order on the escape VCs: 2 or more VCs, 3 on a torus); the turn "
                      "models west-first and north-last (2-D mesh) and negative-first (mesh). A "
                      "torus's dateline doubles the classes of the oblivious routings. A dragonfly "
                      "takes dimension order (its minimal route: local, global, local; 2 VCs), "
                      "Valiant (through a random group; 3 VCs) and UGAL (minimal or Valiant, "
                      "chosen at the source by the queues: 3 VCs). A fat tree climbs to a "
                      "nearest common ancestor by its up ports: dimension order takes the "
                      "destination's digit (d-mod-k), random tie-break draws them, minimal "
                      "adaptive takes the freest (1 VC each). A flattened butterfly takes "
                      "dimension order (one hop per dimension where the ends differ; 1 VC), "
                      "Valiant (through a random router; 2 VCs) and UGAL (2 VCs)."))
      .add(&NetworkParams::ugal_threshold_flits,
           number_param("ugal_threshold_flits", "UGAL threshold")
               .unit("flits").value(0).range(0, 10000).whole()
               .about("UGAL sends a packet Valiant's way only when the flits queued at its "
                      "minimal output exceed those at Valiant's by more than this, each weighted "
                      "by its route's hops (a dragonfly's global ones: 1 and 2). BookSim2 fixes "
                      "30 on a dragonfly, for its 256-flit buffers, and 2 on a flattened "
                      "butterfly."))
      .add(&NetworkParams::valiant_groups,
           choice_param("valiant_groups", "Valiant's groups")
               .choices({"other groups", "any group", "any router, BookSim2's"})
               .value(0)
               .about("Where a dragonfly's Valiant and UGAL routes draw their intermediate group: "
                      "one of the groups other than the source's and the destination's (Kim et "
                      "al.), or any group alike, an end giving the minimal route without a "
                      "comparison; or any router alike, the route going on to it before it turns "
                      "(BookSim2's dragonflynew, which draws a random terminal and goes to its "
                      "router; with 3 VCs its classes can close a cycle of dependences)."))
      .add(&NetworkParams::dragonfly_vc_classes,
           choice_param("dragonfly_vc_classes", "Dragonfly's VC classes")
               .choices({"global channels crossed", "phases, BookSim2's"})
               .value(0)
               .about("How a dragonfly's packets take their virtual-channel classes: by the "
                      "global channels crossed before the hop, or by BookSim2's phases, where a "
                      "global channel already takes the class after it (minimal: 0 up to it, 1 "
                      "from it; Valiant and UGAL: 0 up to the intermediate group, 1 in it, 2 "
                      "from the second global channel; their minimal route 1, then 2), so the "
                      "packets of a global channel share its one VC of their class."))
      .add(&NetworkParams::vcs,
           number_param("vcs", "Virtual channels")
               .unit("per channel").value(1).range(1, 16).whole()
               .about("Virtual channels per physical channel; a torus with a dateline splits them "
                      "into two classes, and a routing may need more (routing)."))
      .add(&NetworkParams::dateline,
           choice_param("dateline", "Torus dateline")
               .choices({"on", "off"})
               .value(0)
               .about("On: a torus's virtual channels form two classes, a packet taking the upper "
                      "one once it crosses a wrap-around link, which keeps it deadlock-free. Off: "
                      "one class (1 virtual channel allowed); the channels around a ring can wait "
                      "on each other in a cycle and deadlock."))
      .add(&NetworkParams::buffer_flits,
           number_param("buffer_flits", "Buffer per virtual channel")
               .unit("flits").value(8).range(1, 256).whole()
               .about("Flit buffer of each virtual channel at a router input."))
      .add(&NetworkParams::router_delay_cycles,
           cycles_spec("router_delay_cycles", "Router delay", 0, 16,
                       "Cycles a flit spends in each router, on top of one cycle per link."))
      .add(&NetworkParams::route_cycles,
           cycles_spec("route_cycles", "Route computation", 0, 64,
                       "Pipeline cycles a packet's head spends computing its route."))
      .add(&NetworkParams::vc_alloc_cycles,
           cycles_spec("vc_alloc_cycles", "VC allocation", 0, 64,
                       "Pipeline cycles a packet's head spends winning an output virtual channel."))
      .add(&NetworkParams::switch_alloc_cycles,
           cycles_spec("switch_alloc_cycles", "Switch allocation", 0, 64,
                       "Pipeline cycles every flit spends winning the switch."))
      .add(&NetworkParams::credit_delay_cycles,
           cycles_spec("credit_delay_cycles", "Credit delay", 0, 64,
                       "Cycles a credit takes upstream on top of the one it always takes."))
      .add(&NetworkParams::vc_release,
           choice_param("vc_release", "Output VC freed")
               .choices({"at the tail", "on the tail's credit"})
               .value(0)
               .about("An output virtual channel goes to the next packet as the tail leaves, or "
                      "only once the tail's credit has come back (always so under minimal "
                      "adaptive routing, whose escape channels need a VC to hold one packet at a "
                      "time)."))
      .add(&NetworkParams::allocator,
           choice_param("allocator", "Switch allocator")
               .choices(switch_allocator_names())
               .value(0)
               .about("How a router matches its inputs to its outputs each cycle. Greedy: input "
                      "virtual channels take the switch one by one from a start that turns each "
                      "cycle. Separable input-first or output-first: a round-robin arbiter per "
                      "input and per output, one stage after the other. iSLIP: output-first, "
                      "iterated (allocator_iterations). Wavefront: the request matrix's "
                      "diagonals, from one that turns each cycle."))
      .add(&NetworkParams::allocator_iterations,
           number_param("allocator_iterations", "iSLIP iterations")
               .value(1).range(1, 4).whole()
               .about("Rounds of iSLIP's grant and accept each cycle; later rounds match inputs "
                      "and outputs the first left free."))
      .add(&NetworkParams::internal_speedup,
           number_param("internal_speedup", "Internal speedup")
               .value(1).range(1, 4).whole()
               .about("Passes of a router's allocators and switch each cycle: an input sends "
                      "and an output takes up to this many flits a cycle, the output's queue "
                      "sending them on a flit a cycle (ejection stays one flit a cycle)."))
      .add(&NetworkParams::head_allocation,
           choice_param("head_allocation", "Head's allocation")
               .choices({"overlapped", "speculative", "not speculative"})
               .value(0)
               .about("When a packet's head spends its VC- and switch-allocation cycles in each "
                      "router. Overlapped: as it arrives, so it takes an output VC freed while it "
                      "waited, and the switch, in the same cycle (an ideal router). Speculative: "
                      "once it has won its output VC, both at once (the longer of the two), its "
                      "first bid for the switch behind the flits already holding their VCs. Not "
                      "speculative: once it has won its VC, one after the other (BookSim2's "
                      "default)."))
      .add(&NetworkParams::flow_control,
           choice_param("flow_control", "Back-pressure")
               .choices({"credit", "on/off"})
               .value(0)
               .about("Credits (the sender counts free slots) or on/off (the receiver signals "
                      "stop)."))
      .add(&NetworkParams::channel_words_per_cycle,
           number_param("channel_words_per_cycle", "Channel bandwidth")
               .unit("words/cycle").value(1).range(0.05, 1).step(0.05)
               .about("Words per cycle a channel carries (0.5: a word every second cycle)."))
      .add(&NetworkParams::link_mode,
           choice_param("link_mode", "Links")
               .choices({"full duplex", "half duplex"})
               .value(0)
               .about("Full duplex: each direction has the channel bandwidth. Half duplex: both "
                      "directions share it."))
      .add(&NetworkParams::inject_words_per_cycle,
           number_param("inject_words_per_cycle", "Injection rate")
               .unit("words/cycle").value(1).range(0.05, 4).step(0.05)
               .about("Words per cycle a node puts into its router."))
      .add(&NetworkParams::eject_words_per_cycle,
           number_param("eject_words_per_cycle", "Ejection rate")
               .unit("words/cycle").value(1).range(0.05, 4).step(0.05)
               .about("Words per cycle the router delivers into the receive queue."))
      .add(&NetworkParams::injection_cycles,
           cycles_spec("injection_cycles", "Injection delay", 0, 64,
                       "Cycles a flit takes from its source into its router, on top of the one it "
                       "always takes (BookSim2: 2, its injection channel and the cycle after a "
                       "packet is created)."))
      .add(&NetworkParams::receive_queue_words,
           number_param("receive_queue_words", "Receive queue")
               .unit("words").value(1024).range(1, 8192).whole()
               .about("Words the receive queue holds; when full, the network backs up."))
      .add(&NetworkParams::clock_mhz,
           number_param("clock_mhz", "Clock")
               .unit("MHz").value(100).range(1, 10000).step(0.1)
               .about("Cycles per microsecond, to turn words per cycle into bits per second."))
      .add(&NetworkParams::word_bits,
           number_param("word_bits", "Word width")
               .unit("bits").value(32).range(1, 256).whole()
               .about("Bits per word (a flit is a word)."));
  return t;
}

std::shared_ptr<const Topology> make_topology(const NetworkParams& p) {
  const bool cube = p.topology == TopologyKind::kMesh || p.topology == TopologyKind::kTorus;
  const bool dragonfly = p.topology == TopologyKind::kDragonfly;
  const bool fattree = p.topology == TopologyKind::kFatTree;
  const bool flatfly = p.topology == TopologyKind::kFlattenedButterfly;
  if ((dragonfly || flatfly) && p.switching == Switching::kCircuit) {
    throw ParamError("switching", std::string(dragonfly ? "a dragonfly" : "a flattened butterfly") +
                                      " is built for wormhole switching here (switching: "
                                      "wormhole)");
  }
  if (p.routing != CubeRouting::kDimensionOrder) {
    const std::string& name = routing_names()[static_cast<std::size_t>(p.routing)];
    if (!cube && !dragonfly && !fattree && !flatfly) {
      throw ParamError("routing", name + " routes a mesh or a torus; this shape has its own "
                                         "routing (routing: dimension order)");
    }
    if (p.switching == Switching::kCircuit) {
      throw ParamError("routing", name + " routes wormhole packets; a circuit reserves its path "
                                         "in dimension order (routing: dimension order)");
    }
  }
  switch (p.topology) {
    case TopologyKind::kMesh:
    case TopologyKind::kTorus:
      return std::make_shared<const KNCube>(p.dims, p.topology == TopologyKind::kTorus,
                                            p.dateline == Dateline::kOn, p.routing,
                                            p.concentration);
    case TopologyKind::kFly:
      return std::make_shared<const Fly>(p.fly_radix, p.fly_stages, p.fly_wiring);
    case TopologyKind::kCrossbar:
      return std::make_shared<const Crossbar>(p.crossbar_ports);
    case TopologyKind::kDragonfly:
      return std::make_shared<const Dragonfly>(p.dragonfly_terminals, p.dragonfly_routers,
                                               p.dragonfly_globals, p.routing,
                                               p.local_link_cycles, p.global_link_cycles,
                                               p.valiant_groups, p.dragonfly_vc_classes);
    case TopologyKind::kFatTree:
      return std::make_shared<const FatTree>(p.fattree_arity, p.fattree_levels, p.routing);
    case TopologyKind::kFlattenedButterfly:
      return std::make_shared<const FlattenedButterfly>(p.flatfly_arity, p.flatfly_dimensions,
                                                        p.flatfly_terminals, p.routing);
    case TopologyKind::kRouterNetwork:
      switch (p.router_network) {
        case RouterShape::kDirectLink:
          return std::make_shared<const RouterNetwork>(direct_link_spec());
        case RouterShape::kLoop:
          return std::make_shared<const RouterNetwork>(loop_spec(p.header_delay_cycles));
        case RouterShape::kClos2:
          return std::make_shared<const RouterNetwork>(
              clos2_spec(p.clos_leaves, p.clos_per_leaf, p.clos_spines, p.header_delay_cycles));
      }
  }
  throw ParamError("topology", "valid: mesh, torus, fly, crossbar, router network, dragonfly, "
                               "fat tree, flattened butterfly");
}

std::optional<StateEstimate> network_state(const NetworkParams& p) {
  if (p.topology == TopologyKind::kDragonfly && p.switching == Switching::kWormhole) {
    const int groups = p.dragonfly_routers * p.dragonfly_globals + 1;
    NetworkSize size;
    size.routers = static_cast<double>(p.dragonfly_routers) * groups;
    size.terminals = size.routers * p.dragonfly_terminals;
    size.ports = p.dragonfly_terminals + p.dragonfly_routers - 1 + p.dragonfly_globals;
    size.links = size.routers * (size.ports - p.dragonfly_terminals);
    StateEstimate e;
    e.bytes = Network::state_bytes_of(size, network_config(p, nullptr));
    e.what = "a dragonfly of " + std::to_string(groups) + " groups";
    e.of = "network state";
    e.param = "dragonfly_routers";
    e.advice = "Use fewer routers or global channels, fewer virtual channels or smaller buffers.";
    return e;
  }
  if (p.topology == TopologyKind::kFatTree && p.switching == Switching::kWormhole) {
    const double per_level = std::pow(p.fattree_arity, p.fattree_levels - 1);
    NetworkSize size;
    size.routers = per_level * p.fattree_levels;
    size.terminals = per_level * p.fattree_arity;
    // Every switch counted with 2k ports: the top level's k, an upper bound.
    size.ports = 2 * p.fattree_arity;
    size.links = 2 * size.terminals * (p.fattree_levels - 1);
    StateEstimate e;
    e.bytes = Network::state_bytes_of(size, network_config(p, nullptr));
    e.what = "a fat tree of " + std::to_string(static_cast<long long>(size.terminals)) +
             " terminals";
    e.of = "network state";
    e.param = "fattree_levels";
    e.advice = "Use fewer levels or a smaller arity, fewer virtual channels or smaller buffers.";
    return e;
  }
  if (p.topology == TopologyKind::kFlattenedButterfly && p.switching == Switching::kWormhole) {
    // Built first: its constructor refuses the sizes out of range, which keep it small.
    const FlattenedButterfly f(p.flatfly_arity, p.flatfly_dimensions, p.flatfly_terminals,
                               CubeRouting::kDimensionOrder);
    NetworkSize size;
    size.routers = f.routers();
    size.terminals = f.terminals();
    size.ports = f.ports(0);
    size.links = size.routers * (size.ports - p.flatfly_terminals);
    StateEstimate e;
    e.bytes = Network::state_bytes_of(size, network_config(p, nullptr));
    e.what = "a flattened butterfly of " + std::to_string(f.routers()) + " routers";
    e.of = "network state";
    e.param = "flatfly_arity";
    e.advice = "Use fewer routers, fewer virtual channels or smaller buffers.";
    return e;
  }
  const bool torus = p.topology == TopologyKind::kTorus;
  if ((!torus && p.topology != TopologyKind::kMesh) || p.switching != Switching::kWormhole) {
    return std::nullopt;
  }
  double nodes = 1;
  for (const int k : p.dims) nodes *= k;
  NetworkSize size;
  size.routers = nodes;
  size.terminals = nodes * p.concentration;
  size.ports = 2 * static_cast<int>(p.dims.size()) + p.concentration;
  // A mesh's edge nodes have a port leading nowhere in each direction of their dimension.
  for (const int k : p.dims) size.dead_ends += torus ? 0 : 2 * nodes / k;
  size.links = nodes * (size.ports - p.concentration) - size.dead_ends;
  std::string shape;
  for (const int k : p.dims) shape += (shape.empty() ? "" : "x") + std::to_string(k);
  StateEstimate e;
  e.bytes = Network::state_bytes_of(size, network_config(p, nullptr)) +
            KNCube::state_bytes_of(p.dims);
  e.what = "a " + shape + (torus ? " torus" : " mesh") +
           (p.concentration > 1 ? " of " + std::to_string(p.concentration) + " terminals a router"
                                : "");
  e.of = "network state";
  e.param = "dims";
  e.advice = "Use fewer nodes, fewer virtual channels or smaller buffers.";
  return e;
}

NetworkConfig network_config(const NetworkParams& p, std::shared_ptr<const Topology> topology) {
  NetworkConfig c;
  c.topology = std::move(topology);
  c.vcs = p.vcs;
  c.buffer_flits = p.buffer_flits;
  c.router_delay_cycles = p.router_delay_cycles;
  c.route_cycles = p.route_cycles;
  c.vc_alloc_cycles = p.vc_alloc_cycles;
  c.switch_alloc_cycles = p.switch_alloc_cycles;
  c.credit_delay_cycles = p.credit_delay_cycles;
  c.vc_free_on_tail_credit = p.vc_release == VcRelease::kOnTailCredit;
  c.allocator = p.allocator;
  c.allocator_iterations = p.allocator_iterations;
  c.internal_speedup = p.internal_speedup;
  c.head_allocation = p.head_allocation;
  c.credit_flow = p.flow_control == FlowControl::kCredit;
  c.channel_rate = p.channel_words_per_cycle;
  c.half_duplex = p.link_mode == LinkMode::kHalfDuplex;
  c.inject_rate = p.inject_words_per_cycle;
  c.eject_rate = p.eject_words_per_cycle;
  c.receive_queue_flits = p.receive_queue_words;
  c.injection_cycles = p.injection_cycles;
  c.header_flits = p.header_words;
  c.ugal_threshold_flits = p.ugal_threshold_flits;
  return c;
}

CircuitConfig circuit_config(const NetworkParams& p, std::shared_ptr<const Topology> topology) {
  CircuitConfig c;
  c.topology = std::move(topology);
  c.policy = p.circuit_policy;
  c.setup_cycles_per_hop = p.setup_cycles_per_hop;
  c.release_cycles = p.release_cycles;
  c.backoff_cycles = p.backoff_cycles;
  c.channel_rate = p.channel_words_per_cycle;
  return c;
}

double capacity_bound(const Topology& topology, const NetworkConfig& c) {
  // Both directions of a half-duplex link carry the same load and share one channel's rate.
  const double bandwidth = c.half_duplex ? c.channel_rate / 2 : c.channel_rate;
  return std::min({bandwidth / topology.uniform_channel_load(), c.inject_rate, c.eject_rate});
}

double gbit_per_s(const NetworkParams& p, double words_per_cycle) {
  return words_per_cycle * p.word_bits * p.clock_mhz * 1e6 / 1e9;
}

ParamTable<NetworkParams> cube_network_table() {
  ParamTable<NetworkParams> t = network_table().only(
      {"topology", "dims", "vcs", "buffer_flits", "router_delay_cycles", "flow_control",
       "channel_words_per_cycle", "link_mode", "inject_words_per_cycle", "eject_words_per_cycle",
       "receive_queue_words", "clock_mhz", "word_bits"});
  ParamSpec& topology = t.spec("topology");
  // Mesh and torus come first among the shapes, so the choice reads the same values.
  topology.choices.resize(2);
  topology.max = 1;
  topology.description = "Mesh, or torus (wrap-around links; needs 2 or more virtual channels).";
  return t;
}

double bisection_capacity_words_per_cycle(const KNCube& cube, const NetworkConfig& config) {
  // A half-duplex link's two directions share one channel's bandwidth.
  return cube.bisection_links() * config.channel_rate * (config.half_duplex ? 1.0 : 2.0);
}

}  // namespace archex
