package org.holdfast.kernels;

import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** A kernel whose first thread of each group fails before the group's barrier. */
public final class FailingBarrierKernels {

    private FailingBarrierKernels() {
    }

    /** Thread 0 of a group writes out[-1]; the others wait at the barrier for it. */
    @Kernel
    public static void failBeforeBarrier(KernelContext context, int[] out) {
        if (context.localIdx == 0) {
            out[context.localIdx - 1] = 1;
        }
        context.localBarrier();
        out[context.globalIdx] = 2;
    }
}
