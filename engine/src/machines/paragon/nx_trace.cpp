#include "machines/paragon/nx_trace.h"

#include "machines/paragon/machine.h"

namespace archex::paragon {

namespace {

std::uint32_t u(int v) { return static_cast<std::uint32_t>(v); }

using A = TraceActivity;

// In CpState's and MpState's order.
const std::vector<TraceStateSpec> kCpStates = {
    {"compute", "compute", "The compute processor computes.", A::kBusy},
    {"post", "post", "The compute processor posts its receives (NX irecv).", A::kBusy},
    {"wait_receive", "wait receive", "The compute processor waits for messages to arrive.",
     A::kWaitReceive},
    {"wait_send", "wait send", "The compute processor waits for its sends to leave.",
     A::kWaitSend},
    {"barrier", "barrier", "A barrier: waiting for the others, then the barrier itself.",
     A::kBusy},
    {"idle", "idle", "The compute processor is idle between steps.", A::kIdle},
    {"done", "done", "The program has ended on this node.", A::kIdle},
};
const std::vector<TraceStateSpec> kMpStates = {
    {"send_message", "send message", "The message processor spends a message's send overhead.",
     A::kBusy},
    {"send_packet", "send packet",
     "The message processor sends a packet (its overhead and its bytes).", A::kBusy},
    {"receive_packet", "receive packet",
     "The message processor receives a packet (its overhead and its bytes).", A::kBusy},
    {"idle", "idle", "The message processor is idle.", A::kIdle},
};

}  // namespace

NxTrace::NxTrace(TraceRecorder& recorder, const Machine& machine)
    : rec_(recorder),
      cycle_us_(machine.cycle_us()),
      cp_(static_cast<std::size_t>(machine.nodes()), CpState::kIdle),
      mp_(static_cast<std::size_t>(machine.nodes()), MpState::kIdle),
      cp_timed_(static_cast<std::size_t>(machine.nodes()), false) {
  const std::uint32_t last = u(machine.nodes() - 1);
  const TraceFieldSpec node{"node", last, {}};
  const TraceFieldSpec cp{"state", 0, {}, false, kCpStates};
  const TraceFieldSpec mp{"state", 0, {}, false, kMpStates};
  const TraceFieldSpec message{"message"};
  rec_.set_clock("us", "us");
  // A timed state's end is found at the first network cycle at or after it.
  rec_.set_lag(cycle_us_);
  k_cp_start_ = rec_.add_kind(
      {"cp_state_at_start", "What each compute processor does as the window starts.", {node, cp},
       true});
  k_mp_start_ = rec_.add_kind(
      {"mp_state_at_start", "What each message processor does as the window starts.", {node, mp},
       true});
  k_cp_ = rec_.add_kind({"cp_state",
                         "The node's compute processor starts doing this, until its next "
                         "cp_state (each state says what it means).",
                         {node, cp}});
  k_mp_ = rec_.add_kind({"mp_state",
                         "The node's message processor (NX) starts doing this, until its next "
                         "mp_state (each state says what it means).",
                         {node, mp}});
  k_sent_ = rec_.add_kind({"message_sent",
                           "The node's message processor starts sending a message (isend).",
                           {node, {"to", last, {}}, {"bytes"}, message}});
  k_received_ = rec_.add_kind({"message_received",
                               "A message's last packet has been received: a wait for it can "
                               "end.",
                               {node, {"from", last, {}}, message}});
  rec_.add_lane({"cp_state", "cp_state_at_start", "node", "state", "", 0, "",
                 "compute processor", "CP", "idle"});
  rec_.add_lane({"mp_state", "mp_state_at_start", "node", "state", "", 0, "",
                 "message processor", "MP", "idle"});
  rec_.add_messages(
      {"message_sent", "message_received", "node", "message", "bytes", "bytes", "", "mp_state"});
}

void NxTrace::at(double t) {
  const double now = us(t);
  rec_.advance(now);
  if (snapped_ || now < rec_.from()) return;
  snapped_ = true;
  // The machine jumps over idle time, so it may reach the window's start only past it: the states
  // it has before acting at `now` are those it had at the start.
  const double from = rec_.from();
  for (std::size_t n = 0; n < cp_.size(); ++n) {
    rec_.record(k_cp_start_, from, u(static_cast<int>(n)), static_cast<std::uint32_t>(cp_[n]));
    rec_.record(k_mp_start_, from, u(static_cast<int>(n)), static_cast<std::uint32_t>(mp_[n]));
  }
}

void NxTrace::record_cp(double t, int node, CpState state) {
  cp_[static_cast<std::size_t>(node)] = state;
  rec_.record(k_cp_, us(t), u(node), static_cast<std::uint32_t>(state));
}

void NxTrace::record_mp(double t, int node, MpState state) {
  mp_[static_cast<std::size_t>(node)] = state;
  rec_.record(k_mp_, us(t), u(node), static_cast<std::uint32_t>(state));
}

void NxTrace::cp_next(double free, double now, int node, CpState next, bool timed) {
  const auto n = static_cast<std::size_t>(node);
  if (cp_timed_[n]) {
    if (next == CpState::kDone) {
      record_cp(free, node, next);
      cp_timed_[n] = false;
      return;
    }
    if (free < now) record_cp(free, node, CpState::kIdle);
  }
  cp_timed_[n] = timed;
  if (cp_[n] != next) record_cp(now, node, next);
}

void NxTrace::mp_next(double free, double now, int node, MpState next) {
  const auto n = static_cast<std::size_t>(node);
  const bool busy = mp_[n] != MpState::kIdle;
  if (next == MpState::kIdle) {
    if (busy) record_mp(free, node, next);
    return;
  }
  if (busy && free < now) record_mp(free, node, MpState::kIdle);
  record_mp(now, node, next);
}

void NxTrace::barrier_released() { cp_timed_.assign(cp_timed_.size(), true); }

void NxTrace::sent(double t, int node, int to, int bytes, int message) {
  rec_.record(k_sent_, us(t), u(node), u(to), u(bytes), u(message));
}

void NxTrace::received(double t, int node, int from, int message) {
  rec_.record(k_received_, us(t), u(node), u(from), u(message));
}

}  // namespace archex::paragon
