package org.holdfast.bench.mode;

import java.util.List;

/** A mode that exists only to declare an option, for tests of what an option reaches. */
record OneOptionMode(ModeOption option) implements ModeDescriptor {

    @Override
    public String name() {
        return "blocked";
    }

    @Override
    public String description() {
        return "a mode with an option of its own";
    }

    @Override
    public Paradigm paradigm() {
        return Paradigm.CPU;
    }

    @Override
    public List<KernelSource> kernelSources() {
        return List.of(KernelSource.JAVA);
    }

    @Override
    public List<ModeOption> options() {
        return List.of(option);
    }

    @Override
    public BlockCount blockCount() {
        return BlockCount.NONE;
    }

    @Override
    public ModeRunner runner(RunRequest request, Machine machine) {
        throw new UnsupportedOperationException("never run");
    }

    @Override
    public int plotColour() {
        return 0;
    }
}
