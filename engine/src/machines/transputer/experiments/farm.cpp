#include "machines/transputer/experiments/farm.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/param_table.h"
#include "core/record.h"
#include "core/sweep.h"
#include "machines/transputer/costs.h"
#include "machines/transputer/machine.h"
#include "machines/transputer/programs/farm.h"
#include "machines/transputer/programs/mandelbrot.h"
#include "machines/transputer/rig.h"
#include "network/topologies/describe.h"

namespace archex {

namespace {

using transputer::Farm;
using transputer::FarmParams;
using transputer::kCitation;
using transputer::Mandelbrot;
using transputer::T805;
using transputer::T9000;

// ---- Fig. 8: the Mandelbrot processor farm -----------------------------------------------------


ParamTable<FarmParams> farm_params() {
  std::vector<double> all;
  for (int w = 1; w <= 32; ++w) all.push_back(w);
  ParamTable<FarmParams> t;
  t.add(&FarmParams::workers,
        number_param("workers", "Workers")
            .unit("workers").value(8).range(1, 64).whole()
            .about("Worker transputers besides the master; one run per count and "
                   "machine.")
            .max_items(64).default_list(all))
      .add(&FarmParams::item_bytes,
           number_param("item_bytes", "Work item")
               .unit("bytes").value(8).range(0, 65536).whole()
               .about("Bytes of a work item the master sends (the row to compute)."))
      .add(&FarmParams::result_bytes_per_pixel,
           number_param("result_bytes_per_pixel", "Result per pixel")
               .unit("bytes").value(1).range(0, 64).whole()
               .about("Bytes per pixel of the row a worker sends back."))
      .include(&FarmParams::image, transputer::mandelbrot_table().only(
                                       {"image_width", "image_height", "max_iterations"}))
      .include(&FarmParams::t805, transputer::t805_table())
      .include(&FarmParams::t9000, transputer::t9000_table())
      .include(&FarmParams::p4, transputer::p4_table())
      .include(&FarmParams::t805_loop, transputer::t805_loop_table().only(
                                           {"t805_fp_loop_int", "t805_fp_loop_fp"}))
      .include(&FarmParams::t9000_loop, transputer::t9000_loop_table().only(
                                            {"t9000_fp_loop_int", "t9000_fp_loop_fp"}));
  return t;
}

// Each machine's number: what the outputs' "t*" families hold, and "t" + it its curves' key.
const std::string kFarmModels[] = {"805", "9000"};

// Per machine (kFarmModels), and the work rates per machine and worker count.
constexpr ScalarOutput kSequential{"sequential_ms_t*", "ms", "Sequential time on the T805"};
constexpr ScalarOutput kLastSpeedup{"farm_speedup_t*_last", "x",
                                    "T805 speedup at the last worker count"};
constexpr ScalarOutput kMeanRatio{"farm_ratio_t8_t9", "x",
                                  "T805 farm time over T9000's, mean over the worker counts"};
constexpr ScalarOutput kStackWorkers{"stack_workers", "workers",
                                     "Workers of the work-rate stacks (the largest count)"};
constexpr ScalarOutput kSequentialRatio{"sequential_ratio_t8_t9", "x",
                                        "T805 sequential time over T9000's"};
constexpr SeriesOutput kWorkRates{"work_rates_t*", "fraction", "work rate against worker"};
constexpr SeriesOutput kTime{"farm_time_ms_t*", "ms", "execution time against workers"};
constexpr SeriesOutput kSpeedup{"speedup_t*", "x", "speedup against workers"};
constexpr SeriesOutput kRatio{"farm_ratio_t*_t*", "x", "time ratio against workers"};


// Worker counts per sweep point: the points share the image's rows, which each point counts
// again, so a few points of several counts each spread over the cores at little extra work.
constexpr std::size_t kFarmPoints = 8;

std::size_t farm_chunk(const FarmParams& p) {
  return (p.workers.size() + kFarmPoints - 1) / kFarmPoints;
}

// What a point gives the combine, which knows its worker counts from the plan (farm_counts):
// the image's iterations, which every point counts, and per machine each count's farm time and
// its workers' work rates (the counts' lists one after another).
struct FarmRecord {
  double iterations = 0;
  std::vector<double> t805_ms;
  std::vector<double> t9000_ms;
  std::vector<double> t805_rates;
  std::vector<double> t9000_rates;
};

// A machine's (kFarmModels' order) fields of the record.
std::vector<double> FarmRecord::* const kFarmTimes[] = {&FarmRecord::t805_ms,
                                                        &FarmRecord::t9000_ms};
std::vector<double> FarmRecord::* const kFarmRates[] = {&FarmRecord::t805_rates,
                                                        &FarmRecord::t9000_rates};

const RecordTable<FarmRecord>& farm_record() {
  static const RecordTable<FarmRecord> table = RecordTable<FarmRecord>()
                                                   .add(&FarmRecord::iterations)
                                                   .add(&FarmRecord::t805_ms)
                                                   .add(&FarmRecord::t9000_ms)
                                                   .add(&FarmRecord::t805_rates)
                                                   .add(&FarmRecord::t9000_rates);
  return table;
}

// Point `point`'s worker counts: indices [first, last) of p.workers.
std::pair<std::size_t, std::size_t> farm_counts(const FarmParams& p, std::size_t point) {
  const std::size_t chunk = farm_chunk(p);
  return {point * chunk, std::min(p.workers.size(), (point + 1) * chunk)};
}

// Some worker counts: the rows' iterations (one unit per row), then the farm on the T805 and on
// the T9000 for each count (one unit per event). Traced, it records the farm of its first count
// on both machines.
class FarmPoint final : public RecordPoint<FarmRecord> {
 public:
  FarmPoint(FarmParams p, std::size_t first, std::size_t last)
      : RecordPoint(farm_record()), p_(std::move(p)), first_(first), last_(last), at_(first) {}

  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && at_ < last_; ++i) {
      if (static_cast<int>(rows_.size()) < p_.image.height) {
        rows_.push_back(
            transputer::row_iterations(p_.image, static_cast<int>(rows_.size()), false));
        continue;
      }
      const int workers = p_.workers[at_];
      const bool traced = trace_ && at_ == first_;
      if (!farm_) {
        farm_ = std::make_unique<Farm>(p_, machine_ == 1, workers, rows_,
                                       traced ? &events_ : nullptr);
      }
      if (!farm_->step()) continue;
      if (traced) {
        trace_->record(machine_, events_);
        events_ = {};
      }
      (record_.*kFarmTimes[machine_]).push_back(farm_->time_ms());
      const std::vector<double> rates = farm_->work_rates();
      std::vector<double>& all = record_.*kFarmRates[machine_];
      all.insert(all.end(), rates.begin(), rates.end());
      farm_.reset();
      if (++machine_ == 2) {
        machine_ = 0;
        ++at_;
      }
    }
    if (at_ >= last_ && !finished()) {
      for (const std::int64_t n : rows_) record_.iterations += static_cast<double>(n);
      finish(std::move(record_));
    }
    return finished();
  }
  double progress() const override {
    const double rows = static_cast<double>(rows_.size()) / p_.image.height;
    const double runs = static_cast<double>(2 * (at_ - first_) + machine_) /
                        static_cast<double>(2 * (last_ - first_));
    return 0.2 * rows + 0.8 * runs;
  }
  bool attach_trace(TraceRecorder& recorder) override {
    if (first_ < last_) {
      trace_ = std::make_unique<transputer::FarmTrace>(recorder, p_.workers[first_] + 1);
    }
    return true;
  }

 private:
  FarmParams p_;
  std::size_t first_, last_, at_;
  int machine_ = 0;
  std::vector<std::int64_t> rows_;
  std::unique_ptr<Farm> farm_;
  std::unique_ptr<transputer::FarmTrace> trace_;
  transputer::FarmEvents events_;
  FarmRecord record_;
};

Result combine_farm(const FarmParams& p, const std::vector<PointRecord<FarmRecord>>& finished) {
  // Each point's record holds what its worker counts make.
  for (const PointRecord<FarmRecord>& f : finished) {
    const auto [first, last] = farm_counts(p, f.point);
    std::size_t workers = 0;
    for (std::size_t i = first; i < last; ++i) workers += static_cast<std::size_t>(p.workers[i]);
    for (int m = 0; m < 2; ++m) {
      if ((f.record.*kFarmTimes[m]).size() != last - first ||
          (f.record.*kFarmRates[m]).size() != workers) {
        throw std::invalid_argument("partial " + std::to_string(f.point) +
                                    ": its record is not of its " +
                                    std::to_string(last - first) + " worker counts");
      }
    }
  }
  Result r;
  const char* labels[] = {"T805", "T9000"};
  // The whole image on one processor, without the farm (every point counted its iterations).
  const double iterations = finished.empty() ? 0 : finished.front().record.iterations;
  const double sequential[] = {
      p.t805.cpu.cycles_ns(iterations * fp_cycles(p.t805.cpu, p.t805_loop)) / 1e6,
      p.t9000.cpu.cycles_ns(iterations * fp_cycles(p.t9000.cpu, p.t9000_loop)) / 1e6};
  Series time[2], speedup[2];
  for (int m = 0; m < 2; ++m) {
    time[m] = kTime({kFarmModels[m]}, labels[m], "workers", "", "execution time");
    speedup[m] = kSpeedup({kFarmModels[m]}, labels[m], "workers", "", "speedup");
    time[m].key = speedup[m].key = "t" + kFarmModels[m];
  }
  Series ratio = kRatio({"8", "9"}, "T805 / T9000", "workers", "", "time ratio");
  int widest = 0;
  for (const PointRecord<FarmRecord>& f : finished) {
    const std::size_t first = farm_counts(p, f.point).first;
    for (int m = 0; m < 2; ++m) {
      const std::vector<double>& ms = f.record.*kFarmTimes[m];
      for (std::size_t i = 0; i < ms.size(); ++i) {
        time[m].x.push_back(p.workers[first + i]);
        time[m].y.push_back(ms[i]);
        speedup[m].x.push_back(p.workers[first + i]);
        speedup[m].y.push_back(sequential[m] / ms[i]);
      }
    }
    for (std::size_t i = ratio.x.size(); i < time[1].x.size(); ++i) {
      ratio.x.push_back(time[0].x[i]);
      ratio.y.push_back(time[0].y[i] / time[1].y[i]);
      widest = std::max(widest, static_cast<int>(time[0].x[i]));
    }
  }
  // The work rates of the widest farm, from each point that ran it (its first run of it).
  for (int m = 0; m < 2 && widest > 0; ++m) {
    for (const PointRecord<FarmRecord>& f : finished) {
      const auto [first, last] = farm_counts(p, f.point);
      std::size_t at = 0;
      for (std::size_t i = first; i < last; ++i) {
        const int workers = p.workers[i];
        if (workers != widest) {
          at += static_cast<std::size_t>(workers);
          continue;
        }
        Series w = kWorkRates({kFarmModels[m]}, std::string(labels[m]) + ", " +
                                                    std::to_string(widest) + " workers",
                              "worker", "index", "work rate");
        const auto from = (f.record.*kFarmRates[m]).begin() + static_cast<std::ptrdiff_t>(at);
        w.y.assign(from, from + workers);
        for (int k = 1; k <= workers; ++k) w.x.push_back(k);
        r.series.push_back(std::move(w));
        break;
      }
    }
  }
  double sum = 0;
  for (const double x : ratio.y) sum += x;
  for (int m = 0; m < 2; ++m) {
    r.series.push_back(time[m]);
    r.series.push_back(speedup[m]);
    r.scalars.push_back(kSequential({kFarmModels[m]}, sequential[m],
                                    std::string("Sequential time on the ") + labels[m]));
    if (!speedup[m].y.empty()) {
      r.scalars.push_back(
          kLastSpeedup({kFarmModels[m]}, speedup[m].y.back(),
                       std::string(labels[m]) + " speedup at the last worker count"));
    }
  }
  r.series.push_back(ratio);
  if (!ratio.y.empty()) {
    r.scalars.push_back(kMeanRatio(sum / static_cast<double>(ratio.y.size())));
  }
  r.scalars.push_back(kStackWorkers(static_cast<double>(widest)));
  if (sequential[1] > 0) {
    r.scalars.push_back(kSequentialRatio(sequential[0] / sequential[1]));
  }
  return r;
}


std::vector<OutputSpec> farm_outputs() {
  return {kSequential, kLastSpeedup, kMeanRatio, kStackWorkers, kSequentialRatio,
          kWorkRates,  kTime,        kSpeedup,   kRatio};
}

}  // namespace

ModelInfo transputer_farm_info() {
  return model_entry("transputer_farm", farm_params())
      .traces()
      .title("Mandelbrot processor farm on T805 and T9000")
      .about("A master farms the image's rows to workers over p4 (T805: a tree of OS-links and the "
             "VCR; T9000: DS-links through C104s), each worker keeping one row buffered; execution "
             "time, speedup and the workers' work rates against the number of workers.")
      .citation(kCitation)
      .outputs(farm_outputs())
      .machine([](const FarmParams& p) {
        const int workers = *std::max_element(p.workers.begin(), p.workers.end());
        return std::vector<NetworkMap>{describe_network(*transputer::c104_network(workers + 1, 0),
                                                     "network", "C104 network")};
      })
      .sweep(
          [](const FarmParams& p) {
            std::vector<double> w;
            const std::size_t chunk = farm_chunk(p);
            for (std::size_t first = 0; first < p.workers.size(); first += chunk) {
              double sum = 0;
              for (std::size_t i = first; i < std::min(p.workers.size(), first + chunk); ++i) {
                sum += 1 + p.workers[i] / 32.0;
              }
              w.push_back(sum);
            }
            return w;
          },
          [](const FarmParams& p, Rng, std::size_t i) -> std::unique_ptr<Model> {
            const auto [first, last] = farm_counts(p, i);
            return std::make_unique<FarmPoint>(p, first, last);
          },
          farm_record(), combine_farm);
}

}  // namespace archex
