package org.holdfast.tornado.compiler;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The C the generated code calls for persistent kernels, atomics and clusters, written into a file
 * only where it is used (nvcc warns about an unused static function), each helper after the ones it
 * needs. It needs no header: memory order and scope are spelled out in inline PTX, the same
 * instructions native-hip's {@code __hip_atomic_*} mapping emits on CUDA ({@code ld.acquire.gpu},
 * {@code st.release.gpu}, {@code atom.acq_rel.gpu}).
 *
 * <p>The primitives (the helpers written in PTX) sit in one {@code #ifndef HF_HOST_EMULATION}
 * block, so that a test harness can compile the file for the CPU with its own versions of them.
 * The grid barrier and the waits are written in C on top of the primitives and are the same there.
 */
final class DeviceRuntime {

    /** Where a helper goes in the file: types first, then the primitives, then the functions built on them. */
    private enum Section {
        TYPES, PRIMITIVES, FUNCTIONS
    }

    private record Helper(Section section, List<String> needs, String text) {
    }

    /** The persistent kernel's state, passed to every device function that waits for other groups. */
    static final String STATE_TYPE = "hf_persistent_state";
    /** The C name of the persistent state in a kernel and in the device functions it is passed to. */
    static final String STATE = "hf_ctx";
    /** The hidden parameters of a persistent kernel, after the Java ones. */
    static final String CONTROL_PARAMETER = "hf_control_block* __restrict__ hf_control";
    static final String WATCHDOG_PARAMETER = "long long hf_watchdog_ns";

    /** Polls between two looks at the clock and the error word (native-hip's kPollsPerCheck). */
    static final int POLLS_PER_CHECK = 32;

    private static final Map<String, Helper> HELPERS = new LinkedHashMap<>();

    static {
        type("hf_control_block", List.of(), """
                // A persistent launch's control block, zeroed by the host (as native-hip's ControlBlock): the
                // first wait to expire (wait code, block, step, index; first writer wins), then the grid
                // barrier's arrival count and release generation, each on its own 128-byte line so that
                // blocks spinning on one do not slow the writers of another.
                struct alignas(128) hf_error_line {
                    int code;
                    int block;
                    int step;
                    int index;
                };
                struct alignas(128) hf_counter_line {
                    int value;
                };
                struct hf_control_block {
                    hf_error_line error;
                    hf_counter_line arrivals;
                    hf_counter_line generation;
                };
                """);
        type(STATE_TYPE, List.of("hf_control_block"), """
                // What a persistent kernel's waits need, held by every thread: the control block, the
                // watchdog's timeout, how many grid barriers the thread has passed (every thread reaches
                // every barrier, so this is the barrier's number, and the generation it waits for), and
                // whether a bounded wait of this thread gave up (the next grid barrier stops the block).
                struct hf_persistent_state {
                    hf_control_block* control;
                    long long watchdog_ns;
                    int barriers;
                    bool expired;
                };
                """);

        primitive("hf_ld_relaxed_s32", """
                // Relaxed load at device scope: sees other blocks' stores eventually, orders nothing.
                static __device__ __forceinline__ int hf_ld_relaxed_s32(const int* address)
                {
                    int value;
                    asm volatile("ld.relaxed.gpu.b32 %0, [%1];" : "=r"(value) : "l"(address) : "memory");
                    return value;
                }
                """);
        primitive("hf_st_relaxed_s32", """
                static __device__ __forceinline__ void hf_st_relaxed_s32(int* address, int value)
                {
                    asm volatile("st.relaxed.gpu.b32 [%0], %1;" ::"l"(address), "r"(value) : "memory");
                }
                """);
        for (int bits : new int[] {32, 64}) {
            orderedAccesses(bits);
        }
        primitive("hf_atom_cas_relaxed_s32", """
                static __device__ __forceinline__ bool hf_atom_cas_relaxed_s32(int* address, int expected, int desired)
                {
                    int previous;
                    asm volatile("atom.relaxed.gpu.cas.b32 %0, [%1], %2, %3;"
                        : "=r"(previous) : "l"(address), "r"(expected), "r"(desired) : "memory");
                    return previous == expected;
                }
                """);
        primitive("hf_globaltimer", """
                // Nanoseconds of the GPU's global timer: the watchdog's clock.
                static __device__ __forceinline__ long long hf_globaltimer()
                {
                    unsigned long long nanoseconds;
                    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(nanoseconds));
                    return (long long)nanoseconds;
                }
                """);
        primitive("hf_cluster_rank", """
                // The block's rank in its cluster (0 in a launch without clusters).
                static __device__ __forceinline__ int hf_cluster_rank()
                {
                    unsigned int rank;
                    asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
                    return (int)rank;
                }
                """);
        primitive("hf_cluster_size", """
                // Blocks in the cluster (1 in a launch without clusters).
                static __device__ __forceinline__ int hf_cluster_size()
                {
                    unsigned int size;
                    asm("mov.u32 %0, %%cluster_nctarank;" : "=r"(size));
                    return (int)size;
                }
                """);
        primitive("hf_cluster_index", """
                // The cluster's index in x (clusters are one-dimensional: blockIdx.x / cluster size).
                static __device__ __forceinline__ int hf_cluster_index()
                {
                    unsigned int index;
                    asm("mov.u32 %0, %%clusterid.x;" : "=r"(index));
                    return (int)index;
                }
                """);
        primitive("hf_cluster_barrier", """
                // Every thread of every block of the cluster waits here; the arrive releases the block's
                // writes (to its own and other blocks' shared memory, and to global memory) and the wait
                // acquires everyone's. A hardware barrier: it cannot time out, and every block of a cluster
                // is resident at once.
                static __device__ __forceinline__ void hf_cluster_barrier()
                {
                    asm volatile("barrier.cluster.arrive.release.aligned;\\n\\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
                }
                """);
        primitive("hf_cluster_arrive", """
                // context.clusterArrive(): the first half of the cluster barrier (native-hip's
                // cluster_arrive_release): counts the thread in and releases its writes, without waiting.
                static __device__ __forceinline__ void hf_cluster_arrive()
                {
                    asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
                }
                """);
        primitive("hf_cluster_wait", """
                // context.clusterWait(): the second half (cluster_wait_acquire): waits until every thread of
                // the cluster has arrived, and acquires their writes. A hardware barrier: it cannot time out.
                static __device__ __forceinline__ void hf_cluster_wait()
                {
                    asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
                }
                """);
        primitive("hf_st_line_v2", """
                // One self-flagged line, 16 bytes, as one vector store of two 64-bit elements (native-hip's
                // ll_store<kVector64x2>, HF_LL_LINE_V2_B64). Relaxed: the line is its own synchronisation.
                static __device__ __forceinline__ void hf_st_line_v2(long long* line, long long low, long long high)
                {
                    asm volatile("st.relaxed.gpu.global.v2.b64 [%0], {%1, %2};" ::"l"(line), "l"(low), "l"(high) : "memory");
                }
                """);
        primitive("hf_ld_line_v2", """
                // The line as it is now, both halves in one 16-byte load (ll_load<kVector64x2>).
                static __device__ __forceinline__ void hf_ld_line_v2(const long long* line, long long& low, long long& high)
                {
                    asm volatile("ld.relaxed.gpu.global.v2.b64 {%0, %1}, [%2];" : "=l"(low), "=l"(high) : "l"(line) : "memory");
                }
                """);
        primitive("hf_block_any", """
                // A block barrier (__syncthreads, with its memory order) that also says whether any thread of
                // the block passed true.
                static __device__ __forceinline__ bool hf_block_any(bool value)
                {
                    return __syncthreads_or(value) != 0;
                }
                """);
        primitive("hf_stop_thread", """
                // Ends the calling thread (PTX exit): the kernel is over for it. Called by every thread of a
                // block at once, after a block barrier, so no barrier of the block waits for a thread that left.
                static __device__ __forceinline__ void hf_stop_thread()
                {
                    asm volatile("exit;" ::: "memory");
                }
                """);
        primitive("hf_opaque_s32", """
                // The value, through an empty asm that claims to change it: the compiler cannot fold it or move
                // what is computed from it out of the loop it stands in (native-hip's asm volatile("" : "+r"(code)),
                // which keeps decoded addresses out of registers across a run).
                static __device__ __forceinline__ int hf_opaque_s32(int value)
                {
                    asm volatile("" : "+r"(value));
                    return value;
                }
                """);
        primitive("hf_map_shared_rank", """
                // The address of the same shared variable in the block of cluster rank `rank` (distributed
                // shared memory): a generic address that plain loads, stores and atomics can use.
                template <typename T>
                static __device__ __forceinline__ T* hf_map_shared_rank(T* shared, int rank)
                {
                    unsigned long long remote;
                    asm volatile("mapa.u64 %0, %1, %2;" : "=l"(remote) : "l"(shared), "r"(rank));
                    return (T*)remote;
                }
                """);

        primitive("hf_shared_address", """
                // The shared-window address (cvta.to.shared) of this block's shared variable at `pointer`, as the
                // mbarrier instructions take it (native-hip's shared_address). The intrinsic, not asm: the compiler
                // sees through the generic address of a __shared__ array and uses its shared address as it is (with
                // asm, every st.async rebuilt it from the shared window's base: five more instructions per push).
                static __device__ __forceinline__ unsigned int hf_shared_address(const void* pointer)
                {
                    return (unsigned int)__cvta_generic_to_shared(pointer);
                }
                """);
        primitive("hf_cluster_shared_address", """
                // The shared::cluster address (cvta.to.shared::cluster) of a variable of any block of the cluster,
                // from its generic address (hf_map_shared_rank's), as st.async takes it.
                static __device__ __forceinline__ unsigned int hf_cluster_shared_address(const void* pointer)
                {
                    unsigned long long address;
                    asm("cvta.to.shared::cluster.u64 %0, %1;" : "=l"(address) : "l"(pointer));
                    return (unsigned int)address;
                }
                """);
        primitive("hf_mbarrier_init", List.of("hf_shared_address"), """
                // context.mbarrierInit(barriers, index, arrivals) (native-hip's mbarrier_init, then
                // fence_mbarrier_init_cluster): the mbarrier in phase 0, expecting `arrivals` arrivals per phase.
                // The fence releases the initialisation at cluster scope: the other blocks' st.async and remote
                // arrivals, after the cluster barrier that must follow, find it initialised.
                static __device__ __forceinline__ void hf_mbarrier_init(long long* barrier, int arrivals)
                {
                    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(hf_shared_address(barrier)), "r"(arrivals) : "memory");
                    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
                }
                """);
        primitive("hf_mbarrier_arrive_expect_tx", List.of("hf_shared_address"), """
                // context.mbarrierArriveExpectTx(barriers, index, bytes) (native-hip's mbarrier_arm): one arrival
                // that announces `bytes` to come from st.async in the current phase, which completes when they have
                // all landed. Release at block scope: the thread's earlier writes come before its arrival.
                static __device__ __forceinline__ void hf_mbarrier_arrive_expect_tx(long long* barrier, int bytes)
                {
                    asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], %1;" ::"r"(hf_shared_address(barrier)), "r"(bytes)
                        : "memory");
                }
                """);
        primitive("hf_st_async", List.of("hf_shared_address", "hf_cluster_shared_address"), """
                // context.storeAsync(remote, index, value, barriers, barrier) (native-hip's store_async): 8 bytes into
                // another block's shared memory, counted when they land on that block's mbarrier at the place of
                // `barrier` in this block (getctarank: the block that holds `remote`; mapa.shared::cluster, native's
                // map_to_block: its mbarrier), so that no pointer to the other block's mbarrier stays in registers.
                // The complete_tx releases the data at cluster scope to whoever acquires the phase: no fence, no flag.
                static __device__ __forceinline__ void hf_st_async(double* remote, double value, long long* barrier)
                {
                    const unsigned int to = hf_cluster_shared_address(remote);
                    unsigned int rank;
                    asm("getctarank.shared::cluster.u32 %0, %1;" : "=r"(rank) : "r"(to));
                    unsigned int remote_barrier;
                    asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote_barrier) : "r"(hf_shared_address(barrier)), "r"(rank));
                    asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.b64 [%0], %1, [%2];" ::"r"(to),
                        "l"(__double_as_longlong(value)), "r"(remote_barrier)
                        : "memory");
                }
                """);
        primitive("hf_mbarrier_try_wait_parity", List.of("hf_shared_address"), """
                // Whether the mbarrier's phase with this parity has completed (native-hip's
                // mbarrier_try_wait_parity). Acquire at cluster scope: what another block wrote before completing
                // the phase (its st.async data) is visible to this thread afterwards. May suspend the thread a while.
                static __device__ __forceinline__ bool hf_mbarrier_try_wait_parity(long long* barrier, int parity)
                {
                    unsigned int done;
                    asm volatile(
                        "{\\n\\t.reg .pred p;\\n\\t"
                        "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2;\\n\\t"
                        "selp.u32 %0, 1, 0, p;\\n\\t}"
                        : "=r"(done)
                        : "r"(hf_shared_address(barrier)), "r"(parity)
                        : "memory");
                    return done != 0;
                }
                """);

        function("hf_wait_gives_up", List.of(STATE_TYPE, "hf_ld_relaxed_s32", "hf_atom_cas_relaxed_s32", "hf_globaltimer"), """
                // Whether a wait begun at `start` gives up: another block recorded an error, or the
                // watchdog expired, and then this block records (wait, block, step, index), first writer
                // wins. Called every %d polls, so the checks cost little against the polls. Not inlined
                // (the waits stay small); it takes the state's fields by value, so that the state itself
                // never leaves registers for a stack frame.
                static __device__ __noinline__ bool hf_wait_gives_up(hf_control_block* control, long long watchdog_ns, int wait, int step, int index, long long start)
                {
                    if (hf_ld_relaxed_s32(&control->error.code) != 0) {
                        return true;
                    }
                    if (hf_globaltimer() - start <= watchdog_ns) {
                        return false;
                    }
                    if (hf_atom_cas_relaxed_s32(&control->error.code, 0, wait)) {
                        // Read by the host only after the kernel has ended.
                        control->error.block = (int)blockIdx.x;
                        control->error.step = step;
                        control->error.index = index;
                    }
                    return true;
                }
                """.formatted(POLLS_PER_CHECK));
        function("hf_grid_barrier", List.of(STATE_TYPE, "hf_atom_add_s32", "hf_st_relaxed_s32", "hf_st_release_s32",
                "hf_ld_acquire_s32", "hf_ld_relaxed_s32", "hf_globaltimer", "hf_wait_gives_up", "hf_block_any", "hf_stop_thread"), """
                // context.gridBarrier(): Holdfast's two-slot grid barrier (native-hip/src/device/grid_barrier.h).
                // Thread 0 of each block counts itself in with an acq_rel add, releasing its block's writes;
                // the last to arrive resets the count and publishes the generation with a release store,
                // having acquired everyone's writes through the add; the others wait with acquire loads until
                // the generation moves. A block barrier on each side makes the whole block wait and see what
                // thread 0 acquired. Bounded by the watchdog (wait 1, step = the barrier's number, index = the
                // blocks that had arrived). Once a wait has expired, the whole block leaves the kernel
                // together at a block barrier instead of running its remaining half-sweeps unsynchronised: a
                // block whose own wait gave up (state.expired, a register: the barrier's path loads nothing
                // more from memory) leaves at its next grid barrier without arriving, and a block waiting at
                // a barrier that can no longer complete sees the error word within %1$d polls
                // (hf_wait_gives_up). So every block ends, and the host reports the error.
                // A grid of one block needs only the block barrier, which makes every write of the block visible.
                static __device__ __forceinline__ void hf_grid_barrier(hf_persistent_state& state)
                {
                    const int generation = state.barriers;
                    state.barriers = generation + 1;
                    // The opening block barrier, which also says whether a wait of the block gave up.
                    if (hf_block_any(state.expired)) {
                        hf_stop_thread();
                    }
                    if (gridDim.x * gridDim.y * gridDim.z == 1) {
                        return;
                    }
                    hf_control_block* control = state.control;
                    const int blocks = (int)(gridDim.x * gridDim.y * gridDim.z);
                    bool stop = false;
                    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
                        if (hf_atom_add_s32(&control->arrivals.value, 1) + 1 == blocks) {
                            hf_st_relaxed_s32(&control->arrivals.value, 0);
                            hf_st_release_s32(&control->generation.value, generation + 1);
                        } else {
                            const long long start = hf_globaltimer();
                            for (unsigned int polls = 1; hf_ld_acquire_s32(&control->generation.value) == generation; ++polls) {
                                // The record's index is the arrival count when this wait gave up.
                                if (polls %% %1$d == 0 && hf_wait_gives_up(control, state.watchdog_ns, 1, generation,
                                        hf_ld_relaxed_s32(&control->arrivals.value), start)) {
                                    stop = true;
                                    break;
                                }
                            }
                        }
                    }
                    // The closing block barrier carries thread 0's verdict to the block, so that all its threads stop together.
                    if (hf_block_any(stop)) {
                        hf_stop_thread();
                    }
                }
                """.formatted(POLLS_PER_CHECK));
        function("hf_store_line", List.of("hf_st_line_v2"), """
                // context.storeLine(lines, line, data, flag): line `line` is lines[2 * line] = the low 32 bits of
                // the data's bits | flag << 32 and lines[2 * line + 1] = the high 32 bits | flag << 32 (native-hip's
                // LLLine). The PTX memory model makes each 64-bit element single-copy atomic, not the pair: the
                // flag in both halves lets the reader see that both arrived.
                static __device__ __forceinline__ void hf_store_line(long long* lines, int line, double data, int flag)
                {
                    const unsigned long long bits = (unsigned long long)__double_as_longlong(data);
                    const unsigned long long tag = (unsigned long long)(unsigned int)flag << 32;
                    hf_st_line_v2(&lines[2 * line], (long long)((bits & 0xffffffffULL) | tag), (long long)((bits >> 32) | tag));
                }
                """);
        function("hf_line_carries", List.of(), """
                // Whether both halves of a loaded line carry `flag`: then its data is the writer's (ll_carries).
                static __device__ __forceinline__ bool hf_line_carries(long long low, long long high, int flag)
                {
                    return (int)(low >> 32) == flag && (int)(high >> 32) == flag;
                }
                """);
        function("hf_wait_line", List.of(STATE_TYPE, "hf_ld_line_v2", "hf_line_carries", "hf_globaltimer", "hf_wait_gives_up"), """
                // context.waitLine(lines, line, flag): loads the line until both halves carry `flag`, then its
                // data; bounded by the watchdog (wait 2, step = flag, index = line). The calling thread waits for
                // itself; on expiry it returns what it read last (the launch's results are then undefined).
                static __device__ __forceinline__ double hf_wait_line(hf_persistent_state& state, const long long* lines, int line, int flag)
                {
                    const long long* address = &lines[2 * line];
                    long long low;
                    long long high;
                    hf_ld_line_v2(address, low, high);
                    if (!hf_line_carries(low, high, flag)) {
                        const long long start = hf_globaltimer();
                        for (unsigned int polls = 1; !hf_line_carries(low, high, flag); ++polls) {
                            if (polls %% %1$d == 0 && hf_wait_gives_up(state.control, state.watchdog_ns, 2, flag, line, start)) {
                                state.expired = true; // the block stops at its next grid barrier
                                break;
                            }
                            hf_ld_line_v2(address, low, high);
                        }
                    }
                    return __longlong_as_double((long long)(((unsigned long long)low & 0xffffffffULL) | ((unsigned long long)high << 32)));
                }
                """.formatted(POLLS_PER_CHECK));
        function("hf_mbarrier_wait_parity", List.of(STATE_TYPE, "hf_mbarrier_try_wait_parity", "hf_globaltimer", "hf_wait_gives_up"), """
                // context.mbarrierWaitParity(barriers, index, parity) (native-hip's wait_for_phase): try_wait until
                // the phase with this parity has completed, bounded by the watchdog (wait 2, step = parity, index).
                // The calling thread waits for itself; on expiry it returns (the launch's results are then undefined).
                static __device__ __forceinline__ void hf_mbarrier_wait_parity(hf_persistent_state& state, long long* barrier, int parity, int index)
                {
                    if (hf_mbarrier_try_wait_parity(barrier, parity)) {
                        return;
                    }
                    const long long start = hf_globaltimer();
                    for (unsigned int polls = 1; !hf_mbarrier_try_wait_parity(barrier, parity); ++polls) {
                        if (polls %% %1$d == 0 && hf_wait_gives_up(state.control, state.watchdog_ns, 2, parity, index, start)) {
                            state.expired = true; // the block stops at its next grid barrier
                            return;
                        }
                    }
                }
                """.formatted(POLLS_PER_CHECK));
        for (String width : List.of("32", "64")) {
            String type = width.equals("32") ? "int" : "long long";
            String step = width.equals("32") ? "value" : "(int)value";
            function("hf_wait_at_least_s" + width, List.of(STATE_TYPE, "hf_ld_acquire_s" + width, "hf_globaltimer", "hf_wait_gives_up"),
                    """
                    // context.waitUntilAtLeast(flags, index, value): acquire loads until flags[index] >= value,
                    // bounded by the watchdog (wait 2, step = value, index). The calling thread waits for itself.
                    static __device__ __forceinline__ void hf_wait_at_least_s%1$s(hf_persistent_state& state, const %2$s* flag, %2$s value, int index)
                    {
                        if (hf_ld_acquire_s%1$s(flag) >= value) {
                            return;
                        }
                        const long long start = hf_globaltimer();
                        for (unsigned int polls = 1; hf_ld_acquire_s%1$s(flag) < value; ++polls) {
                            if (polls %% %3$d == 0 && hf_wait_gives_up(state.control, state.watchdog_ns, 2, %4$s, index, start)) {
                                state.expired = true; // the block stops at its next grid barrier
                                return;
                            }
                        }
                    }
                    """.formatted(width, type, POLLS_PER_CHECK, step));
        }
    }

    private DeviceRuntime() {
    }

    /**
     * The ordered accesses of one width, at device scope: acquire load, release store, atomic add and
     * compare-and-set (both acquire and release). {@code s32} works on {@code int}, {@code s64} on
     * {@code long long}; add wraps as Java's does.
     */
    private static void orderedAccesses(int bits) {
        String type = bits == 32 ? "int" : "long long";
        String register = bits == 32 ? "r" : "l";
        String suffix = "s" + bits;
        primitive("hf_ld_acquire_" + suffix, """
                // Acquire load at device scope: later reads see what the releasing writer wrote before.
                static __device__ __forceinline__ %1$s hf_ld_acquire_%2$s(const %1$s* address)
                {
                    %1$s value;
                    asm volatile("ld.acquire.gpu.b%3$d %%0, [%%1];" : "=%4$s"(value) : "l"(address) : "memory");
                    return value;
                }
                """.formatted(type, suffix, bits, register));
        primitive("hf_st_release_" + suffix, """
                // Release store at device scope: every earlier write is seen by a reader that acquires the value.
                static __device__ __forceinline__ void hf_st_release_%2$s(%1$s* address, %1$s value)
                {
                    asm volatile("st.release.gpu.b%3$d [%%0], %%1;" ::"l"(address), "%4$s"(value) : "memory");
                }
                """.formatted(type, suffix, bits, register));
        primitive("hf_atom_add_" + suffix, """
                // Atomic add at device scope, acquire and release; returns the old value.
                static __device__ __forceinline__ %1$s hf_atom_add_%2$s(%1$s* address, %1$s value)
                {
                    %1$s previous;
                    asm volatile("atom.acq_rel.gpu.add.u%3$d %%0, [%%1], %%2;" : "=%4$s"(previous) : "l"(address), "%4$s"(value) : "memory");
                    return previous;
                }
                """.formatted(type, suffix, bits, register));
        primitive("hf_atom_cas_" + suffix, """
                // Compare-and-set at device scope, acquire and release; whether it stored.
                static __device__ __forceinline__ bool hf_atom_cas_%2$s(%1$s* address, %1$s expected, %1$s desired)
                {
                    %1$s previous;
                    asm volatile("atom.acq_rel.gpu.cas.b%3$d %%0, [%%1], %%2, %%3;"
                        : "=%4$s"(previous) : "l"(address), "%4$s"(expected), "%4$s"(desired) : "memory");
                    return previous == expected;
                }
                """.formatted(type, suffix, bits, register));
    }

    private static void type(String name, List<String> needs, String text) {
        HELPERS.put(name, new Helper(Section.TYPES, needs, text));
    }

    private static void primitive(String name, String text) {
        primitive(name, List.of(), text);
    }

    private static void primitive(String name, List<String> needs, String text) {
        HELPERS.put(name, new Helper(Section.PRIMITIVES, needs, text));
    }

    private static void function(String name, List<String> needs, String text) {
        HELPERS.put(name, new Helper(Section.FUNCTIONS, needs, text));
    }

    static boolean isHelper(String name) {
        return HELPERS.containsKey(name);
    }

    /** The definitions of {@code used} and everything they need, in dependency order; empty when none is used. */
    static String definitions(Set<String> used) {
        Set<String> all = new TreeSet<>();
        Deque<String> pending = new ArrayDeque<>(used);
        while (!pending.isEmpty()) {
            String name = pending.pop();
            Helper helper = HELPERS.get(name);
            if (helper == null) {
                throw new IllegalStateException("no device runtime helper " + name);
            }
            if (all.add(name)) {
                pending.addAll(helper.needs());
            }
        }
        StringBuilder out = new StringBuilder();
        for (Section section : Section.values()) {
            StringBuilder part = new StringBuilder();
            HELPERS.forEach((name, helper) -> {
                if (helper.section() == section && all.contains(name)) {
                    part.append('\n').append(helper.text());
                }
            });
            if (part.isEmpty()) {
                continue;
            }
            if (section == Section.PRIMITIVES) {
                out.append("\n// Device primitives in PTX; a CPU test harness defines HF_HOST_EMULATION and its own versions.\n")
                        .append("#ifndef HF_HOST_EMULATION").append(part).append("#endif // HF_HOST_EMULATION\n");
            } else {
                out.append(part);
            }
        }
        return out.toString();
    }
}
