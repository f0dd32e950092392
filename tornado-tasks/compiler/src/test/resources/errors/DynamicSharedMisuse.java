import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class DynamicSharedMisuse {
    @DeviceFunction
    static void stage(KernelContext context, double[] out) {
        double[] tile = context.dynamicSharedDoubles(); // error: unsupported in a kernel: dynamic shared memory in the @DeviceFunction stage (context.dynamicSharedDoubles()): declare it in the kernel and pass it as an argument
        out[context.globalIdx] = tile[0];
    }

    @Kernel
    public static void twice(KernelContext context, double[] out) {
        double[] first = context.dynamicSharedDoubles();
        int[] second = context.dynamicSharedInts(); // error: unsupported in a kernel: dynamic shared memory taken again as second (context.dynamicSharedInts()): a kernel takes the launch's dynamic shared memory once (here as first); index one array with offsets for several parts
        out[context.globalIdx] = first[0] + second[0];
    }

    @Kernel
    public static void inBranch(KernelContext context, double[] out) {
        if (context.localIdx == 0) {
            double[] tile = context.dynamicSharedDoubles(); // error: unsupported in a kernel: dynamic shared memory tile inside a block, branch or loop (context.dynamicSharedDoubles()): declare it at the top level of the kernel body
            out[0] = tile[0];
        }
    }

    @Kernel
    public static void asValue(KernelContext context, double[] out) {
        context.dynamicSharedDoubles(); // error: unsupported in a kernel: block-shared array allocation here (context.dynamicSharedDoubles()): it must initialise a local at the top level of a kernel body, as in double[] tile = context.allocateDoubleLocalArray(SIZE);
    }

    @Kernel
    public static void wrongType(KernelContext context, double[] out) {
        float[] tile = context.dynamicSharedDoubles(); // error: type mismatch in a kernel: double[] where float[] is expected (context.dynamicSharedDoubles())
        out[0] = tile[0];
    }
}
