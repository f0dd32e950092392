package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Where the native library's hand-written kernels come from, for {@code --print-kernel}: each persistent
 * variant of the library's table ({@code native-hip/src/variant_table.cpp}), in its order, with the kernel it
 * launches, the file that defines it, and what its planner still decides at run time for each size. The library
 * knows its kernels' names but not their files. The command line takes the variants from the library whatever
 * this table says; {@code NativeKernelFilesTest} holds this table to the library's and to the sources.
 */
public final class NativeKernelFiles {

    /** The header every kernel file is under. */
    public static final String FOLDER = "native-hip/src/kernels/";
    /** Where {@code auto} picks a variant for each size. */
    public static final String AUTO_RULE = "native-hip/src/auto_rule.cpp";

    /**
     * One variant.
     *
     * @param mode the mode's command-line name
     * @param variant the variant's command-line name
     * @param kernel the kernel the library's table names for it ({@code <k>}: one per half-sweeps per exchange)
     * @param function the {@code __global__} function in {@code file} the kernel is (an instance of)
     * @param file the file under {@link #FOLDER}
     * @param atRunTime what the planner chooses for each size, once it knows the GPU
     */
    public record Variant(String mode, String variant, String kernel, String function, String file, String atRunTime) {

        /** The kernel for {@code sweeps} half-sweeps per exchange ({@code auto}: the planner's, left as {@code <k>}). */
        String kernelFor(String sweeps) {
            return sweeps.equals("auto") ? kernel : kernel.replace("<k>", sweeps);
        }
    }

    private static final String ALONE_ON_CHIP = "the grid's blocks, or one block holding the grid in shared memory, which"
            + " runs persistent_on_chip (" + FOLDER + "persistent_on_chip.h)";
    private static final String SIZED = "the points each thread holds in registers (1, 2, 4, 8 or 16: the instance"
            + " _p1 to _p16)";

    public static final List<Variant> VARIANTS = List.of(
            new Variant("persistent-grid", "cg", "persistent_grid_cooperative_groups", "persistent_grid_cooperative_groups",
                    "persistent_grid.h", ALONE_ON_CHIP),
            new Variant("persistent-grid", "two-slot", "persistent_grid_two_slot", "persistent_grid_two_slot", "persistent_grid.h",
                    ALONE_ON_CHIP),
            new Variant("persistent-grid", "block", "on_chip_block_p1", "on_chip_registers", "on_chip_registers.h",
                    SIZED + ", and one block or one warp (on_chip_warp_p*)"),
            new Variant("persistent-grid", "cluster", "cluster_barrier_p1", "cluster_resident", "cluster_resident.h",
                    SIZED + " and the cluster's blocks"),
            new Variant("persistent-grid", "temporal", "temporal_stream_persistent_k<k>", "temporal_stream_persistent",
                    "temporal_persistent.h", "the grid's blocks, and k where --sweeps-per-exchange is auto"),
            new Variant("persistent-grid", "temporal-cg", "temporal_cg_k<k>", "temporal_stream_persistent",
                    "temporal_persistent.h", "the grid's blocks, and k where --sweeps-per-exchange is auto"),
            new Variant("persistent-host", "relay", "persistent_host_relay", "persistent_host_relay", "persistent_host_relay.h",
                    "the grid's blocks"),
            new Variant("persistent-host", "lockstep", "persistent_host", "persistent_host", "persistent_host.h",
                    "the grid's blocks"),
            new Variant("persistent-host", "neighbour", "persistent_host", "persistent_host", "persistent_host.h",
                    "the grid's blocks"),
            new Variant("persistent-dataflow", "counters", "persistent_dataflow", "persistent_dataflow", "persistent_dataflow.h",
                    ALONE_ON_CHIP),
            new Variant("persistent-dataflow", "cluster", "cluster_async_p1", "cluster_resident", "cluster_resident.h",
                    SIZED + " and the cluster's blocks"),
            new Variant("persistent-dataflow", "resident", "persistent_resident", "persistent_resident", "persistent_resident.h",
                    "the bands of the grid's blocks, and k where --sweeps-per-exchange is auto"));

    private NativeKernelFiles() {
    }

    /** The variant {@code variant} of {@code mode}. */
    public static Optional<Variant> of(String mode, String variant) {
        return VARIANTS.stream().filter(v -> v.mode().equals(mode) && v.variant().equals(variant)).findFirst();
    }

    /** What the native kernels of {@code mode} run for {@code variant} ({@code auto}: every candidate) and {@code sweeps}. */
    static String describe(String mode, String variant, String sweeps) {
        if (variant.equals("auto")) {
            return "hand-written; the planner picks the variant for each size at run time (" + AUTO_RULE + "), one of:\n"
                    + VARIANTS.stream().filter(v -> v.mode().equals(mode)).map(v -> "  " + v.variant() + ": " + line(v, sweeps))
                            .collect(Collectors.joining("\n"));
        }
        return of(mode, variant).map(v -> "hand-written, " + line(v, sweeps))
                .orElse("hand-written; the native library's variant " + variant + " (native-hip/src/variant_table.cpp)");
    }

    private static String line(Variant v, String sweeps) {
        return v.kernelFor(sweeps) + " (" + FOLDER + v.file() + "); the planner chooses at run time, for each size, " + v.atRunTime();
    }
}
