#include "machines/paragon/machine.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

#include "network/topologies/kncube/kncube.h"
#include "network/wormhole/network.h"

namespace archex::paragon {

int packet_flits(const MachineParams& p, int bytes) {
  return 1 + (bytes + p.flit_bytes - 1) / p.flit_bytes;
}

namespace {

std::unique_ptr<Interconnect> mesh(const MachineParams& p, std::vector<int> dims) {
  // A p x 1 configuration is a row: the cube engine takes no dimension of radix 1.
  dims.erase(std::remove(dims.begin(), dims.end(), 1), dims.end());
  NetworkConfig c;
  c.topology = std::make_shared<KNCube>(std::move(dims), false);
  c.vcs = 1;
  c.buffer_flits = p.buffer_flits;
  c.channel_rate = 1;
  c.inject_rate = 1;
  c.eject_rate = 1;
  c.receive_queue_flits = p.receive_queue_packets * packet_flits(p, p.nx_packet_bytes);
  return std::make_unique<Network>(c);
}

}  // namespace

Machine::Machine(const MachineParams& params, std::vector<int> dims)
    : Machine(params, mesh(params, std::move(dims))) {}

Machine::Machine(const MachineParams& params, std::unique_ptr<Interconnect> net)
    : params_(params),
      net_(std::move(net)),
      cycle_us_(params.flit_bytes / params.link_mb_s / net_->inject_rate()) {
  nodes_.resize(static_cast<std::size_t>(net_->topology().terminals()));
}

void Machine::load(std::vector<Program> programs) {
  if (programs.size() != nodes_.size()) throw std::invalid_argument("one program per node");
  const auto t = static_cast<double>(time());
  wake_ = t;
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    Node& n = nodes_[i];
    n.program = std::move(programs[i]);
    n.pc = 0;
    n.cp_free = std::max(n.cp_free, t);
    n.marks.clear();
    for (const Step& s : n.program) {
      if (s.op == Op::kMark) {
        n.marks.resize(std::max(n.marks.size(), static_cast<std::size_t>(s.value) + 1), -1);
      }
    }
  }
}

double Machine::now_us() const { return static_cast<double>(time()) * cycle_us_; }

const std::vector<double>& Machine::marks(int node) const {
  return nodes_[static_cast<std::size_t>(node)].marks;
}

bool Machine::done() const {
  if (in_flight_ > 0) return false;
  const auto t = static_cast<double>(time());
  for (const Node& n : nodes_) {
    if (n.pc < n.program.size() || n.cp_free > t || !n.out.empty() || !n.inbox.empty() || n.pending_at >= 0 ||
        n.mp_free > t || n.completes_received > 0 || n.completes_sends > 0) {
      return false;
    }
  }
  return true;
}

void Machine::record(TraceRecorder& recorder) {
  trace_ = std::make_unique<NxTrace>(recorder, *this);
}

void Machine::run_cp(Node& n, int id, double t) {
  const auto state = [&](CpState next, bool timed) {
    if (trace_) trace_->cp_next(n.cp_free, t, id, next, timed);
  };
  while (n.pc < n.program.size() && n.cp_free <= t) {
    const Step& s = n.program[n.pc];
    switch (s.op) {
      case Op::kCompute:
        state(CpState::kCompute, true);
        n.cp_free = t + cycles(s.value);
        break;
      case Op::kPost:
        state(CpState::kPost, true);
        n.cp_free = t + cycles(s.value * params_.nx_post_us);
        break;
      case Op::kSend:
        if (s.dst == id || s.dst < 0 || s.dst >= nodes()) {
          throw std::invalid_argument("a node sends to another node");
        }
        n.out.push_back({s.dst, static_cast<int>(s.value), false, messages_++});
        ++n.sends_open;
        break;
      case Op::kWaitRecv:
        if (n.received - n.waited < static_cast<int>(s.value)) {
          state(CpState::kWaitReceive, false);
          return;
        }
        n.waited += static_cast<int>(s.value);
        break;
      case Op::kWaitSend:
        if (n.sends_open > 0) {
          state(CpState::kWaitSend, false);
          return;
        }
        break;
      case Op::kMark:
        n.marks[static_cast<std::size_t>(s.value)] = t * cycle_us_;
        break;
      case Op::kBarrier:
        if (!n.in_barrier) {
          state(CpState::kBarrier, false);
          n.in_barrier = true;
          n.barrier_at = t;
          if (++barrier_count_ < nodes()) return;
          release_barrier();
        }
        return;
    }
    ++n.pc;
  }
  if (n.pc == n.program.size() && n.cp_free <= t) state(CpState::kDone, false);
}

void Machine::run_mp(Node& n, double t) {
  if (n.mp_free > t) return;
  const int id = static_cast<int>(&n - nodes_.data());
  const auto state = [&](MpState next) {
    if (trace_) trace_->mp_next(n.mp_free, t, id, next);
  };
  if (trace_ && n.completes_received > 0) {
    trace_->received(n.mp_free, id, n.completes_from, n.completes_message);
  }
  n.received += n.completes_received;
  n.sends_open -= n.completes_sends;
  n.completes_received = n.completes_sends = 0;
  if (!n.inbox.empty()) {
    const int packet = n.inbox.front();
    n.inbox.pop_front();
    const Message& m = net_->message(packet);
    double busy = cycles(params_.nx_packet_us) + m.flits / net_->inject_rate();
    if (m.tag > 0) {
      busy += cycles(params_.nx_recv_message_us);
      ++n.completes_received;
      n.completes_from = m.src;
      n.completes_message = m.tag - 1;
    }
    net_->consume(packet);
    state(MpState::kReceivePacket);
    n.mp_free = t + busy;
    n.mp_busy += busy;
    return;
  }
  if (n.out.empty() || n.pending_at >= 0) {
    state(MpState::kIdle);
    return;
  }
  OutMessage& m = n.out.front();
  if (!m.started) {
    m.started = true;
    if (trace_) trace_->sent(t, id, m.dst, m.bytes, m.id);
    state(MpState::kSendMessage);
    n.mp_free = t + cycles(params_.nx_send_message_us);
    n.mp_busy += n.mp_free - t;
    // With no send overhead the first packet goes at once: returning would leave no event.
    if (n.mp_free > t) return;
  }
  const int chunk = std::min(m.bytes, params_.nx_packet_bytes);
  m.bytes -= chunk;
  const double overhead = cycles(params_.nx_packet_us);
  n.pending_at = static_cast<std::int64_t>(std::ceil(t + overhead));
  n.pending_flits = packet_flits(params_, chunk);
  n.pending_dst = m.dst;
  n.pending_tag = m.bytes == 0 ? m.id + 1 : 0;
  state(MpState::kSendPacket);
  n.mp_free = t + overhead + n.pending_flits / net_->inject_rate();
  n.mp_busy += n.mp_free - t;
  if (m.bytes == 0) {
    n.out.pop_front();
    ++n.completes_sends;
  }
}

// NX gsync as a dissemination barrier (Hensgen, Finkel and Manber 1988): in round r node i
// signals node i + 2^r and waits for the signal of node i - 2^r (mod p), so ceil(log2 p) rounds
// synchronise any p. A butterfly needs p a power of two, and the paper's 6x6 and 10x10 are not;
// the BSP library's size exchange uses the same pattern. A round's signal is a pairwise
// synchronisation, not a network message: its cost, barrier_round_us, and the call's own,
// barrier_call_us, are calibrated (the paper gives neither gsync's algorithm nor its costs), and
// the mesh's traffic stays the programs' own.
// Rounds pass delay on pairwise: a late node holds back the nodes it signals, and through them,
// after the last round, every node.
void Machine::release_barrier() {
  barrier_count_ = 0;
  if (trace_) trace_->barrier_released();
  const int p = nodes();
  std::vector<double> at(nodes_.size());
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    at[i] = nodes_[i].barrier_at + cycles(params_.barrier_call_us);
  }
  std::vector<double> next(at.size());
  for (int d = 1; d < p; d *= 2) {
    for (int i = 0; i < p; ++i) {
      const auto from = static_cast<std::size_t>((i - d + p) % p);
      next[static_cast<std::size_t>(i)] =
          std::max(at[static_cast<std::size_t>(i)], at[from]) + cycles(params_.barrier_round_us);
    }
    at.swap(next);
  }
  // A barrier that costs nothing lets its nodes go on a cycle later: a node released now whose
  // turn in this cycle has passed is woken only by a time still ahead.
  const double next_cycle = static_cast<double>(time()) + 1;
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    Node& n = nodes_[i];
    n.in_barrier = false;
    n.cp_free = std::max(at[i], next_cycle);
    ++n.pc;
  }
}

bool Machine::step() {
  const std::int64_t now = time();
  const auto t = static_cast<double>(now);
  if (trace_) trace_->at(t);
  // Nodes act only at their events (a processor finishing, a packet due or delivered); between
  // them the network moves alone.
  if (t >= wake_) {
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      Node& n = nodes_[i];
      const int id = static_cast<int>(i);
      run_mp(n, t);
      run_cp(n, id, t);
      run_mp(n, t);
      if (n.pending_at >= 0 && n.pending_at <= now &&
          net_->send(id, n.pending_dst, n.pending_flits, n.pending_tag) >= 0) {
        n.pending_at = -1;
        ++in_flight_;
      }
    }
    if (done()) return false;
    wake_ = next_event(t);
  }
  if (in_flight_ > 0) {
    net_->step();
    ++stepped_;
    for (const int packet : net_->delivered()) {
      nodes_[static_cast<std::size_t>(net_->message(packet).dst)].inbox.push_back(packet);
      --in_flight_;
      wake_ = std::min(wake_, t + 1);
    }
    return true;
  }
  // The network is empty: jump to the next event.
  if (!std::isfinite(wake_)) {
    throw std::logic_error("Paragon programs deadlocked: every node waits for a message");
  }
  offset_ += std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(wake_)) - now);
  return true;
}

double Machine::next_event(double t) const {
  double next = std::numeric_limits<double>::infinity();
  for (const Node& n : nodes_) {
    if (!n.inbox.empty() && n.mp_free <= t) next = t;
    if (n.mp_free > t) next = std::min(next, n.mp_free);
    if (n.cp_free > t) next = std::min(next, n.cp_free);
    // A packet the network refused is offered again next cycle.
    if (n.pending_at >= 0) next = std::min(next, std::max(t + 1, static_cast<double>(n.pending_at)));
  }
  return next;
}

}  // namespace archex::paragon
