import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class UnsupportedMath {
    @Kernel
    public static void noise(KernelContext context, double[] out) {
        out[context.globalIdx] = Math.random(); // error: unsupported in a kernel: Math.random (Math.random()): the supported Math functions are IEEEremainder, abs, acos, asin, atan, atan2, cbrt, ceil, copySign, cos, cosh, exp, expm1, floor, floorDiv, floorMod, fma, hypot, log, log10, log1p, max, min, pow, rint, round, signum, sin, sinh, sqrt, tan, tanh, toDegrees, toRadians
    }
}
