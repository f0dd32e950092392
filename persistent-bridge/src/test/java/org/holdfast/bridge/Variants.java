package org.holdfast.bridge;

import java.util.List;

/** The library's variant table as the command line names it: what the tests expect to find. */
final class Variants {

    /** (mode, variant), in the table's order. */
    static final List<String[]> ALL = List.of(
            new String[] {"persistent-grid", "cg"},
            new String[] {"persistent-grid", "two-slot"},
            new String[] {"persistent-grid", "temporal"},
            new String[] {"persistent-host", "lockstep"},
            new String[] {"persistent-host", "neighbour"},
            new String[] {"persistent-host", "relay"},
            new String[] {"persistent-dataflow", "counters"},
            new String[] {"persistent-dataflow", "resident"});

    private Variants() {
    }

    static boolean usesHostFlags(String mode) {
        return mode.equals("persistent-host");
    }

    /** The host's handshakes in a run: one per block and half-sweep, or one per half-sweep for the relay. */
    static long handshakes(String variant, int activeBlocks, int iterations) {
        return (variant.equals("relay") ? 1L : activeBlocks) * 2 * iterations;
    }

    /** The variant's default block size: the measured best of the relay and of the resident kernel, else 256. */
    static int defaultThreads(String variant) {
        return switch (variant) {
            case "relay" -> 1024;
            case "resident" -> 512;
            default -> 256;
        };
    }
}
