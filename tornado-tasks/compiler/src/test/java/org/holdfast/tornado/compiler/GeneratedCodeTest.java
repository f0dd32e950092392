package org.holdfast.tornado.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.List;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.tornado.compiler.samples.AtomicKernels;
import org.holdfast.tornado.compiler.samples.ClusterKernels;
import org.holdfast.tornado.compiler.samples.ConstantKernels;
import org.holdfast.tornado.compiler.samples.DeviceFunctionKernels;
import org.holdfast.tornado.compiler.samples.DynamicSharedKernels;
import org.holdfast.tornado.compiler.samples.ImportingKernels;
import org.holdfast.tornado.compiler.samples.IntegerKernels;
import org.holdfast.tornado.compiler.samples.LineKernels;
import org.holdfast.tornado.compiler.samples.MathKernels;
import org.holdfast.tornado.compiler.samples.PersistentKernels;
import org.holdfast.tornado.compiler.samples.ReductionKernels;
import org.holdfast.tornado.compiler.samples.SelectionKernels;
import org.holdfast.tornado.compiler.samples.StencilKernels;
import org.holdfast.tornado.compiler.samples.VectorKernels;
import org.holdfast.tornado.compiler.testing.JavaKernels;
import org.junit.jupiter.api.Test;

/** The shape of the generated CUDA C: the lines docs/kernel-language.md promises, checked one by one. */
class GeneratedCodeTest {

    private static String cuda(Class<?> owner) {
        return KernelMetadata.of(owner).orElseThrow().cudaSource();
    }

    /** Asserts that every line appears in the source, each as a whole line (indentation aside). */
    private static void hasLines(Class<?> owner, String... lines) {
        List<String> actual = cuda(owner).lines().map(String::strip).toList();
        for (String line : lines) {
            assertTrue(actual.contains(line), "missing line in " + owner.getSimpleName() + ": " + line + "\n" + cuda(owner));
        }
    }

    @Test
    void kernelsAreExternCGlobalWithRestrictAndConstArraysAndNoContext() {
        hasLines(VectorKernels.class,
                "extern \"C\" __global__ void vectorAdd(const double* __restrict__ a, const double* __restrict__ b, double* __restrict__ sum, int n)",
                "extern \"C\" __global__ void saxpy(float alpha, const float* __restrict__ x, float* __restrict__ y, int n)",
                "int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);",
                "for (int i = (int)(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += (int)(gridDim.x * blockDim.x)) {",
                "y[i] = (alpha * x[i]) + y[i];");
    }

    @Test
    void binaryExpressionsAreParenthesisedAsJavaParsedThem() {
        hasLines(VectorKernels.class,
                "double quotient = (((k[i] / 7) + (k[i] / 7.0)) + (l[i] / 3)) + ((double)l[i] / 3);",
                "out[o + 5] = (fr + dr) + mixedRemainder;");
    }

    @Test
    void floatingRemainderIsFmodAndNarrowingCompoundAssignmentsAreWrittenOut() {
        hasLines(VectorKernels.class,
                "float fr = fmodf(f[i], 1.25f);",
                "double dr = fmod(d[i], -0.75);",
                "double mixedRemainder = fmod((double)k[i], 2.5);",
                "frem = (float)fmod((double)frem, 0.3);",
                "acc += d[i];",
                "acc -= 7LL;",
                "float scaled = f[i] * k[i];");
    }

    @Test
    void shiftCountsAreMaskedAndUnsignedShiftGoesThroughUnsigned() {
        hasLines(IntegerKernels.class,
                "out[o] = x << (k & 31);",
                "out[o + 1] = x >> (k & 31);",
                "out[o + 2] = (int)((unsigned int)x >> (k & 31));",
                "out[o + 9] = (((x << 1) + (int)((unsigned int)x >> 31)) + (x >> 1)) + (x << ((k + 1) & 31));",
                "t <<= (k & 31);",
                "t = (int)((unsigned int)t >> 3);",
                "out[o + 2] = (long long)((unsigned long long)x >> (k & 63));",
                "t >>= (wideK & 63);");
    }

    @Test
    void constantsAreInlinedWithFullPrecision() {
        hasLines(ConstantKernels.class,
                "dout[0] = 3.141592653589793;",
                "dout[1] = 2.718281828459045;",
                "dout[2] = 0.3333333333333333;",
                "dout[4] = 4.9e-324;",
                "dout[6] = __longlong_as_double(0x7FF8000000000000LL);",
                "dout[7] = -0.0;",
                "dout[13] = 6.283185307179586 * n;",
                "fout[3] = 0.33333334f;",
                "fout[5] = 3.1415927f;",
                "lout[1] = (-9223372036854775807LL - 1LL);",
                "lout[5] = 0xFFFFFFFFLL;",
                "iout[1] = (-2147483647 - 1);",
                "iout[7] = 2147483647;",
                "iout[11] = 32767 & n;",
                "iout[12] = -17 * n;",
                "iout[14] = 0xFF;",
                "dout[14] = 2.8284271247461903;",
                "dout[15] = 0.0;",
                "iout[15] = (-2147483647 - 1);");
        for (double d : new double[] {Math.PI, Math.E, 1.0 / 3, Double.MIN_VALUE, 0.1 + 0.2, 2 * Math.PI}) {
            assertEquals(d, Double.parseDouble(Double.toString(d)), "round trip of " + d);
        }
    }

    @Test
    void mathFunctionsFollowJavasOverloadsAndPromotions() {
        hasLines(MathKernels.class,
                "dout[o] = sqrt(x);",
                "dout[o + 1] = sqrt((double)p);",
                "dout[o + 2] = fabs(x);",
                "dout[o + 3] = hf_java_min_double(x, y);",
                "dout[o + 14] = hf_java_min_double((double)a, x);",
                "dout[o + 16] = abs(a) + llabs(u);",
                "fout[h] = fabsf(p);",
                "fout[h + 3] = fmaf(p, q, p);",
                "fout[h + 7] = (float)sqrt((double)p);",
                "iout[m + 1] = min(a, b);",
                "lout[w + 1] = llmin(u, v) + llmax(u, (long long)a);",
                "iout[m + 6] = (b != 0) ? (int)hf_java_floorMod_long(u, (long long)b) : 0;",
                "dout[o + 11] = x * 0.017453292519943295;",
                "out[o + 18] = exp((double)p);");
        assertTrue(cuda(MathKernels.class).contains("static __device__ __forceinline__ double hf_java_min_double(double a, double b)"));
    }

    @Test
    void deviceFunctionsComeBeforeTheirCallersAndNamesCudaReservesAreEscaped() {
        String cu = cuda(DeviceFunctionKernels.class);
        assertTrue(cu.indexOf("double square(double x)") < cu.indexOf("double norm(double x, double y)"), cu);
        hasLines(DeviceFunctionKernels.class,
                "static __device__ __forceinline__ double store(double* __restrict__ out, int i, double v)",
                "static __device__ __forceinline__ int globalIndex()",
                "int i = globalIndex();",
                "int hf_min = clampIndex(i - 1, n);",
                "int hf_unsigned = clampIndex(i + 1, n);",
                "int hf_hf_sum = hf_min + hf_unsigned;",
                "double hf_square = square(twice);",
                "static __device__ __forceinline__ double hf_fn_max(double a, double b, double c)",
                "double hf_max = hf_fn_max(r, hf_square, twice);",
                "extern \"C\" __global__ void distances(const double* __restrict__ x, const double* __restrict__ y, double* __restrict__ out, int n)");
    }

    /**
     * __restrict__ lets the compiler move a load above a barrier (it assumes no other thread writes the array): seen on
     * the H200, where the cluster kernel's threads read thread 0's block-shared description before the block barrier.
     * So arrays stay restricted only where no wait for other threads can reorder them: in a function that waits for
     * none, or, in a kernel that does, the arrays no thread writes.
     */
    @Test
    void onlyFunctionsThatWaitForNoOtherThreadTakeRestrictedArraysThatAThreadWrites() {
        hasLines(DeviceFunctionKernels.class, "static __device__ __forceinline__ double store(double* __restrict__ out, int i, double v)");
        hasLines(ReductionKernels.class, "static __device__ __forceinline__ void reduceMaxInt(int* tile)");
        hasLines(PersistentKernels.class,
                "static __device__ __forceinline__ void halfSweepThenWait(hf_persistent_state& hf_ctx, double* u, const double* f, int n, double h2, int colour)");
        hasLines(SelectionKernels.class, "static __device__ __forceinline__ void shiftRound(const double* from, double* to, int r)",
                "extern \"C\" __global__ void pingPong(double* a, double* b, int rounds)",
                "auto from = ((r & 1) == 0) ? a : b;", "auto to = ((r & 1) == 0) ? b : a;", "shiftRound(from, to, r);");
        hasLines(LineKernels.class,
                "extern \"C\" __global__ void relay(long long* lines, const double* __restrict__ in, double* out, int steps, hf_control_block* __restrict__ hf_control, long long hf_watchdog_ns)");
    }

    @Test
    void sharedArraysAndBarriersAndTheirMetadata() throws Exception {
        hasLines(ReductionKernels.class,
                "__shared__ double tile[64];",
                "__syncthreads();",
                "const int size = 64;",
                "__shared__ float floatTile[64];",
                "static __device__ __forceinline__ void reduceMaxInt(int* tile)",
                "tile[lid] = max(tile[lid], tile[lid + stride]);");
        KernelMetadata metadata = KernelMetadata.of(ReductionKernels.class).orElseThrow();
        Method blockSum = JavaKernels.kernel(ReductionKernels.class, "blockSum");
        Method extremes = JavaKernels.kernel(ReductionKernels.class, "blockExtremes");
        assertTrue(metadata.usesBarrier(blockSum));
        assertTrue(metadata.usesBarrier(extremes));
        assertEquals(64 * 8, metadata.sharedBytes(blockSum));
        assertEquals(64 * (4 + 8 + 4), metadata.sharedBytes(extremes));
        KernelMetadata vector = KernelMetadata.of(VectorKernels.class).orElseThrow();
        Method add = JavaKernels.kernel(VectorKernels.class, "vectorAdd");
        assertFalse(vector.usesBarrier(add));
        assertEquals(0, vector.sharedBytes(add));
    }

    @Test
    void contextFieldsMapToCudaBuiltins() {
        hasLines(StencilKernels.class,
                "out[o] = (int)(blockIdx.x * blockDim.x + threadIdx.x);",
                "out[o + 4] = (int)threadIdx.y;",
                "out[o + 8] = (int)blockIdx.z;",
                "out[o + 9] = (int)(gridDim.x * blockDim.x);",
                "out[o + 14] = (int)blockDim.z;",
                "delta[(y * nx) + x] = fabs(after[(y * nx) + x] - before[(y * nx) + x]);");
    }

    @Test
    void propertiesAreSortedAndHaveNoTimestamp() throws Exception {
        try (var in = ReductionKernels.class.getClassLoader()
                .getResourceAsStream(KernelProcessor.RESOURCE_FOLDER + ReductionKernels.class.getName() + ".properties")) {
            String text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertEquals("""
                    # Generated by the Holdfast kernel compiler from org.holdfast.tornado.compiler.samples.ReductionKernels; do not edit.
                    kernels=blockExtremes,blockSum
                    blockExtremes.barrier=true
                    blockExtremes.sharedBytes=1024
                    blockSum.barrier=true
                    blockSum.sharedBytes=512
                    """, text);
        }
    }

    @Test
    void persistentKernelsTakeTheControlBlockAndWatchdogAndPassTheirStateToDeviceFunctions() {
        hasLines(PersistentKernels.class,
                "extern \"C\" __global__ void stagedSums(long long* slots, long long* sums, int rounds, hf_control_block* __restrict__ hf_control, long long hf_watchdog_ns)",
                "hf_persistent_state hf_ctx = {hf_control, hf_watchdog_ns, 0, false};",
                "hf_grid_barrier(hf_ctx);",
                "static __device__ __forceinline__ void halfSweepThenWait(hf_persistent_state& hf_ctx, double* u, const double* f, int n, double h2, int colour)",
                "halfSweepThenWait(hf_ctx, u, f, n, h2, 0);",
                "hf_wait_at_least_s32(hf_ctx, &published[group - 1], step, group - 1);",
                "hf_st_release_s32(&published[group], step);",
                "hf_wait_at_least_s64(hf_ctx, &counters[(i + 1) % n], 1LL, (i + 1) % n);",
                "extern \"C\" __global__ void fill(int* __restrict__ out, int n, hf_control_block* __restrict__ hf_control, long long hf_watchdog_ns)",
                "if (hf_atom_add_s32(&control->arrivals.value, 1) + 1 == blocks) {",
                "if (hf_block_any(state.expired)) {",
                "state.expired = true; // the block stops at its next grid barrier",
                "if (hf_block_any(stop)) {",
                "hf_stop_thread();",
                "return __syncthreads_or(value) != 0;",
                "asm volatile(\"exit;\" ::: \"memory\");",
                "hf_st_release_s32(&control->generation.value, generation + 1);",
                "for (unsigned int polls = 1; hf_ld_acquire_s32(&control->generation.value) == generation; ++polls) {",
                "#ifndef HF_HOST_EMULATION");
        String fill = cuda(PersistentKernels.class);
        assertFalse(fill.substring(fill.indexOf("void fill(")).contains("hf_ctx"), "fill never waits: no state");
        assertFalse(cuda(VectorKernels.class).contains("hf_"), "the runtime only where it is used");
    }

    @Test
    void atomicsAreInlinePtxWithTheirOrderAtDeviceScope() {
        hasLines(AtomicKernels.class,
                "hf_atom_add_s32(&counts[bucket], 1);",
                "long long before = hf_atom_add_s64(&totals[bucket], weights[i]);",
                "int seen = hf_ld_acquire_s32(&hf_max[0]);",
                "while ((v > seen) && !hf_atom_cas_s32(&hf_max[0], seen, v)) {",
                "stored = (v <= seen) || hf_atom_cas_s64(&hf_max[0], seen, v);",
                "hf_st_release_s64(&hf_max[1], largest);",
                "asm volatile(\"atom.acq_rel.gpu.add.u32 %0, [%1], %2;\" : \"=r\"(previous) : \"l\"(address), \"r\"(value) : \"memory\");",
                "asm volatile(\"ld.acquire.gpu.b32 %0, [%1];\" : \"=r\"(value) : \"l\"(address) : \"memory\");",
                "asm volatile(\"st.release.gpu.b64 [%0], %1;\" ::\"l\"(address), \"l\"(value) : \"memory\");",
                "asm volatile(\"atom.acq_rel.gpu.cas.b64 %0, [%1], %2, %3;\"");
        assertFalse(cuda(AtomicKernels.class).contains("hf_control_block"), "atomics need no persistent launch");
    }

    @Test
    void clusterFeaturesAreSpecialRegistersBarrierClusterAndMapa() {
        hasLines(ClusterKernels.class,
                "double* next = hf_map_shared_rank(tile, (hf_cluster_rank() + 1) % hf_cluster_size());",
                "ranks[(int)blockIdx.x] = (hf_cluster_index() * 100) + hf_cluster_rank();",
                "hf_cluster_barrier();",
                "long long* next = hf_map_shared_rank(halo, (hf_cluster_rank() + 1) % hf_cluster_size());",
                "next[0] = hf_cluster_rank() + step;",
                "asm volatile(\"mapa.u64 %0, %1, %2;\" : \"=l\"(remote) : \"l\"(shared), \"r\"(rank));",
                "asm(\"mov.u32 %0, %%cluster_ctarank;\" : \"=r\"(rank));");
    }

    @Test
    void theSplitClusterBarrierIsItsTwoPtxHalves() {
        hasLines(ClusterKernels.class,
                "hf_cluster_arrive();",
                "updated = ((cells[lid - 1] + cells[lid + 1]) * 0.25) + (mine * 0.5);",
                "hf_cluster_wait();",
                "static __device__ __forceinline__ void hf_cluster_arrive()",
                "asm volatile(\"barrier.cluster.arrive.release.aligned;\" ::: \"memory\");",
                "static __device__ __forceinline__ void hf_cluster_wait()",
                "asm volatile(\"barrier.cluster.wait.acquire.aligned;\" ::: \"memory\");");
    }

    @Test
    void mbarriersAndAsynchronousStoresAreNativeHipsPtx() {
        hasLines(ClusterKernels.class,
                "extern \"C\" __global__ void asyncHalo(const double* __restrict__ in, double* out, int steps, hf_control_block* __restrict__ hf_control, long long hf_watchdog_ns)",
                "__shared__ long long landed[2];",
                "hf_mbarrier_init(&landed[slot], 1);",
                "hf_mbarrier_arrive_expect_tx(&landed[slot], 16);",
                "hf_st_async(&left[(2 * slot) + 1], mine, &landed[slot]);",
                "hf_mbarrier_wait_parity(hf_ctx, &landed[slot], (step >> 1) & 1, slot);",
                "return (unsigned int)__cvta_generic_to_shared(pointer);",
                "asm(\"cvta.to.shared::cluster.u64 %0, %1;\" : \"=l\"(address) : \"l\"(pointer));",
                "asm volatile(\"mbarrier.init.shared::cta.b64 [%0], %1;\" ::\"r\"(hf_shared_address(barrier)), \"r\"(arrivals) : \"memory\");",
                "asm volatile(\"fence.mbarrier_init.release.cluster;\" ::: \"memory\");",
                "asm volatile(\"mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], %1;\" ::\"r\"(hf_shared_address(barrier)), \"r\"(bytes)",
                "asm(\"getctarank.shared::cluster.u32 %0, %1;\" : \"=r\"(rank) : \"r\"(to));",
                "asm(\"mapa.shared::cluster.u32 %0, %1, %2;\" : \"=r\"(remote_barrier) : \"r\"(hf_shared_address(barrier)), \"r\"(rank));",
                "asm volatile(\"st.async.shared::cluster.mbarrier::complete_tx::bytes.b64 [%0], %1, [%2];\" ::\"r\"(to),",
                "\"mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2;\\n\\t\"",
                "for (unsigned int polls = 1; !hf_mbarrier_try_wait_parity(barrier, parity); ++polls) {",
                "if (polls % 32 == 0 && hf_wait_gives_up(state.control, state.watchdog_ns, 2, parity, index, start)) {");
    }

    @Test
    void selfFlaggedLinesAreOneSixteenByteStoreAndABoundedPollOfSixteenByteLoads() {
        hasLines(LineKernels.class,
                "extern \"C\" __global__ void relay(long long* lines, const double* __restrict__ in, double* out, int steps, hf_control_block* __restrict__ hf_control, long long hf_watchdog_ns)",
                "hf_store_line(lines, line, carried, flag);",
                "double received = hf_wait_line(hf_ctx, lines, line - threads, flag);",
                "static __device__ __forceinline__ void hf_store_line(long long* lines, int line, double data, int flag)",
                "const unsigned long long bits = (unsigned long long)__double_as_longlong(data);",
                "const unsigned long long tag = (unsigned long long)(unsigned int)flag << 32;",
                "hf_st_line_v2(&lines[2 * line], (long long)((bits & 0xffffffffULL) | tag), (long long)((bits >> 32) | tag));",
                "asm volatile(\"st.relaxed.gpu.global.v2.b64 [%0], {%1, %2};\" ::\"l\"(line), \"l\"(low), \"l\"(high) : \"memory\");",
                "static __device__ __forceinline__ double hf_wait_line(hf_persistent_state& state, const long long* lines, int line, int flag)",
                "asm volatile(\"ld.relaxed.gpu.global.v2.b64 {%0, %1}, [%2];\" : \"=l\"(low), \"=l\"(high) : \"l\"(line) : \"memory\");",
                "return (int)(low >> 32) == flag && (int)(high >> 32) == flag;",
                "for (unsigned int polls = 1; !hf_line_carries(low, high, flag); ++polls) {",
                "if (polls % 32 == 0 && hf_wait_gives_up(state.control, state.watchdog_ns, 2, flag, line, start)) {",
                "return __longlong_as_double((long long)(((unsigned long long)low & 0xffffffffULL) | ((unsigned long long)high << 32)));");
    }

    @Test
    void launchMetadataOfPersistentAndClusterKernels() {
        KernelMetadata persistent = KernelMetadata.of(PersistentKernels.class).orElseThrow();
        Method redBlack = JavaKernels.kernel(PersistentKernels.class, "redBlack");
        Method chain = JavaKernels.kernel(PersistentKernels.class, "chain");
        assertTrue(persistent.isPersistent(redBlack));
        assertTrue(persistent.usesGridBarrier(redBlack), "through its device function");
        assertEquals(128, persistent.threadsPerBlock(redBlack));
        assertFalse(persistent.usesGridBarrier(chain));
        assertEquals(256, persistent.threadsPerBlock(chain));
        assertEquals(1, persistent.clusterSize(chain));
        KernelMetadata cluster = KernelMetadata.of(ClusterKernels.class).orElseThrow();
        Method rotate = JavaKernels.kernel(ClusterKernels.class, "rotate");
        Method pushHalo = JavaKernels.kernel(ClusterKernels.class, "pushHalo");
        assertEquals(4, cluster.clusterSize(rotate));
        assertFalse(cluster.isPersistent(rotate));
        assertEquals(16, cluster.clusterSize(pushHalo));
        assertTrue(cluster.isPersistent(pushHalo));
        assertFalse(KernelMetadata.of(VectorKernels.class).orElseThrow().isPersistent(JavaKernels.kernel(VectorKernels.class, "vectorAdd")));
    }

    @Test
    void dynamicSharedMemoryIsOneExternArrayViewedThroughATypedPointer() {
        hasLines(DynamicSharedKernels.class,
                "extern __shared__ __align__(16) unsigned char hf_dynamic_shared[];",
                "double* chunk = reinterpret_cast<double*>(hf_dynamic_shared);",
                "int* parts = reinterpret_cast<int*>(hf_dynamic_shared);",
                "__shared__ int counts[1];",
                "sums[(int)blockIdx.x] = sum(parts, 0, size) + counts[0];",
                "long long* mine = reinterpret_cast<long long*>(hf_dynamic_shared);",
                "long long* next = hf_map_shared_rank(mine, (hf_cluster_rank() + 1) % hf_cluster_size());");
        KernelMetadata metadata = KernelMetadata.of(DynamicSharedKernels.class).orElseThrow();
        Method reverse = JavaKernels.kernel(DynamicSharedKernels.class, "reverseChunks");
        Method twoParts = JavaKernels.kernel(DynamicSharedKernels.class, "twoParts");
        assertTrue(metadata.usesDynamicShared(reverse));
        assertTrue(metadata.usesBarrier(reverse), "the CPU runs the group's threads together");
        assertEquals(0, metadata.sharedBytes(reverse), "static shared bytes only");
        assertEquals(4, metadata.sharedBytes(twoParts));
        assertFalse(KernelMetadata.of(ReductionKernels.class).orElseThrow()
                .usesDynamicShared(JavaKernels.kernel(ReductionKernels.class, "blockSum")));
    }

    @Test
    void deviceFunctionsOfAnotherClassAreWrittenIntoTheCallersFileFirstAndOnlyThoseItCalls() {
        hasLines(ImportingKernels.class,
                "// @DeviceFunction spread, SharedArithmetic.java line 29",
                "static __device__ __forceinline__ double spread(double x, double y)",
                "static __device__ __forceinline__ double clampedSpread(double x, double y)",
                "return hf_java_max_double(spread(x, y), 0.0);",
                "static __device__ __forceinline__ double weightedSum(double a, double b, double c, double d, double e)",
                "return ((((a + b) + c) + d) - e) * 0.25;",
                "return weightedSum(x, x, x, x, 0.0) * 2;",
                "double hf_spread = clampedSpread(u[i + 1], u[i - 1]);",
                "out[i] = weightedSum(u[i + 1], u[i - 1], u[i], hf_spread, h2 * f[i]) + twice(hf_spread);");
        String cuda = cuda(ImportingKernels.class);
        assertFalse(cuda.contains("unused"), "a device function no kernel of the class calls:\n" + cuda);
        assertTrue(cuda.indexOf("double weightedSum(") < cuda.indexOf("double twice("), "another class's functions come first:\n" + cuda);
        assertEquals(1, cuda.split("double weightedSum\\(", -1).length - 1, "written once, though called from two functions:\n" + cuda);
    }
}
