#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/rng.h"
#include "machines/jmachine/programs/program.h"

namespace archex::jmachine {

// LCS's strings (`length` characters of an `alphabet`, from a seed) and the plain sequential
// length of their longest common subsequence, the check of the parallel run.
std::vector<int> lcs_string(int length, int alphabet, std::uint64_t seed);
int lcs_length(const std::vector<int>& a, const std::vector<int>& b);

// The optimal tour length of TSP's instance (Held-Karp), the check of the parallel run.
std::vector<std::vector<int>> tsp_distances(int cities, int seed);
int tsp_optimal(const std::vector<std::vector<int>>& d);

// Radix sort's passes: a digit of the keys each.
int radix_passes(const ProgramParams& p);

// Each program's own parameters, in its own file.
ParamTable<ProgramParams> barrier_table();
ParamTable<ProgramParams> lcs_table();
ParamTable<ProgramParams> radix_table();
ParamTable<ProgramParams> queens_table();
ParamTable<ProgramParams> tsp_table();

// The programs, each in its own file.
std::unique_ptr<Program> make_barrier(const ProgramParams& p, int nodes);
std::unique_ptr<Program> make_lcs(const ProgramParams& p, int nodes);
std::unique_ptr<Program> make_radix(const ProgramParams& p, int nodes, Rng rng);
std::unique_ptr<Program> make_queens(const ProgramParams& p, int nodes);
std::unique_ptr<Program> make_tsp(const ProgramParams& p, int nodes, Rng rng);

}  // namespace archex::jmachine
