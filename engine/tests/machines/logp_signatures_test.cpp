// Every machine's LogP signature, as the all-machines page reads it from the model's declaration
// (ModelInfo::logp): each fitted parameter is a time a machine could take, never negative, and
// o + L + o less the overlap gives back the one-way time measured.
#include <gtest/gtest.h>

#include <string>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

// The item a family's member `name` holds for its '*' ("t805" of "one_way_us_t805"), or "" when
// `name` is not of the family.
std::string item_of(const std::string& family, const std::string& name) {
  const std::size_t star = family.find('*');
  const std::string head = family.substr(0, star);
  const std::string tail = family.substr(star + 1);
  if (name.size() <= head.size() + tail.size() || name.compare(0, head.size(), head) != 0 ||
      name.compare(name.size() - tail.size(), tail.size(), tail) != 0) {
    return "";
  }
  return name.substr(head.size(), name.size() - head.size() - tail.size());
}

std::string member(const std::string& family, const std::string& item) {
  const std::size_t star = family.find('*');
  return family.substr(0, star) + item + family.substr(star + 1);
}

TEST(LogpSignatures, NoMachineFitsANegativeParameter) {
  const ModelRegistry registry = builtin_registry();
  int models = 0;
  for (const ModelInfo& info : registry.models()) {
    if (!info.logp) continue;
    const LogpSignature& sig = *info.logp;
    ++models;
    const Result r = Simulation(registry, info.name, {}, 1).run();
    int targets = 0;
    for (const Series& one_way : r.series) {
      const std::string key = item_of(sig.one_way_us, one_way.name);
      if (key.empty()) continue;
      ++targets;
      std::vector<LogpSignature::Fitted> fitted = sig.fitted;
      fitted.push_back(sig.overlap);
      for (const LogpSignature::Fitted& f : fitted) {
        EXPECT_GE(r.scalar(member(f.us, key)), 0) << info.name << ": " << f.param;
        EXPECT_GE(r.scalar(member(f.cycles, key)), 0) << info.name << ": " << f.param;
      }
      EXPECT_GT(r.scalar(member(sig.clock_mhz, key)), 0) << info.name;
      // Each target's smallest message is 1 byte, so its one-byte time is its first one-way time.
      ASSERT_FALSE(one_way.x.empty());
      if (one_way.x[0] != 1) continue;
      EXPECT_NEAR(r.scalar(key + "_one_byte_us"), one_way.y[0], 1e-9 * one_way.y[0])
          << info.name << ": " << key;
    }
    EXPECT_GT(targets, 0) << info.name;
  }
  EXPECT_EQ(models, 5);
}

}  // namespace
}  // namespace archex
