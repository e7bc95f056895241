#include "machines/paragon/experiments/apps_plan.h"

#include "machines/paragon/meshes.h"

namespace archex::paragon {

std::vector<Version> versions(App app) {
  if (app == App::kMatrixMultiply) return {Version::kBsp, Version::kBpram};
  if (app == App::kBitonicSort) return {Version::kBsp};
  if (app == App::kApsp) return {Version::kBpram};
  return {Version::kBsp, Version::kBpram, Version::kBpramButterfly};
}

std::vector<AppPoint> app_plan(const AppParams& p) {
  std::vector<AppPoint> out;
  for (const int n : p.processors) {
    checked_mesh(n);
    for (const int h : kFitH) out.push_back({AppPoint::kFitBsp, n, h, Version::kBsp});
    for (const int b : kFitBytes) out.push_back({AppPoint::kFitBpram, n, b, Version::kBpram});
  }
  for (const int n : p.processors) {
    for (const int size : p.sizes) {
      for (const Version v : versions(p.app)) out.push_back({AppPoint::kRun, n, size, v});
    }
  }
  return out;
}

const RecordTable<AppRecord>& app_record() {
  static const RecordTable<AppRecord> table = RecordTable<AppRecord>()
                                                  .add(&AppRecord::time_us)
                                                  .add(&AppRecord::work_us)
                                                  .add(&AppRecord::sum_w_us)
                                                  .add(&AppRecord::sum_h)
                                                  .add(&AppRecord::sum_bytes)
                                                  .add(&AppRecord::syncs);
  return table;
}

}  // namespace archex::paragon
