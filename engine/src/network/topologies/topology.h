#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/tables.h"
#include "network/routings/routing.h"
#include "network/topologies/drawing.h"

namespace archex {

class KNCube;

// One router port: which router, which of its ports.
struct RouterPort {
  int router = -1;
  int port = -1;
};

// Where a router's output port leads: the input port of another router, a terminal's receive
// queue, or nothing (past a mesh edge, an unused side of a switch).
struct PortTarget {
  int router = -1;
  int port = -1;
  int terminal = -1;
};

// A network as a graph, in the spirit of SST merlin's Topology subcomponent: routers with numbered
// ports (each port has an input and an output side), channels from router outputs to router
// inputs, terminals (nodes) injecting into one router input and ejecting from one router output,
// and the routing function. The router engine (Network) knows nothing else about the shape.
class Topology {
 public:
  Topology();
  virtual ~Topology() = default;

  virtual int routers() const = 0;
  virtual int terminals() const = 0;
  virtual int ports(int router) const = 0;
  virtual PortTarget output(int router, int port) const = 0;
  // The router input a terminal's packets enter by.
  virtual RouterPort injection(int terminal) const = 0;
  // The routing the network's `routing` chose, bound to this shape (network/routings/): the
  // first of routing_parts() (dimension order) until bind_routing binds another. Throws
  // ParamError naming "routing" for one that does not route the shape.
  const Routing& routing() const { return *routing_; }
  void bind_routing(const RoutingPart& part);

  // The routing's answers, on this shape (Routing says what each is).
  RouteStep route(int router, int in_port, int dest, RouteState& state) const {
    return routing_->route(*this, router, in_port, dest, state);
  }
  bool draws_routes() const { return routing_->part().draws; }
  RouteState route_start(int src, int dest, std::uint64_t draw) const {
    return routing_->start(*this, src, dest, draw);
  }
  std::vector<RouteState> route_starts(int src, int dest) const {
    return routing_->starts(*this, src, dest);
  }
  // The most first states route_starts gives for any pair.
  double most_route_starts() const { return routing_->most_starts(*this); }
  bool adaptive() const { return routing_->adaptive(); }
  int route_choices(int router, int in_port, int dest, RouteChoice* out) const {
    return routing_->choices(*this, router, in_port, dest, out);
  }
  bool chooses_routes() const { return routing_->chooses(); }
  int route_options(int router, int in_port, int dest, RouteState state,
                    RouteOption* out) const {
    return routing_->options(*this, router, in_port, dest, state, out);
  }
  // The routing is deadlock-free only if a virtual channel holds one packet at a time (Duato's
  // escape channels): the network frees an output VC only once the tail's credit is back.
  bool vcs_hold_one_packet() const;
  // Classes the virtual channels are split in (the routing's needs as the shape maps them), the
  // virtual channels the routing needs at least (one per class), and the error when a network
  // has fewer.
  int vc_classes() const;
  int min_vcs() const { return vc_classes(); }
  std::string vc_classes_error() const { return vcs_error(routing_->part(), vc_classes()); }

  // What a routing asks of its shape (network/routings/), each shape answering those of the
  // routings that serve it; a query the shape does not answer throws std::logic_error.
  //
  // The hop from `router` (entered by `in_port`) toward terminal `dest`, or toward the
  // intermediate toward.via first: the shape's own route there (a cube's dimension order, in
  // reverse when toward.descending; a dragonfly's or a flattened butterfly's minimal route, a fat
  // tree's up port by the destination's digit or as drawn), its terminal's port where the packet
  // leaves, and the class of virtual channel the hop takes in toward.group; it keeps its own
  // bits of `state` (a torus's dateline crossed).
  virtual RouteStep step(int router, int in_port, int dest, Toward toward,
                         RouteState& state) const = 0;
  // The output ports of the minimal routes from `router` toward terminal `dest`, in the order
  // ties go (at most kMostRouteChoices - 1); at `dest`'s own router none, and ports[0] is the
  // terminal's port.
  virtual int minimal_ports(int router, int dest, int* ports) const;
  // The escape classes its minimal routes need under an adaptive routing (Duato's: its
  // dimension order's classes), 0 where they close no cycle; and the escape output at `router`
  // toward terminal `dest`, on the one escape VC of its class (tier 1).
  virtual int escape_classes() const { return 0; }
  virtual RouteChoice escape(int router, int dest) const;
  // The tie-breaks a route from terminal `src` to `dest` may draw (1: none), the shape's bits of
  // the `tie`-th, and the most for any pair.
  virtual std::uint64_t ties(int src, int dest) const;
  virtual RouteState tie_state(std::uint64_t tie) const;
  virtual double most_ties() const;
  // The intermediate of a two-leg route from terminal `src` to `dest` drawn from `draw` as
  // `spread` says; every one it can draw, in order (empty where the pair takes its direct route
  // alone); and the most for any pair.
  virtual Detour detour(int src, int dest, std::uint64_t draw, Spread spread) const;
  virtual std::vector<Detour> detours(int src, int dest, Spread spread) const;
  virtual double most_detours(Spread spread) const;
  // A packet at `router` has reached the intermediate `via` (its router, or its group).
  virtual bool reached(int router, int via) const { return router == via; }
  // The hops UGAL weighs a route's queue by, from `router` to terminal `dest` through `via`
  // (-1: directly): every channel between routers, or a dragonfly's global ones.
  virtual int hops(int router, int via, int dest) const;
  // The classes `groups` class groups of a routing take on the shape (a torus's dateline
  // doubles them), and the error for a network of fewer VCs than `routing`'s `classes`.
  virtual int classes(int groups) const { return groups; }
  virtual std::string vcs_error(const RoutingPart& routing, int classes) const;

  // The output on the other end of the link an output belongs to (the two directions of one
  // wire), for half-duplex links; a router port with no return direction gives {-1, -1}.
  virtual RouterPort reverse(int router, int port) const = 0;
  // Cycles a flit takes over the channel leaving `router` by `port`, and its credits back (a
  // dragonfly's long global cables); 1 unless the shape says otherwise.
  virtual int link_cycles(int /*router*/, int /*port*/) const { return 1; }
  // Extra cycles a router spends deciding a packet's output from its header (a C104's interval
  // lookup), on top of the router engine's own pipeline.
  virtual int header_delay_cycles(int /*router*/) const { return 0; }
  // Its routes can close a cycle of channels each waiting on the next with one class of VCs (a
  // torus without its dateline, a router network whose tables route round a ring), so a run
  // watches for a deadlock and reports it.
  virtual bool may_deadlock() const { return false; }
  // Leaving `router` by `port` crosses the topology's bisection cut, where it defines one.
  virtual bool crosses_bisection(int /*router*/, int /*port*/) const { return false; }

  // How the network describes itself (network/topologies/describe.h): its shape and the sizes of it, the
  // names of a router's coordinates and each router's, the name of what classes its channels
  // (a cube's directions, a fly's stages), the classes' names, each channel's class and whether
  // it wraps around.
  // The `topology` choice's name of the shape (network/topologies/part.h).
  virtual std::string shape() const = 0;
  virtual std::vector<ShapeSize> sizes() const { return {}; }
  virtual std::vector<std::string> axes() const { return {}; }
  virtual std::vector<int> position(int /*router*/) const { return {}; }
  virtual std::string channel_class_name() const { return {}; }
  virtual std::vector<std::string> channel_classes() const { return {}; }
  virtual int channel_class(int /*router*/, int /*port*/) const { return -1; }
  // Leaving `router` by `port` wraps around the shape's edge (a torus' dateline), so a drawing
  // from the routers' coordinates knows which way the channel goes.
  virtual bool wraps(int /*router*/, int /*port*/) const { return false; }
  // How the network is drawn (network/topologies/drawing.h), each shape declaring its own.
  virtual Drawing drawing() const = 0;

  // What the network's capacity and traffic read of its shape, each topology answering for its
  // own (network_params.h capacity_bound, traffic/traffic.h):
  // the load of the most loaded channel per unit of load each terminal offers when every terminal
  // sends to every other alike along the routes; by default the walk of every route
  // (uniform_max_channel_load), at least 1 because the channels into the terminals carry one
  // terminal's load each;
  virtual double uniform_channel_load() const;
  // how many terminals share each router, numbered in runs (terminal t on router t / c), whose
  // routes between routers are alike, so a walk of every route takes one of each (a
  // dragonfly's p, a concentrated cube's c; 1 where terminals route apart);
  virtual int concentration() const { return 1; }
  // whether its one switch's crosspoints are what its traffic counts (a crossbar's);
  virtual bool counts_crosspoints() const { return false; }
  // the groups its terminals fall in, alike and numbered in order (a dragonfly's), which group
  // shift traffic moves; 0 for a shape without groups;
  virtual int terminal_groups() const { return 0; }
  // the k-ary n-cube it is, whose coordinates the traffic patterns that move them (transpose, bit
  // complement, nearest neighbour) read; nullptr for any other shape.
  virtual const KNCube* cube() const { return nullptr; }

 private:
  std::shared_ptr<const Routing> routing_;
};

// The load of the most loaded channel between routers per unit of load each terminal offers,
// when every terminal sends to every other terminal alike along the topology's routes: walks
// every route, so it is meant for small networks (a router network), where no closed form fits.
// 0 when no route crosses a channel between routers (a lone crossbar).
double uniform_max_channel_load(const Topology& topology);

}  // namespace archex
