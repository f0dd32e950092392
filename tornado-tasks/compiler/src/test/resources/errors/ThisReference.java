import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class ThisReference {
    @Kernel
    public static void self(KernelContext context, int[] out) {
        out[context.globalIdx] = this.hashCode(); // error: unsupported in a kernel: method call (this.hashCode()): a kernel may call Math functions, @DeviceFunction methods of its own class, and Other.f(...) for a @DeviceFunction of a class compiled with it
        Object me = this; // error: unsupported in a kernel: this (this): kernels and device functions are static
    }
}
