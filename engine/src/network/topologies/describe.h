#pragma once

#include <string>
#include <vector>

#include "core/tables.h"
#include "network/topologies/topology.h"

namespace archex {

// `topology` as a NetworkMap (core/tables.h): its shape and sizes, routers with their coordinates,
// terminals, and the router outputs that lead somewhere, router by router and port by port (the
// order of the engine's per-port measurements), each with its number in the engine (`id`, as a
// trace names the channel), its class where the shape has classes
// and, where routers have coordinates, whether it wraps around the shape's edge.
// All its terminals are in use unless `nodes` says fewer.
NetworkMap describe_network(const Topology& topology, std::string name, std::string label,
                         int nodes = -1);

// `nodes` on a 2-D mesh of `columns` columns (as many rows as they fill; a grid of more than 32
// rows goes near square instead), one-row and one-column grids as a line, one node as a mesh of
// two with the second idle.
NetworkMap describe_grid(int nodes, int columns, std::string name, std::string label);

// The channel-dependency graph of `topology`'s routing with its virtual-channel classes: a node
// per link channel and class, an edge a -> b where a packet holding a may next ask for b, found by
// following the routing function from every source to every destination (each channel, routing
// state and destination once, so about terminals^2 x ports steps). As a description of the
// network (describe_network) with its `dependencies` table: from, from_class, to, to_class
// (channels by their `id`) and cycle: the number of a cycle of dependences the edge lies on, one
// cycle per strongly connected component (Tarjan), -1 for an edge on none. Without cycles no
// routing of it can deadlock (Dally & Seitz 1987). Under an adaptive routing also from_tier and
// to_tier (labelled adaptive, escape: RouteChoice::tier) and escape_cycle, the same numbering
// within the escape channels' own subgraph, whose having no cycle is Duato's condition. On a cube
// of 2 or more dimensions, its `turns` table: from and to (directions), and the dependences
// that take that turn; a turn none takes is one the routing forbids (Glass & Ni 1992).
NetworkMap channel_dependencies(const Topology& topology, std::string name, std::string label);

// A per-port measurement (router by router, port by port, as the engine numbers ports) in the
// order of the description's channels; a port past the end of `by_port` gives 0.
std::vector<double> per_channel(const Topology& topology, const std::vector<double>& by_port);

}  // namespace archex
