package org.holdfast.bench.mode;

import java.util.List;

/**
 * The facts a descriptor states as constants, held once: name, description, paradigm, kernel
 * sources, how its block count is chosen and its plot colour. The bases of the paradigms extend it
 * and add how their modes run.
 */
public abstract class DescribedMode implements ModeDescriptor {

    private final String name;
    private final String description;
    private final Paradigm paradigm;
    private final List<KernelSource> kernelSources;
    private final BlockCount blockCount;
    private final int plotColour;

    protected DescribedMode(String name, String description, Paradigm paradigm, List<KernelSource> kernelSources,
            BlockCount blockCount, int plotColour) {
        this.name = name;
        this.description = description;
        this.paradigm = paradigm;
        this.kernelSources = List.copyOf(kernelSources);
        this.blockCount = blockCount;
        this.plotColour = plotColour;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Paradigm paradigm() {
        return paradigm;
    }

    @Override
    public final List<KernelSource> kernelSources() {
        return kernelSources;
    }

    @Override
    public final BlockCount blockCount() {
        return blockCount;
    }

    @Override
    public final int plotColour() {
        return plotColour;
    }

    @Override
    public String toString() {
        return name;
    }
}
