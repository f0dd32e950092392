package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.kernels.problem.Problem;

/**
 * Where the native library's hand-written kernels come from, for {@code --print-kernel}: each problem's standard
 * red and black, and each persistent variant of the library's table ({@code native-hip/src/variant_table.cpp}), in its
 * order, with the kernel it launches, the file that defines it, and what its planner still decides at run time for each
 * size. The library knows its kernels' names but not their files. The command line takes the variants from the library whatever
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
     * @param problem the problem the library's row solves (a mode's variant name may have a row per problem)
     * @param mode the mode's command-line name
     * @param variant the variant's command-line name
     * @param kernel the kernel the library's table names for it ({@code <k>}: one per half-sweeps per exchange)
     * @param function the {@code __global__} function in {@code file} the kernel is (an instance of)
     * @param file the file under {@link #FOLDER}
     * @param atRunTime what the planner chooses for each size, once it knows the GPU
     * @param sweeps the k the library has a kernel for, where {@code kernel} has one per k ({@code <k>}); else empty
     */
    public record Variant(PersistentProblem.Kind problem, String mode, String variant, String kernel, String function, String file,
            String atRunTime, List<Integer> sweeps) {

        /** The kernel for {@code sweeps} half-sweeps per exchange ({@code auto}: the planner's, left as {@code <k>}). */
        String kernelFor(String sweeps) {
            return sweeps.equals("auto") ? kernel : kernel.replace("<k>", sweeps);
        }

        /** Whether the library has no kernel for {@code sweeps} (a k it is not compiled for: the planner refuses the run). */
        boolean lacks(String sweeps) {
            return kernel.contains("<k>") && !sweeps.equals("auto") && !this.sweeps.contains(Integer.valueOf(sweeps));
        }
    }

    /**
     * A problem's hand-written standard kernels, the twins of its Java red and black, which {@code --kernels native}
     * launches in their place (one launch per half-sweep); both in {@link #STANDARD_FILE}.
     */
    public record HalfSweeps(String problem, String red, String black) {
    }

    /** The file under {@link #FOLDER} that defines the standard kernels. */
    public static final String STANDARD_FILE = "standard_kernels.h";

    /** The standard kernels of each problem the library has them for. */
    public static final List<HalfSweeps> HALF_SWEEPS = List.of(new HalfSweeps("poisson2d", "hf_red", "hf_black"),
            new HalfSweeps("poisson3d", "hf_red_3d", "hf_black_3d"));

    private static final String ALONE_ON_CHIP = "the grid's blocks, or one block holding the grid in shared memory, which"
            + " runs persistent_on_chip (" + FOLDER + "persistent_on_chip.h)";
    private static final String SIZED = "the points each thread holds in registers (1, 2, 4, 8 or 16: the instance"
            + " _p1 to _p16)";
    private static final String CUBE_ALONE_ON_CHIP = "the grid's blocks, or one block holding the cube in shared memory, which"
            + " runs persistent_on_chip_3d (" + FOLDER + "persistent_on_chip.h)";
    private static final String GRID_BLOCKS = "the grid's blocks";
    /** The k the temporal rows have kernels for (variant_table.cpp's kTemporalSweeps, kTemporalCgSweeps, kTemporal3dSweeps). */
    static final List<Integer> SQUARE_SWEEPS = List.of(1, 2, 3, 4, 6, 8, 12, 16, 24, 32);
    static final List<Integer> CUBE_SWEEPS = List.of(1, 2, 3, 4, 6, 8);
    /** The k of temporal-3blocks and temporal-paired (kTemporal3BlocksSweeps, kTemporalPairedSweeps). */
    static final List<Integer> THREE_BLOCKS_SWEEPS = List.of(2, 4, 6, 8);
    static final List<Integer> PAIRED_SWEEPS = List.of(2, 3, 4, 6, 8, 12, 16);

    public static final List<Variant> VARIANTS = List.of(
            square("persistent-grid", "cg", "persistent_grid_cooperative_groups", "persistent_grid_cooperative_groups",
                    "persistent_grid.h", ALONE_ON_CHIP),
            square("persistent-grid", "two-slot", "persistent_grid_two_slot", "persistent_grid_two_slot", "persistent_grid.h",
                    ALONE_ON_CHIP),
            square("persistent-grid", "block", "on_chip_block_p1", "on_chip_registers", "on_chip_registers.h",
                    SIZED + ", and one block or one warp (on_chip_warp_p*)"),
            square("persistent-grid", "cluster", "cluster_barrier_p1", "cluster_resident", "cluster_resident.h",
                    SIZED + " and the cluster's blocks"),
            temporal(PersistentProblem.Kind.POISSON_2D, "temporal", "temporal_stream_persistent_k<k>",
                    "temporal_stream_persistent", "temporal_persistent.h", SQUARE_SWEEPS),
            temporal(PersistentProblem.Kind.POISSON_2D, "temporal-cg", "temporal_cg_k<k>", "temporal_stream_persistent",
                    "temporal_persistent.h", SQUARE_SWEEPS),
            temporal(PersistentProblem.Kind.POISSON_2D, "temporal-3blocks", "temporal_3blocks_k<k>",
                    "temporal_stream_persistent", "temporal_persistent.h", THREE_BLOCKS_SWEEPS),
            temporal(PersistentProblem.Kind.POISSON_2D, "temporal-paired", "temporal_paired_k<k>",
                    "temporal_stream_persistent", "temporal_persistent.h", PAIRED_SWEEPS),
            square("persistent-grid", "cluster-bands", "persistent_cluster_bands", "persistent_cluster_bands",
                    "cluster_bands.h", "the clusters and bands of the grid's blocks, and k where --sweeps-per-exchange is auto"),
            cube("persistent-grid", "cg", "persistent_grid_cooperative_groups_3d", "persistent_grid_cooperative_groups_3d",
                    "persistent_grid.h", CUBE_ALONE_ON_CHIP),
            cube("persistent-grid", "two-slot", "persistent_grid_two_slot_3d", "persistent_grid_two_slot_3d",
                    "persistent_grid.h", CUBE_ALONE_ON_CHIP),
            cube("persistent-grid", "block", "on_chip_block_3d_p1", "on_chip_registers", "on_chip_registers.h",
                    SIZED + ", and one block or one warp (on_chip_warp_3d_p*)"),
            cube("persistent-grid", "cluster", "cluster_barrier_3d_p1", "cluster_resident", "cluster_resident.h",
                    SIZED + " and the cluster's blocks"),
            temporal(PersistentProblem.Kind.POISSON_3D, "temporal", "temporal_stream_persistent_3d_k<k>",
                    "temporal_stream_persistent_3d", "temporal_persistent_3d.h", CUBE_SWEEPS),
            square("persistent-host", "relay", "persistent_host_relay", "persistent_host_relay", "persistent_host_relay.h",
                    GRID_BLOCKS),
            square("persistent-host", "lockstep", "persistent_host", "persistent_host", "persistent_host.h", GRID_BLOCKS),
            square("persistent-host", "neighbour", "persistent_host", "persistent_host", "persistent_host.h", GRID_BLOCKS),
            cube("persistent-host", "relay", "persistent_host_relay_3d", "persistent_host_relay", "persistent_host_relay.h",
                    GRID_BLOCKS),
            cube("persistent-host", "lockstep", "persistent_host_3d", "persistent_host", "persistent_host.h", GRID_BLOCKS),
            cube("persistent-host", "neighbour", "persistent_host_3d", "persistent_host", "persistent_host.h", GRID_BLOCKS),
            square("persistent-dataflow", "counters", "persistent_dataflow", "persistent_dataflow", "persistent_dataflow.h",
                    ALONE_ON_CHIP),
            cube("persistent-dataflow", "counters", "persistent_dataflow_3d", "persistent_dataflow", "persistent_dataflow.h",
                    CUBE_ALONE_ON_CHIP),
            square("persistent-dataflow", "cluster", "cluster_async_p1", "cluster_resident", "cluster_resident.h",
                    SIZED + " and the cluster's blocks"),
            square("persistent-dataflow", "resident", "persistent_resident", "persistent_resident", "persistent_resident.h",
                    "the bands of the grid's blocks, and k where --sweeps-per-exchange is auto"),
            cube("persistent-dataflow", "cluster", "cluster_async_3d_p1", "cluster_resident", "cluster_resident.h",
                    SIZED + " and the cluster's blocks"),
            cube("persistent-dataflow", "resident", "persistent_resident_3d", "persistent_resident_3d",
                    "persistent_resident.h", "the slabs of the cube's blocks, and k where --sweeps-per-exchange is auto"));

    private static Variant square(String mode, String variant, String kernel, String function, String file, String atRunTime) {
        return new Variant(PersistentProblem.Kind.POISSON_2D, mode, variant, kernel, function, file, atRunTime, List.of());
    }

    private static Variant cube(String mode, String variant, String kernel, String function, String file, String atRunTime) {
        return new Variant(PersistentProblem.Kind.POISSON_3D, mode, variant, kernel, function, file, atRunTime, List.of());
    }

    /** A persistent-grid temporal row: a kernel per k, the k it has. */
    private static Variant temporal(PersistentProblem.Kind problem, String variant, String kernel, String function, String file,
            List<Integer> sweeps) {
        return new Variant(problem, "persistent-grid", variant, kernel, function, file,
                "the grid's blocks, and k where --sweeps-per-exchange is auto", sweeps);
    }

    private NativeKernelFiles() {
    }

    /** The variant {@code variant} of {@code mode} for the problem {@code problem}. */
    public static Optional<Variant> of(PersistentProblem.Kind problem, String mode, String variant) {
        return VARIANTS.stream().filter(v -> v.problem() == problem && v.mode().equals(mode) && v.variant().equals(variant))
                .findFirst();
    }

    /** The standard kernels of {@code problem}, or empty where the library has none for it. */
    public static Optional<HalfSweeps> halfSweeps(Problem problem) {
        return HALF_SWEEPS.stream().filter(pair -> pair.problem().equals(problem.name())).findFirst();
    }

    /** The persistent band kernels, split over several GPUs ({@code --gpus} above 1): the half-sweeps' and the temporal pass's. */
    static String bandKernel() {
        return "hand-written, persistent_bands (" + FOLDER + "persistent_bands.h) or, for the temporal pass, "
                + "persistent_bands_temporal<k> (" + FOLDER + "persistent_bands_temporal.h)";
    }

    /** What the standard kernels of {@code pair} run: one launch per half-sweep, red then black. */
    static String describe(HalfSweeps pair) {
        return "hand-written, " + pair.red() + " then " + pair.black() + " (" + FOLDER + STANDARD_FILE + "), one launch per half-sweep";
    }

    /**
     * What the native kernels of {@code mode} run on {@code problem} for {@code variant} ({@code auto}: every candidate of
     * the library's table for the problem, or of this table where the library is not here) and {@code sweeps}. A row of
     * the library's that this table does not have yet is named by its kernel, from the library.
     */
    static String describe(NativeVariants table, Problem problem, String mode, String variant, String sweeps) {
        Optional<PersistentProblem.Kind> kind = NativeVariants.kindOf(problem);
        if (kind.isEmpty()) {
            return "hand-written; none for " + problem.name() + " (native-hip/src/variant_table.cpp)";
        }
        List<Row> rows = table.missingReason().isEmpty()
                ? table.rows(kind.get(), mode).stream().map(row -> new Row(row.name(), row.kernel(), of(kind.get(), mode, row.name())))
                        .toList()
                : VARIANTS.stream().filter(v -> v.problem() == kind.get() && v.mode().equals(mode))
                        .map(v -> new Row(v.variant(), v.kernel(), Optional.of(v))).toList();
        if (variant.equals("auto")) {
            return "hand-written; the planner picks the variant for each size at run time (" + AUTO_RULE + "), one of:\n"
                    + rows.stream().map(row -> "  " + row.name() + ": " + row.line(sweeps)).collect(Collectors.joining("\n"));
        }
        return rows.stream().filter(row -> row.name().equals(variant)).findFirst().map(row -> "hand-written, " + row.line(sweeps))
                .orElse("hand-written; the native library's variant " + variant + " (native-hip/src/variant_table.cpp)");
    }

    /** A row of the library's table for one problem, with this table's file where it has the row. */
    private record Row(String name, String kernel, Optional<Variant> files) {

        String line(String sweeps) {
            return files.map(v -> v.lacks(sweeps)
                    ? "no kernel for k = " + sweeps + " (" + v.kernel() + " has k = "
                            + v.sweeps().stream().map(String::valueOf).collect(Collectors.joining(", ")) + "): the planner refuses the run"
                    : v.kernelFor(sweeps) + " (" + FOLDER + v.file() + "); the planner chooses at run time, for each size, "
                            + v.atRunTime()).orElse(kernel + " (named by native-hip/src/variant_table.cpp)");
        }
    }
}
