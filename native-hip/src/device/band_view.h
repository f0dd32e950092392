/*
 * band_view.h: what a persistent band kernel knows of its band (kernels/persistent_bands.h):
 * its arrays, where its rows sit in the grid, and its side of every copy of an exchange.
 *
 * Receive buffers. Each band has one buffer of self-flagged LL lines (ll_line.h), one line per
 * double it receives: its incoming copies one after another in exchange order, `slot_lines` lines
 * in all, twice (exchange e uses slot e & 1). A sender writes its edge rows straight into the
 * receiver's buffer, so a send copy holds the receiver's buffer as the SENDER addresses it: on one
 * GPU a plain device pointer; on G GPUs the peer pointer of a symmetric memory window (NCCL's LSA
 * pointer, nccl_band_window.cpp) or NVSHMEM's. Nothing in the kernel tells the two apart.
 */
#ifndef HOLDFAST_DEVICE_BAND_VIEW_H
#define HOLDFAST_DEVICE_BAND_VIEW_H

#include "band_split.h"
#include "stream_geometry.h"

namespace holdfast {

struct LLLine; /* ll_line.h */

/* A run of ghost rows comes from one band, so a band has at most k copies each side. */
constexpr int kMaxBandCopies = 2 * kMaxBandGhostRows;

/* One copy of an exchange, seen from one side. */
struct BandCopy {
    LLLine* lines;   /* slot 0 of the copy's lines in the receiver's buffer (the sender's address for it) */
    int slot_lines;  /* lines of one slot of that buffer: slot 1 starts this many lines after slot 0 */
    int row;         /* the first row in this band's array: sent from (send) or written to (receive) */
    int rows;
    int peer;        /* the other band: the receiver (send) or the sender (receive) */
};

struct BandView {
    double* u;        /* rows x n: held rows, owned and ghost */
    const double* f;  /* the same rows of f */
    double* scratch;  /* the temporal pass's second array (rows x n, the same boundary as u); null otherwise */
    StreamGeometry items; /* the temporal pass's items over the band (plan_stream_geometry_of_rows) */
    int rows;
    int low_row;      /* the global row of row 0: a half-sweep's colours are the grid's */
    int sends;
    int receives;
    BandCopy send[kMaxBandCopies];
    BandCopy receive[kMaxBandCopies];
};

}  // namespace holdfast

#endif /* HOLDFAST_DEVICE_BAND_VIEW_H */
