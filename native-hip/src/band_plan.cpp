/*
 * band_plan.cpp: the band kernels' views and refusals (band_plan.h).
 */
#include "hf_gpu.h"

#include "band_plan.h"

#include "device/ll_line.h"
#include "hf_errors.h"

namespace holdfast {
namespace {

/* Where each copy lands in its receiver's buffer: the receiver's copies in exchange order, one
 * after another. Calls visit(halo, line offset in the receiver's slot). */
template <typename Visit>
void for_each_placed_halo(int n, int bands, int ghost_rows, Visit visit)
{
    int64_t offset = 0;
    int receiver = -1;
    for_each_band_halo(n, bands, ghost_rows, [&](const BandHalo& halo) {
        if (halo.to != receiver) { /* halos() lists each receiver's copies together */
            receiver = halo.to;
            offset = 0;
        }
        visit(halo, offset);
        offset += static_cast<int64_t>(halo.rows) * n;
    });
}

}  // namespace

hf_status check_band_split(int n, int bands, int ghost_rows)
{
    if (n < 3) {
        return fail(HF_ERR_INVALID_ARGUMENT, "bands: N must be at least 3 (one interior point), got %d", n);
    }
    if (bands < 1) {
        return fail(HF_ERR_INVALID_ARGUMENT, "bands: a split needs at least one band, got %d", bands);
    }
    if (bands > n - 2) {
        return fail(HF_ERR_INVALID_ARGUMENT,
                    "bands: %d bands of rows need at least %d interior rows: N = %d has %d, so at most %d bands", bands,
                    bands, n, n - 2, n - 2);
    }
    if (ghost_rows < 1 || ghost_rows > kMaxBandGhostRows) {
        return fail(HF_ERR_INVALID_ARGUMENT, "bands: ghost rows (k) must be 1 .. %d, got %d", kMaxBandGhostRows,
                    ghost_rows);
    }
    return HF_OK;
}

int64_t band_slot_lines(int n, int bands, int ghost_rows, int band)
{
    int64_t lines = 0;
    for_each_band_halo(n, bands, ghost_rows, [&](const BandHalo& halo) {
        lines += halo.to == band ? static_cast<int64_t>(halo.rows) * n : 0;
    });
    return lines;
}

void plan_band_view(int n, int bands, int ghost_rows, int band, double* u, const double* f, LLLine* const* receive,
                    BandView* view)
{
    const BandRows rows = band_rows(n, bands, ghost_rows, band);
    *view = BandView{};
    view->u = u;
    view->f = f;
    view->rows = rows.rows();
    view->low_row = rows.low_row;
    for_each_placed_halo(n, bands, ghost_rows, [&](const BandHalo& halo, int64_t offset) {
        const int slot_lines = static_cast<int>(band_slot_lines(n, bands, ghost_rows, halo.to));
        LLLine* lines = receive[halo.to] == nullptr ? nullptr : receive[halo.to] + offset;
        if (halo.from == band) {
            view->send[view->sends++] = BandCopy{lines, slot_lines, halo.first_row - rows.low_row, halo.rows, halo.to};
        }
        if (halo.to == band) {
            view->receive[view->receives++] =
                BandCopy{lines, slot_lines, halo.first_row - rows.low_row, halo.rows, halo.from};
        }
    });
}

int band_exchange_count(int steps, int ghost_rows)
{
    int exchanges = 0;
    for (int done = 1; done <= steps; ++done) {
        exchanges += band_exchanges_after(done, steps, ghost_rows) ? 1 : 0;
    }
    return exchanges;
}

}  // namespace holdfast
