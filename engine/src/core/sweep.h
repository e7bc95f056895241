#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/model.h"
#include "core/param_spec.h"
#include "core/result.h"
#include "core/rng.h"

namespace archex {

// One point's partial result, by its index in the sweep.
struct PointResult {
  std::size_t point = 0;
  Result result;
};

// How a model whose run is a sweep of independent points is split, so that a caller can run the
// points apart (one worker or many) and get the same bits: each point draws only from
// point_rng(seed, stream), its stream being its index unless the model numbers its streams
// otherwise, and combine sees the partials sorted by index whatever their arrival.
struct SweepInfo {
  // Relative work of each point (one entry per point), in the order the points should start.
  std::function<std::vector<double>(const ParamValues& params)> weights;
  // The run of one point; its result() is the point's partial result.
  std::function<std::unique_ptr<Model>(const ParamValues& params, Rng rng, std::size_t point)>
      point;
  // The full result from the partials that have arrived so far, sorted by index.
  std::function<Result(const ParamValues& params, const std::vector<PointResult>& partials)>
      combine;
  // The number of the random stream a point draws from: two points that are the same run share
  // one, so they give the same numbers (a network's chosen load that is also a load of its curve
  // draws from that point's index; a J-Machine program's run from its program, size and run
  // index, wherever the list puts it). Absent: every point draws from its index.
  std::function<std::size_t(const ParamValues& params, std::size_t point)> stream;
  // What a point's partial depends on besides the seed: two points, of this run or of any other
  // run of the model, whose keys are equal give the same partial, so a caller that kept one may
  // give it for the other (a list grown by one value runs only the new value's points). The key
  // must cover the point's random stream. Absent: a point is known only by its run's parameters
  // and its index.
  std::function<ParamValues(const ParamValues& params, std::size_t point)> key;
};

// The random stream of one point: depends only on the run's seed and the point's index.
Rng point_rng(std::uint64_t seed, std::size_t point);

// The random stream of a point of `sweep`: point_rng of the point whose stream it shares.
Rng sweep_point_rng(const SweepInfo& sweep, const ParamValues& params, std::uint64_t seed,
                    std::size_t point);

// Sorts partials by index and drops repeats of an index, then combines them.
Result combine_points(const SweepInfo& sweep, const ParamValues& params,
                      std::vector<PointResult> partials);

// The whole run of a sweep model in one Simulation: the points one after another, in index
// order, each seeded by sweep_point_rng, combined as they finish.
std::unique_ptr<Model> run_sweep(const SweepInfo& sweep, const ParamValues& params,
                                 std::uint64_t seed);

}  // namespace archex
