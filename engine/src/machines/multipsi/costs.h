#pragma once

#include "core/param_table.h"
#include "machines/multipsi/machine.h"

namespace archex::fghc {

// Times of the four parts of the measured exchange: a goal sent to an adjacent PE, reduced once
// there, and its termination reported back (sec. 4.1).
struct Exchange {
  double reduction_ms;
  double hardware_ms;
  double firmware_ms;
  double software_ms;

  double total_ms() const { return reduction_ms + hardware_ms + firmware_ms + software_ms; }
  double total_ratio() const { return total_ms() / reduction_ms; }
  // Firmware and software run on the PEs' CPUs, the network hardware does not (sec. 4.2), so
  // only they count towards the CPU time one message costs, in units of one reduction.
  double cpu_comm_ratio() const { return (firmware_ms + software_ms) / reduction_ms; }
};

// Table 1 (sec. 4.1): the Multi-PSI/V1's measured exchange, each part summed over both PEs and
// both messages (a 2-word throw_goal with one argument and a 1-word terminate, one hop each).
constexpr Exchange kTable1 = {2.25, 0.07, 0.22, 36.07};

// The software time of any message, sender and receiver together: calibrated on Table 4's
// Program 1 average relative communication time (6.3), with Table 1's software sum as a
// constraint on it and kThrowGoalMs.
constexpr double kMessageMs = 6.371;
// Software time per message word (composing and decomposing 40-bit words as bytes). ASSUMED.
constexpr double kWordMs = 1;
// Table 1's software time less its two messages and three words: a throw_goal's extra time.
constexpr double kThrowGoalMs = kTable1.software_ms - 2 * kMessageMs - 3 * kWordMs;

// The goal-reduction machine's costs (Multi-PSI/V1), each with its value and where it comes
// from: the one table the Multi-PSI's goal-reduction models take their costs from.
ParamTable<Costs> cost_table();
// The table's defaults.
Costs default_costs();

}  // namespace archex::fghc
