#include "network/network_params.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace archex {

namespace {

// The `routing` choice's description, each routing's clause from its part with the shapes it
// serves among `shapes` (the `topology` choice's).
std::string routing_about(const std::vector<std::string>& shapes) {
  std::string about = "How a packet finds its way through the routers (wormhole switching): ";
  const std::vector<RoutingPart>& parts = routing_parts();
  for (std::size_t i = 0; i < parts.size(); ++i) {
    std::string on;
    for (const std::string& shape : shapes) {
      if (parts[i].serves(shape)) on += (on.empty() ? "" : ", ") + shape;
    }
    if (parts[i].shapes.empty()) on = "every shape";
    about += (i == 0 ? "" : "; ") + parts[i].name + " (" + on + "), " + parts[i].about;
  }
  return about + ".";
}

// The network parameters the routings read besides `routing`, each with the routings that read
// it, in order.
std::vector<std::pair<std::string, std::vector<std::string>>> routing_reads() {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  for (const RoutingPart& part : routing_parts()) {
    for (const std::string& name : part.params) {
      auto at = std::find_if(out.begin(), out.end(), [&](const auto& p) { return p.first == name; });
      if (at == out.end()) at = out.insert(out.end(), {name, {}});
      at->second.push_back(part.name);
    }
  }
  return out;
}

ParamSpec cycles_spec(const char* name, const char* label, double value, double max,
                      const char* description) {
  return number_param(name, label)
             .unit("cycles").value(value).range(0, max).whole()
             .about(description);
}

// Wormhole or circuits, and a circuit's policy and costs.
ParamTable<NetworkParams> switching_params() {
  ParamTable<NetworkParams> t;
  t.add(&NetworkParams::switching,
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
                       "Cycles a released request waits before retrying (policy 'release')."));
  for (const char* name : {"circuit_policy", "setup_cycles_per_hop", "release_cycles"}) {
    t.spec(name).when = {{"switching", {"circuit"}}};
  }
  t.spec("backoff_cycles").when = {{"switching", {"circuit"}}, {"circuit_policy", {"release"}}};
  return t;
}

// How packets find their way: the routing, its clauses from the routings' parts on `shapes`, and
// UGAL's threshold.
ParamTable<NetworkParams> routing_params(const std::vector<std::string>& shapes) {
  ParamTable<NetworkParams> t;
  // choice_param keeps the text's pointer: the string lives as long as the builder.
  const std::string about = routing_about(shapes);
  choice_param routing =
      choice_param("routing", "Routing").choices(routing_names()).value(0).about(about.c_str());
  for (std::size_t i = 0; i < routing_parts().size(); ++i) {
    for (const RoutingPart::ShapeName& n : routing_parts()[i].names_on) {
      routing.name_when(static_cast<int>(i), n.name, "topology", n.shapes);
    }
  }
  t.add(&NetworkParams::routing, routing)
      .add(&NetworkParams::ugal_threshold_flits,
           number_param("ugal_threshold_flits", "UGAL threshold")
               .unit("flits").value(0).range(0, 10000).whole()
               .about("UGAL sends a packet Valiant's way only when the flits queued at its "
                      "minimal output exceed those at Valiant's by more than this, each weighted "
                      "by its route's hops (a dragonfly's global ones: 1 and 2). BookSim2 fixes "
                      "30 on a dragonfly, for its 256-flit buffers, and 2 on a flattened "
                      "butterfly."))
      .add(&NetworkParams::adaptive_selection,
           choice_param("adaptive_selection", "Adaptive selection")
               .choices({"most free slots", "BookSim2's", "two drawn, kept"})
               .value(0)
               .about("How an adaptive head picks its output VC. Most free slots: of the free "
                      "VCs of every minimal port, the one whose port has the most free slots "
                      "downstream. BookSim2's, as its min_adapt runs: no look downstream, the "
                      "first minimal port's adaptive VCs (BookSim2's output set keeps one entry "
                      "a priority, so of the minimal ports only the first dimension's stays: "
                      "dimension order), else its escape VC, the lowest free VC first; a packet "
                      "on an escape VC stays on escape VCs. Two drawn, kept, as BookSim2's "
                      "fattree_anca: two of the minimal ports drawn at random (either may be "
                      "drawn twice), the one with fewer flits queued downstream kept (the first "
                      "on a tie), and the head waits for a free VC of that port, the lowest "
                      "first."));
  return t;
}

// The virtual-channel router: its channels, buffers, pipeline, allocators and back-pressure.
ParamTable<NetworkParams> router_params() {
  ParamTable<NetworkParams> t;
  t.add(&NetworkParams::vcs,
        number_param("vcs", "Virtual channels")
            .unit("per channel").value(1).range(1, 16).whole()
            .about("Virtual channels per physical channel; a torus with a dateline splits them "
                   "into two classes, and a routing may need more (routing)."))
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
      .add(&NetworkParams::vc_allocator,
           choice_param("vc_allocator", "VC allocator")
               .choices({"first free", "separable input-first", "iSLIP"})
               .value(0)
               .about("How the heads of oblivious routes win output virtual channels. First "
                      "free: each head, as its turn comes from a start that turns each cycle, "
                      "takes the first free VC of its route's class, so a head just after the "
                      "start wins most ties. Separable input-first and iSLIP (BookSim2's "
                      "default): every head ready in the cycle asks for each free VC of its "
                      "route's class at once and round-robin arbiters per input VC and per "
                      "output VC match them, each winner first in line next time; iSLIP grants, "
                      "then accepts, for allocator_iterations rounds. Adaptive routings pick by "
                      "adaptive_selection; ejection stays one queue."))
      .add(&NetworkParams::ejection,
           choice_param("ejection", "Ejection")
               .choices({"one queue", "a queue per VC"})
               .value(0)
               .about("A terminal's ejection from its router. One queue: a packet holds it "
                      "until its tail is out, so packets for one terminal pass one after the "
                      "other. A queue per VC, as BookSim2's router has its ejection port's "
                      "virtual channels: up to as many packets as a class has VCs take turns "
                      "flit by flit (no routing header: header_words 0)."))
      .add(&NetworkParams::internal_speedup,
           number_param("internal_speedup", "Internal speedup")
               .value(1).range(1, 4).step(0.1)
               .about("Passes of a router's allocators and switch each cycle (speedup_scope: "
                      "of the switch or of the whole router): an input sends and an output takes "
                      "up to this many flits a cycle, the output's queue sending them on a flit "
                      "a cycle (of the switch alone, ejection stays one flit a cycle). A "
                      "fraction is a rate, as "
                      "BookSim2's: 1.7 makes 17 passes in 10 cycles, a second pass in the cycles "
                      "where the running total passes a whole number."))
      .add(&NetworkParams::speedup_scope,
           choice_param("speedup_scope", "Speedup repeats")
               .choices({"the switch", "the whole router"})
               .value(0)
               .about("What internal speedup repeats within a cycle. The switch: its "
                      "allocation and crossing, while a head's route, VC and switch allocation "
                      "each take whole cycles. The whole router, as BookSim2 steps its router: "
                      "route, VC allocation, switch allocation and crossing each take one step, "
                      "a fraction of a cycle, so a packet also crosses a router sooner, and an "
                      "ejection has its queue as any output; links and credits still take whole "
                      "cycles, and a stage of more cycles than one takes as many steps."))
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
                      "stop)."));
  std::vector<std::string> names;
  for (const ParamSpec& spec : t.specs()) names.push_back(spec.name);
  for (const std::string& name : names) t.spec(name).when = {{"switching", {"wormhole"}}};
  t.spec("allocator_iterations").when.push_back({"allocator", {"iSLIP"}});
  return t;
}

// Links, injection and ejection, the receive queue and the units.
ParamTable<NetworkParams> link_params() {
  ParamTable<NetworkParams> t;
  t.add(&NetworkParams::channel_words_per_cycle,
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
  for (const char* name : {"inject_words_per_cycle", "eject_words_per_cycle", "injection_cycles",
                           "receive_queue_words"}) {
    t.spec(name).when = {{"switching", {"wormhole"}}};
  }
  return t;
}

}  // namespace

ParamTable<NetworkParams> network_table() {
  ParamTable<NetworkParams> t;
  std::vector<std::string> shapes;
  std::string about = "The network's shape: ";
  // Each shape's parameters once, read while any shape that names them is chosen.
  std::vector<ParamSpec> own;
  std::vector<std::vector<std::string>> on;
  for (const TopologyPart& part : topology_parts()) {
    about += (shapes.empty() ? "" : "; ") + part.about;
    shapes.push_back(part.shape);
    for (const ParamSpec& spec : part.params) {
      std::size_t i = 0;
      while (i < own.size() && own[i].name != spec.name) ++i;
      if (i == own.size()) {
        own.push_back(spec);
        on.emplace_back();
      }
      on[i].push_back(part.shape);
    }
  }
  for (const RoutingPart& routing : routing_parts()) {
    for (const std::string& shape : routing.shapes) {
      if (std::find(shapes.begin(), shapes.end(), shape) == shapes.end()) {
        throw std::logic_error(routing.name + " serves shape '" + shape + "', not a shape");
      }
    }
  }
  t.add(&NetworkParams::topology, choice_param("topology", "Topology")
                                      .choices(shapes)
                                      .value(0)
                                      .about((about + ".").c_str()));
  for (std::size_t i = 0; i < own.size(); ++i) {
    own[i].when.insert(own[i].when.begin(), ParamCondition{"topology", on[i]});
    t.keep(&NetworkParams::shape, own[i]);
  }
  t.append(switching_params())
      .append(routing_params(shapes))
      .append(router_params())
      .append(link_params());
  t.spec("routing").when = {{"topology", routed_shapes(shapes)}, {"switching", {"wormhole"}}};
  // A routing's own parameters, read under the routings that name them on the shapes they serve.
  for (const auto& [name, routings] : routing_reads()) {
    std::vector<std::string> on;
    for (const std::string& shape : shapes) {
      for (const std::string& routing : routings) {
        if (routing_part(routing).serves(shape)) {
          on.push_back(shape);
          break;
        }
      }
    }
    t.spec(name).when = {{"topology", on}, {"routing", routings}, {"switching", {"wormhole"}}};
  }
  return t;
}

std::shared_ptr<const Topology> make_topology(const NetworkParams& p) {
  const TopologyPart& part = topology_part(p);
  if (!part.circuits && p.switching == Switching::kCircuit) {
    throw ParamError("switching", "a " + part.shape +
                                      " is built for wormhole switching here (switching: "
                                      "wormhole)");
  }
  const RoutingPart& routing = routing_parts().at(static_cast<std::size_t>(p.routing));
  check_serves(routing, part.shape);
  if (!routing.circuits && p.switching == Switching::kCircuit) {
    throw ParamError("routing", routing.name + " routes wormhole packets; a circuit reserves its "
                                               "path in dimension order (routing: " +
                                               routing_parts().front().name + ")");
  }
  std::shared_ptr<Topology> topology = part.make(p);
  topology->bind_routing(routing);
  return topology;
}

std::optional<StateEstimate> network_state(const NetworkParams& p) {
  const TopologyPart& part = topology_part(p);
  if (!part.state || p.switching != Switching::kWormhole) return std::nullopt;
  return part.state(p);
}

StateEstimate network_state_of(const NetworkParams& p, const NetworkSize& size, std::string what,
                               std::string param, std::string advice) {
  StateEstimate e;
  e.bytes = Network::state_bytes_of(size, network_config(p, nullptr));
  e.what = std::move(what);
  e.of = "network state";
  e.param = std::move(param);
  e.advice = std::move(advice);
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
  c.vc_allocator = p.vc_allocator;
  c.ejection = p.ejection;
  c.internal_speedup = p.internal_speedup;
  c.speedup_scope = p.speedup_scope;
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
  c.adaptive_selection = p.adaptive_selection;
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
