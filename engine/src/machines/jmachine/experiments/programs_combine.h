#pragma once

#include <vector>

#include "core/result.h"
#include "core/sweep.h"
#include "machines/jmachine/experiments/programs_point.h"

namespace archex::jmachine {

// What each kind of thread of each program reports (the paper's Table 4 columns), declared once
// for the outputs and the combine: the output is "<program>_<thread>_<suffix>".
struct ThreadFigure {
  const char* suffix;
  const char* unit;
  const char* meaning;
};
inline constexpr ThreadFigure kThreadFigures[] = {
    {"threads", "threads", "threads"},
    {"kinstr", "K instructions", "instructions"},
    {"instr_per_thread", "instructions", "instructions per thread"},
    {"msg_words", "words", "mean length of the message starting it"},
};

// The programs' speedups, breakdowns, statistics and the paper's other machines beside them, from
// the runs done so far.
Result combine_programs(const ProgramsParams& p, const std::vector<PointResult>& partials);

}  // namespace archex::jmachine
