#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace archex {

// What a run is asked to record: the events whose time (in the model's clock: cycles, or ms for
// an event-driven machine) lies in [from, from + length), up to a cap in events and in bytes.
struct TraceRequest {
  double from = 0;
  double length = 2000;
  std::uint64_t max_events = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t max_bytes = std::uint64_t{64} << 20;
};

// Throws ParamError naming the field ("trace_from", "trace_length", "trace_max_events",
// "trace_max_bytes") and its valid range.
void check_trace_request(const TraceRequest& request);

// What a processor does in a state, as a timeline counts and draws it: works, waits for a
// message to arrive or for its own send to leave, or has nothing to do (idle, done).
enum class TraceActivity : std::uint8_t { kBusy, kWaitReceive, kWaitSend, kIdle };

// A state a field's value names (a processor's "wait_receive"): its name (the value's label), how
// a reader says it ("wait receive"), what it means, and what the processor does in it.
struct TraceStateSpec {
  std::string name;
  std::string label;
  std::string description;
  TraceActivity activity = TraceActivity::kBusy;
};

enum class TraceRole : std::uint8_t;

// One field of an event kind: its name ("packet", "channel"), the largest value it takes (which
// sets its width: 1, 2 or 4 bytes) and, for a field that names one of a few cases (why a flit is
// blocked, a message's kind), the name of each value.
struct TraceFieldSpec {
  std::string name;
  std::uint32_t max = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::string> labels;
  // The field orders the events of one time (a circuit network's arbitration rounds): events of
  // one time happen in its order, and in any order between kinds at one value of it.
  bool order = false;
  // A field naming a processor's state: each value's state, whose names are the labels.
  std::vector<TraceStateSpec> states;
  // What each value is to the view that replays the kind, one per label, where some value is
  // something to it (a goal machine's message kinds: the one that throws a goal plays
  // kGoalThrown, the one whose receipt resumes a goal suspended for its value kGoalResumed), so
  // that no view knows a value by its label; empty where none is.
  std::vector<TraceRole> roles;
};

// What a kind of event is to the views that replay it (the packet view: a network's packets,
// flits and circuits; the goal view: a goal machine's goals), declared by the machine that records
// it so that no view knows a kind by its name. Each role has the fields its view reads, as the
// network's and the Multi-PSI's tracers record them; kNone: no view replays the kind.
// A field's value may play a role too (TraceFieldSpec::roles).
enum class TraceRole : std::uint8_t {
  kNone,
  kPacketCreated,
  kPacketLive,
  kPacketInjected,
  kFlitInjected,
  kFlitMoved,
  kFlitEjected,
  kPacketDelivered,
  kFlitBlocked,
  kFlitBuffered,
  kCredit,
  kCredits,
  kFlow,
  kCircuitRequest,
  kCircuitHold,
  kCircuitHolding,
  kCircuitBlocked,
  kCircuitConnected,
  kCircuitRelease,
  kCircuitRetry,
  kCircuitDropped,
  kDeadlock,
  kGoalReduced,
  kGoalSpawned,
  kGoalThrown,
  kGoalSuspended,
  kGoalResumed,
  kGoalReady,
  kGoalReadyDepth,
  kGoalMessageSent,
  kGoalMessageReceived,
};

// The role's name as the views read it ("flit_moved", "goal_reduced"); "" for kNone.
const char* trace_role_name(TraceRole role);

// A kind of event: its name ("flit_moved"), what it means, its fields. A snapshot kind describes
// the state at the window's start (flits already in buffers), recorded once at its first time.
struct TraceKindSpec {
  std::string name;
  std::string description;
  std::vector<TraceFieldSpec> fields;
  bool snapshot = false;
  TraceRole role = TraceRole::kNone;
};

// A timeline's row of each node (a J-Machine node; a Paragon node's compute processor): the kind
// whose events change its state (each lasts until the next), the snapshot kind of the states at
// the window's start, and their fields naming the node, the state and, optionally, a detail shown
// with a span (the handler a thread runs; `detail_none` where there is none) and a new span's
// start (nonzero: a new thread, a span of its own even in the same state and detail).
struct TraceLaneSpec {
  std::string kind;
  std::string snapshot;
  std::string node = "node";
  std::string state = "state";
  std::string detail;
  std::uint32_t detail_none = 0;
  std::string entry;
  // What the row is ("compute processor") and its short name after the node's ("CP"), empty
  // where a node has one row.
  std::string label;
  std::string abbreviation;
  // The state before any event (a name of the state field's states).
  std::string initial;
};

// The messages a timeline draws as arrows between rows: the kinds of a send and of a receipt,
// their fields naming the node and the message (which pairs a send with its receipt), the send's
// size and its unit and a detail shown with it, and the lane kind whose rows they join.
struct TraceMessageSpec {
  std::string sent;
  std::string received;
  std::string node = "node";
  std::string id;
  std::string size;
  std::string unit;
  std::string detail;
  std::string lane;
};

// Instants a timeline marks on a node's row (a send fault): the kind, its label, its node field
// and the lane kind of the row.
struct TraceMarkSpec {
  std::string kind;
  std::string label;
  std::string node = "node";
  std::string lane;
};

// Instants a trace marks on its network (a deadlock): the kind, its label and its fields naming
// a channel and its virtual channel. The events of one time are one instant, of their channels in
// the order recorded (a deadlock's knot).
struct TraceNetworkMarkSpec {
  std::string kind;
  std::string label;
  std::string channel = "channel";
  std::string vc = "vc";
};

// How a trace reads as a timeline, declared by the machine that records it (empty: it does not).
struct TraceTimelineSpec {
  std::vector<TraceLaneSpec> lanes;
  std::vector<TraceMessageSpec> messages;
  std::vector<TraceMarkSpec> marks;
  std::vector<TraceNetworkMarkSpec> network_marks;
};

// One field's values, one per event, in the narrowest unsigned type that holds the field's max.
class TraceColumn {
 public:
  explicit TraceColumn(std::uint32_t max);
  int width() const { return width_; }
  std::size_t size() const;
  [[gnu::always_inline]] void push(std::uint32_t value) {
    if (width_ == 1) push_to(u8_, value);
    else if (width_ == 2) push_to(u16_, value);
    else push_to(u32_, value);
  }
  std::uint32_t at(std::size_t i) const;
  // Keeps the values at the indices in `keep` (ascending), in that order.
  void select(const std::vector<std::size_t>& keep);
  const std::vector<std::uint8_t>& u8() const { return u8_; }
  const std::vector<std::uint16_t>& u16() const { return u16_; }
  const std::vector<std::uint32_t>& u32() const { return u32_; }
  std::size_t bytes() const { return size() * static_cast<std::size_t>(width_); }

 private:
  template <typename T>
  [[gnu::always_inline]] static void push_to(std::vector<T>& v, std::uint32_t value) {
    // The common case inline; growing out of line (a recorded trace grows by the megabyte).
    if (v.size() < v.capacity()) v.push_back(static_cast<T>(value));
    else grow(v, value);
  }
  template <typename T>
  static void grow(std::vector<T>& v, std::uint32_t value);

  int width_;
  std::vector<std::uint8_t> u8_;
  std::vector<std::uint16_t> u16_;
  std::vector<std::uint32_t> u32_;
};

// The recorded events of one kind, in time order: the times as runs (each time once, with the
// number of events at it) and a column per field.
struct TraceKind {
  TraceKindSpec spec;
  std::vector<double> times;
  std::vector<std::uint32_t> counts;
  std::vector<TraceColumn> columns;
  // Events of the window not kept (past a cap), and kept.
  std::uint64_t dropped = 0;
  std::size_t events() const;
  std::size_t bytes() const;
};

// What a run recorded: every event of its window up to `end` (events at `end` and later were
// dropped when a cap was reached, or the run stopped there), by kind. `end` is the window's end,
// or sooner: where a cap was reached, or where the run ended inside the window.
struct Trace {
  // The time field's name in an event ("cycle", "ms") and its unit.
  std::string clock = "cycle";
  std::string unit = "cycles";
  double from = 0;
  double length = 0;
  double end = 0;
  bool truncated = false;
  // Where the run ended, once it has: the last time its clock reached (a network's last cycle),
  // before the window, inside it or past it; -1 while the run goes on.
  double run_end = -1;
  std::vector<TraceKind> kinds;
  TraceTimelineSpec timeline;
  // The nodes (PEs) the traced run ran on, where the machine says: its own size, which may be
  // less than the network the engine describes (a J-Machine program's mesh); 0 where unsaid.
  int nodes = 0;
  std::uint64_t events() const;
  std::uint64_t dropped() const;
  std::size_t bytes() const;
  // Throws std::out_of_range naming the kind and the kinds there are.
  const TraceKind& kind(const std::string& name) const;
};

// Records a run's events as its model's tracers report them: events inside the window are kept
// until a cap is reached; from then on the recorder keeps what it has up to the time it reached
// the cap (so the trace stays complete from its start, and playable from its snapshot) and only
// counts what it drops.
class TraceRecorder {
 public:
  explicit TraceRecorder(const TraceRequest& request);

  // The model's clock, if not cycles.
  void set_clock(std::string name, std::string unit);
  // Models whose events may be recorded up to `lag` before the current time (see advance).
  void set_lag(double lag) { lag_ = lag; }
  // The nodes (PEs) the run runs on (Trace::nodes).
  void set_nodes(int nodes) { nodes_ = nodes; }
  // Adds a kind of event; returns its id for record().
  int add_kind(TraceKindSpec spec);
  // Adds a kind a view replays as `role`.
  int add_kind(TraceKindSpec spec, TraceRole role) {
    spec.role = role;
    return add_kind(std::move(spec));
  }
  // Declares how the trace reads as a timeline: a row per node of a lane, messages, marks. Throws
  // std::logic_error naming a kind or field not added before, or an initial state not declared.
  void add_lane(TraceLaneSpec lane);
  void add_messages(TraceMessageSpec messages);
  void add_mark(TraceMarkSpec mark);
  void add_network_mark(TraceNetworkMarkSpec mark);

  double from() const { return from_; }
  double to() const { return to_; }
  // The model has reached `now`: no later event is recorded before now - lag.
  void advance(double now) { now_ = now; }
  double now() const { return now_; }
  bool in_window(double time) const { return time >= from_ && time < to_; }
  // Whether events at `time` would be kept (inside the window, no cap reached).
  bool keeps(double time) const { return !stopped_ && in_window(time); }

  // One event of kind `kind` at `time`, its fields in the kind's order.
  template <typename... Fields>
  void record(int k, double time, Fields... fields) {
    if (!in_window(time)) return;
    TraceKind& kind = kinds_[static_cast<std::size_t>(k)];
    const bool new_run = kind.times.empty() || kind.times.back() != time;
    const std::uint64_t bytes =
        bytes_ + event_bytes_[static_cast<std::size_t>(k)] + (new_run ? kRunBytes : 0);
    if (stopped_ || events_ >= max_events_ || bytes > max_bytes_ ||
        sizeof...(Fields) != kind.columns.size()) {
      return refuse(k, sizeof...(Fields));
    }
    if (new_run) {
      kind.times.push_back(time);
      kind.counts.push_back(1);
    } else {
      ++kind.counts.back();
    }
    ++events_;
    bytes_ = bytes;
    std::size_t i = 0;
    (kind.columns[i++].push(static_cast<std::uint32_t>(fields)), ...);
  }

  // A run of a kind's times: the time and its count.
  static constexpr std::size_t kRunBytes = sizeof(double) + sizeof(std::uint32_t);

  // The trace so far; `finished`: the run is over, so nothing in the window is still to come.
  Trace trace(bool finished) const;

 private:
  // An event that does not fit (a cap reached now or before) is counted as dropped; one with the
  // wrong number of fields is a fault of its tracer (std::logic_error).
  void refuse(int kind, std::size_t fields);
  // The added kind `kind`, which has each of `fields` (an empty name: none asked).
  const TraceKindSpec& declared(const std::string& kind,
                                const std::vector<std::string>& fields) const;
  void check_lane(const std::string& lane) const;
  void stop();
  // Where a finished run ended: the clock's last time, or the last event's if one was recorded
  // ahead of it.
  double finished_at() const;

  double from_;
  double to_;
  std::uint64_t max_events_;
  std::uint64_t max_bytes_;
  double lag_ = 0;
  double now_ = 0;
  std::string clock_ = "cycle";
  std::string unit_ = "cycles";
  int nodes_ = 0;
  std::vector<TraceKind> kinds_;
  TraceTimelineSpec timeline_;
  std::vector<std::size_t> event_bytes_;
  std::uint64_t events_ = 0;
  std::uint64_t bytes_ = 0;
  bool stopped_ = false;
  double end_ = 0;
};

}  // namespace archex
