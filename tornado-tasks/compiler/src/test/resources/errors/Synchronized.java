import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class Synchronized {
    @Kernel
    public static void locked(KernelContext context, int[] out) {
        synchronized (out) { // error: unsupported in a kernel: synchronized (synchronized (out) { ... }): threads of a block synchronise with context.localBarrier()
            out[0]++;
        }
    }
}
