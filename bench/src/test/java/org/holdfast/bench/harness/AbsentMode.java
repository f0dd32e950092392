package org.holdfast.bench.harness;

import java.util.List;
import java.util.Optional;
import org.holdfast.bench.mode.BlockCount;
import org.holdfast.bench.mode.DescribedMode;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.ModeRunner;
import org.holdfast.bench.mode.Paradigm;
import org.holdfast.bench.mode.RunRequest;

/** A mode for tests that cannot run on any machine, and says so before the run: its runner must never be made. */
final class AbsentMode extends DescribedMode {

    private final String reason;

    AbsentMode(String name, String reason) {
        super(name, "a mode that needs what no machine has, for tests", Paradigm.STANDARD, List.of(KernelSource.JAVA),
                BlockCount.JAVA_RULE, 0x654321);
        this.reason = reason;
    }

    @Override
    public Optional<String> unavailableOn(Machine machine, KernelSource kernels) {
        return Optional.of(reason);
    }

    @Override
    public ModeRunner runner(RunRequest request, Machine machine) {
        throw new AssertionError(name() + " was to be skipped before the run, not built");
    }
}
