// Each program's parameter table is what it reads: a change to a parameter outside it leaves the
// program's run bit for bit the same, and a change to each one inside it changes the run (under
// one of the MDP's synchronizations: the flag costs act only without presence tags).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
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
          {"tsp_cities", 8}};
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

// Valid values of `spec` other than its default: every other choice, or a number (each item of a
// list) below and above the default, within the range, whole or a power where the spec says so.
std::vector<ParamValue> others(const ParamSpec& spec) {
  std::vector<ParamValue> out;
  if (spec.is_choice()) {
    for (std::size_t c = 0; c < spec.choices.size(); ++c) {
      if (static_cast<double>(c) != spec.default_value) out.emplace_back(static_cast<double>(c));
    }
    return out;
  }
  const double v = spec.is_list() ? spec.default_list.front() : spec.default_value;
  double below = (spec.min + v) / 2;
  double above = std::min(spec.max, v > 0 ? 2 * v : (v + spec.max) / 2);
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
    for (const ParamSpec& spec : program_table().specs()) {
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

TEST(ProgramTables, AProgramReadsEveryParameterOfItsTable) {
  for (const ProgramKind kind : kKinds) {
    for (const ParamSpec& spec : program_table(kind).specs()) {
      bool read = false;
      for (const double tags : {0.0, 1.0}) {
        ParamValues base = small();
        base.set("presence_tags", tags);
        const std::vector<double> before = fingerprint(kind, base);
        for (const ParamValue& value : others(spec)) {
          ParamValues changed = base;
          changed.set(spec.name, value);
          read = read || fingerprint(kind, changed) != before;
        }
      }
      EXPECT_TRUE(read) << program_key(kind) << " does not read '" << spec.name << "'";
    }
  }
}

}  // namespace
}  // namespace archex::jmachine
