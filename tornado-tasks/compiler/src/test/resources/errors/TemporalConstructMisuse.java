import org.holdfast.tornado.api.DeviceFunction;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.LaunchBounds;
import org.holdfast.tornado.api.Specialize;
import org.holdfast.tornado.api.Unroll;

public class TemporalConstructMisuse {
    @LaunchBounds(maxThreads = 128)
    static void helper() { // error: @LaunchBounds method helper is not a @Kernel: only kernels are launched
    }

    @Kernel
    public static void scaled(KernelContext context, @Specialize({2, 2}) int k, double[] a) { // error: @Specialize parameter k lists [2, 2]: give each value once, at least one
        a[context.globalIdx] = k;
    }

    @Kernel
    public static void weighted(KernelContext context, @Specialize({1}) double w, double[] a) { // error: @Specialize parameter w is double: only int parameters are specialised
        a[context.globalIdx] = w;
    }

    @DeviceFunction
    static double times(@Specialize({2}) int k, double x) { // error: @Specialize parameter k of the @DeviceFunction times: only kernel parameters are specialised; pass the value on as an int (a constant argument folds once the device function is inlined)
        return k * x;
    }

    @Kernel
    @LaunchBounds(maxThreads = 2048)
    public static void wide(KernelContext context, double[] a) { // error: @LaunchBounds(maxThreads = 2048, minBlocksPerMultiprocessor = 0) on kernel wide: a block has 1 to 1024 threads, and the blocks per multiprocessor are 0 (the compiler's choice) or more
        @Unroll int i = context.globalIdx; // error: unsupported in a kernel: @Unroll on the local i (@Unroll int i = context.globalIdx): it marks a for loop: annotate the loop's variable, as in for (@Unroll int i = 0; i < K; i++)
        a[0] = times(2, a[1]);
    }
}
