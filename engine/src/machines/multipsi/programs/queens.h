#pragma once

#include <memory>

#include "machines/multipsi/machine.h"

namespace archex::fghc {

// Taki's two all-solutions N-queens programs (ICOT TR-370, 1988, appendix), reduction by
// reduction: clauses tried in order, the arithmetic built-in calls (:=) counted, load thrown with
// alloc(PE)@@Goal to the next PE round the ring.
//   Program 1 throws every sibling of the search tree's nodes down to `depth` and searches below
//   it locally (queen_n / c1_n, then queen_1 / c1).
//   Program 2 estimates the leaves as queens!, gives each of the pes x k lumps of that / (pes x k)
//   leaves to the PEs in turn (send_queen), and walks the tree with each subtree's estimated
//   width (queen_n / c1_1).
enum class QueensProgram { program1, program2 };

// Throws std::invalid_argument for queens outside 4..10, pes outside 1..127 or a grain below 1.
std::unique_ptr<Program> make_queens(QueensProgram which, int queens, int pes, int grain);

}  // namespace archex::fghc
