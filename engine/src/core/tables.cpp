#include "core/tables.h"

#include <stdexcept>
#include <utility>

#include "core/names.h"

namespace archex {

namespace {

std::size_t length(const Column& c) {
  return std::visit([](const auto& v) { return v.size(); }, c.values);
}

}  // namespace

void Table::check(const std::string& name, std::size_t rows) const {
  if (!columns_.empty() && rows != this->rows()) {
    throw std::logic_error("column '" + name + "' has " + std::to_string(rows) +
                           " rows; the table has " + std::to_string(this->rows()));
  }
}

Table& Table::add(std::string name, std::string unit, std::vector<std::int32_t> values,
                  std::vector<std::string> labels) {
  check(name, values.size());
  columns_.push_back({std::move(name), std::move(unit), std::move(values), std::move(labels)});
  return *this;
}

Table& Table::add(std::string name, std::string unit, std::vector<double> values) {
  check(name, values.size());
  columns_.push_back({std::move(name), std::move(unit), std::move(values), {}});
  return *this;
}

std::size_t Table::rows() const { return columns_.empty() ? 0 : length(columns_.front()); }

const Column& Table::column(const std::string& name) const {
  return find_by_name<std::out_of_range>(columns_, name, "no column");
}

const std::vector<std::int32_t>& Table::ints(const std::string& name) const {
  const auto* v = std::get_if<std::vector<std::int32_t>>(&column(name).values);
  if (!v) throw std::logic_error("column '" + name + "' holds reals, not whole numbers");
  return *v;
}

const std::vector<double>& Table::reals(const std::string& name) const {
  const auto* v = std::get_if<std::vector<double>>(&column(name).values);
  if (!v) throw std::logic_error("column '" + name + "' holds whole numbers, not reals");
  return *v;
}

}  // namespace archex
