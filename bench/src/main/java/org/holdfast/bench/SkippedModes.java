package org.holdfast.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.harness.Harness;
import org.holdfast.bench.mode.KernelSource;

/**
 * The modes a run skips as lines for stderr, one per reason: {@code holdfast: launch, graph: skipped:
 * no NVIDIA driver ...}. A mode whose Java kernels run but whose other ones cannot is named
 * {@code launch (native kernels)} or {@code launch (java:org.example.MyKernels)}.
 */
final class SkippedModes {

    private SkippedModes() {
    }

    static List<String> lines(List<Harness.Skipped> skipped, Experiment experiment) {
        Map<String, Map<String, Boolean>> byReason = new LinkedHashMap<>();
        for (Harness.Skipped one : skipped) {
            String mode = one.kernels().userKernels().isPresent() ? one.mode() + " (" + one.kernels() + ")" : one.mode();
            byReason.computeIfAbsent(one.reason(), r -> new LinkedHashMap<>())
                    .merge(mode, !one.kernels().equals(KernelSource.NATIVE), Boolean::logicalOr);
        }
        return byReason.entrySet().stream().map(reason -> "holdfast: " + reason.getValue().entrySet().stream()
                .map(m -> m.getValue() || !offersKernelChoice(experiment, m.getKey()) ? m.getKey() : m.getKey() + " (native kernels)")
                .collect(Collectors.joining(", ")) + ": skipped: " + reason.getKey()).toList();
    }

    /** Whether {@code mode} runs Java or native kernels as the experiment chooses (the standard launches). */
    private static boolean offersKernelChoice(Experiment experiment, String mode) {
        return experiment.modes().stream().filter(m -> m.name().equals(mode)).anyMatch(m -> m.kernelSources().size() > 1);
    }
}
