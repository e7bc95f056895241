#pragma once

#include <cmath>
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/model.h"
#include "core/result.h"
#include "core/sweep.h"

namespace archex {

// A sweep point's record: the typed value one point of an experiment produces and its combine
// reads. The table lists the record's fields once, in order; a record crosses from the worker
// that ran the point to the one that combines as those fields' numbers (a number as itself, a
// list as its length and then its items), so no field is ever found by a name.
template <class R>
class RecordTable {
 public:
  // A number field (double, int, bool, any arithmetic type).
  template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
  RecordTable& add(T R::*field) {
    fields_.push_back({[field](const R& r, std::vector<double>& out) {
                         out.push_back(static_cast<double>(r.*field));
                       },
                       [field](R& r, const std::vector<double>& in, std::size_t& at) {
                         r.*field = static_cast<T>(in[at++]);
                       }});
    return *this;
  }
  // A list field: its length, then its items.
  RecordTable& add(std::vector<double> R::*field) {
    fields_.push_back({[field](const R& r, std::vector<double>& out) {
                         out.push_back(static_cast<double>((r.*field).size()));
                         out.insert(out.end(), (r.*field).begin(), (r.*field).end());
                       },
                       [field](R& r, const std::vector<double>& in, std::size_t& at) {
                         const double n = in[at++];
                         if (!(n >= 0) || std::floor(n) != n ||
                             n > static_cast<double>(in.size() - at)) {
                           throw std::invalid_argument("a list's length is not what follows it");
                         }
                         const auto first = in.begin() + static_cast<std::ptrdiff_t>(at);
                         at += static_cast<std::size_t>(n);
                         (r.*field).assign(first, in.begin() + static_cast<std::ptrdiff_t>(at));
                       }});
    return *this;
  }

  std::vector<double> encode(const R& record) const {
    std::vector<double> out;
    for (const Field& f : fields_) f.put(record, out);
    return out;
  }

  // Throws std::invalid_argument when `values` are not a record of this table.
  R decode(const std::vector<double>& values) const {
    R record{};
    std::size_t at = 0;
    for (const Field& f : fields_) {
      if (at >= values.size()) throw std::invalid_argument("the record ends early");
      f.get(record, values, at);
    }
    if (at != values.size()) throw std::invalid_argument("the record has numbers left over");
    return record;
  }

 private:
  struct Field {
    std::function<void(const R&, std::vector<double>&)> put;
    std::function<void(R&, const std::vector<double>&, std::size_t&)> get;
  };
  std::vector<Field> fields_;
};

// One finished point as its combine sees it: its index in the plan (the plan holds its
// coordinates), its record, and the declared outputs the point reports itself (a curve the
// combine passes on as it is).
template <class R>
struct PointRecord {
  std::size_t point = 0;
  R record;
  Result outputs;
};

// The run of one point whose result is its record (Result::record) and its own outputs. A
// subclass runs the point and, when it has finished, calls finish().
template <class R>
class RecordPoint : public Model {
 public:
  explicit RecordPoint(const RecordTable<R>& table) : table_(table) {}

  Result result() const final {
    Result r = outputs_;
    if (finished_) r.record = table_.encode(record_);
    return r;
  }

 protected:
  void finish(R record, Result outputs = {}) {
    record_ = std::move(record);
    outputs_ = std::move(outputs);
    finished_ = true;
  }
  bool finished() const { return finished_; }

 private:
  const RecordTable<R>& table_;
  R record_{};
  Result outputs_;
  bool finished_ = false;
};

// The records of the partials (Result::record read through `table`), in the partials' order;
// throws std::invalid_argument naming the point whose record is not one of the table.
template <class R>
std::vector<PointRecord<R>> read_records(const RecordTable<R>& table,
                                         const std::vector<PointResult>& partials) {
  std::vector<PointRecord<R>> out;
  out.reserve(partials.size());
  for (const PointResult& p : partials) {
    try {
      Result outputs = p.result;
      outputs.record.clear();
      out.push_back({p.point, table.decode(p.result.record), std::move(outputs)});
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("partial " + std::to_string(p.point) +
                                  ": not a record of this experiment (" + e.what() + ")");
    }
  }
  return out;
}

}  // namespace archex
