#include "core/trace.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <utility>

#include "core/param_spec.h"

namespace archex {

const char* trace_role_name(TraceRole role) {
  switch (role) {
    case TraceRole::kNone: return "";
    case TraceRole::kPacketCreated: return "packet_created";
    case TraceRole::kPacketLive: return "packet_live";
    case TraceRole::kPacketInjected: return "packet_injected";
    case TraceRole::kFlitInjected: return "flit_injected";
    case TraceRole::kFlitMoved: return "flit_moved";
    case TraceRole::kFlitEjected: return "flit_ejected";
    case TraceRole::kPacketDelivered: return "packet_delivered";
    case TraceRole::kFlitBlocked: return "flit_blocked";
    case TraceRole::kFlitBuffered: return "flit_buffered";
    case TraceRole::kCredit: return "credit";
    case TraceRole::kCredits: return "credits";
    case TraceRole::kFlow: return "flow";
    case TraceRole::kCircuitRequest: return "circuit_request";
    case TraceRole::kCircuitHold: return "circuit_hold";
    case TraceRole::kCircuitHolding: return "circuit_holding";
    case TraceRole::kCircuitBlocked: return "circuit_blocked";
    case TraceRole::kCircuitConnected: return "circuit_connected";
    case TraceRole::kCircuitRelease: return "circuit_release";
    case TraceRole::kCircuitRetry: return "circuit_retry";
    case TraceRole::kCircuitDropped: return "circuit_dropped";
    case TraceRole::kDeadlock: return "deadlock";
    case TraceRole::kGoalReduced: return "goal_reduced";
    case TraceRole::kGoalSpawned: return "goal_spawned";
    case TraceRole::kGoalThrown: return "goal_thrown";
    case TraceRole::kGoalSuspended: return "goal_suspended";
    case TraceRole::kGoalResumed: return "goal_resumed";
    case TraceRole::kGoalReady: return "goal_ready";
    case TraceRole::kGoalReadyDepth: return "goal_ready_depth";
    case TraceRole::kGoalMessageSent: return "goal_message_sent";
    case TraceRole::kGoalMessageReceived: return "goal_message_received";
  }
  return "";
}

namespace {

int width_for(std::uint32_t max) {
  if (max <= 0xff) return 1;
  if (max <= 0xffff) return 2;
  return 4;
}

template <typename T>
void select_in(std::vector<T>& v, const std::vector<std::size_t>& keep) {
  std::vector<T> out;
  out.reserve(keep.size());
  for (const std::size_t i : keep) out.push_back(v[i]);
  v.swap(out);
}

// Keeps the events of `kind` at the indices in `keep` (in that order, times ascending), as runs.
void select_events(TraceKind& kind, const std::vector<double>& times,
                   const std::vector<std::size_t>& keep) {
  kind.times.clear();
  kind.counts.clear();
  for (const std::size_t i : keep) {
    if (!kind.times.empty() && kind.times.back() == times[i]) {
      ++kind.counts.back();
    } else {
      kind.times.push_back(times[i]);
      kind.counts.push_back(1);
    }
  }
  for (TraceColumn& c : kind.columns) c.select(keep);
}

std::vector<double> event_times(const TraceKind& kind) {
  std::vector<double> times;
  times.reserve(kind.events());
  for (std::size_t r = 0; r < kind.times.size(); ++r) {
    times.insert(times.end(), kind.counts[r], kind.times[r]);
  }
  return times;
}

}  // namespace

void check_trace_request(const TraceRequest& r) {
  constexpr double kMax = 9007199254740991.0;
  if (!(r.from >= 0 && r.from <= kMax)) {
    throw ParamError("trace_from", "trace_from = " + format_number(r.from) +
                                       " is not a time in [0, " + format_number(kMax) + "]");
  }
  if (!(r.length > 0 && r.length <= kMax)) {
    throw ParamError("trace_length", "trace_length = " + format_number(r.length) +
                                         " is not a span above 0 and at most " +
                                         format_number(kMax));
  }
  if (r.max_events < 1) {
    throw ParamError("trace_max_events", "trace_max_events: 1 or more events");
  }
  if (r.max_bytes < 1024) {
    throw ParamError("trace_max_bytes", "trace_max_bytes: 1024 bytes or more");
  }
}

TraceColumn::TraceColumn(std::uint32_t max) : width_(width_for(max)) {}

template <typename T>
void TraceColumn::grow(std::vector<T>& v, std::uint32_t value) {
  v.reserve(std::max<std::size_t>(4096, 2 * v.capacity()));
  v.push_back(static_cast<T>(value));
}
template void TraceColumn::grow(std::vector<std::uint8_t>&, std::uint32_t);
template void TraceColumn::grow(std::vector<std::uint16_t>&, std::uint32_t);
template void TraceColumn::grow(std::vector<std::uint32_t>&, std::uint32_t);

std::size_t TraceColumn::size() const {
  return width_ == 1 ? u8_.size() : width_ == 2 ? u16_.size() : u32_.size();
}

std::uint32_t TraceColumn::at(std::size_t i) const {
  return width_ == 1 ? u8_[i] : width_ == 2 ? u16_[i] : u32_[i];
}

void TraceColumn::select(const std::vector<std::size_t>& keep) {
  if (width_ == 1) select_in(u8_, keep);
  if (width_ == 2) select_in(u16_, keep);
  if (width_ == 4) select_in(u32_, keep);
}

std::size_t TraceKind::events() const {
  return std::accumulate(counts.begin(), counts.end(), std::size_t{0});
}

std::size_t TraceKind::bytes() const {
  std::size_t total = times.size() * TraceRecorder::kRunBytes;
  for (const TraceColumn& c : columns) total += c.bytes();
  return total;
}

std::uint64_t Trace::events() const {
  std::uint64_t n = 0;
  for (const TraceKind& k : kinds) n += k.events();
  return n;
}

std::uint64_t Trace::dropped() const {
  std::uint64_t n = 0;
  for (const TraceKind& k : kinds) n += k.dropped;
  return n;
}

std::size_t Trace::bytes() const {
  std::size_t n = 0;
  for (const TraceKind& k : kinds) n += k.bytes();
  return n;
}

const TraceKind& Trace::kind(const std::string& name) const {
  std::string names;
  for (const TraceKind& k : kinds) {
    if (k.spec.name == name) return k;
    names += (names.empty() ? "" : ", ") + k.spec.name;
  }
  throw std::out_of_range("no trace event kind '" + name + "'; kinds: " + names);
}

TraceRecorder::TraceRecorder(const TraceRequest& request)
    : from_(request.from),
      to_(request.from + request.length),
      max_events_(request.max_events),
      max_bytes_(request.max_bytes),
      now_(request.from) {
  check_trace_request(request);
}

namespace {

// An event is read as one record: its kind's name under "kind", its time under the clock's name,
// then its fields; a field of either name would overwrite them.
void check_field_names(const TraceKindSpec& spec, const std::string& clock) {
  for (const TraceFieldSpec& f : spec.fields) {
    if (f.name == "kind" || f.name == clock) {
      throw std::logic_error("trace kind '" + spec.name + "': a field may not be named '" +
                             f.name + "' (the event's kind and time are read under 'kind' and '" +
                             clock + "')");
    }
  }
}

}  // namespace

void TraceRecorder::set_clock(std::string name, std::string unit) {
  for (const TraceKind& k : kinds_) check_field_names(k.spec, name);
  clock_ = std::move(name);
  unit_ = std::move(unit);
}

int TraceRecorder::add_kind(TraceKindSpec spec) {
  check_field_names(spec, clock_);
  TraceKind kind;
  std::size_t bytes = 0;
  for (TraceFieldSpec& f : spec.fields) {
    if (!f.states.empty() && !f.labels.empty()) {
      throw std::logic_error("trace kind '" + spec.name + "': field '" + f.name +
                             "' has both labels and states (a state's name is its label)");
    }
    for (const TraceStateSpec& state : f.states) f.labels.push_back(state.name);
    if (!f.roles.empty() && f.roles.size() != f.labels.size()) {
      throw std::logic_error("trace kind '" + spec.name + "': field '" + f.name + "' has " +
                             std::to_string(f.roles.size()) + " roles for " +
                             std::to_string(f.labels.size()) + " labels (one a label)");
    }
    if (!f.labels.empty()) f.max = static_cast<std::uint32_t>(f.labels.size() - 1);
    kind.columns.emplace_back(f.max);
    bytes += static_cast<std::size_t>(kind.columns.back().width());
  }
  kind.spec = std::move(spec);
  kinds_.push_back(std::move(kind));
  event_bytes_.push_back(bytes);
  return static_cast<int>(kinds_.size()) - 1;
}

const TraceKindSpec& TraceRecorder::declared(const std::string& kind,
                                             const std::vector<std::string>& fields) const {
  for (const TraceKind& k : kinds_) {
    if (k.spec.name != kind) continue;
    for (const std::string& name : fields) {
      const bool has = std::any_of(k.spec.fields.begin(), k.spec.fields.end(),
                                   [&](const TraceFieldSpec& f) { return f.name == name; });
      if (!name.empty() && !has) {
        throw std::logic_error("trace kind '" + kind + "' has no field '" + name + "'");
      }
    }
    return k.spec;
  }
  throw std::logic_error("no trace kind '" + kind + "' for the timeline");
}

void TraceRecorder::add_lane(TraceLaneSpec lane) {
  const TraceKindSpec& kind = declared(lane.kind, {lane.node, lane.state, lane.detail, lane.entry});
  if (!lane.snapshot.empty()) declared(lane.snapshot, {lane.node, lane.state, lane.detail});
  const auto state = std::find_if(kind.fields.begin(), kind.fields.end(),
                                  [&](const TraceFieldSpec& f) { return f.name == lane.state; });
  const bool known = state != kind.fields.end() &&
                     std::any_of(state->states.begin(), state->states.end(),
                                 [&](const TraceStateSpec& s) { return s.name == lane.initial; });
  if (!known) {
    throw std::logic_error("trace kind '" + lane.kind + "': no state '" + lane.initial + "' in '" +
                           lane.state + "'");
  }
  timeline_.lanes.push_back(std::move(lane));
}

void TraceRecorder::check_lane(const std::string& lane) const {
  const bool has = std::any_of(timeline_.lanes.begin(), timeline_.lanes.end(),
                               [&](const TraceLaneSpec& l) { return l.kind == lane; });
  if (!has) throw std::logic_error("no timeline lane of trace kind '" + lane + "'");
}

void TraceRecorder::add_messages(TraceMessageSpec messages) {
  declared(messages.sent, {messages.node, messages.id, messages.size, messages.detail});
  declared(messages.received, {messages.node, messages.id});
  check_lane(messages.lane);
  timeline_.messages.push_back(std::move(messages));
}

void TraceRecorder::add_mark(TraceMarkSpec mark) {
  declared(mark.kind, {mark.node});
  check_lane(mark.lane);
  timeline_.marks.push_back(std::move(mark));
}

void TraceRecorder::add_network_mark(TraceNetworkMarkSpec mark) {
  declared(mark.kind, {mark.channel, mark.vc});
  timeline_.network_marks.push_back(std::move(mark));
}

void TraceRecorder::refuse(int k, std::size_t fields) {
  TraceKind& kind = kinds_[static_cast<std::size_t>(k)];
  if (fields != kind.columns.size()) {
    throw std::logic_error("trace event '" + kind.spec.name + "' recorded with " +
                           std::to_string(fields) + " fields, not " +
                           std::to_string(kind.columns.size()));
  }
  if (!stopped_) stop();
  ++kind.dropped;
}

void TraceRecorder::stop() {
  stopped_ = true;
  // Events before now - lag are all in; later ones may still be missing, so they go too.
  end_ = std::max(from_, now_ - lag_);
  events_ = 0;
  bytes_ = 0;
  for (TraceKind& kind : kinds_) {
    const std::vector<double> times = event_times(kind);
    std::vector<std::size_t> keep;
    for (std::size_t i = 0; i < times.size(); ++i) {
      if (times[i] < end_) keep.push_back(i);
    }
    kind.dropped += times.size() - keep.size();
    select_events(kind, times, keep);
    events_ += keep.size();
    bytes_ += kind.bytes();
  }
}

double TraceRecorder::finished_at() const {
  double last = now_;
  for (const TraceKind& kind : kinds_) {
    if (!kind.times.empty()) {
      last = std::max(last, *std::max_element(kind.times.begin(), kind.times.end()));
    }
  }
  return last;
}

Trace TraceRecorder::trace(bool finished) const {
  Trace t;
  t.clock = clock_;
  t.unit = unit_;
  t.from = from_;
  t.length = to_ - from_;
  t.truncated = stopped_;
  t.end = stopped_    ? end_
          : finished ? std::clamp(finished_at(), from_, to_)
                     : std::clamp(now_ - lag_, from_, to_);
  t.run_end = finished ? finished_at() : -1;
  t.kinds = kinds_;
  t.timeline = timeline_;
  t.nodes = nodes_;
  for (TraceKind& kind : t.kinds) {
    const auto unordered = std::adjacent_find(kind.times.begin(), kind.times.end(),
                                              [](double a, double b) { return a >= b; });
    if (unordered == kind.times.end()) continue;
    // Recorded out of time order (an event-driven machine records a send ahead of other PEs'
    // events): sorted by time, events of one time in the order recorded.
    const std::vector<double> times = event_times(kind);
    std::vector<std::size_t> order(times.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return times[a] < times[b]; });
    select_events(kind, times, order);
  }
  return t;
}

}  // namespace archex
