#pragma once

#include <string>
#include <vector>

#include "network/topologies/topology.h"

namespace archex {

// Destinations lo to hi - 1 leave by `port`: one entry of an interval-labelling table.
struct Interval {
  int lo = 0;
  int hi = 0;
  int port = 0;
};

struct RouterSpec {
  int ports = 2;
  // Cycles the router spends deciding a packet's output from its header (the C104's lookup).
  int header_delay_cycles = 0;
  // Every destination terminal in exactly one interval.
  std::vector<Interval> table;
};

// A wire in both directions between two router ports, with the cycles a flit takes each way
// (its credits back take as many).
struct LinkSpec {
  RouterPort a;
  RouterPort b;
  int a_to_b_cycles = 1;
  int b_to_a_cycles = 1;
};

// A network of crossbar routers: the routers, the links between their ports, and the router port
// each terminal is attached to (it sends into that port and receives from it).
struct RouterNetworkSpec {
  // The `topology` choice's name of the network it builds (network/topologies/part.h).
  std::string shape = "router network";
  std::vector<RouterSpec> routers;
  std::vector<LinkSpec> links;
  std::vector<RouterPort> terminals;
};

// Routers of up to 32 ports wired from a RouterNetworkSpec and routed by their interval-labelling
// tables, as a network of INMOS C104s is.
class RouterNetwork final : public Topology {
 public:
  // A C104's ports, the most any router of the spec may have.
  static constexpr int kMostPorts = 32;

  // Throws ParamError naming "router_network" for a spec that is not a network: a port out of
  // range or used twice, a table that misses or repeats a destination or sends it to a port that
  // leads nowhere, or routes that do not reach every terminal from every terminal.
  explicit RouterNetwork(RouterNetworkSpec spec);

  int routers() const override { return static_cast<int>(spec_.routers.size()); }
  int terminals() const override { return static_cast<int>(spec_.terminals.size()); }
  int ports(int router) const override {
    return spec_.routers[static_cast<std::size_t>(router)].ports;
  }
  PortTarget output(int router, int port) const override;
  RouterPort injection(int terminal) const override {
    return spec_.terminals[static_cast<std::size_t>(terminal)];
  }
  RouteStep step(int router, int in_port, int dest, Toward toward,
                 RouteState& state) const override;
  RouterPort reverse(int router, int port) const override;
  int header_delay_cycles(int router) const override {
    return spec_.routers[static_cast<std::size_t>(router)].header_delay_cycles;
  }
  int link_cycles(int router, int port) const override {
    return cycles_[static_cast<std::size_t>(port_index(router, port))];
  }
  bool may_deadlock() const override { return routes_close_a_cycle_; }
  std::string shape() const override { return spec_.shape; }
  Drawing drawing() const override { return {}; }

  const RouterNetworkSpec& spec() const { return spec_; }

 private:
  int port_index(int router, int port) const {
    return port_base_[static_cast<std::size_t>(router)] + port;
  }
  int lookup(int router, int dest) const;

  RouterNetworkSpec spec_;
  std::vector<int> port_base_;
  std::vector<PortTarget> targets_;
  // Cycles over the channel leaving each port (1 toward a terminal).
  std::vector<int> cycles_;
  // Some route takes a channel after one that some other route takes after it, round a cycle.
  bool routes_close_a_cycle_ = false;
};

// The shapes of T9000 systems: every terminal is a transputer whose link engine is a 2-port
// router (port 0 its own, port 1 its link), so a packet always crosses its sender's and its
// receiver's link engines. Two transputers linked directly:
RouterNetworkSpec direct_link_spec();
// Two transputers through one C104 of 32 ports (their links on ports 0 and 1).
RouterNetworkSpec loop_spec(int header_delay_cycles);
// A 2-stage Clos network of C104s: `leaves` routers with `per_leaf` transputers each and one
// link to each of `spines` routers; a leaf sends destinations of another leaf up to spine
// (that leaf's number) mod spines.
RouterNetworkSpec clos2_spec(int leaves, int per_leaf, int spines, int header_delay_cycles);
// 2 to 32 transputers on the ports of one C104 (a processor farm's star).
RouterNetworkSpec star_spec(int terminals, int header_delay_cycles);

}  // namespace archex
