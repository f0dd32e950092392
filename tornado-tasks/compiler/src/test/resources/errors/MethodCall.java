import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class MethodCall {
    @Kernel
    public static void print(KernelContext context, double[] out) {
        System.out.println(out[0]); // error: unsupported in a kernel: method call (System.out.println(out[0])): a kernel may call Math functions, @DeviceFunction methods of its own class, and Other.f(...) for a @DeviceFunction of a class compiled with it
    }
}
