#include "machines/paragon/meshes.h"

#include <gtest/gtest.h>

#include "core/param_spec.h"

namespace archex {
namespace {

TEST(ParagonMeshes, ConfigurationsAreTheTablesMeshes) {
  EXPECT_EQ(paragon::mesh_name(8), "4x2");
  EXPECT_EQ(paragon::mesh_name(32), "8x4");
  EXPECT_EQ(paragon::mesh_name(36), "6x6");
  EXPECT_EQ(paragon::mesh_name(100), "10x10");
  EXPECT_EQ(paragon::mesh_name(7), "7x1");
  EXPECT_THROW(paragon::checked_mesh(37), ParamError);
}

}  // namespace
}  // namespace archex
