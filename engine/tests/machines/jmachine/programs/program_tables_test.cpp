// Each program's parameter table is what it reads: a change to a parameter outside it leaves the
// program's run bit for bit the same, and a change to each of its own changes the run (under one
// of the MDP's synchronizations).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/param_spec.h"
#include "machines/jmachine/programs/program.h"

namespace archex::jmachine {
namespace {

constexpr int kNodes = 8;

// Problems small enough for hundreds of runs; every other value at the engine's default.
ParamValues small() {
  return {{"lcs_a_chars", 64}, {"lcs_b_chars", 64}, {"radix_keys", 1024}, {"queens_n", 8},
          {"tsp_cities", 11}};
}

// Everything a run gives, as numbers in a fixed order.
std::vector<double> fingerprint(ProgramKind kind, const ParamValues& values) {
  const ParamTable<ProgramParams> t = program_table();
  const ProgramParams p = t.read(resolve_params("jmachine_programs", t.specs(), values));
  ProgramRunner runner(kind, p, kNodes, Rng(7));
  while (!runner.advance(1 << 20)) {
  }
  const ProgramRun& r = runner.result();
  std::vector<double> f = {r.cycles,
                           static_cast<double>(r.queue_faults),
                           static_cast<double>(r.send_faults),
                           static_cast<double>(r.max_node_send_faults),
                           static_cast<double>(r.messages),
                           r.xlates,
                           r.answer,
                           r.correct ? 1.0 : 0.0};
  for (const auto& node : r.uses) f.insert(f.end(), node.begin(), node.end());
  f.insert(f.end(), r.idle.begin(), r.idle.end());
  for (const ThreadCount& c : r.threads) {
    f.insert(f.end(), {static_cast<double>(c.threads), c.instructions, c.message_words});
  }
  for (const Scalar& s : r.extras) f.push_back(s.value);
  return f;
}

// Valid values of `spec` other than its value in small(): every other choice, or a number (each
// item of a list) below and above it, within the range, whole or a power where the spec says so.
std::vector<ParamValue> others(const ParamSpec& spec) {
  const ParamValues base = small();
  std::vector<ParamValue> out;
  if (spec.is_choice()) {
    for (std::size_t c = 0; c < spec.choices.size(); ++c) {
      if (static_cast<double>(c) != spec.default_value) out.emplace_back(static_cast<double>(c));
    }
    return out;
  }
  // A step either side, as far above as below (a problem size stays small), or a tenth of the
  // range above a default at its least.
  const double v = base.contains(spec.name) ? base.number(spec.name)
                   : spec.is_list()         ? spec.default_list.front()
                                            : spec.default_value;
  double below = (spec.min + v) / 2;
  double above = v > spec.min ? 2 * v - below : v + (spec.max - v) / 10;
  if (spec.ratio > 0) {
    below = v / spec.ratio;
    above = v * spec.ratio;
  } else if (spec.integer) {
    below = std::floor(below);
    above = std::ceil(above);
  }
  for (const double x : {below, above}) {
    if (x == v || x < spec.min || x > spec.max) continue;
    if (spec.is_list()) {
      out.emplace_back(std::vector<double>(spec.default_list.size(), x));
    } else {
      out.emplace_back(x);
    }
  }
  return out;
}

std::vector<std::string> names(const ParamTable<ProgramParams>& t) {
  std::vector<std::string> out;
  for (const ParamSpec& spec : t.specs()) out.push_back(spec.name);
  return out;
}

// Whether the run at `values` differs from `before`; a value the machine refuses with the others
// (a torus on one virtual channel) is read too.
bool differs(ProgramKind kind, const ParamValues& values, const std::vector<double>& before) {
  try {
    return fingerprint(kind, values) != before;
  } catch (const std::invalid_argument&) {
    return true;
  }
}

constexpr ProgramKind kKinds[] = {ProgramKind::kBarrier, ProgramKind::kLcs, ProgramKind::kRadix,
                                  ProgramKind::kQueens, ProgramKind::kTsp};

TEST(ProgramTables, TheUnionListsEveryProgramsTableOnce) {
  const std::vector<std::string> all = names(program_table());
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(std::count(all.begin(), all.end(), all[i]), 1) << all[i];
  }
  for (const ProgramKind kind : kKinds) {
    for (const std::string& name : names(program_table(kind))) {
      EXPECT_NE(std::find(all.begin(), all.end(), name), all.end())
          << program_key(kind) << ": " << name;
    }
  }
}

TEST(ProgramTables, AProgramReadsNoParameterOutsideItsTable) {
  for (const ProgramKind kind : kKinds) {
    const std::vector<std::string> own = names(program_table(kind));
    const std::vector<double> base = fingerprint(kind, small());
    const ParamTable<ProgramParams> all = program_table();
    for (const ParamSpec& spec : all.specs()) {
      if (std::find(own.begin(), own.end(), spec.name) != own.end()) continue;
      for (const ParamValue& value : others(spec)) {
        ParamValues changed = small();
        changed.set(spec.name, value);
        EXPECT_EQ(fingerprint(kind, changed), base)
            << program_key(kind) << " reads '" << spec.name << "' at " << value.items().front();
      }
    }
  }
}

// A program's own parameters, those not in every program's table (the machine's, which the MDPs
// and the network read, many only under load: a full queue, a refused send, a suspension).
TEST(ProgramTables, AProgramReadsEveryOneOfItsOwnParameters) {
  std::vector<std::string> machine = names(program_table(kKinds[0]));
  for (const ProgramKind kind : kKinds) {
    const std::vector<std::string> table = names(program_table(kind));
    machine.erase(std::remove_if(machine.begin(), machine.end(),
                                 [&](const std::string& name) {
                                   return std::find(table.begin(), table.end(), name) ==
                                          table.end();
                                 }),
                  machine.end());
  }
  for (const ProgramKind kind : kKinds) {
    const ParamTable<ProgramParams> own = program_table(kind);
    for (const ParamSpec& spec : own.specs()) {
      if (std::find(machine.begin(), machine.end(), spec.name) != machine.end()) continue;
      bool read = false;
      for (const double tags : {0.0, 1.0}) {
        ParamValues base = small();
        base.set("presence_tags", tags);
        const std::vector<double> before = fingerprint(kind, base);
        for (const ParamValue& value : others(spec)) {
          ParamValues changed = base;
          changed.set(spec.name, value);
          read = read || differs(kind, changed, before);
        }
      }
      EXPECT_TRUE(read) << program_key(kind) << " does not read '" << spec.name << "'";
    }
  }
}

}  // namespace
}  // namespace archex::jmachine
