#pragma once

#include "core/registry.h"

namespace archex {

// The Paragon's ping-pong and ping-pong double under NX between two neighbours (Fig. 1).
ModelInfo paragon_pingpong_info();

}  // namespace archex
