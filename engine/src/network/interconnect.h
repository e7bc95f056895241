#pragma once

#include <cstdint>
#include <vector>

#include "network/topologies/topology.h"

namespace archex {

// A message as a node model sees it.
struct Message {
  int src = 0;
  int dst = 0;
  // Words (a wormhole network moves them as flits).
  int flits = 0;
  // A number the workload keeps with the message (its kind, a request id).
  int tag = 0;
  std::int64_t created = 0;
  std::int64_t delivered = -1;
};

// What a node model knows of a network, in the spirit of SST merlin's SimpleNetwork: it hands
// messages over and is refused while its source queue is full (the network's back-pressure reaches
// the node), the network moves a cycle at a time, and the node collects what was delivered to it.
// A node model written against this runs on any topology, packet or circuit switched.
class Interconnect {
 public:
  virtual ~Interconnect() = default;

  virtual const Topology& topology() const = 0;
  virtual std::int64_t now() const = 0;
  // Words per cycle a terminal hands the network.
  virtual double inject_rate() const = 0;
  // Queues a message at `src` for `dst`; returns its id, or -1 while the source queue is full.
  virtual int send(int src, int dst, int flits, int tag) = 0;
  // Messages queued at `src` that have not yet entered the network.
  virtual int source_backlog(int src) const = 0;
  // Advances one cycle.
  virtual void step() = 0;
  // Messages that reached their destination during the last step.
  virtual const std::vector<int>& delivered() const = 0;
  virtual const Message& message(int id) const = 0;
  // The destination has taken a delivered message's words out of its receive queue; the id may
  // be reused from now on.
  virtual void consume(int id) = 0;
  // Words carried across the topology's bisection since the last reset_counters().
  virtual void reset_counters() = 0;
  virtual std::uint64_t bisection_flits() const = 0;
};

}  // namespace archex
