#pragma once

#include "core/registry.h"

namespace archex {

// The LogP microbenchmark (core/logp.h) on the transputers' own model: raw channel messages and
// p4 messages between two T805s on an OS-link and two T9000s on a DS-link (Turner & Back).
ModelInfo transputer_logp_info();

}  // namespace archex
