#pragma once

#include <vector>

#include "core/rng.h"
#include "machines/paragon/machine.h"

namespace archex::paragon {

// The communication libraries of sec. 3 as compute-processor programs over NX, appended to one
// program per node.

// Packets of one superstep: dests[i] lists, in the order generated, the node each BSP packet of
// node i goes to (i itself for a local one).
using Packets = std::vector<std::vector<int>>;

// A random full h-relation on p nodes: the union of h random permutations, so every node sends
// and receives exactly h packets.
Packets random_h_relation(int p, int h, Rng& rng);

// The BSP library's synchronization of a superstep (sec. 3): each packet written to the output
// buffer of its destination (half of bsp_buffer_us); at the barrier an all-to-all broadcast of the
// buffer sizes in ceil(log2 p) dissemination rounds (round r sends the 2^r x p sizes known so
// far); the input buffer allocated; the combined messages sent in staggered order (step k: to
// i + k, from i - k; a receive posted before each send); the packets read from the input buffer
// (the other half); the barrier.
void bsp_sync(std::vector<Program>& programs, const MachineParams& m, const Packets& packets);
// The same from the packet counts: count[i][j] packets from node i to node j.
void bsp_sync(std::vector<Program>& programs, const MachineParams& m,
              const std::vector<std::vector<double>>& count);

// The naive library: every packet sent as its own NX message as it is generated, then the
// barrier.
void naive_sync(std::vector<Program>& programs, const MachineParams& m, const Packets& packets);

// One BPRAM step (sec. 3): node i sends `bytes[i]` bytes to dest[i] (-1: none) and receives at
// most one block, all nodes together; then the barrier.
void bpram_step(std::vector<Program>& programs, const std::vector<int>& dest,
                const std::vector<double>& bytes);

// A BPRAM exchange in which node i sends bytes to several destinations one block at a time in
// staggered order (one startup per block), as a sequence of permutation steps: step k sends
// out[i][(i + k) % p] bytes (skipped when 0) — the original sample sort's p - 1 startups.
void bpram_all_to_all(std::vector<Program>& programs,
                      const std::vector<std::vector<double>>& out_bytes);

// Adds `op` to every program.
void append_all(std::vector<Program>& programs, Step step);

// Runs the programs to the end on `machine`; returns the time they took in microseconds.
double run(Machine& machine, std::vector<Program> programs);

// ceil(log2 p), the rounds of a dissemination exchange.
int log2_ceil(int p);

}  // namespace archex::paragon
