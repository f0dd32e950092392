import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class OrderedInsideExpression {
    @Kernel
    public static void orders(KernelContext context, int[] flags, int[] data, long[] wide) {
        int i = context.globalIdx;
        int sum = data[i] + context.loadAcquire(flags, i); // error: unsupported in a kernel: context.loadAcquire inside an expression (context.loadAcquire(flags, i)): it orders memory, so Java's order needs it as a statement of its own, a local's initialiser or a returned value
        context.storeRelease(flags, i, context.atomicAdd(data, i, 1)); // error: unsupported in a kernel: context.atomicAdd inside an expression (context.atomicAdd(data, i, 1)): it orders memory, so Java's order needs it as a statement of its own, a local's initialiser or a returned value
        data[i] = context.atomicAdd(flags, 0, 1); // error: unsupported in a kernel: context.atomicAdd inside an expression (context.atomicAdd(flags, 0, 1)): it orders memory, so Java's order needs it as a statement of its own, a local's initialiser or a returned value
        // Allowed: whole, or beside operands that read no memory, or sequenced by && and ||.
        int old = context.atomicAdd(data, i, 1) + 1;
        long ticket = (long) context.atomicAdd(wide, 0, 2L) * 2;
        if (context.loadAcquire(flags, i) >= sum && !context.atomicCompareAndSet(data, i, old, sum)) {
            context.storeRelease(flags, i, (int) ticket);
        }
    }
}
