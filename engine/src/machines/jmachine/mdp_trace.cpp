#include "machines/jmachine/mdp_trace.h"

#include "machines/jmachine/mdp.h"

namespace archex::jmachine {

namespace {

std::uint32_t u(int v) { return static_cast<std::uint32_t>(v); }

}  // namespace

MdpTrace::MdpTrace(TraceRecorder& recorder, const Machine& machine)
    : rec_(recorder), m_(machine) {
  const std::uint32_t last = u(static_cast<int>(machine.nodes_.size()) - 1);
  const TraceFieldSpec node{"node", last, {}};
  const TraceFieldSpec priority{"priority", 1, {}};
  const TraceFieldSpec handler{"handler", 0xffff, {}};
  const TraceFieldSpec packet{"packet"};
  k_running_ = rec_.add_kind({"thread_running",
                              "A thread on the node at the window's start (on the processor, or "
                              "preempted and waiting to go on).",
                              {node, priority},
                              true});
  k_started_ = rec_.add_kind({"thread_started",
                              "A thread starts on the node's processor, and why.",
                              {node, priority,
                               {"cause", 0, {"message", "restart", "background", "resume"}}}});
  k_dispatched_ = rec_.add_kind({"message_dispatched",
                                 "The thread just started runs the handler of the message at "
                                 "the head of its priority's queue (dispatch, then the handler).",
                                 {node, priority, handler}});
  k_suspended_ = rec_.add_kind({"thread_suspended",
                                "A priority-0 thread is preempted by priority-1 work; it goes on "
                                "(cause resume) once that is done.",
                                {node, priority}});
  k_ended_ = rec_.add_kind({"thread_ended", "The thread's last instruction is done.",
                            {node, priority}});
  k_sent_ = rec_.add_kind({"message_sent",
                           "The network takes a message from the node's send path (its first "
                           "word enters the router).",
                           {node, {"to", last, {}}, handler, {"words", 0xffff, {}}, packet}});
  k_received_ = rec_.add_kind({"message_received",
                               "A message's last word reached the node's receive queue of its "
                               "priority.",
                               {node, {"from", last, {}}, handler, priority, packet}});
  k_fault_ = rec_.add_kind({"send_fault",
                            "The network refused a send's words: the send faults and the "
                            "processor waits (once per send).",
                            {node}});
  k_overflow_ = rec_.add_kind({"queue_overflow",
                               "A delivery filled the receive queue: the overflow fault's handler "
                               "spills the queued words to memory.",
                               {node, priority, {"words", 0xffffff, {}}}});
}

std::uint32_t MdpTrace::packet(int id) const {
  const NetworkTrace* net = m_.wormhole_ ? m_.wormhole_->trace() : nullptr;
  return net ? net->packet(id) : u(id);
}

void MdpTrace::at(std::int64_t now) {
  const auto t = static_cast<double>(now);
  rec_.advance(t);
  if (snapped_ || t < rec_.from()) return;
  snapped_ = true;
  if (!rec_.in_window(t)) return;
  for (std::size_t n = 0; n < m_.nodes_.size(); ++n) {
    for (int p = 0; p < 2; ++p) {
      if (m_.nodes_[n].thread[p].active) rec_.record(k_running_, t, u(static_cast<int>(n)), u(p));
    }
  }
}

void MdpTrace::started(double t, int node, int priority, ThreadCause cause) {
  rec_.record(k_started_, t, u(node), u(priority), static_cast<std::uint32_t>(cause));
}

void MdpTrace::dispatched(double t, int node, int priority, int handler) {
  rec_.record(k_dispatched_, t, u(node), u(priority), u(handler));
}

void MdpTrace::suspended(double t, int node, int priority) {
  rec_.record(k_suspended_, t, u(node), u(priority));
}

void MdpTrace::ended(double t, int node, int priority) {
  rec_.record(k_ended_, t, u(node), u(priority));
}

void MdpTrace::sent(double t, int node, int to, int handler, int words, int id) {
  rec_.record(k_sent_, t, u(node), u(to), u(handler), u(words), packet(id));
}

void MdpTrace::received(double t, int node, int from, int handler, int priority, int id) {
  rec_.record(k_received_, t, u(node), u(from), u(handler), u(priority), packet(id));
}

void MdpTrace::send_fault(double t, int node) { rec_.record(k_fault_, t, u(node)); }

void MdpTrace::overflow(double t, int node, int priority, int words) {
  rec_.record(k_overflow_, t, u(node), u(priority), u(words));
}

}  // namespace archex::jmachine
