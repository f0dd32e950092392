package org.holdfast.bench;

import java.io.PrintStream;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.KernelsThatRun;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.OptionValues;
import org.holdfast.tornado.api.KernelMetadata;

/**
 * {@code --print-kernel}: what the run that the other options describe would run, without running it. For each
 * mode, kernel source and variant, a comment says which kernels (native ones with the file they come from, and
 * what the planner decides only on the GPU); then the CUDA C generated from every Java class among them, a
 * user's included, once each. The output is CUDA C: {@code holdfast -m graph --print-kernel > graph.cu}.
 */
final class KernelPrinter {

    private KernelPrinter() {
    }

    static int print(Experiment experiment, PrintStream out, PrintStream err) {
        Set<Class<?>> generated = new LinkedHashSet<>();
        out.println("// What holdfast would run (holdfast --print-kernel), by mode, kernels and variant:");
        for (ModeDescriptor mode : experiment.modes()) {
            for (KernelSource kernels : experiment.kernelsOf(mode)) {
                for (OptionValues values : experiment.options().each(mode.options(), mode.options(kernels, experiment.gpus()))) {
                    KernelsThatRun runs = mode.kernelsThatRun(kernels, values, experiment.problemAt(0), experiment.gpus());
                    // The options that choose what these kernels run, as the command line spells them.
                    String variant = mode.options(kernels, experiment.gpus()).stream().map(o -> ", " + o.name() + "=" + values.get(o))
                            .collect(Collectors.joining());
                    out.println("//");
                    out.println("// " + mode.name() + " (" + kernels + variant + "):");
                    runs.what().lines().forEach(line -> out.println("//   " + line));
                    runs.generatedClass().ifPresent(generated::add);
                }
            }
        }
        for (Class<?> owner : generated) {
            Optional<KernelMetadata> metadata = KernelMetadata.of(owner);
            if (metadata.isEmpty()) {
                err.println("holdfast: the generated CUDA C of " + owner.getName()
                        + " is not beside its classes: the kernel compiler did not run on its build");
                return ExitCode.FAILED;
            }
            out.println();
            out.println("// ======== " + owner.getName() + " (" + KernelMetadata.RESOURCE_FOLDER + owner.getName() + ".cu)");
            out.print(metadata.get().cudaSource());
        }
        return ExitCode.OK;
    }
}
