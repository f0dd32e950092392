import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

public class LabelledBreak {
    @Kernel
    public static void search(KernelContext context, int[] grid, int[] out, int n) {
        int found = -1;
        rows: // error: unsupported in a kernel: labelled statement (rows: for (int i = 0; i < n; i++) { ... }): use a flag variable, or return from a @DeviceFunction
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (grid[i * n + j] == 0) {
                    found = i;
                    break rows;
                }
            }
        }
        out[context.globalIdx] = found;
    }
}
