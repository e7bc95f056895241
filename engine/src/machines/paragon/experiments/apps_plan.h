#pragma once

#include <vector>

#include "core/record.h"
#include "machines/paragon/costs.h"
#include "machines/paragon/programs/apps.h"

// The application kernels' sweep (apps.cpp): its parameters and the points it runs, in order.
namespace archex::paragon {

enum class App { kMatrixMultiply, kSampleSort, kBitonicSort, kApsp };

struct AppParams {
  MachineParams m;
  AppCosts costs;
  App app;
  std::vector<int> processors;
  std::vector<int> sizes;
};

// The h and block lengths each configuration's g, L, sigma and l are fitted on, as in sec. 3.
inline constexpr int kFitH[] = {200, 600, 1000};
inline constexpr int kFitBytes[] = {0, 32768, 65536};

struct AppPoint {
  enum Kind { kFitBsp, kFitBpram, kRun } kind;
  int p;
  int size;  // h, block bytes, or the problem size
  Version version;
};

// The versions each kernel is written in (sec. 4).
std::vector<Version> versions(App app);

// Per configuration the fitting runs (g and L, then sigma and l), then every kernel run.
std::vector<AppPoint> app_plan(const AppParams& p);

// What a point gives the combine: its time, and a kernel run's sums the predictions are made of
// (zero in a fitting run).
struct AppRecord {
  double time_us = 0;
  double work_us = 0;   // local work on the critical path
  double sum_w_us = 0;  // the phases' w
  double sum_h = 0;     // the supersteps' h, packets
  double sum_bytes = 0; // the steps' m
  double syncs = 0;     // supersteps or BPRAM steps
};

const RecordTable<AppRecord>& app_record();

}  // namespace archex::paragon
