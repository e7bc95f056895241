#pragma once

#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "machines/transputer/costs.h"
#include "network/topologies/router_network/router_network.h"
#include "machines/transputer/events.h"

namespace archex::transputer {

struct VcpMessage;

// ---- Link protocols ----------------------------------------------------------------------------

// Bit times between the starts of two bytes streamed over an OS-link: the data packet, or the
// handshake (the receiver acknowledges ack_delay_bits after a byte starts to arrive; the sender
// starts the next byte resume_bits after the acknowledge) if that is longer.
double os_byte_bits(const T805& m);
// The same when the reverse wire carries data too, so each wire also carries the other
// direction's acknowledges.
double os_byte_bits_both_ways(const T805& m);
// MB/s (10^6 bytes) of a stream in one direction.
double os_limit_mb_s(const T805& m);

// Packets a message of `bytes` takes (an empty message still takes one).
int packets(int bytes, int packet_bytes);
// Bits of a DS-link packet: header and data tokens of data_token_bits, an end token.
double ds_packet_bits(const T9000& m, int header_tokens, int bytes);
// MB/s of full packets back to back on one link (acknowledges on the reverse wire, the flow
// control tokens for them on this one), with a one-token header.
double ds_limit_mb_s(const T9000& m);

// ---- Networks ----------------------------------------------------------------------------------

using At = std::function<void(Time)>;

// What a message layer offers the layer above it (p4): send `bytes` from `src` to `dst` at `t`;
// the receiving process is ready to take it from `*rx_ready` (set before the data can arrive).
// `delivered` runs (inside an event, with the time the receiving process has the message) and
// `sender_free` with the time the sending process may go on.
class Transport {
 public:
  virtual ~Transport() = default;
  virtual void send(int src, int dst, int bytes, Time t, std::shared_ptr<Time> rx_ready,
                    At delivered, At sender_free) = 0;
  // High-priority software on `node` from `t` for `ns`; returns when it ends.
  virtual Time software(int node, Time t, double ns) = 0;
  virtual const Cpu& cpu() const = 0;
};

// Per node: a processor whose high-priority software runs in order; `on_software` hears of each
// piece (a worker's computation at low priority is pushed back by it).
class Nodes {
 public:
  Nodes(int count, Cpu cpu) : cpu_(cpu), free_(static_cast<std::size_t>(count), 0) {}
  Time run(int node, Time t, double ns);
  const Cpu& cpu() const { return cpu_; }
  std::function<void(int node, Time start, double ns)> on_software;

 private:
  Cpu cpu_;
  std::vector<Time> free_;
};

// Each direction of a link: busy until a time; a transfer waits for it.
class Wires {
 public:
  int add() {
    free_.push_back(0);
    return static_cast<int>(free_.size()) - 1;
  }
  Time free_at(int w) const { return free_[static_cast<std::size_t>(w)]; }
  // Starts a transfer of `ns` no earlier than `t`; returns its start.
  Time reserve(int w, Time t, double ns);
  void hold(int w, Time until);

 private:
  std::vector<Time> free_;
};

// T805s joined by OS-links (any graph without cycles: a direct link, the farm's tree). Raw
// messages go between neighbours; VCR messages anywhere, through-routed packet by packet.
class T805Net final : public Transport {
 public:
  T805Net(const T805& m, int nodes, const std::vector<std::pair<int, int>>& links, Events& events);

  // A hardware channel message between neighbours, with the process's own send and receive costs.
  void raw(int a, int b, int bytes, Time t, std::shared_ptr<Time> rx_ready, At delivered,
           At sender_free);
  // A VCR virtual-channel message: packets streamed hop by hop, each handled by high-priority
  // processes at every transputer on the way; a header-only acknowledge returns at the end.
  void send(int src, int dst, int bytes, Time t, std::shared_ptr<Time> rx_ready, At delivered,
            At sender_free) override;
  Time software(int node, Time t, double ns) override { return nodes_.run(node, t, ns); }
  const Cpu& cpu() const override { return m_.cpu; }
  Nodes& nodes() { return nodes_; }

 private:
  // Hardware transfer of `bytes` over the wire from a to b; returns {start, end of last byte}.
  std::pair<Time, Time> link(int a, int b, int bytes, Time t);
  int next_hop(int from, int to) const;
  int wire(int a, int b) const;
  // One VCR packet from `at` on its way to `dst`, handed to the link at `t`; `arrived` runs
  // with the time the destination's VCR has handled it.
  void forward(int at, int dst, int bytes, Time t, std::shared_ptr<const At> arrived);

  T805 m_;
  Events& events_;
  Nodes nodes_;
  Wires wires_;
  int count_;
  std::vector<int> wire_;  // count_ x count_: the wire from a to b, -1 if not neighbours
  std::vector<int> next_;  // count_ x count_: the neighbour of a on the way to b
};

// T9000s whose links run through a network of C104s (a direct link, a loop, a farm's star):
// messages go as packets on one virtual channel, each acknowledged before the next goes.
class T9000Net final : public Transport {
 public:
  T9000Net(const T9000& m, std::shared_ptr<const RouterNetwork> topology, Events& events);

  void send(int src, int dst, int bytes, Time t, std::shared_ptr<Time> rx_ready, At delivered,
            At sender_free) override;
  Time software(int node, Time t, double ns) override { return nodes_.run(node, t, ns); }
  const Cpu& cpu() const override { return m_.cpu; }
  Nodes& nodes() { return nodes_; }
  // C104s a packet from src to dst crosses.
  int routers_on_path(int src, int dst) const;

 private:
  struct Path {
    std::vector<int> wires;
    std::vector<int> reverse;
    int c104s = 0;
  };
  const Path& path(int src, int dst) const;
  // One packet of `bytes` (header tokens as the path needs) from src at `t`; returns its arrival.
  Time packet(int src, int dst, int bytes, Time t);
  void next_packet(std::shared_ptr<VcpMessage> msg, Time t);

  T9000 m_;
  std::shared_ptr<const RouterNetwork> topo_;
  Events& events_;
  Nodes nodes_;
  Wires wires_;
  std::vector<Path> paths_;
};

// p4_send / p4_recv over a transport: the sender's p4 code, a header message, the data message;
// the receiver's handler takes the header, buffers the typed message and hands it over.
void p4_send(Transport& net, const P4& p4, int src, int dst, int bytes, Time t, At delivered,
             At sender_free);

// A star of one C104 (up to 32 transputers) or, above that, a 2-stage Clos network of C104s
// with at least `terminals` transputers (the first `terminals` are used).
std::shared_ptr<const RouterNetwork> c104_network(int terminals, int header_delay_cycles);

}  // namespace archex::transputer
