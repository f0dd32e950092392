package org.holdfast.bench.harness;

import java.util.List;
import java.util.Optional;
import org.holdfast.bench.mode.BlockCount;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.ModeRunner;
import org.holdfast.bench.mode.Paradigm;
import org.holdfast.bench.mode.RunRequest;

/** A mode for tests that cannot run on any machine, and says so before the run: its runner must never be made. */
record AbsentMode(String name, String reason) implements ModeDescriptor {

    @Override
    public String description() {
        return "a mode that needs what no machine has, for tests";
    }

    @Override
    public Paradigm paradigm() {
        return Paradigm.STANDARD;
    }

    @Override
    public List<KernelSource> kernelSources() {
        return List.of(KernelSource.JAVA);
    }

    @Override
    public BlockCount blockCount() {
        return BlockCount.JAVA_RULE;
    }

    @Override
    public Optional<String> unavailableOn(Machine machine, KernelSource kernels) {
        return Optional.of(reason);
    }

    @Override
    public ModeRunner runner(RunRequest request, Machine machine) {
        throw new AssertionError(name + " was to be skipped before the run, not built");
    }

    @Override
    public int plotColour() {
        return 0x654321;
    }
}
