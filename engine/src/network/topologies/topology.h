#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/tables.h"
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

// The next hop of a packet: the output port, and the class of virtual channels it may take there
// (virtual channel v belongs to class v % vc_classes()).
struct RouteStep {
  int port = -1;
  int vc_class = 0;
};

// A packet's routing state, the topology's to keep: the dimension whose dateline it crossed, and
// what an oblivious routing drew for it as it was sent (an intermediate node, a dimension order).
using RouteState = std::int64_t;

// One output an adaptive routing offers a head: the port, its virtual channels vc_first to
// vc_first + vc_count - 1 (vc_count 0: vc_first to the last), the tier (the router takes a free
// VC of the lowest tier that has one: 0 the adaptive channels, 1 the escape channels) and the
// class the dependency graph files it under.
struct RouteChoice {
  int port = -1;
  int vc_first = 0;
  int vc_count = 0;
  int tier = 0;
  int vc_class = 0;
};
// The most dimensions of a k-ary n-cube (a binary 16-cube has 65,536 nodes).
constexpr int kMostCubeDimensions = 16;
// A torus's minimal adaptive routing on a tie in every dimension (both ways each) and its escape
// port; a fat tree's 16 up ports are fewer.
constexpr int kMostRouteChoices = 2 * kMostCubeDimensions + 1;

// One route a source-adaptive routing (UGAL) may give a packet at its source router: the first
// state it routes by, the output it leaves by, and the weight the flits queued at that output are
// counted with (Network::route_head picks).
struct RouteOption {
  RouteState state = 0;
  int port = -1;
  int weight = 1;
};
constexpr int kMostRouteOptions = 2;

// A network as a graph, in the spirit of SST merlin's Topology subcomponent: routers with numbered
// ports (each port has an input and an output side), channels from router outputs to router
// inputs, terminals (nodes) injecting into one router input and ejecting from one router output,
// and the routing function. The router engine (Network) knows nothing else about the shape.
class Topology {
 public:
  virtual ~Topology() = default;

  virtual int routers() const = 0;
  virtual int terminals() const = 0;
  virtual int ports(int router) const = 0;
  virtual PortTarget output(int router, int port) const = 0;
  // The router input a terminal's packets enter by.
  virtual RouterPort injection(int terminal) const = 0;
  // The output port of the route at `router` toward terminal `dest`, for a packet that came in
  // by `in_port`. `state` starts at 0 for a new packet and is the topology's to keep (a torus
  // records the dimension whose dateline the packet crossed); it is committed only when the
  // packet gets an output virtual channel.
  virtual RouteStep route(int router, int in_port, int dest, RouteState& state) const = 0;
  // An oblivious routing that draws (Valiant's intermediate node, O1TURN's order) sets a packet's
  // first state from `draw`, 64 random bits the network gives each packet as it is sent.
  virtual bool draws_routes() const { return false; }
  virtual RouteState route_start(int /*src*/, int /*dest*/, std::uint64_t /*draw*/) const {
    return 0;
  }
  // Every first state route_start can give (for the dependency graph, which follows each).
  virtual std::vector<RouteState> route_starts(int /*src*/, int /*dest*/) const { return {0}; }
  // An adaptive routing offers a head several outputs (route_choices, at most kMostRouteChoices,
  // in the order ties go) instead of one route step; route() is then not called.
  virtual bool adaptive() const { return false; }
  virtual int route_choices(int /*router*/, int /*in_port*/, int /*dest*/,
                            RouteChoice* /*out*/) const {
    return 0;
  }
  // A source-adaptive routing offers a packet whose route is not chosen yet (its state says so)
  // its routes at `router` (at most kMostRouteOptions, the first the default) instead of choosing
  // alone; the network commits the one it picks, so the choice is made once. 0: no choice here.
  virtual bool chooses_routes() const { return false; }
  virtual int route_options(int /*router*/, int /*in_port*/, int /*dest*/, RouteState /*state*/,
                            RouteOption* /*out*/) const {
    return 0;
  }
  // The routing is deadlock-free only if a virtual channel holds one packet at a time (Duato's
  // escape channels): the network frees an output VC only once the tail's credit is back.
  virtual bool vcs_hold_one_packet() const { return false; }
  // Classes the virtual channels are split in (2 for a torus's dateline scheme), the virtual
  // channels the routing needs at least, and the error when a network has fewer.
  virtual int vc_classes() const { return 1; }
  virtual int min_vcs() const { return vc_classes(); }
  virtual std::string vc_classes_error() const {
    return "at least " + std::to_string(min_vcs()) + " virtual channels, one per class";
  }
  // The output on the other end of the link an output belongs to (the two directions of one
  // wire), for half-duplex links; a router port with no return direction gives {-1, -1}.
  virtual RouterPort reverse(int router, int port) const = 0;
  // Cycles a flit takes over the channel leaving `router` by `port`, and its credits back (a
  // dragonfly's long global cables); 1 unless the shape says otherwise.
  virtual int link_cycles(int /*router*/, int /*port*/) const { return 1; }
  // Extra cycles a router spends deciding a packet's output from its header (a C104's interval
  // lookup), on top of the router engine's own pipeline.
  virtual int header_delay_cycles(int /*router*/) const { return 0; }
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
};

// The load of the most loaded channel between routers per unit of load each terminal offers,
// when every terminal sends to every other terminal alike along the topology's routes: walks
// every route, so it is meant for small networks (a router network), where no closed form fits.
// 0 when no route crosses a channel between routers (a lone crossbar).
double uniform_max_channel_load(const Topology& topology);

}  // namespace archex
