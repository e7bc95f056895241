#include "machines/transputer/programs/farm_trace.h"

#include <algorithm>
#include <string>
#include <utility>

namespace archex::transputer {

namespace {

std::uint32_t u(int v) { return static_cast<std::uint32_t>(v); }

// A transputer's states, in the order the software outranks the computation.
constexpr std::uint32_t kIdle = 0;
constexpr std::uint32_t kComputing = 1;
constexpr std::uint32_t kCommunicating = 2;
const std::vector<TraceStateSpec> kStates = {
    {"idle", "idle", "The transputer has no row to compute and no message to handle.",
     TraceActivity::kIdle},
    {"computing", "computing",
     "A worker computes a row of the image, at low priority.", TraceActivity::kBusy},
    {"communicating", "communicating",
     "High-priority communication software runs: p4's send and receive code, the T805's "
     "virtual channel router; a computation under way waits for it.",
     TraceActivity::kBusy},
};

const char* kMachines[] = {"t805", "t9000"};
const char* kLabels[] = {"T805", "T9000"};

double ms(Time ns) { return ns / 1e6; }

}  // namespace

FarmTrace::FarmTrace(TraceRecorder& recorder, int nodes) : rec_(recorder), nodes_(nodes) {
  rec_.set_clock("ms", "ms");
  const TraceFieldSpec node{"node", u(nodes - 1), {}};
  const TraceFieldSpec state{"state", 0, {}, false, kStates};
  const TraceFieldSpec id{"id"};
  for (int m = 0; m < 2; ++m) {
    const std::string on = std::string(" on the ") + kLabels[m] + ".";
    const std::string p = std::string(kMachines[m]) + "_";
    state_[m] = rec_.add_kind({p + "state",
                               "The transputer starts doing this, until its next " + p +
                                   "state" + on,
                               {node, state}});
    state_at_start_[m] = rec_.add_kind(
        {p + "state_at_start", "What each transputer does as the window starts" + on,
         {node, state},
         true});
    sent_[m] = rec_.add_kind({p + "message_sent",
                              "A transputer starts a p4 send: a row to compute (from the master) "
                              "or a computed row (to it)" + on,
                              {node, {"to", u(nodes - 1), {}}, {"what", 0, {"row", "result"}},
                               {"bytes"}, id}});
    received_[m] = rec_.add_kind({p + "message_received",
                                  "A message's data is in the receiving process" + on,
                                  {node, {"from", u(nodes - 1), {}}, id}});
    rec_.add_lane({p + "state", p + "state_at_start", "node", "state", "", 0, "",
                   std::string(kLabels[m]) + " farm", kLabels[m], "idle"});
    rec_.add_messages({p + "message_sent", p + "message_received", "node", "id", "bytes",
                       "bytes", "what", p + "state"});
  }
}

void FarmTrace::record(int m, const FarmEvents& run) {
  // Each transputer's state changes: communicating over computing over idle.
  std::vector<std::vector<std::pair<Time, int>>> edges(static_cast<std::size_t>(nodes_));
  const auto add = [&](const std::vector<FarmEvents::Span>& spans, int level) {
    for (const FarmEvents::Span& s : spans) {
      edges[static_cast<std::size_t>(s.node)].push_back({s.start, level});
      edges[static_cast<std::size_t>(s.node)].push_back({s.end, -level});
    }
  };
  add(run.computing, 1);
  add(run.software, 2);
  const Time from = rec_.from() * 1e6;
  for (int n = 0; n < nodes_; ++n) {
    auto& e = edges[static_cast<std::size_t>(n)];
    // Ends before starts at one time, so back-to-back pieces join.
    std::stable_sort(e.begin(), e.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second < b.second;
    });
    int computing = 0;
    int software = 0;
    std::uint32_t now = kIdle;
    std::uint32_t at_start = kIdle;
    for (std::size_t i = 0; i < e.size();) {
      const Time t = e[i].first;
      for (; i < e.size() && e[i].first == t; ++i) {
        const int level = e[i].second;
        (level == 1 || level == -1 ? computing : software) += level > 0 ? 1 : -1;
      }
      const std::uint32_t state = software > 0 ? kCommunicating : computing > 0 ? kComputing : kIdle;
      if (t <= from) at_start = state;
      if (state != now) {
        pending_.push_back({ms(t), [this, m, n, state](double at) {
                              rec_.record(state_[m], at, u(n), state);
                            }});
      }
      now = state;
    }
    // The snapshot first: it is the state before anything at the window's start.
    pending_.push_back({-1, [this, m, n, at_start](double) {
                          rec_.record(state_at_start_[m], rec_.from(), u(n), at_start);
                        }});
  }
  // Sends and receipts; a message's id is its place in the run.
  for (std::size_t i = 0; i < run.messages.size(); ++i) {
    const FarmEvents::Message& msg = run.messages[i];
    const std::uint32_t id = u(static_cast<int>(i) + 1);
    pending_.push_back({ms(msg.sent), [this, m, msg, id](double at) {
                          rec_.record(sent_[m], at, u(msg.from), u(msg.to),
                                      msg.result ? 1u : 0u, u(msg.bytes), id);
                        }});
    pending_.push_back({ms(msg.delivered), [this, m, msg, id](double at) {
                          rec_.record(received_[m], at, u(msg.to), u(msg.from), id);
                        }});
  }
  if (++machines_ < 2) return;
  // Both runs' events in one time order, the recorder's clock following them: a cap then cuts
  // both machines' rows at the same time, and what is kept is whole up to it.
  std::stable_sort(pending_.begin(), pending_.end(),
                   [](const Pending& a, const Pending& b) { return a.ms < b.ms; });
  for (const Pending& e : pending_) {
    rec_.advance(std::max(rec_.now(), e.ms));
    e.record(e.ms);
  }
  pending_.clear();
}

}  // namespace archex::transputer
