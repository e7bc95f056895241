#include "core/trace.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/param_spec.h"

namespace archex {
namespace {

// The events of a kind as (time, first field) pairs.
std::vector<std::pair<double, std::uint32_t>> events(const TraceKind& k) {
  std::vector<std::pair<double, std::uint32_t>> out;
  std::size_t i = 0;
  for (std::size_t r = 0; r < k.times.size(); ++r) {
    for (std::uint32_t n = 0; n < k.counts[r]; ++n, ++i) {
      out.emplace_back(k.times[r], k.columns.empty() ? 0 : k.columns[0].at(i));
    }
  }
  return out;
}

TEST(TraceRecorder, KeepsTheWindowOnlyWithTimesAsRunsAndFieldsAsNarrowColumns) {
  TraceRequest request;
  request.from = 10;
  request.length = 5;
  TraceRecorder rec(request);
  const int moved = rec.add_kind({"moved", "", {{"packet"}, {"vc", 3, {}}, {"channel", 300, {}}}});
  for (int t = 8; t < 17; ++t) {
    rec.advance(t);
    rec.record(moved, t, static_cast<std::uint32_t>(t), 1, 299);
    rec.record(moved, t, static_cast<std::uint32_t>(100 + t), 2, 7);
  }
  const Trace trace = rec.trace(true);
  const TraceKind& k = trace.kind("moved");
  EXPECT_EQ(k.times, (std::vector<double>{10, 11, 12, 13, 14}));
  EXPECT_EQ(k.counts, (std::vector<std::uint32_t>(5, 2)));
  EXPECT_EQ(k.columns[0].width(), 4);
  EXPECT_EQ(k.columns[1].width(), 1);
  EXPECT_EQ(k.columns[2].width(), 2);
  EXPECT_EQ(k.columns[2].at(1), 7u);
  EXPECT_EQ(trace.events(), 10u);
  EXPECT_EQ(trace.dropped(), 0u);
  // Five runs of 12 bytes, ten events of 4 + 1 + 2 bytes.
  EXPECT_EQ(trace.bytes(), 5u * 12 + 10u * 7);
  EXPECT_EQ(trace.end, 15);
  EXPECT_FALSE(trace.truncated);
  EXPECT_THROW(trace.kind("nothing"), std::out_of_range);
}

TEST(TraceRecorder, ACapKeepsTheCompleteCyclesBeforeItAndCountsTheRestAsDropped) {
  TraceRequest request;
  request.from = 0;
  request.length = 100;
  request.max_events = 7;
  TraceRecorder rec(request);
  const int a = rec.add_kind({"a", "", {{"id"}}});
  const int b = rec.add_kind({"b", "", {{"id"}}});
  for (int t = 0; t < 10; ++t) {
    rec.advance(t);
    rec.record(a, t, 1);
    rec.record(b, t, 2);
  }
  const Trace trace = rec.trace(true);
  // The eighth event (cycle 3's second) was one too many: cycle 3 goes whole.
  EXPECT_TRUE(trace.truncated);
  EXPECT_EQ(trace.end, 3);
  EXPECT_EQ(trace.kind("a").times, (std::vector<double>{0, 1, 2}));
  EXPECT_EQ(trace.kind("b").times, (std::vector<double>{0, 1, 2}));
  EXPECT_EQ(trace.events(), 6u);
  EXPECT_EQ(trace.dropped(), 14u);
}

TEST(TraceRecorder, AByteCapCountsRunsAndColumns) {
  TraceRequest request;
  request.max_bytes = 1024;
  TraceRecorder rec(request);
  const int a = rec.add_kind({"a", "", {{"id", 0xffff, {}}}});
  for (int t = 0; t < 1000; ++t) {
    rec.advance(t);
    rec.record(a, t, 1);
  }
  const Trace trace = rec.trace(true);
  // 14 bytes a cycle (a run and a 2-byte field): 73 cycles fit in 1024 bytes.
  EXPECT_EQ(trace.kind("a").events(), 73u);
  EXPECT_LE(trace.bytes(), 1024u);
  EXPECT_EQ(trace.end, 73);
}

TEST(TraceRecorder, EventsRecordedAheadOfTheClockAreSortedAndALagKeepsTheCutComplete) {
  TraceRequest request;
  request.length = 100;
  request.max_events = 5;
  TraceRecorder rec(request);
  rec.set_clock("ms", "ms");
  const int sent = rec.add_kind({"sent", "", {{"id"}}});
  // An event-driven machine: at 1 ms one PE records a send at 4 ms, another then one at 2 ms.
  rec.advance(1);
  rec.record(sent, 4, 1);
  rec.advance(2);
  rec.record(sent, 2, 2);
  rec.record(sent, 2.5, 3);
  const Trace sorted = rec.trace(false);
  EXPECT_EQ(sorted.clock, "ms");
  EXPECT_EQ(events(sorted.kind("sent")),
            (std::vector<std::pair<double, std::uint32_t>>{{2, 2}, {2.5, 3}, {4, 1}}));
  EXPECT_EQ(sorted.end, 2);
  // The cap falls while the clock is at 3: the send at 4 may have missing company, so it goes.
  rec.advance(3);
  rec.record(sent, 3, 4);
  rec.record(sent, 3.5, 5);
  rec.record(sent, 5, 6);
  const Trace cut = rec.trace(true);
  EXPECT_TRUE(cut.truncated);
  EXPECT_EQ(cut.end, 3);
  EXPECT_EQ(events(cut.kind("sent")),
            (std::vector<std::pair<double, std::uint32_t>>{{2, 2}, {2.5, 3}}));
  EXPECT_EQ(cut.dropped(), 4u);
}

TEST(TraceRecorder, AFinishedRunEndsItsWindowWhereItEnded) {
  TraceRequest request;
  request.from = 10;
  request.length = 100;
  // The run goes on past its last event to cycle 40, then stops: the window ends there.
  TraceRecorder ended(request);
  const int a = ended.add_kind({"a", "", {{"id"}}});
  ended.advance(12);
  ended.record(a, 12, 1);
  ended.advance(40);
  EXPECT_EQ(ended.trace(false).end, 40);
  EXPECT_EQ(ended.trace(true).end, 40);
  // One that runs past the window ends it at the window's end, however early its last event.
  TraceRecorder past(request);
  const int b = past.add_kind({"b", "", {{"id"}}});
  past.advance(12);
  past.record(b, 12, 1);
  past.advance(500);
  EXPECT_EQ(past.trace(true).end, 110);
  // One recorded ahead of the clock (an event-driven machine's receipt) ends with that event.
  TraceRecorder ahead(request);
  const int c = ahead.add_kind({"c", "", {{"id"}}});
  ahead.advance(12);
  ahead.record(c, 30, 1);
  EXPECT_EQ(ahead.trace(true).end, 30);
}

TEST(TraceRecorder, AFinishedRunSaysWhereItEndedInsideBeforeOrPastTheWindow) {
  TraceRequest request;
  request.from = 10;
  request.length = 100;
  const auto run_end = [&](double last, bool finished) {
    TraceRecorder rec(request);
    rec.add_kind({"a", "", {{"id"}}});
    rec.advance(last);
    return rec.trace(finished).run_end;
  };
  EXPECT_EQ(run_end(40, true), 40);
  // Unlike the window's end, not held to the window: before it opens, or past it.
  EXPECT_EQ(run_end(4, true), 4);
  EXPECT_EQ(run_end(500, true), 500);
  // A run still going has not ended.
  EXPECT_EQ(run_end(40, false), -1);
}

TEST(TraceRecorder, AFieldsValueRolesGoOnePerLabel) {
  TraceRecorder rec(TraceRequest{});
  TraceFieldSpec kind{"message", 0, {"throw", "reply", "other"}};
  kind.roles = {TraceRole::kGoalThrown, TraceRole::kGoalResumed, TraceRole::kNone};
  rec.add_kind({"sent", "", {kind}});
  EXPECT_EQ(rec.trace(true).kind("sent").spec.fields[0].roles, kind.roles);
  kind.roles.pop_back();
  EXPECT_THROW(rec.add_kind({"sent_too", "", {kind}}), std::logic_error);
}

TEST(TraceRecorder, RefusesARequestOutOfRangeNamingTheField) {
  const auto field = [](TraceRequest r) {
    try {
      check_trace_request(r);
    } catch (const ParamError& e) {
      return e.param();
    }
    return std::string();
  };
  TraceRequest ok;
  EXPECT_EQ(field(ok), "");
  TraceRequest r = ok;
  r.from = -1;
  EXPECT_EQ(field(r), "trace_from");
  r = ok;
  r.length = 0;
  EXPECT_EQ(field(r), "trace_length");
  r = ok;
  r.max_events = 0;
  EXPECT_EQ(field(r), "trace_max_events");
  r = ok;
  r.max_bytes = 10;
  EXPECT_EQ(field(r), "trace_max_bytes");
}

TEST(TraceRecorder, RefusesAFieldNamedAsTheEventsKindOrClock) {
  TraceRequest request;
  request.length = 5;
  TraceRecorder rec(request);
  EXPECT_THROW(rec.add_kind({"sent", "", {{"kind", 3, {}}}}), std::logic_error);
  EXPECT_THROW(rec.add_kind({"sent", "", {{"cycle"}}}), std::logic_error);
  rec.add_kind({"sent", "", {{"time"}}});
  EXPECT_THROW(rec.set_clock("time", "ms"), std::logic_error);
  EXPECT_NO_THROW(rec.set_clock("ms", "ms"));
}

TEST(TraceRecorder, DeclaresATimelineOfKindsAddedBeforeAndCheckedAgainstThem) {
  TraceRecorder rec(TraceRequest{});
  const TraceFieldSpec state{"state",
                             0,
                             {},
                             false,
                             {{"idle", "idle", "Nothing to do.", TraceActivity::kIdle},
                              {"busy", "busy", "Works.", TraceActivity::kBusy}}};
  rec.add_kind({"cpu_state", "", {{"node", 7, {}}, state}});
  rec.add_kind({"sent", "", {{"node", 7, {}}, {"id"}, {"bytes"}}});
  rec.add_kind({"received", "", {{"node", 7, {}}, {"id"}}});
  rec.add_lane({"cpu_state", "", "node", "state", "", 0, "", "processor", "", "idle"});
  rec.add_messages({"sent", "received", "node", "id", "bytes", "bytes", "", "cpu_state"});
  const Trace trace = rec.trace(true);
  // A state's name is its value's label; the field is as narrow as its states need.
  EXPECT_EQ(trace.kind("cpu_state").spec.fields[1].labels,
            (std::vector<std::string>{"idle", "busy"}));
  EXPECT_EQ(trace.kind("cpu_state").columns[1].width(), 1);
  ASSERT_EQ(trace.timeline.lanes.size(), 1u);
  EXPECT_EQ(trace.timeline.messages.front().lane, "cpu_state");
  // Every name must be a kind, field or state there is.
  EXPECT_THROW(rec.add_lane({"cpu_state", "", "node", "state", "", 0, "", "", "", "asleep"}),
               std::logic_error);
  EXPECT_THROW(rec.add_lane({"gpu_state", "", "node", "state", "", 0, "", "", "", "idle"}),
               std::logic_error);
  EXPECT_THROW(rec.add_mark({"sent", "sent", "pe", "cpu_state"}), std::logic_error);
  EXPECT_THROW(rec.add_mark({"sent", "sent", "node", "sent"}), std::logic_error);
  EXPECT_THROW(rec.add_network_mark({"sent", "sent", "channel", "vc"}), std::logic_error);
  rec.add_kind({"knot", "", {{"channel"}, {"vc", 3, {}}}});
  rec.add_network_mark({"knot", "deadlock", "channel", "vc"});
  EXPECT_EQ(rec.trace(true).timeline.network_marks.front().label, "deadlock");
  const TraceFieldSpec both{"s", 0, {"a"}, false, {{"b", "b", "", TraceActivity::kIdle}}};
  EXPECT_THROW(rec.add_kind({"both", "", {both}}), std::logic_error);
}

}  // namespace
}  // namespace archex
