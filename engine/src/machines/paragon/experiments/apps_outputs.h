#pragma once

#include "core/outputs.h"

// The application kernels' outputs, declared once: apps.cpp lists them and runs the points,
// apps_combine.cpp reports through them. A "*_p*" family is per version (version_key(): bsp,
// bpram, butterfly) and configuration (processors); a "_p*" one per configuration.
namespace archex::paragon {

// One per curve key (version and configuration, "bsp_p8"): the scalars took comm_share_*_p*.
constexpr SeriesOutput kCommShareCurve{"comm_share_*", "fraction",
                                       "Communication share against the problem size"};
constexpr ScalarOutput kGFit{"g_us_p*", "us", "g fitted on this configuration"};
constexpr ScalarOutput kLFit{"L_us_p*", "us", "L fitted on this configuration"};
constexpr ScalarOutput kSigmaFit{"sigma_us_per_byte_p*", "us/byte", "sigma fitted"};
constexpr ScalarOutput kSmallLFit{"l_us_p*", "us", "l fitted"};
constexpr ScalarOutput kCommShare{"comm_share_*_p*", "fraction",
                                  "Communication share at the largest size, BSP, p = 8"};
constexpr ScalarOutput kTime{"time_us_*_p*", "us",
                             "Simulated time at the largest size, BSP, p = 8"};
constexpr ScalarOutput kPredError{
    "pred_error_*_p*", "fraction",
    "(predicted - simulated) / simulated at the largest size, BSP, p = 8"};
constexpr ScalarOutput kPredErrorSmallest{
    "pred_error_smallest_*_p*", "fraction",
    "(predicted - simulated) / simulated at the smallest size, BSP, p = 8"};
// The simulated curve and its prediction: matrix multiply's, APSP's, the sorts'.
constexpr SeriesOutput kMflops{"mflops_*_p*", "MFlops",
                               "performance per node against matrix dimension n"};
constexpr SeriesOutput kMflopsPred{"mflops_pred_*_p*", "MFlops",
                                   "performance per node against matrix dimension n"};
constexpr SeriesOutput kError{"error_*_p*", "fraction",
                              "(T_pred - T_sim) / T_sim against matrix dimension n"};
constexpr SeriesOutput kCommPerElement{
    "comm_per_element_*_p*", "us", "communication time per element against matrix dimension n"};
constexpr SeriesOutput kCommPerElementPred{
    "comm_per_element_pred_*_p*", "us",
    "communication time per element against matrix dimension n"};
constexpr ScalarOutput kErrorGrowth{
    "error_growth_over_p_log_p", "ratio",
    "Growth of the smallest size's error from the first to the last configuration over that "
    "of p / log p"};
constexpr SeriesOutput kUsPerKey{"us_per_key_*_p*", "us",
                                 "time per key against keys per processor"};
constexpr SeriesOutput kUsPerKeyPred{"us_per_key_pred_*_p*", "us",
                                     "time per key against keys per processor"};
constexpr ScalarOutput kBpramOverBspFewest{"bpram_over_bsp_fewest_p*", "ratio",
                                           "BPRAM original over BSP at the fewest keys"};
constexpr ScalarOutput kBpramOverBspMost{"bpram_over_bsp_most_p*", "ratio",
                                         "BPRAM original over BSP at the most keys"};
constexpr ScalarOutput kButterflyLoses{
    "butterfly_loses_from_keys_p*", "keys",
    "Fewest keys per processor at which the butterfly is no faster than the original (0: "
    "never in the sweep)"};
constexpr ScalarOutput kButterflyWorst{"butterfly_over_bsp_worst_p*", "ratio",
                                       "Largest time of the butterfly version over BSP's"};

}  // namespace archex::paragon
