package org.holdfast.bench.mode;

import java.lang.reflect.Method;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentPlan;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.kernels.ClusterLayout;
import org.holdfast.kernels.PersistentRedBlackKernels;
import org.holdfast.kernels.PersistentTaskGraph;
import org.holdfast.kernels.PersistentTaskGraph.Design;
import org.holdfast.kernels.ResidentLayout;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * How a Java persistent kernel runs on the GPU: which kernel, on how many blocks, on chip or not. A
 * built-in design is the twin of a native variant and is planned by that variant's rule in the
 * native library ({@code hf_plan_twin}: {@code plan_alone_on_chip} for two-slot and counters), with
 * the Java kernel's own occupancy from the CUDA backend, so that a Java kernel and its native twin
 * get their grids from one rule and nothing of it is copied here:
 *
 * <ul>
 *   <li>{@code auto}: a grid small enough to hold u and f in one block's shared memory, with few
 *       points of a colour per thread, runs on one block; otherwise as many useful blocks as can be
 *       co-resident (grid barrier: one thread per point of a colour; dataflow: one block per interior
 *       row);</li>
 *   <li>a fixed count or {@code same-as-standard}: exactly that many (the library refuses a grid that
 *       cannot be co-resident);</li>
 *   <li>one block whose u fits in shared memory runs the on-chip kernel, with f on chip too when it fits;</li>
 *   <li>{@code block} ({@link Design#REGISTERS}): {@code plan_block_on_chip}'s shape, the points per thread and one
 *       warp or one block read from the kernel it names ({@code on_chip_warp_p2}, {@code on_chip_block_p4}), so the
 *       Java kernel of that many points runs on that many threads.</li>
 *   <li>{@code cluster} ({@link Design#CLUSTER}): {@code plan_cluster_barrier_on_chip}'s shape, its blocks, threads and
 *       k, and the points per thread read from the kernel it names ({@code cluster_barrier_p4}); persistent-dataflow's
 *       {@code cluster} ({@link Design#CLUSTER_ASYNC}) likewise by {@code plan_cluster_async_on_chip}
 *       ({@code cluster_async_p4}).</li>
 *   <li>{@code resident} ({@link Design#RESIDENT}): {@code plan_resident}'s shape, its blocks, threads, k and whether
 *       h²f goes on chip ({@code f_on_chip}), with the Java kernel's own occupancy; the threads are those the native
 *       session is asked for (the request's, or the auto rule's where {@code auto} chose it).</li>
 * </ul>
 * A user's {@code solve} is planned like the grid-barrier kernel, without the on-chip choice.
 *
 * @param kernel the kernel launched
 * @param design its built-in design, or null for a user's kernel
 * @param blocks blocks in the grid
 * @param threads threads per block
 * @param fOnChip on chip or resident: whether f is held too
 * @param slots the register kernel's points of a colour per thread, 0 for the other designs
 * @param oneWarp the register kernel's one-warp form (32 threads, the warp barrier)
 * @param shape the planner's words for the register, cluster or resident kernel's shape ({@code one warp, 2 points per
 *     thread}, {@code k = 3, f on chip}), else empty
 * @param sweeps the cluster and resident kernels' half-sweeps per exchange, 1 for the other designs
 */
record JavaPersistentPlan(Method kernel, Design design, int blocks, int threads, boolean fOnChip, int slots, boolean oneWarp,
        String shape, int sweeps) {

    /** The native kernel names of {@code persistent-grid block}: one warp or one block, P points per thread. */
    private static final Pattern REGISTER_KERNEL = Pattern.compile("on_chip_(warp|block)_p(\\d+)");
    /** The native kernel names of {@code persistent-grid cluster}: P points per thread. */
    private static final Pattern CLUSTER_KERNEL = Pattern.compile("cluster_barrier_p(\\d+)");
    /** The native kernel names of {@code persistent-dataflow cluster}: P points per thread. */
    private static final Pattern CLUSTER_ASYNC_KERNEL = Pattern.compile("cluster_async_p(\\d+)");

    JavaPersistentPlan(Method kernel, Design design, int blocks, int threads, boolean fOnChip) {
        this(kernel, design, blocks, threads, fOnChip, 0, false, "", 1);
    }

    /**
     * The plan of built-in design {@code design} for {@code request}, by the rule of its native twin
     * {@code twinVariant} of mode {@code mode}, on blocks of {@code threads} threads where the rule takes them (the
     * threads the native session of that variant would be asked for).
     */
    static JavaPersistentPlan of(Design design, String mode, String twinVariant, int sweeps, int threads, RunRequest request,
            CudaTornadoDevice gpu, PersistentBridge bridge) {
        Problem problem = request.problem();
        // As the native session counts them: a same-as-standard count is the request's threads' (PersistentRunner).
        int blocks = request.blocks().plannerBlocks(problem.pointsPerColour(), request.threads());
        if (design == Design.REGISTERS) {
            return registers(mode, twinVariant, request, blocks, bridge);
        }
        if (design == Design.CLUSTER || design == Design.CLUSTER_ASYNC) {
            return cluster(design, mode, twinVariant, request, blocks, sweeps, bridge);
        }
        if (design == Design.RESIDENT) {
            return resident(mode, twinVariant, request, blocks, threads, sweeps, gpu, bridge);
        }
        int perSm = (int) (gpu.coResidentBlocks(design.kernel(), threads, 0) / gpu.device().multiprocessors());
        PersistentPlan plan = bridge.planTwin(PersistentProblem.poisson2d(request.problem().n(), request.problem().h2()),
                PersistentRequest.of(mode, twinVariant).withBlocks(blocks).withThreadsPerBlock(threads), perSm);
        if (plan.onChip()) {
            return new JavaPersistentPlan(Design.ON_CHIP.kernel(), Design.ON_CHIP, 1, threads, plan.fOnChip());
        }
        return new JavaPersistentPlan(design.kernel(), design, plan.blocks(), threads, false);
    }

    /**
     * The register kernel by {@code plan_block_on_chip}: one block (the rule refuses more), its threads, and the
     * points per thread of the native kernel it names. The rule sizes the block itself, so the Java kernel's own
     * occupancy does not enter it (one block per SM is all it asks).
     */
    private static JavaPersistentPlan registers(String mode, String twinVariant, RunRequest request, int blocks,
            PersistentBridge bridge) {
        PersistentPlan plan = bridge.planTwin(PersistentProblem.poisson2d(request.problem().n(), request.problem().h2()),
                PersistentRequest.of(mode, twinVariant).withBlocks(blocks), 1);
        Matcher named = REGISTER_KERNEL.matcher(plan.kernel());
        if (!named.matches()) {
            throw new IllegalStateException(mode + " (" + twinVariant + "): the planner named kernel " + plan.kernel()
                    + ", not one of on_chip_warp_pP, on_chip_block_pP");
        }
        int slots = Integer.parseInt(named.group(2));
        return new JavaPersistentPlan(PersistentTaskGraph.kernelNamed(PersistentRedBlackKernels.kernelFor(slots)), Design.REGISTERS,
                1, plan.threadsPerBlock(), false, slots, named.group(1).equals("warp"), plan.note(), 1);
    }

    /**
     * The cluster kernel by {@code plan_cluster_barrier_on_chip} (or, for {@link Design#CLUSTER_ASYNC}, the asynchronous-store
     * kernel by {@code plan_cluster_async_on_chip}): the cluster's blocks and threads, k ({@code sweeps}, 0 for the planner's),
     * and the points per thread of the native kernel it names. The rule sizes the blocks itself.
     */
    private static JavaPersistentPlan cluster(Design design, String mode, String twinVariant, RunRequest request, int blocks,
            int sweeps, PersistentBridge bridge) {
        PersistentPlan plan = bridge.planTwin(PersistentProblem.poisson2d(request.problem().n(), request.problem().h2()),
                PersistentRequest.of(mode, twinVariant).withBlocks(blocks).withSweepsPerExchange(sweeps), 1);
        boolean async = design == Design.CLUSTER_ASYNC;
        Matcher named = (async ? CLUSTER_ASYNC_KERNEL : CLUSTER_KERNEL).matcher(plan.kernel());
        if (!named.matches()) {
            throw new IllegalStateException(mode + " (" + twinVariant + "): the planner named kernel " + plan.kernel()
                    + ", not one of " + (async ? "cluster_async_pP" : "cluster_barrier_pP"));
        }
        int slots = Integer.parseInt(named.group(1));
        String kernel = async ? ClusterLayout.asyncKernelFor(slots) : ClusterLayout.kernelFor(slots);
        return new JavaPersistentPlan(PersistentTaskGraph.kernelNamed(kernel), design, plan.blocks(), plan.threadsPerBlock(), false,
                slots, false, plan.note(), plan.sweepsPerExchange());
    }

    /**
     * The resident kernel by {@code plan_resident}: its blocks, threads, k ({@code sweeps}, 0 for the planner's) and where
     * h²f goes, for the Java kernel's co-resident blocks per SM: the fewer of its two instances' (f on chip or not), since
     * the rule chooses which runs. The rule sizes each block's shared memory; the Java kernel's layout must agree.
     */
    private static JavaPersistentPlan resident(String mode, String twinVariant, RunRequest request, int blocks, int threads,
            int sweeps, CudaTornadoDevice gpu, PersistentBridge bridge) {
        int n = request.problem().n();
        int perSm = Math.min(residentPerSm(true, threads, gpu), residentPerSm(false, threads, gpu));
        PersistentPlan plan = bridge.planTwin(PersistentProblem.poisson2d(n, request.problem().h2()),
                PersistentRequest.of(mode, twinVariant).withBlocks(blocks).withThreadsPerBlock(threads).withSweepsPerExchange(sweeps),
                perSm);
        int k = plan.sweepsPerExchange();
        int bytes = ResidentLayout.sharedBytes(ResidentLayout.bands(plan.blocks(), n), n, k, plan.fOnChip());
        if (bytes != plan.sharedBytes()) {
            throw new IllegalStateException(mode + " (" + twinVariant + "): the planner gave each block " + plan.sharedBytes()
                    + " bytes of shared memory, the Java kernel's layout takes " + bytes + " (" + plan + ")");
        }
        return new JavaPersistentPlan(Design.RESIDENT.kernel(), Design.RESIDENT, plan.blocks(), plan.threadsPerBlock(), plan.fOnChip(),
                0, false, plan.note(), k);
    }

    /**
     * Co-resident blocks per SM of the resident kernel's instance for {@code fOnChip} at {@code threads} threads. Beyond its
     * launch bounds there is no such instance: 1 then, and the planner refuses the block size in its own words.
     */
    private static int residentPerSm(boolean fOnChip, int threads, CudaTornadoDevice gpu) {
        if (threads > ResidentLayout.MAX_THREADS) {
            return 1;
        }
        return (int) (gpu.coResidentBlocks(Design.RESIDENT.kernel(), PersistentTaskGraph.residentInstance(fOnChip), threads, 0)
                / gpu.device().multiprocessors());
    }

    /** The plan of a user's persistent kernel {@code solve} for {@code request}: grid-stride useful blocks, no on-chip choice. */
    static JavaPersistentPlan of(Method solve, RunRequest request, CudaTornadoDevice gpu) {
        int threads = request.threads();
        long points = request.problem().pointsPerColour();
        int blocks = request.blocks().plannerBlocks(points, threads);
        if (blocks == 0) {
            blocks = usefulCoResident(onePerThread(points, threads), solve, threads, gpu);
        }
        return new JavaPersistentPlan(solve, null, blocks, threads, false);
    }

    private static long onePerThread(long points, int threads) {
        return (points + threads - 1) / threads;
    }

    /** At least one block, at most the useful ones and the co-resident ones of {@code kernel}. */
    private static int usefulCoResident(long useful, Method kernel, int threads, CudaTornadoDevice gpu) {
        return (int) Math.max(1, Math.min(useful, gpu.coResidentBlocks(kernel, threads, 0)));
    }

    /** Whether one block holds the grid in shared memory. */
    boolean onChip() {
        return design == Design.ON_CHIP;
    }

    /**
     * What its kernel moves: u in shared memory for the on-chip, register, cluster and resident designs (every block's band
     * on chip, as the native row counts it), else a pass per half-sweep.
     */
    MemoryTraffic traffic() {
        return switch (design) {
            case REGISTERS, CLUSTER, CLUSTER_ASYNC -> MemoryTraffic.sharedMemory(false); // h²f in registers
            case ON_CHIP, RESIDENT -> MemoryTraffic.sharedMemory(fOnChip);
            case null, default -> MemoryTraffic.HALF_SWEEP_PASSES;
        };
    }

    /** For the report: the register, cluster or resident kernel's shape as the planner words it, {@code on chip}, or empty. */
    String note() {
        return design == Design.REGISTERS || design == Design.CLUSTER || design == Design.CLUSTER_ASYNC || design == Design.RESIDENT
                ? shape : onChip() ? "on chip" : "";
    }

    /** The one-task graph of a run of {@code iterations} iterations on {@code u}. */
    PersistentTaskGraph graph(PoissonProblem problem, double[] u, double[] f, int iterations) {
        if (design == Design.REGISTERS) {
            return PersistentTaskGraph.onChipRegisters(problem, u, f, iterations, threads, slots, oneWarp);
        }
        if (design == Design.CLUSTER) {
            return PersistentTaskGraph.clusterResident(problem, u, f, iterations, blocks, threads, slots, sweeps);
        }
        if (design == Design.CLUSTER_ASYNC) {
            return PersistentTaskGraph.clusterAsync(problem, u, f, iterations, blocks, threads, slots, sweeps);
        }
        if (design == Design.RESIDENT) {
            return PersistentTaskGraph.resident(problem, u, f, iterations, blocks, threads, sweeps, fOnChip);
        }
        return design == null ? PersistentTaskGraph.of(kernel, problem, u, f, iterations, blocks, threads)
                : PersistentTaskGraph.of(design, problem, u, f, iterations, blocks, threads, fOnChip);
    }
}
