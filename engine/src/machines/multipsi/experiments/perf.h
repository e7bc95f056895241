#pragma once

#include "core/registry.h"

namespace archex {

// Taki's system-performance model of the Multi-PSI (ICOT TR-370, 1988, sections 4-8): the
// inter-PE exchange cost breakdown with per-component speed-ups (the V2 what-if of sec. 4.2),
// performance = ideal x work rate / (1 + communication rate x relative communication time), and
// the largest communication rate that keeps a chosen fraction of the communication-free
// performance (sec. 8).
ModelInfo multipsi_perf_info();

}  // namespace archex
