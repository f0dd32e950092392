package org.holdfast.bench;

import java.io.PrintStream;
import org.holdfast.kernels.RedBlackKernels;
import org.holdfast.tornado.api.KernelMetadata;

/** {@code --print-kernel}: the CUDA C the kernel compiler generated from the Java kernels. */
final class KernelPrinter {

    private KernelPrinter() {
    }

    static int print(PrintStream out, PrintStream err) {
        return KernelMetadata.of(RedBlackKernels.class).map(metadata -> {
            out.print(metadata.cudaSource());
            return ExitCode.OK;
        }).orElseGet(() -> {
            err.println("holdfast: the generated CUDA C of " + RedBlackKernels.class.getName()
                    + " is not in the jar: the kernel compiler did not run on this build");
            return ExitCode.FAILED;
        });
    }
}
