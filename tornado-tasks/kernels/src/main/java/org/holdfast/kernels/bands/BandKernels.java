package org.holdfast.kernels.bands;

import org.holdfast.kernels.Stencil;
import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/**
 * The red and black half-sweeps of {@link org.holdfast.kernels.RedBlackKernels} on one device's band
 * of rows ({@link BandSplit}): the same update ({@link Stencil#fivePointUpdate}), the same compact
 * numbering of one colour's points and the same grid-stride loop, over an array of {@code rows x n}
 * whose row 0 is global row {@code lowRow}. The colour of a point is its global one, (global row +
 * column) even for red, so a band that starts on an odd row updates the same points the whole grid
 * would. Rows 0 and {@code rows - 1} are read, never written: the grid's boundary, or the band's
 * outermost ghost rows, which the halo exchange refreshes.
 */
public final class BandKernels {

    private BandKernels() {
    }

    /** Updates every red point of the band's rows 1 to {@code rows - 2} from its four neighbours. */
    @Kernel
    public static void red(KernelContext context, double[] u, double[] f, int rows, int n, double h2, int lowRow) {
        halfSweep(context.globalIdx, context.globalGroupSizeX, u, f, rows, n, h2, lowRow, 0);
    }

    /** Updates every black point of the band's rows 1 to {@code rows - 2} from its four neighbours. */
    @Kernel
    public static void black(KernelContext context, double[] u, double[] f, int rows, int n, double h2, int lowRow) {
        halfSweep(context.globalIdx, context.globalGroupSizeX, u, f, rows, n, h2, lowRow, 1);
    }

    /**
     * The points of {@code colour} that thread {@code first} of {@code stride} owns, in place: the
     * {@code p}-th lies in band row {@code 1 + p / half}, at that row's {@code (p % half)}-th column of
     * the colour, as in {@code RedBlackKernels.halfSweep} with the global row's parity.
     */
    @DeviceFunction
    public static void halfSweep(int first, int stride, double[] u, double[] f, int rows, int n, double h2, int lowRow,
            int colour) {
        int half = (n - 1) / 2;
        int points = (rows - 2) * half;
        for (int p = first; p < points; p += stride) {
            int i = 1 + p / half;
            int j = 1 + 2 * (p % half) + ((i + lowRow + 1 + colour) & 1);
            if (j < n - 1) {
                int c = i * n + j;
                u[c] = Stencil.fivePointUpdate(u[c + n], u[c - n], u[c + 1], u[c - 1], h2 * f[c]);
            }
        }
    }

    /** Threads that give every point of one colour in a band of {@code rows} rows its own thread. */
    public static long pointsPerColour(int rows, int n) {
        return (long) (rows - 2) * ((n - 1) / 2);
    }
}
