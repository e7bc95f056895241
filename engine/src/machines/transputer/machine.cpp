#include "machines/transputer/machine.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <string>

namespace archex::transputer {

// ---- Protocols ---------------------------------------------------------------------------------

double os_byte_bits(const T805& m) {
  return std::max<double>(m.data_bits, m.ack_delay_bits + m.ack_bits + m.resume_bits);
}

double os_byte_bits_both_ways(const T805& m) {
  return std::max<double>(os_byte_bits(m), m.data_bits + m.ack_bits);
}

double os_limit_mb_s(const T805& m) { return m.link_mbit / os_byte_bits(m); }

int packets(int bytes, int packet_bytes) {
  return std::max(1, (bytes + packet_bytes - 1) / packet_bytes);
}

double ds_packet_bits(const T9000& m, int header_tokens, int bytes) {
  return static_cast<double>(header_tokens + bytes) * m.data_token_bits + m.control_token_bits;
}

double ds_limit_mb_s(const T9000& m) {
  // An acknowledge is a one-token header and an end token; its receiver owes a share of a
  // flow-control token for them, sent on the data's wire.
  const double fct_share = 2.0 * m.control_token_bits / m.fct_tokens;
  return m.packet_bytes * m.link_mbit / (ds_packet_bits(m, 1, m.packet_bytes) + fct_share);
}

// ---- Nodes and wires ---------------------------------------------------------------------------

Time Nodes::run(int node, Time t, double ns) {
  Time& free = free_[static_cast<std::size_t>(node)];
  const Time start = std::max(t, free);
  free = start + ns;
  if (on_software && ns > 0) on_software(node, start, ns);
  return free;
}

Time Wires::reserve(int w, Time t, double ns) {
  Time& free = free_[static_cast<std::size_t>(w)];
  const Time start = std::max(t, free);
  free = start + ns;
  return start;
}

void Wires::hold(int w, Time until) {
  Time& free = free_[static_cast<std::size_t>(w)];
  free = std::max(free, until);
}

// ---- T805 --------------------------------------------------------------------------------------

T805Net::T805Net(const T805& m, int nodes, const std::vector<std::pair<int, int>>& links,
                 Events& events)
    : m_(m),
      events_(events),
      nodes_(nodes, m.cpu),
      count_(nodes),
      wire_(static_cast<std::size_t>(nodes * nodes), -1),
      next_(static_cast<std::size_t>(nodes * nodes), -1) {
  std::vector<std::vector<int>> adj(static_cast<std::size_t>(nodes));
  for (const auto& [a, b] : links) {
    wire_[static_cast<std::size_t>(a * nodes + b)] = wires_.add();
    wire_[static_cast<std::size_t>(b * nodes + a)] = wires_.add();
    adj[static_cast<std::size_t>(a)].push_back(b);
    adj[static_cast<std::size_t>(b)].push_back(a);
  }
  // Next hops by a breadth-first search from every destination.
  for (int to = 0; to < nodes; ++to) {
    std::deque<int> queue{to};
    next_[static_cast<std::size_t>(to * nodes + to)] = to;
    while (!queue.empty()) {
      const int v = queue.front();
      queue.pop_front();
      for (const int u : adj[static_cast<std::size_t>(v)]) {
        int& hop = next_[static_cast<std::size_t>(u * nodes + to)];
        if (hop >= 0) continue;
        hop = v;
        queue.push_back(u);
      }
    }
  }
}

int T805Net::wire(int a, int b) const { return wire_[static_cast<std::size_t>(a * count_ + b)]; }
int T805Net::next_hop(int from, int to) const {
  return next_[static_cast<std::size_t>(from * count_ + to)];
}

std::pair<Time, Time> T805Net::link(int a, int b, int bytes, Time t) {
  const double bit = 1000.0 / m_.link_mbit;
  const int w = wire(a, b);
  const bool both_ways = wires_.free_at(wire(b, a)) > std::max(t, wires_.free_at(w));
  const double period = both_ways ? os_byte_bits_both_ways(m_) : os_byte_bits(m_);
  const int n = std::max(1, bytes);
  const double ns = ((n - 1) * period + m_.data_bits) * bit;
  const Time start = wires_.reserve(w, t, ns);
  return {start, start + ns};
}

void T805Net::raw(int a, int b, int bytes, Time t, std::shared_ptr<Time> rx_ready, At delivered,
                  At sender_free) {
  const Time ready = nodes_.run(a, t, m_.cpu.cycles_ns(m_.raw_send_cycles));
  // The channel transfer starts once both processes are at it.
  events_.at(ready, [=] {
    const Time end = link(a, b, bytes, std::max(ready, *rx_ready)).second;
    const double bit = 1000.0 / m_.link_mbit;
    const Time acked = end - m_.data_bits * bit + (m_.ack_delay_bits + m_.ack_bits) * bit;
    events_.at(end, [=] {
      delivered(nodes_.run(b, end, m_.cpu.cycles_ns(m_.raw_recv_cycles)));
    });
    events_.at(acked, [=] { sender_free(acked); });
  });
}

void T805Net::forward(int at, int dst, int bytes, Time t, std::shared_ptr<const At> arrived) {
  const int hop = next_hop(at, dst);
  const Time end = link(at, hop, bytes + m_.vcr_header_bytes, t).second;
  events_.at(end, [this, hop, dst, bytes, end, arrived] {
    const Time handled = nodes_.run(hop, end, m_.cpu.instr_ns(m_.vcr_packet_instr));
    if (hop == dst) {
      (*arrived)(handled);
      return;
    }
    // Through-routing: the next transputer's VCR process outputs the packet again.
    const Time out = nodes_.run(hop, handled, m_.cpu.instr_ns(m_.vcr_packet_instr));
    events_.at(out, [this, hop, dst, bytes, out, arrived] {
      forward(hop, dst, bytes, out, arrived);
    });
  });
}

void T805Net::send(int src, int dst, int bytes, Time t, std::shared_ptr<Time> rx_ready,
                   At delivered, At sender_free) {
  const double per_message = m_.cpu.instr_ns(m_.vcr_message_instr);
  const double per_packet = m_.cpu.instr_ns(m_.vcr_packet_instr);
  const int count = packets(bytes, m_.vcr_packet_bytes);
  auto left = std::make_shared<int>(count);
  auto acked = std::make_shared<const At>(std::move(sender_free));
  auto arrived = std::make_shared<const At>(
      [this, src, dst, left, rx_ready, per_message, per_packet, acked,
       delivered = std::move(delivered)](Time at) {
        if (--*left > 0) return;
        const Time taken = nodes_.run(dst, std::max(at, *rx_ready), per_message);
        delivered(taken);
        // The acknowledge that completes the sender's synchronous output.
        const Time ack = nodes_.run(dst, taken, per_packet);
        events_.at(ack, [this, dst, src, ack, acked] { forward(dst, src, 0, ack, acked); });
      });
  Time prepared = nodes_.run(src, t, per_message);
  for (int k = 0; k < count; ++k) {
    const int size = std::min(m_.vcr_packet_bytes, bytes - k * m_.vcr_packet_bytes);
    prepared = nodes_.run(src, prepared, per_packet);
    const Time go = prepared;
    events_.at(go, [this, src, dst, size, go, arrived] {
      forward(src, dst, std::max(0, size), go, arrived);
    });
  }
}

// ---- T9000 -------------------------------------------------------------------------------------

namespace {

bool is_link_engine(const RouterNetwork& topo, int router) {
  return router < topo.terminals() && topo.injection(router).router == router &&
         topo.ports(router) == 2;
}

}  // namespace

T9000Net::T9000Net(const T9000& m, std::shared_ptr<const RouterNetwork> topology, Events& events)
    : m_(m), topo_(std::move(topology)), events_(events), nodes_(topo_->terminals(), m.cpu) {
  const RouterNetwork& topo = *topo_;
  // A wire for every router output that leads to another router.
  std::vector<std::vector<int>> wire(static_cast<std::size_t>(topo.routers()));
  for (int r = 0; r < topo.routers(); ++r) {
    for (int p = 0; p < topo.ports(r); ++p) {
      wire[static_cast<std::size_t>(r)].push_back(topo.output(r, p).router >= 0 ? wires_.add()
                                                                                 : -1);
    }
  }
  const int n = topo.terminals();
  paths_.resize(static_cast<std::size_t>(n * n));
  for (int src = 0; src < n; ++src) {
    for (int dst = 0; dst < n; ++dst) {
      if (src == dst) continue;
      Path& path = paths_[static_cast<std::size_t>(src * n + dst)];
      int router = topo.injection(src).router;
      int in_port = topo.injection(src).port;
      for (;;) {
        RouteState state = 0;
        const int port = topo.route(router, in_port, dst, state).port;
        const PortTarget to = topo.output(router, port);
        if (to.terminal >= 0) break;
        path.wires.push_back(wire[static_cast<std::size_t>(router)][static_cast<std::size_t>(port)]);
        const RouterPort back = topo.reverse(router, port);
        path.reverse.push_back(
            wire[static_cast<std::size_t>(back.router)][static_cast<std::size_t>(back.port)]);
        if (!is_link_engine(topo, to.router)) ++path.c104s;
        router = to.router;
        in_port = to.port;
      }
    }
  }
}

const T9000Net::Path& T9000Net::path(int src, int dst) const {
  return paths_[static_cast<std::size_t>(src * topo_->terminals() + dst)];
}

int T9000Net::routers_on_path(int src, int dst) const { return path(src, dst).c104s; }

Time T9000Net::packet(int src, int dst, int bytes, Time t) {
  const Path& p = path(src, dst);
  const double bit = 1000.0 / m_.link_mbit;
  const double token = m_.data_token_bits * bit;
  const double latency = m_.c104_latency_us * 1000.0;
  // One header token per C104 on the way (each deletes its own) and the virtual channel's.
  int header = 1 + p.c104s;
  Time head = t;
  Time end = t;
  for (std::size_t i = 0; i < p.wires.size(); ++i) {
    const double tokens = header + bytes;
    const double ns = ds_packet_bits(m_, header, bytes) * bit;
    const Time start = wires_.reserve(p.wires[i], head, ns);
    // A packet blocked here holds the link behind it (wormhole) until its tail moves on.
    if (i > 0) wires_.hold(p.wires[i - 1], start + ns - token);
    // The receiver's flow-control tokens interleave on the reverse wire.
    wires_.reserve(p.reverse[i], start,
                   std::ceil(tokens / m_.fct_tokens) * m_.control_token_bits * bit);
    end = start + ns;
    const bool c104_next = i + 1 < p.wires.size() && header > 1;
    head = start + token + (c104_next ? latency : 0);
    if (c104_next) --header;
  }
  return end;
}

struct VcpMessage {
  int src, dst, bytes, sent = 0, count;
  std::shared_ptr<Time> rx_ready;
  At delivered, sender_free;
};

void T9000Net::next_packet(std::shared_ptr<VcpMessage> msg, Time t) {
  const int k = msg->sent++;
  const int size = std::min(m_.packet_bytes, msg->bytes - k * m_.packet_bytes);
  const Time arrival = packet(msg->src, msg->dst, std::max(0, size), t);
  events_.at(arrival, [this, msg, k, arrival] {
    const bool last = k + 1 == msg->count;
    // The VCP acknowledges once the receiving process has started its input.
    const Time ack_at = std::max(arrival, *msg->rx_ready) + m_.cpu.cycles_ns(m_.vcp_ack_cycles);
    if (last) {
      msg->delivered(nodes_.run(msg->dst, std::max(arrival, *msg->rx_ready),
                                m_.cpu.cycles_ns(m_.raw_recv_cycles)));
    }
    events_.at(ack_at, [this, msg, last, ack_at] {
      const Time acked = packet(msg->dst, msg->src, 0, ack_at);
      events_.at(acked, [this, msg, last, acked] {
        if (last) {
          msg->sender_free(acked);
        } else {
          next_packet(msg, acked + m_.cpu.cycles_ns(m_.vcp_send_cycles));
        }
      });
    });
  });
}

void T9000Net::send(int src, int dst, int bytes, Time t, std::shared_ptr<Time> rx_ready,
                    At delivered, At sender_free) {
  auto msg = std::make_shared<VcpMessage>(
      VcpMessage{src, dst, bytes, 0, packets(bytes, m_.packet_bytes), std::move(rx_ready),
                 std::move(delivered), std::move(sender_free)});
  const Time start = nodes_.run(src, t, m_.cpu.cycles_ns(m_.raw_send_cycles)) +
                     m_.cpu.cycles_ns(m_.vcp_send_cycles);
  events_.at(start, [=] { next_packet(msg, start); });
}

// ---- p4 ----------------------------------------------------------------------------------------

void p4_send(Transport& net, const P4& p4, int src, int dst, int bytes, Time t, At delivered,
             At sender_free) {
  const double per_message = net.cpu().instr_ns(p4.message_instr);
  const Time start = net.software(src, t, per_message);
  // The receiver's p4 handler is always waiting for a header; it then inputs the data.
  auto always = std::make_shared<Time>(0);
  auto data_ready = std::make_shared<Time>(0);
  auto on_header = [&net, dst, data_ready, per_message](Time at) {
    *data_ready = net.software(dst, at, per_message);
  };
  auto on_data = [&net, p4, dst, bytes, delivered](Time at) {
    delivered(net.software(dst, at, net.cpu().cycles_ns(p4.byte_cycles * bytes)));
  };
  auto send_data = [&net, src, dst, bytes, data_ready, on_data, sender_free](Time at) {
    net.send(src, dst, bytes, at, data_ready, on_data, sender_free);
  };
  net.send(src, dst, p4.header_bytes, start, always, on_header, send_data);
}

// ---- Networks of C104s -------------------------------------------------------------------------

std::shared_ptr<const RouterNetwork> c104_network(int terminals, int header_delay_cycles) {
  if (terminals <= 32) {
    return std::make_shared<const RouterNetwork>(star_spec(terminals, header_delay_cycles));
  }
  const int leaves = std::max(2, (terminals + 30) / 31);
  const int per_leaf = (terminals + leaves - 1) / leaves;
  return std::make_shared<const RouterNetwork>(
      clos2_spec(leaves, per_leaf, 1, header_delay_cycles));
}

}  // namespace archex::transputer
