#pragma once

#include "core/registry.h"

namespace archex {

// The sequential Mandelbrot set on each processor (Tables 1 and 2).
ModelInfo transputer_sequential_info();

}  // namespace archex
