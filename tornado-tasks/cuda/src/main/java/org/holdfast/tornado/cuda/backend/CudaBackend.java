package org.holdfast.tornado.cuda.backend;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.cuda.Cuda;
import org.holdfast.tornado.cuda.CudaDevice;
import org.holdfast.tornado.cuda.CudaLoad;
import org.holdfast.tornado.spi.TornadoBackend;

/**
 * NVIDIA GPUs through the CUDA driver. The driver is loaded once per process, on first use; with
 * no driver or no GPU there are no devices and {@link #unavailableReason()} says why.
 */
public final class CudaBackend implements TornadoBackend {

    /** The process's driver and devices, found once (the service loader makes many backends). */
    private static final class Driver {
        static final CudaLoad LOAD = Cuda.load();
        static final List<CudaTornadoDevice> DEVICES = devicesOf(LOAD);
    }

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public List<TornadoDevice> devices() {
        return List.copyOf(Driver.DEVICES);
    }

    @Override
    public Optional<String> unavailableReason() {
        return Driver.LOAD instanceof CudaLoad.Unavailable unavailable ? Optional.of(unavailable.reason()) : Optional.empty();
    }

    /** The GPU with this ordinal, typed for callers that need its CUDA side (context, stream, overrides). */
    public static Optional<CudaTornadoDevice> device(int ordinal) {
        return ordinal >= 0 && ordinal < Driver.DEVICES.size() ? Optional.of(Driver.DEVICES.get(ordinal)) : Optional.empty();
    }

    /** How many GPUs the driver has: 0 without a driver or a GPU. */
    public static int devicesHere() {
        return Driver.DEVICES.size();
    }

    /** What loading the driver found, once per process. */
    public static CudaLoad load() {
        return Driver.LOAD;
    }

    private static List<CudaTornadoDevice> devicesOf(CudaLoad load) {
        if (!(load instanceof CudaLoad.Ready ready)) {
            return List.of();
        }
        Cuda cuda = ready.cuda();
        List<CudaTornadoDevice> devices = new ArrayList<>();
        for (CudaDevice device : cuda.devices()) {
            devices.add(new CudaTornadoDevice(new DeviceSession(device, cuda.driverVersionText()), Map.of()));
        }
        return List.copyOf(devices);
    }
}
