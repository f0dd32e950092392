package org.holdfast.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.holdfast.bridge.raw.hf_band_layout;
import org.holdfast.bridge.raw.hf_bands_config;
import org.holdfast.bridge.raw.hf_bands_session_info;
import org.holdfast.bridge.raw.hf_plan;
import org.holdfast.bridge.raw.hf_problem;
import org.holdfast.bridge.raw.hf_run_config;
import org.holdfast.bridge.raw.hf_run_report;
import org.holdfast.bridge.raw.hf_variant_info;
import org.junit.jupiter.api.Test;

/** The Java names and struct layouts agree with the compiled library (hf_status_name, hf_abi_describe). */
class NamesAndLayoutsTest extends LibraryTestBase {

    private static final Map<String, GroupLayout> JAVA_STRUCTS = Map.of(
            "hf_problem", hf_problem.LAYOUT,
            "hf_variant_info", hf_variant_info.LAYOUT,
            "hf_run_config", hf_run_config.LAYOUT,
            "hf_plan", hf_plan.LAYOUT,
            "hf_run_report", hf_run_report.LAYOUT,
            "hf_bands_config", hf_bands_config.LAYOUT,
            "hf_band_layout", hf_band_layout.LAYOUT,
            "hf_bands_session_info", hf_bands_session_info.LAYOUT);

    private static final Map<String, Integer> JAVA_ENUM_SIZES = Map.of(
            "hf_status", NativeStatus.values().length,
            "hf_problem_kind", PersistentProblem.Kind.values().length,
            "hf_trait", VariantTrait.values().length,
            "hf_split", WorkSplit.values().length,
            "hf_poll", HostPolling.values().length,
            "hf_fault", FaultInjection.values().length,
            "hf_wait", WatchdogWait.values().length,
            "hf_ll_line", LLLineForm.values().length);

    @Test
    void everyStatusHasTheLibrarysName() {
        for (NativeStatus status : NativeStatus.values()) {
            assertEquals(status.nativeName(), bridge.nativeStatusName(status.code()));
            assertEquals(status, NativeStatus.fromCode(status.code()));
        }
        assertEquals("HF_STATUS_UNKNOWN", bridge.nativeStatusName(NativeStatus.values().length));
        assertEquals("HF_STATUS_UNKNOWN", bridge.nativeStatusName(-1));
    }

    @Test
    void theVariantTableNamesTheCommandLinesVariants() {
        final List<PersistentVariant> variants = bridge.variants();
        assertEquals(Variants.ALL.stream().map(v -> v[0] + " (" + v[1] + ")").toList(),
                variants.stream().filter(v -> v.problem() == PersistentProblem.Kind.POISSON_2D).map(PersistentVariant::label)
                        .toList());
        assertEquals(Variants.CUBE.stream().map(v -> v[0] + " (" + v[1] + ")").toList(),
                variants.stream().filter(v -> v.problem() == PersistentProblem.Kind.POISSON_3D).map(PersistentVariant::label)
                        .toList(), "the cube's rows");
        for (PersistentVariant variant : variants) {
            assertTrue(variant.supported(), variant.toString());
            assertEquals(Variants.defaultThreads(variant.name(), variant.problem()), variant.defaultThreads(), variant.toString());
            assertFalse(variant.description().isBlank() || variant.kernel().isBlank() || variant.planner().isBlank(),
                    variant.toString());
            assertEquals(variant.has(VariantTrait.HOST_FLAGS), Variants.usesHostFlags(variant.mode()), variant.toString());
            // A wait fault where the variant's waits are bounded; every variant counts its half-sweeps.
            final Set<FaultInjection> waitFaults = EnumSet.of(FaultInjection.SKIP_GRID_BARRIER, FaultInjection.NEVER_PUBLISH,
                    FaultInjection.NEVER_SIGNAL);
            waitFaults.retainAll(variant.faults());
            assertEquals(variant.has(VariantTrait.WATCHDOG), !waitFaults.isEmpty(), variant.toString());
            assertTrue(variant.faults().contains(FaultInjection.SKIP_HALF_SWEEP), variant.toString());
        }
        assertEquals("cg", bridge.variant("persistent-grid", PersistentRequest.AUTO).orElseThrow().name());
        assertEquals("relay", bridge.variant("persistent-host", PersistentRequest.AUTO).orElseThrow().name());
        assertEquals("counters", bridge.variant("persistent-dataflow", PersistentRequest.AUTO).orElseThrow().name());
        assertEquals(Set.of(FaultInjection.SKIP_HALF_SWEEP, FaultInjection.OUTLAST_DEADLINE),
                bridge.variant("persistent-grid", "cg").orElseThrow().faults());
        assertEquals(Set.of(FaultInjection.SKIP_GRID_BARRIER, FaultInjection.SKIP_HALF_SWEEP),
                bridge.variant("persistent-grid", "two-slot").orElseThrow().faults());
        assertEquals(Set.of(FaultInjection.NEVER_PUBLISH, FaultInjection.SKIP_HALF_SWEEP),
                bridge.variant("persistent-dataflow", "counters").orElseThrow().faults());
        assertEquals(Set.of(FaultInjection.NEVER_PUBLISH, FaultInjection.SKIP_HALF_SWEEP),
                bridge.variant("persistent-dataflow", "resident").orElseThrow().faults());
        assertEquals(Set.of(FaultInjection.NEVER_PUBLISH, FaultInjection.NEVER_SIGNAL, FaultInjection.SKIP_HALF_SWEEP),
                bridge.variant("persistent-host", "relay").orElseThrow().faults());
        assertEquals(WorkSplit.GRID_STRIDE, bridge.variant("persistent-host", "relay").orElseThrow().workSplit());
        assertEquals(WorkSplit.ROW_BANDS, bridge.variant("persistent-host", "lockstep").orElseThrow().workSplit());
        assertEquals(WorkSplit.GRID_STRIDE, bridge.variant("persistent-grid", "cg").orElseThrow().workSplit());
        assertTrue(bridge.variant("persistent-grid", "lockstep").isEmpty());
        PersistentVariant temporal = bridge.variant("persistent-grid", "temporal").orElseThrow();
        assertTrue(temporal.has(VariantTrait.TWO_BUFFERS) && temporal.has(VariantTrait.CUDA_ONLY)
                && temporal.has(VariantTrait.SWEEPS), temporal.toString());
        assertEquals("temporal_stream_persistent_k8", temporal.kernel());
        PersistentVariant temporalCg = bridge.variant("persistent-grid", "temporal-cg").orElseThrow();
        assertEquals(Set.of(VariantTrait.COOPERATIVE, VariantTrait.TWO_BUFFERS, VariantTrait.CUDA_ONLY, VariantTrait.SWEEPS),
                temporalCg.traits(), temporalCg.toString());
        assertEquals("temporal_cg_k8", temporalCg.kernel());
        assertEquals("temporal_3blocks_k8", bridge.variant("persistent-grid", "temporal-3blocks").orElseThrow().kernel());
        PersistentVariant temporalPaired = bridge.variant("persistent-grid", "temporal-paired").orElseThrow();
        assertEquals(temporal.traits(), temporalPaired.traits(), temporalPaired.toString());
        assertEquals("temporal_paired_k8", temporalPaired.kernel());
        PersistentVariant cube = bridge.variant(PersistentProblem.Kind.POISSON_3D, "persistent-grid", PersistentRequest.AUTO)
                .orElseThrow();
        assertEquals("cg", cube.name());
        assertEquals("persistent_grid_cooperative_groups_3d", cube.kernel());
        assertEquals("persistent_grid_two_slot_3d",
                bridge.variant(PersistentProblem.Kind.POISSON_3D, "persistent-grid", "two-slot").orElseThrow().kernel());
        assertEquals("on_chip_block_3d_p1",
                bridge.variant(PersistentProblem.Kind.POISSON_3D, "persistent-grid", "block").orElseThrow().kernel());
        assertEquals(WorkSplit.ROW_BANDS,
                bridge.variant(PersistentProblem.Kind.POISSON_3D, "persistent-dataflow", "counters").orElseThrow().workSplit());
        PersistentVariant cubeResident =
                bridge.variant(PersistentProblem.Kind.POISSON_3D, "persistent-dataflow", "resident").orElseThrow();
        assertEquals("persistent_resident_3d", cubeResident.kernel());
        assertEquals(bridge.variant("persistent-dataflow", "resident").orElseThrow().traits(), cubeResident.traits(),
                "the cube's slabs: the square's resident traits (cooperative, watchdog, sweeps)");
        assertEquals(WorkSplit.ROW_BANDS, cubeResident.workSplit(), "the cube's slabs of planes: bands of the work split");
        assertTrue(bridge.variant(PersistentProblem.Kind.POISSON_3D, "persistent-grid", "temporal-cg").isEmpty());
        PersistentVariant cubeCluster =
                bridge.variant(PersistentProblem.Kind.POISSON_3D, "persistent-grid", "cluster").orElseThrow();
        assertEquals("cluster_barrier_3d_p1", cubeCluster.kernel());
        assertEquals(Set.of(VariantTrait.CLUSTER, VariantTrait.CUDA_ONLY, VariantTrait.SWEEPS), cubeCluster.traits(),
                cubeCluster.toString());
        assertEquals(WorkSplit.ROW_BANDS, cubeCluster.workSplit(), "the cube's slabs of planes: bands of the work split");
        assertEquals("cluster_async_3d_p1",
                bridge.variant(PersistentProblem.Kind.POISSON_3D, "persistent-dataflow", "cluster").orElseThrow().kernel());
        assertEquals(4, Variants.ALL.stream().filter(v -> bridge.variant(v[0], v[1]).orElseThrow().has(VariantTrait.TWO_BUFFERS))
                .count(), "only temporal blocking runs between two buffers");
        // Bands held in shared memory by every block (the roofline's shared-memory limit without hf_plan.on_chip).
        assertEquals(List.of("persistent-grid (cluster-bands)", "persistent-dataflow (resident)", "persistent-dataflow (resident)"),
                variants.stream().filter(v -> v.has(VariantTrait.BANDS_ON_CHIP)).map(PersistentVariant::label).toList(),
                "the square's resident and cluster bands, the cube's resident slabs");
    }

    /** One struct of hf_abi_describe(): size, alignment, and each field's offset and size. */
    private record NativeStruct(long size, long alignment, Map<String, long[]> fields) {
    }

    @Test
    void structLayoutsMatchTheCompiledHeader() {
        final Map<String, NativeStruct> structs = new LinkedHashMap<>();
        final Map<String, Integer> enums = new LinkedHashMap<>();
        Map<String, long[]> fields = null;
        for (String line : bridge.abiDescription().split("\n")) {
            final String[] item = line.split(" ");
            switch (item[0]) {
                case "struct" -> {
                    fields = new LinkedHashMap<>();
                    structs.put(item[1], new NativeStruct(Long.parseLong(item[2]), Long.parseLong(item[3]), fields));
                }
                case "field" -> fields.put(item[1], new long[] {Long.parseLong(item[2]), Long.parseLong(item[3])});
                case "enum" -> enums.put(item[1], Integer.valueOf(item[2]));
                default -> throw new AssertionError("unexpected line in hf_abi_describe(): " + line);
            }
        }
        assertEquals(JAVA_STRUCTS.keySet(), structs.keySet());
        for (Map.Entry<String, NativeStruct> entry : structs.entrySet()) {
            final GroupLayout layout = JAVA_STRUCTS.get(entry.getKey());
            final NativeStruct expected = entry.getValue();
            assertEquals(expected.size(), layout.byteSize(), entry.getKey() + " size");
            assertEquals(expected.alignment(), layout.byteAlignment(), entry.getKey() + " alignment");
            final List<String> javaFields = new ArrayList<>();
            for (MemoryLayout member : layout.memberLayouts()) {
                member.name().ifPresent(javaFields::add);
            }
            assertEquals(new ArrayList<>(expected.fields().keySet()), javaFields, entry.getKey() + " fields");
            for (Map.Entry<String, long[]> field : expected.fields().entrySet()) {
                final PathElement path = PathElement.groupElement(field.getKey());
                assertEquals(field.getValue()[0], layout.byteOffset(path), entry.getKey() + "." + field.getKey() + " offset");
                assertEquals(field.getValue()[1], layout.select(path).byteSize(), entry.getKey() + "." + field.getKey() + " size");
            }
        }
        assertEquals(JAVA_ENUM_SIZES, enums);
        assertNotNull(fields);
    }
}
