package org.holdfast.tornado.compiler.samples;

import static java.lang.Math.abs;

import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** Two- and three-dimensional grids: a Jacobi step, and every KernelContext index and size. */
public final class StencilKernels {

    /** Values {@link #contextFields} writes per thread. */
    public static final int FIELDS = 15;

    private StencilKernels() {
    }

    /** One Jacobi step of the 2D Laplace equation on an nx by ny grid; the edges are copied. */
    @Kernel
    public static void jacobi(KernelContext context, double[] in, double[] out, int nx, int ny) {
        int x = context.globalIdx;
        int y = context.globalIdy;
        if (x > 0 && x < nx - 1 && y > 0 && y < ny - 1) {
            int c = y * nx + x;
            out[c] = 0.25 * (in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx]);
        } else if (x < nx && y < ny) {
            out[y * nx + x] = in[y * nx + x];
        }
    }

    /** The largest change of a Jacobi step at each point (static import of Math.abs). */
    @Kernel
    public static void change(KernelContext context, double[] before, double[] after, double[] delta, int nx, int ny) {
        int x = context.globalIdx;
        int y = context.globalIdy;
        if (x < nx && y < ny) {
            delta[y * nx + x] = abs(after[y * nx + x] - before[y * nx + x]);
        }
    }

    /** Writes the 15 index and size fields of the context, at the thread's linear global index. */
    @Kernel
    public static void contextFields(KernelContext context, int[] out) {
        int linear = (context.globalIdz * context.globalGroupSizeY + context.globalIdy) * context.globalGroupSizeX
                + context.globalIdx;
        int o = FIELDS * linear;
        out[o] = context.globalIdx;
        out[o + 1] = context.globalIdy;
        out[o + 2] = context.globalIdz;
        out[o + 3] = context.localIdx;
        out[o + 4] = context.localIdy;
        out[o + 5] = context.localIdz;
        out[o + 6] = context.groupIdx;
        out[o + 7] = context.groupIdy;
        out[o + 8] = context.groupIdz;
        out[o + 9] = context.globalGroupSizeX;
        out[o + 10] = context.globalGroupSizeY;
        out[o + 11] = context.globalGroupSizeZ;
        out[o + 12] = context.localGroupSizeX;
        out[o + 13] = context.localGroupSizeY;
        out[o + 14] = context.localGroupSizeZ;
    }
}
