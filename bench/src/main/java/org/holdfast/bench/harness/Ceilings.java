package org.holdfast.bench.harness;

import java.util.LinkedHashMap;
import java.util.Map;
import org.holdfast.bench.gpu.CopyBandwidth;
import org.holdfast.bench.gpu.SharedMemoryBandwidth;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.MemoryTraffic;
import org.holdfast.bench.mode.Paradigm;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * The limits each device's modes are compared with, measured once per run: the copy bandwidth (bytes read plus
 * written per second, GB/s) of the host and of the GPU, and the GPU's shared-memory bandwidth (bytes loaded per second
 * over every SM, GB/s), which the kernels holding the grid on chip are compared with.
 *
 * <p>{@code -Dholdfast.ceilings=skip} measures none of them (the "of copy" and roofline columns stay empty): a run under
 * compute-sanitizer checks kernels, and racecheck takes minutes over the shared-memory probe's billions of accesses.
 */
final class Ceilings {

    /** The system property that skips the measurements, and its value that does. */
    static final String PROPERTY = "holdfast.ceilings";
    static final String SKIP = "skip";

    private final Machine machine;
    private Double host;
    private Double gpu;
    private Double gpuShared;

    Ceilings(Machine machine) {
        this.machine = machine;
    }

    /** The copy bandwidth of the device a mode of {@code paradigm} runs on; measured on first use. */
    double of(Paradigm paradigm) {
        if (skipped()) {
            return Double.NaN;
        }
        if (!paradigm.needsGpu()) {
            if (host == null) {
                host = HostCopyBandwidth.measureGbPerSecond();
            }
            return host;
        }
        if (gpu == null) {
            CudaTornadoDevice device = machine.gpu();
            device.context().makeCurrent();
            gpu = CopyBandwidth.measure(device.context()).gigabytesPerSecond();
        }
        return gpu;
    }

    /** The GPU's shared-memory bandwidth; measured on first use. NaN for the host, which has none to compare with. */
    double sharedOf(Paradigm paradigm) {
        if (skipped() || !paradigm.needsGpu()) {
            return Double.NaN;
        }
        if (gpuShared == null) {
            CudaTornadoDevice device = machine.gpu();
            device.context().makeCurrent();
            try {
                gpuShared = SharedMemoryBandwidth.measure(device.context(), device.compiler()).gigabytesPerSecond();
            } catch (RuntimeException e) {
                gpuShared = Double.NaN; // No NVRTC, say: asked once, and the on-chip rows show no roofline.
            }
        }
        return gpuShared;
    }

    private static boolean skipped() {
        return SKIP.equals(System.getProperty(PROPERTY));
    }

    /** The bandwidth of the memory {@code traffic} is limited by, on the device of {@code paradigm}. */
    double limitOf(MemoryTraffic traffic, Paradigm paradigm) {
        return traffic.limit() == MemoryTraffic.Limit.SHARED_MEMORY ? sharedOf(paradigm) : of(paradigm);
    }

    /** The copy bandwidths measured so far, by device name. */
    Map<String, Double> measured() {
        Map<String, Double> all = new LinkedHashMap<>();
        if (host != null) {
            all.put("host", host);
        }
        if (gpu != null) {
            all.put(machine.gpu().device().name(), gpu);
        }
        return all;
    }

    /** The shared-memory bandwidths measured so far, by device name: the GPU's, or none. */
    Map<String, Double> measuredShared() {
        return gpuShared == null || gpuShared.isNaN() ? Map.of() : Map.of(machine.gpu().device().name(), gpuShared);
    }
}
