package org.holdfast.bridge;

import java.util.List;

/** The library's variant table as the command line names it: what the tests expect to find. */
final class Variants {

    /** (mode, variant), in the table's order. */
    static final List<String[]> ALL = List.of(
            new String[] {"persistent-grid", "cg"},
            new String[] {"persistent-grid", "two-slot"},
            new String[] {"persistent-host", "lockstep"},
            new String[] {"persistent-host", "neighbour"},
            new String[] {"persistent-dataflow", "counters"});

    private Variants() {
    }

    static boolean usesHostFlags(String mode) {
        return mode.equals("persistent-host");
    }
}
