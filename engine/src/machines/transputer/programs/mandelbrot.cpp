#include "machines/transputer/programs/mandelbrot.h"

namespace archex::transputer {

namespace {

constexpr double kX0 = -2.0, kX1 = 0.5, kY0 = -1.25, kY1 = 1.25;

}  // namespace

ParamTable<Mandelbrot> mandelbrot_table() {
  ParamTable<Mandelbrot> t;
  t.add(&Mandelbrot::width, number_param("image_width", "Image width")
                                .unit("pixels").value(256).range(1, 2048).whole()
                                .about("Pixels per row (a work item is a row)."))
      .add(&Mandelbrot::height, number_param("image_height", "Image height")
                                    .unit("rows").value(256).range(1, 2048).whole()
                                    .about("Rows of the image: the farm's work items."))
      .add(&Mandelbrot::max_iterations,
           number_param("max_iterations", "Iteration limit")
               .unit("iterations").value(107).range(1, 100000).whole()
               .about("Iterations after which a pixel counts as inside the set."))
      .add(&Mandelbrot::fraction_bits,
           number_param("fraction_bits", "Fixed-point fraction bits")
               .unit("bits").value(12).range(4, 24).whole()
               .about("Fraction bits of the integer version's numbers (Table 2)."));
  return t;
}

std::int64_t row_iterations(const Mandelbrot& m, int row, bool integer) {
  const double ci = kY0 + (kY1 - kY0) * row / m.height;
  std::int64_t total = 0;
  for (int col = 0; col < m.width; ++col) {
    const double cr = kX0 + (kX1 - kX0) * col / m.width;
    int n = 0;
    if (integer) {
      const int f = m.fraction_bits;
      const std::int64_t one = std::int64_t{1} << f;
      const auto icr = static_cast<std::int64_t>(cr * static_cast<double>(one));
      const auto ici = static_cast<std::int64_t>(ci * static_cast<double>(one));
      std::int64_t a = 0, b = 0;
      while (n < m.max_iterations) {
        const std::int64_t aa = (a * a) >> f, bb = (b * b) >> f;
        if (aa + bb > 4 * one) break;
        const std::int64_t t = aa - bb + icr;
        b = ((2 * a * b) >> f) + ici;
        a = t;
        ++n;
      }
    } else {
      double zr = 0, zi = 0;
      while (n < m.max_iterations && zr * zr + zi * zi <= 4.0) {
        const double t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        ++n;
      }
    }
    total += n;
  }
  return total;
}

}  // namespace archex::transputer
