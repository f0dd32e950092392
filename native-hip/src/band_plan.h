/*
 * band_plan.h: the host's side of the band kernels (kernels/persistent_bands.h): the refusals of
 * a split, the size of each band's receive buffer, and the view a band kernel gets (its arrays,
 * rows and both sides of every copy of an exchange, device/band_view.h). Plain C++: the CPU
 * emulation test builds the same views over host memory.
 */
#ifndef HOLDFAST_BAND_PLAN_H
#define HOLDFAST_BAND_PLAN_H

#include <cstdint>

#include "holdfast_native.h"
#include "device/band_view.h"

namespace holdfast {

/* HF_OK, or HF_ERR_INVALID_ARGUMENT with the reason (BandSplit's words): n below 3, fewer than
 * one band or more bands than interior rows, k outside 1 .. kMaxBandGhostRows. */
hf_status check_band_split(int n, int bands, int ghost_rows);

/* Lines of one slot of band `band`'s receive buffer: a line per double of every copy it receives
 * in one exchange. The buffer holds two slots. */
int64_t band_slot_lines(int n, int bands, int ghost_rows, int band);

/* The view of band `band`: its arrays u and f (rows x n each, band_rows' held rows), and its copies,
 * where receive[b] is band b's receive buffer as this band's GPU addresses it (for every b of the
 * split: its own, and the peers' through their windows). */
void plan_band_view(int n, int bands, int ghost_rows, int band, double* u, const double* f, LLLine* const* receive,
                    BandView* view);

/* Exchanges in a run of `steps` half-sweeps (band_exchanges_after): the flags a run uses are the
 * caller's flag base + 1 .. + this. */
int band_exchange_count(int steps, int ghost_rows);

}  // namespace holdfast

#endif /* HOLDFAST_BAND_PLAN_H */
