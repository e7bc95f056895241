#include "machines/multipsi/goal_trace.h"

#include <algorithm>
#include <string>
#include <utility>

#include "machines/multipsi/machine.h"

namespace archex::fghc {

namespace {

std::uint32_t u(int v) { return static_cast<std::uint32_t>(v); }

// A PE's states: idle, then Activity's values in its order.
constexpr std::uint32_t kIdle = 0;
std::uint32_t state_of(Activity what) { return 1 + static_cast<std::uint32_t>(what); }
const std::vector<TraceStateSpec> kPeStates = {
    {"idle", "idle", "The PE has no goal to reduce and no message to handle.",
     TraceActivity::kIdle},
    {"reducing", "reducing",
     "The PE reduces a goal: its clause's reduction and the built-ins it calls.",
     TraceActivity::kBusy},
    {"communicating", "communicating",
     "The PE sends or handles a message: the firmware's and the software's share of it.",
     TraceActivity::kBusy},
};

}  // namespace

GoalTrace::GoalTrace(TraceRecorder& recorder, const Machine& machine)
    : rec_(recorder),
      m_(machine),
      depth_(static_cast<std::size_t>(machine.pes()), -1),
      busy_(static_cast<std::size_t>(machine.pes())) {
  rec_.set_clock("ms", "ms");
  const TraceFieldSpec goal{"goal"};
  const TraceFieldSpec parent{"parent"};
  const std::uint32_t last_pe = u(machine.pes() - 1);
  const TraceFieldSpec node{"node", last_pe, {}};
  const TraceFieldSpec to{"to", last_pe, {}};
  std::vector<std::string> preds;
  for (int p = 0; p < machine.program_.predicates(); ++p) {
    preds.emplace_back(machine.program_.predicate_name(p));
  }
  const TraceFieldSpec pred{"pred", 0, preds};
  std::vector<std::string> kinds;
  // What the goal view reads of a message's kind: a throw_goal carries a goal thrown, a
  // return_value the value a goal suspended on its PE may be waiting for.
  std::vector<TraceRole> kind_roles;
  for (int k = 0; k < kMessageKinds; ++k) {
    const auto kind = static_cast<MessageKind>(k);
    kinds.emplace_back(message_kind_name(kind));
    kind_roles.push_back(kind == MessageKind::throw_goal     ? TraceRole::kGoalThrown
                         : kind == MessageKind::return_value ? TraceRole::kGoalResumed
                                                             : TraceRole::kNone);
  }
  TraceFieldSpec message{"message", 0, kinds};
  message.roles = kind_roles;
  const TraceFieldSpec id{"id"};
  const TraceFieldSpec state{"state", 0, {}, false, kPeStates};
  k_reduced_ = rec_.add_kind({"goal_reduced", "A PE reduced a goal (its clause committed).",
                              {goal, node, pred}}, TraceRole::kGoalReduced);
  k_spawned_ = rec_.add_kind({"goal_spawned",
                              "A reduction's body goal, pushed on the PE's own ready stack.",
                              {goal, parent, node}}, TraceRole::kGoalSpawned);
  k_thrown_ = rec_.add_kind({"goal_thrown",
                             "A reduction's body goal thrown to another PE (alloc): its "
                             "throw_goal message leaves.",
                             {goal, parent, node, to}}, TraceRole::kGoalThrown);
  k_suspended_ = rec_.add_kind({"goal_suspended",
                                "A goal needs a list cell held by another PE (an exported "
                                "reference): it suspends and a read_value asks the holder.",
                                {goal, node, {"holder", last_pe, {}}}}, TraceRole::kGoalSuspended);
  k_resumed_ = rec_.add_kind({"goal_resumed",
                              "The return_value a suspended goal waited for arrived: it is back "
                              "on the ready stack.",
                              {goal, node}}, TraceRole::kGoalResumed);
  k_sent_ = rec_.add_kind({"message_sent",
                           "A PE starts sending a message (the goal it carries or waits for; 0 "
                           "for none).",
                           {node, to, message, {"words", 0xffff, {}}, goal, id}},
                          TraceRole::kGoalMessageSent);
  k_received_ = rec_.add_kind({"message_received",
                               "A PE starts handling a message that arrived.",
                               {node, {"from", last_pe, {}}, message, goal, id}},
                              TraceRole::kGoalMessageReceived);
  k_depth_ = rec_.add_kind({"ready_depth",
                            "Goals on a PE's ready stack, when it changes (at the window's "
                            "start, the goal_ready events give it).",
                            {node, {"depth"}}},
                           TraceRole::kGoalReadyDepth);
  k_ready_ = rec_.add_kind({"goal_ready", "A goal on a PE's ready stack at the window's start.",
                            {goal, node, pred},
                            true}, TraceRole::kGoalReady);
  k_state_ = rec_.add_kind({"pe_state",
                            "The PE starts doing this, until its next pe_state (each state says "
                            "what it means).",
                            {node, state}});
  k_state_start_ = rec_.add_kind(
      {"pe_state_at_start", "What each PE does as the window starts.", {node, state}, true});
  rec_.add_lane({"pe_state", "pe_state_at_start", "node", "state", "", 0, "", "PE", "", "idle"});
  rec_.add_messages(
      {"message_sent", "message_received", "node", "id", "words", "words", "message", "pe_state"});
}

void GoalTrace::at(double now) {
  rec_.advance(now);
  if (!snapped_ && now >= rec_.from()) {
    snapped_ = true;
    // Each PE's state as the window opens (its busy interval then, if any), also when the run's
    // next event comes after the window.
    const double from = rec_.from();
    for (std::size_t p = 0; p < busy_.size(); ++p) {
      std::uint32_t at = kIdle;
      for (const Busy& b : busy_[p]) {
        if (b.start <= from && from < b.end) at = b.state;
      }
      rec_.record(k_state_start_, from, u(static_cast<int>(p)), at);
    }
    busy_.clear();
    if (rec_.in_window(now)) snapshot(now);
  }
}

void GoalTrace::snapshot(double t) {
  for (int p = 0; p < m_.pes(); ++p) {
    for (const Goal& g : m_.stack_[static_cast<std::size_t>(p)]) {
      rec_.record(k_ready_, t, g.id, u(p), u(g.pred));
    }
    // The goals listed give the depth; changes from it are recorded.
    depth_[static_cast<std::size_t>(p)] =
        static_cast<std::int64_t>(m_.stack_[static_cast<std::size_t>(p)].size());
  }
}

void GoalTrace::reduced(double t, std::uint32_t goal, int pe, int pred) {
  rec_.record(k_reduced_, t, goal, u(pe), u(pred));
}

void GoalTrace::spawned(double t, std::uint32_t goal, std::uint32_t parent, int pe) {
  rec_.record(k_spawned_, t, goal, parent, u(pe));
}

void GoalTrace::thrown(double t, std::uint32_t goal, std::uint32_t parent, int pe, int to) {
  rec_.record(k_thrown_, t, goal, parent, u(pe), u(to));
}

void GoalTrace::suspended(double t, std::uint32_t goal, int pe, int holder) {
  rec_.record(k_suspended_, t, goal, u(pe), u(holder));
}

void GoalTrace::resumed(double t, std::uint32_t goal, int pe) {
  rec_.record(k_resumed_, t, goal, u(pe));
}

void GoalTrace::sent(double t, int pe, int to, MessageKind kind, int words, std::uint32_t goal,
                     std::uint32_t message) {
  rec_.record(k_sent_, t, u(pe), u(to), static_cast<std::uint32_t>(kind), u(words), goal,
              message);
}

void GoalTrace::received(double t, int pe, int from, MessageKind kind, std::uint32_t goal,
                         std::uint32_t message) {
  rec_.record(k_received_, t, u(pe), u(from), static_cast<std::uint32_t>(kind), goal, message);
}

void GoalTrace::busy(double start, double end, int pe, Activity what) {
  if (!snapped_) {
    std::vector<Busy>& list = busy_[static_cast<std::size_t>(pe)];
    const double now = rec_.now();
    list.erase(std::remove_if(list.begin(), list.end(), [&](const Busy& b) { return b.end < now; }),
               list.end());
    list.push_back({start, end, state_of(what)});
  }
  rec_.record(k_state_, start, u(pe), state_of(what));
  rec_.record(k_state_, end, u(pe), kIdle);
}

void GoalTrace::depth(double t, int pe) {
  const auto p = static_cast<std::size_t>(pe);
  const auto now = static_cast<std::int64_t>(m_.stack_[p].size());
  if (depth_[p] == now) return;
  depth_[p] = now;
  rec_.record(k_depth_, t, u(pe), static_cast<std::uint32_t>(now));
}

}  // namespace archex::fghc
