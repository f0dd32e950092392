package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.Persistent;

/** Self-flagged lines (storeLine, waitLine): values that carry their own flag from one group to the next. */
public final class LineKernels {

    private LineKernels() {
    }

    /**
     * Each step every thread of group g sends its value to the same thread of group g + 1 as line
     * {@code (step * groups + g) * threads + thread}, flag {@code step + 1}, and (g > 0) takes the value
     * group g - 1 sent into its own: {@code carried = carried * 0.5 + received}. A line is written once,
     * so no slot is reused before it is read.
     */
    @Kernel
    @Persistent(threadsPerBlock = 32)
    public static void relay(KernelContext context, long[] lines, double[] in, double[] out, int steps) {
        int group = context.groupIdx;
        int threads = context.localGroupSizeX;
        int groups = context.globalGroupSizeX / threads;
        double carried = in[context.globalIdx];
        for (int step = 0; step < steps; step++) {
            int flag = step + 1;
            int line = (step * groups + group) * threads + context.localIdx;
            if (group + 1 < groups) {
                context.storeLine(lines, line, carried, flag);
            }
            if (group > 0) {
                double received = context.waitLine(lines, line - threads, flag);
                carried = carried * 0.5 + received;
            }
        }
        out[context.globalIdx] = carried;
    }
}
