#pragma once

#include "core/outputs.h"

// The congestion sweep's outputs, declared once: congestion.cpp lists them, the combine reports
// through them. A "_*" family is per message length in words, unless it says otherwise.
namespace archex::pie64 {

constexpr ScalarOutput kLimitP{"limit_p_*", "share",
                               "p where the limit region begins, WRITEMN, 1 word"};
constexpr ScalarOutput kSlopeBelow{
    "slope_below", "",
    "Mean log-log slope of Tw against the measured occurrence below the limit region"};
constexpr ScalarOutput kThroughputFall{
    "throughput_fall", "x",
    "Throughput at the highest p over that at the limit region's onset, mean over the lengths"};
constexpr ScalarOutput kAlphaExponent{"alpha_length_exponent", "",
                                      "alpha grows as length to this power (1: in proportion)"};
constexpr ScalarOutput kPeakRises{
    "peak_throughput_rises", "fraction",
    "Share of length steps where the limit region's throughput grows"};
constexpr SeriesOutput kTw{"tw_clocks_*", "clocks",
                           "connection wait Tw against message occurrence (measured)"};
constexpr SeriesOutput kThroughput{"throughput_words_per_clock_*", "words/clock/IU",
                                   "throughput against message occurrence p"};
constexpr SeriesOutput kPatel{"patel_throughput_*", "words/clock/IU",
                              "throughput against message occurrence p"};
constexpr SeriesOutput kLimitLine{"limit_line_*", "clocks",
                                  "connection wait Tw against message occurrence (measured)"};
constexpr SeriesOutput kLimitPCurve{"limit_p", "share",
                                    "p where the limit region begins against message length"};
constexpr SeriesOutput kAlpha{"alpha", "clocks", "alpha = Tw / p against message length"};
constexpr SeriesOutput kPeak{"peak_throughput", "words/clock/IU",
                             "throughput in the limit region against message length"};
constexpr ScalarOutput kLimitPRatio{
    "limit_p_ratio", "x",
    "p where this command's limit region begins over WRITEMN's, at the comparison length"};
// Fig. 9's parts of the MP-Write latency, per p (its index in the list).
constexpr ScalarOutput kTlMp{"tl_p*_tmp", "clocks", "Tmp at p = 0.0001"};
constexpr ScalarOutput kTlPa{"tl_p*_tpa", "clocks", "Tpa at p = 0.0001"};
constexpr ScalarOutput kTlWait{"tl_p*_tw", "clocks", "Tw at p = 0.0001"};
constexpr ScalarOutput kTlTrans{"tl_p*_trans", "clocks", "Ts+Te+TbN at p = 0.0001"};
constexpr ScalarOutput kTlEtc{"tl_p*_etc", "clocks", "Tetc at p = 0.0001"};
constexpr ScalarOutput kTpaShare{"tpa_share", "fraction",
                                 "Tpa over the latency at the last p below the limit region"};
constexpr ScalarOutput kTpaLeadsLengths{
    "tpa_leads_lengths", "fraction",
    "Share of the message lengths at which Tpa grows the most of the latency's parts, from the "
    "lowest p to the last below the limit region"};
constexpr ScalarOutput kTpaGrowthShare{
    "tpa_growth_share", "fraction",
    "Share of the latency's growth from the lowest p to the last below the limit region that is "
    "Tpa's"};
constexpr SeriesOutput kBreakdown{"tl_breakdown", "clocks", "clocks against part"};
constexpr NetworkOutput kDanOccupancy{
    "dan_occupancy", "fraction",
    "The DAN with each switch output's share of clocks held at the first length's limit region "
    "onset"};

}  // namespace archex::pie64
