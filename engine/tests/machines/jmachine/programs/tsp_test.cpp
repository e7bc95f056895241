// TSP's mechanisms (sec. 4.3.4): work requests balance the load, and the bounds that other nodes
// send and the null calls let in prune the search.

#include <gtest/gtest.h>

#include <numeric>

#include "core/param_spec.h"
#include "machines/jmachine/programs/programs.h"

namespace archex::jmachine {
namespace {

ProgramParams params(const ParamValues& overrides) {
  const ParamTable<ProgramParams> t = program_table();
  return t.read(resolve_params("jmachine_programs", t.specs(), overrides));
}

ProgramRun run(const ProgramParams& p, int nodes) {
  ProgramRunner runner(ProgramKind::kTsp, p, nodes, Rng(3));
  while (!runner.advance(1 << 20)) {
  }
  return runner.result();
}

double idle_share(const ProgramRun& r) {
  return std::accumulate(r.idle.begin(), r.idle.end(), 0.0) / (r.cycles * r.nodes);
}

double extensions(const ProgramRun& r) {
  for (const Scalar& s : r.extras) {
    if (s.name == kTspExtensions.name()) return s.value;
  }
  return -1;
}

TEST(Tsp, IdleShareFallsWhenWorkRequestsAreAllowed) {
  // 10 cities in tasks of 3 (504 of them) on 16 nodes: dealt out evenly, their sizes differ.
  const ParamValues instance{{"tsp_cities", ParamValue(10)}, {"tsp_task_depth", ParamValue(3)}};
  ParamValues none = instance;
  none.set("tsp_max_asks", ParamValue(0));
  ParamValues asks = instance;
  asks.set("tsp_max_asks", ParamValue(15));
  const ProgramRun alone = run(params(none), 16);
  const ProgramRun balanced = run(params(asks), 16);
  EXPECT_TRUE(alone.correct);
  EXPECT_TRUE(balanced.correct);
  EXPECT_LT(idle_share(balanced), 0.7 * idle_share(alone));
  EXPECT_LT(balanced.cycles, alone.cycles);
}

TEST(Tsp, BoundMessagesTheNullCallsLetInShortenTheSearch) {
  // Few large tasks (9 of them); a null call every 5 extensions, every one a message, against a
  // search that never yields within a task (the bounds from others then only reach a node
  // between its tasks).
  const ParamValues instance{{"tsp_cities", ParamValue(10)},
                             {"tsp_task_depth", ParamValue(1)},
                             {"tsp_calls_per_yield", ParamValue(1)}};
  ParamValues often = instance;
  often.set("tsp_null_call_every", ParamValue(5));
  ParamValues never = instance;
  never.set("tsp_null_call_every", ParamValue(1000000));
  const ProgramRun a = run(params(often), 8);
  const ProgramRun b = run(params(never), 8);
  EXPECT_TRUE(a.correct);
  EXPECT_TRUE(b.correct);
  EXPECT_LT(extensions(a), extensions(b));
}

TEST(Tsp, OneNodeSearchesAsThePlainBoundSearchDoes) {
  // On one node the bound is the node's own: the run's extensions do not depend on how often
  // the search yields.
  const ParamValues instance{{"tsp_cities", ParamValue(9)}};
  ParamValues a = instance;
  a.set("tsp_calls_per_yield", ParamValue(1));
  ParamValues b = instance;
  b.set("tsp_calls_per_yield", ParamValue(64));
  EXPECT_EQ(extensions(run(params(a), 1)), extensions(run(params(b), 1)));
}

}  // namespace
}  // namespace archex::jmachine
