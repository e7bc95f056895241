#pragma once

#include <string>
#include <vector>

namespace archex {

// What a model's outputs are to a reader that compares models (the all-machines page), declared
// by the model so that no reader finds a model or an output by the shape of its name. Each name
// is one of the model's declared outputs or parameters; a '*' in a family stands for the same
// item (a machine's key) in every output of one row.

// A LogP / LogGP microbenchmark's results (core/logp.h): one row per target (machine and message
// layer) whose key is the '*' of its one-way series.
struct LogpSignature {
  // One-way time against message size, in microseconds and in processor cycles.
  std::string one_way_us;
  std::string one_way_cycles;
  // A fitted parameter (o_send, o_recv, L, g, G) in microseconds and in processor cycles.
  struct Fitted {
    std::string param;
    std::string us;
    std::string cycles;
  };
  std::vector<Fitted> fitted;
  // What the overheads overlap the transfer by, and the processor clock the cycles count.
  Fitted overlap;
  std::string clock_mhz;
};

// The papers' own cost models a model draws beside a simulated machine (Ts + Tb x bytes): the
// series family of their curves (one per machine, in the order of the parameter lists), the
// model's own curve among them, and the list parameters giving each curve's Ts and Tb.
struct CostModelSignature {
  std::string curves;
  std::string own;
  std::string ts;
  std::string tb;
};

}  // namespace archex
