#include "machines/builtin_models.h"

#include "machines/jmachine/register.h"
#include "machines/multipsi/register.h"
#include "machines/paragon/register.h"
#include "machines/pie64/register.h"
#include "machines/transputer/register.h"
#include "network/register.h"

namespace archex {

ModelRegistry builtin_registry() {
  ModelRegistry registry;
  register_multipsi(registry);
  register_network(registry);
  register_jmachine(registry);
  register_pie64(registry);
  register_paragon(registry);
  register_transputer(registry);
  return registry;
}

}  // namespace archex
