package org.holdfast.bridge;

import java.util.List;

/** The library's variant table as the command line names it: what the tests expect to find. */
final class Variants {

    /** (mode, variant) of the 2D problem's rows, in the table's order. */
    static final List<String[]> ALL = List.of(
            new String[] {"persistent-grid", "cg"},
            new String[] {"persistent-grid", "two-slot"},
            new String[] {"persistent-grid", "block"},
            new String[] {"persistent-grid", "cluster"},
            new String[] {"persistent-grid", "temporal"},
            new String[] {"persistent-grid", "temporal-cg"},
            new String[] {"persistent-grid", "temporal-3blocks"},
            new String[] {"persistent-grid", "temporal-paired"},
            new String[] {"persistent-grid", "cluster-bands"},
            new String[] {"persistent-host", "relay"},
            new String[] {"persistent-host", "lockstep"},
            new String[] {"persistent-host", "neighbour"},
            new String[] {"persistent-dataflow", "counters"},
            new String[] {"persistent-dataflow", "cluster"},
            new String[] {"persistent-dataflow", "resident"});

    /** (mode, variant) of the 3D problem's rows, in the table's order. */
    static final List<String[]> CUBE = List.of(
            new String[] {"persistent-grid", "cg"},
            new String[] {"persistent-grid", "two-slot"},
            new String[] {"persistent-grid", "block"},
            new String[] {"persistent-grid", "cluster"},
            new String[] {"persistent-grid", "temporal"},
            new String[] {"persistent-host", "relay"},
            new String[] {"persistent-host", "lockstep"},
            new String[] {"persistent-host", "neighbour"},
            new String[] {"persistent-dataflow", "counters"},
            new String[] {"persistent-dataflow", "cluster"},
            new String[] {"persistent-dataflow", "resident"});

    private Variants() {
    }

    /**
     * Block counts a variant accepts (0: the planner's choice): one block on chip, a cluster of 2 to 16, whole clusters
     * (cluster-bands: an even count; its own choice at N = 101 is 6 clusters of 16), or any grid.
     */
    static int[] blockCounts(String variant) {
        return switch (variant) {
            case "block" -> new int[] {1, 0};
            case "cluster" -> new int[] {2, 7, 16, 0};
            case "cluster-bands" -> new int[] {2, 0};
            default -> new int[] {1, 2, 7, 0};
        };
    }

    /**
     * Sizes a variant holds: one block keeps at most a few thousand points of a colour in registers; clusters of bands
     * need two interior rows at least.
     */
    static int[] sizes(String variant) {
        return switch (variant) {
            case "block" -> new int[] {3, 4, 11, 12, 33};
            case "cluster-bands" -> new int[] {4, 11, 12, 33, 101};
            default -> new int[] {3, 4, 11, 12, 33, 101};
        };
    }

    static boolean usesHostFlags(String mode) {
        return mode.equals("persistent-host");
    }

    /** The host's handshakes in a run: one per block and half-sweep, or one per half-sweep for the relay. */
    static long handshakes(String variant, int activeBlocks, int iterations) {
        return (variant.equals("relay") ? 1L : activeBlocks) * 2 * iterations;
    }

    /**
     * The variant's default block size: 0 for the on-chip variants (they size their own blocks), the measured best of the
     * relay and of the resident kernel, 512 for the cube's temporal passes, else 256.
     */
    static int defaultThreads(String variant, PersistentProblem.Kind problem) {
        if (problem == PersistentProblem.Kind.POISSON_3D && variant.equals("temporal")) {
            return 512; // temporal3d: the cube's pass spreads a tile's rows over 16 warps
        }
        return switch (variant) {
            case "block", "cluster" -> 0;
            case "relay" -> 1024;
            case "resident", "cluster-bands" -> 512;
            default -> 256;
        };
    }
}
