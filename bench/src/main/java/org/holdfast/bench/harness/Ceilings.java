package org.holdfast.bench.harness;

import java.util.LinkedHashMap;
import java.util.Map;
import org.holdfast.bench.gpu.CopyBandwidth;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.Paradigm;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * The copy bandwidth of each device, the ceiling its modes' effective bandwidth is compared with:
 * bytes read plus written per second, in GB/s, measured once per run.
 */
final class Ceilings {

    private final Machine machine;
    private Double host;
    private Double gpu;

    Ceilings(Machine machine) {
        this.machine = machine;
    }

    /** The ceiling of the device a mode of {@code paradigm} runs on; measured on first use. */
    double of(Paradigm paradigm) {
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

    /** The ceilings measured so far, by device name. */
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
}
