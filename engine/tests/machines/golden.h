#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/param_spec.h"
#include "core/trace.h"

namespace archex {

// One recorded run: a model at small parameters (so the sanitizer build runs it in seconds), a
// seed, and optionally one point of a sweep with a trace window.
struct GoldenRun {
  std::string model;
  ParamValues overrides;
  std::uint64_t seed = 1;
  std::optional<std::size_t> point;
  std::optional<TraceRequest> trace;
};

// Runs each of `runs` and expects its JSON (core/result_json.h) to equal the line recorded for it
// in engine/tests/<dir>/golden.jsonl (`dir` is machines/<machine> or network/experiment), so a
// refactor that changes any bit of a result fails here, naming the run and where it differs. With ARCHEX_UPDATE_GOLDEN=1 in the
// environment it writes the file instead: for a change that means to alter results, reviewed in
// the diff.
void expect_golden(const std::string& dir, const std::vector<GoldenRun>& runs);

}  // namespace archex
