#pragma once

#include "core/registry.h"

namespace archex {

// Inmos transputers (Turner & Back, p4 on the T9000): the ping round trip and throughput of raw,
// VCR and p4 messages on the T805 and the T9000, directly and through a C104 (sec. 4.1, Figs.
// 2-7); the sequential Mandelbrot set per processor (Tables 1, 2); the Mandelbrot processor farm
// (Fig. 8).
ModelInfo transputer_ping_info();
ModelInfo transputer_sequential_info();
ModelInfo transputer_farm_info();

}  // namespace archex
