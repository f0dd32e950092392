import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class AtomicOnDouble {
    @Kernel
    public static void sum(KernelContext context, double[] in, double[] total, int n) {
        context.atomicAdd(total, 0, in[context.globalIdx]); // error: unsupported in a kernel: context.atomicAdd on double[] total (context.atomicAdd(total, 0, in[context.globalIdx])): atomics and waits work on int[] and long[]: floating-point atomics make a result depend on the order in which threads arrive, so it could not equal the CPU's bit for bit; count in int or long, or reduce in a tree behind context.localBarrier()
    }
}
