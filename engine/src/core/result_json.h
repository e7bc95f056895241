#pragma once

#include <string>

#include "core/param_spec.h"
#include "core/result.h"
#include "core/trace.h"

namespace archex {

// A run as JSON with every double written exactly (17 significant digits): its resolved
// parameters, scalars, series and, when given, its trace. The native runner prints it and the
// golden tests compare it, so the wasm build can be checked against the native one bit for bit.
std::string result_json(const ParamValues& params, const Result& result,
                        const Trace* trace = nullptr);

// A run as JSON whole, every field of the result as the wasm bindings give it to JS (names in
// camelCase: scalars with their units, series with their axes, networks with their drawing and
// tables, timelines) beside its resolved parameters; every double exact, a non-finite one as the
// string "NaN", "Infinity" or "-Infinity". A host that runs the engine natively (the Python
// package) hands it to the app's TypeScript, which reports it as it reports a wasm run.
std::string result_full_json(const ParamValues& params, const Result& result);

// Parameter values as a JSON object, by name in order, every double written exactly: the same
// values give the same text.
std::string params_json(const ParamValues& params);

}  // namespace archex
