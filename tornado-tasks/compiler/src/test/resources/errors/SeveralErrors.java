import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class SeveralErrors {
    @Kernel
    public static void many(KernelContext context, double[] a, int n) {
        double[] tmp = new double[n]; // error: unsupported in a kernel: per-thread array size that is not a compile-time int constant (n): use a literal, a static final int constant or a @Specialize parameter
        for (int i = 0; i < a.length; i++) { // error: unsupported in a kernel: array length (a.length): the device does not know the length of an array; pass it as an int parameter
            a[i] = 0;
        }
        a[context.globalIdx] = Math.ulp(a[0]); // error: unsupported in a kernel: Math.ulp (Math.ulp(a[0])): the supported Math functions are IEEEremainder, abs, acos, asin, atan, atan2, cbrt, ceil, copySign, cos, cosh, exp, expm1, floor, floorDiv, floorMod, fma, hypot, log, log10, log1p, max, min, pow, rint, round, signum, sin, sinh, sqrt, tan, tanh, toDegrees, toRadians
    }
}
