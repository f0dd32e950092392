import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class DivisionByZero {
    static final int ZERO = 0;

    @Kernel
    public static void divide(KernelContext context, int[] out) {
        out[context.globalIdx] = 1 / ZERO; // error: integer division by the constant zero (1 / ZERO)
        out[context.globalIdx + 1] = Math.floorMod(5, ZERO); // error: integer division by the constant zero (Math.floorMod(5, ZERO))
    }
}
