#include "machines/jmachine/mdp_trace.h"

#include "machines/jmachine/mdp.h"

namespace archex::jmachine {

namespace {

std::uint32_t u(int v) { return static_cast<std::uint32_t>(v); }

using A = TraceActivity;

// In NodeState's order.
const std::vector<TraceStateSpec> kNodeStates = {
    {"idle", "idle", "No thread: the node waits for a message.", A::kIdle},
    {"priority_0", "priority 0",
     "A priority-0 thread runs a message's handler (its dispatch included).", A::kBusy},
    {"priority_1", "priority 1", "A priority-1 thread runs, preempting any priority-0 work.",
     A::kBusy},
    {"background", "background",
     "The node's background thread runs (the program's own work between messages).", A::kBusy},
    {"send_refused", "send refused",
     "The network refused a send (a send fault): the processor waits until it takes the message.",
     A::kWaitSend},
};

}  // namespace

MdpTrace::MdpTrace(TraceRecorder& recorder, const Machine& machine,
                   std::vector<std::string> handlers)
    : rec_(recorder),
      m_(machine),
      // A node_state's handler where the thread runs none (a restarted or background thread).
      no_handler_(u(static_cast<int>(handlers.size()))),
      views_(machine.nodes_.size()) {
  const std::uint32_t last = u(static_cast<int>(machine.nodes_.size()) - 1);
  const TraceFieldSpec node{"node", last, {}};
  const TraceFieldSpec priority{"priority", 1, {}};
  const TraceFieldSpec handler{"handler", 0xffff, handlers};
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
  const TraceFieldSpec state{"state", 0, {}, false, kNodeStates};
  handlers.push_back("none");
  const TraceFieldSpec runs{"handler", no_handler_, handlers};
  k_state_start_ = rec_.add_kind({"node_state_at_start",
                                  "What each node that is not idle runs as the window starts, and "
                                  "the handler (as node_state's).",
                                  {node, state, runs},
                                  true});
  k_state_ = rec_.add_kind({"node_state",
                            "What the node runs from now until its next node_state: its highest "
                            "thread (a preempted one still counts) or a refused send, the "
                            "handler the thread runs (none, its last label: a restarted or "
                            "background thread), and whether a new thread starts (a span of its "
                            "own).",
                            {node, state, runs, {"thread", 0, {"goes_on", "new"}}}});
  rec_.add_lane({"node_state", "node_state_at_start", "node", "state", "handler", no_handler_,
                 "thread", "node", "", "idle"});
  rec_.add_messages({"message_sent", "message_received", "node", "packet", "words", "words",
                     "handler", "node_state"});
  rec_.add_mark({"send_fault", "send fault", "node", "node_state"});
  rec_.add_mark({"queue_overflow", "queue overflow", "node", "node_state"});
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
  for (std::size_t n = 0; n < views_.size(); ++n) {
    const auto [shown, handler] = state(views_[n]);
    if (shown == NodeState::kIdle) continue;
    rec_.record(k_state_start_, rec_.from(), u(static_cast<int>(n)),
                static_cast<std::uint32_t>(shown), handler < 0 ? no_handler_ : u(handler));
  }
}

std::pair<NodeState, int> MdpTrace::state(const View& v) {
  const int p = top(v);
  if (p < 0) return {v.refused ? NodeState::kSendRefused : NodeState::kIdle, -1};
  const NodeState runs = p == 1         ? NodeState::kPriority1
                         : v.background ? NodeState::kBackground
                                        : NodeState::kPriority0;
  return {v.refused ? NodeState::kSendRefused : runs, v.handler[p]};
}

void MdpTrace::show(double t, int node) {
  View& v = views_[static_cast<std::size_t>(node)];
  const auto [now, handler] = state(v);
  const int p = top(v);
  const bool entry = p >= 0 && v.started[p] == t;
  if (!entry && now == v.shown && handler == v.shown_handler) return;
  v.shown = now;
  v.shown_handler = handler;
  rec_.record(k_state_, t, u(node), static_cast<std::uint32_t>(now),
              handler < 0 ? no_handler_ : u(handler), u(entry ? 1 : 0));
}

void MdpTrace::started(double t, int node, int priority, ThreadCause cause, int handler) {
  rec_.record(k_started_, t, u(node), u(priority), static_cast<std::uint32_t>(cause));
  if (cause == ThreadCause::kMessage) {
    rec_.record(k_dispatched_, t, u(node), u(priority), u(handler));
  }
  // A preempted thread going on was on the node all along.
  if (cause == ThreadCause::kResume) return;
  View& v = views_[static_cast<std::size_t>(node)];
  v.active[priority] = true;
  v.handler[priority] = handler;
  v.started[priority] = t;
  if (priority == 0) v.background = cause == ThreadCause::kBackground;
  show(t, node);
}

void MdpTrace::suspended(double t, int node, int priority) {
  rec_.record(k_suspended_, t, u(node), u(priority));
}

void MdpTrace::ended(double t, int node, int priority) {
  rec_.record(k_ended_, t, u(node), u(priority));
  View& v = views_[static_cast<std::size_t>(node)];
  v.active[priority] = false;
  v.handler[priority] = -1;
  if (priority == 0) v.background = false;
  show(t, node);
}

void MdpTrace::sent(double t, int node, int to, int handler, int words, int id) {
  rec_.record(k_sent_, t, u(node), u(to), u(handler), u(words), packet(id));
  View& v = views_[static_cast<std::size_t>(node)];
  if (!v.refused) return;
  v.refused = false;
  show(t, node);
}

void MdpTrace::received(double t, int node, int from, int handler, int priority, int id) {
  rec_.record(k_received_, t, u(node), u(from), u(handler), u(priority), packet(id));
}

void MdpTrace::send_fault(double t, int node) {
  rec_.record(k_fault_, t, u(node));
  views_[static_cast<std::size_t>(node)].refused = true;
  show(t, node);
}

void MdpTrace::overflow(double t, int node, int priority, int words) {
  rec_.record(k_overflow_, t, u(node), u(priority), u(words));
}

}  // namespace archex::jmachine
