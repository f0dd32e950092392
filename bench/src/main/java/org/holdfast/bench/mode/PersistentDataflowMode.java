package org.holdfast.bench.mode;

/** {@code persistent-dataflow}: a persistent kernel whose blocks wait only for their neighbours' step counters. */
public final class PersistentDataflowMode extends NativePersistentMode {

    public PersistentDataflowMode() {
        super("persistent-dataflow", "persistent kernel; each block waits only for its neighbours' step counters", 0x2ca02c);
    }
}
