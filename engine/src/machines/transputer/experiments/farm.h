#pragma once

#include "core/registry.h"

namespace archex {

// The Mandelbrot processor farm on T805s and T9000s against the number of workers (Fig. 8).
ModelInfo transputer_farm_info();

}  // namespace archex
