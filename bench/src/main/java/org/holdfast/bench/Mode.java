package org.holdfast.bench;

/** The ways Holdfast runs the solver; the names are the command line's. */
public enum Mode implements CliNamed {
    CPU("cpu", Paradigm.CPU, "sequential Java reference"),
    CPU_PARALLEL("cpu-parallel", Paradigm.CPU, "the same Java kernels on all cores"),
    LAUNCH("launch", Paradigm.STANDARD, "one launch per half-sweep, queued on one stream, no sync between"),
    LAUNCH_SYNC("launch-sync", Paradigm.STANDARD, "one launch per half-sweep, with a stream sync after every iteration"),
    GRAPH("graph", Paradigm.STANDARD, "the launches captured once as a CUDA graph and replayed"),
    PERSISTENT_GRID("persistent-grid", Paradigm.PERSISTENT, "one cooperative launch for all iterations; grid barrier between half-sweeps"),
    PERSISTENT_HOST("persistent-host", Paradigm.PERSISTENT, "persistent kernel driven by the host through per-block flags in pinned memory"),
    PERSISTENT_DATAFLOW("persistent-dataflow", Paradigm.PERSISTENT, "persistent kernel; each block waits only for its neighbours' step counters");

    /** How a mode runs. */
    public enum Paradigm { CPU, STANDARD, PERSISTENT }

    private final String cliName;
    private final Paradigm paradigm;
    private final String description;

    Mode(String cliName, Paradigm paradigm, String description) {
        this.cliName = cliName;
        this.paradigm = paradigm;
        this.description = description;
    }

    @Override
    public String cliName() {
        return cliName;
    }

    public Paradigm paradigm() {
        return paradigm;
    }

    public String description() {
        return description;
    }

    public boolean needsGpu() {
        return paradigm != Paradigm.CPU;
    }

    @Override
    public String toString() {
        return cliName;
    }
}
