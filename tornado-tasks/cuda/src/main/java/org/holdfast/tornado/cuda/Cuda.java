package org.holdfast.tornado.cuda;

import java.util.ArrayList;
import java.util.List;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;

/**
 * The CUDA driver of this process: loaded, initialised, with its devices. Holds nothing to release
 * ({@code cuInit} has no counterpart); contexts, memory and modules are owned by their wrappers.
 */
public final class Cuda {

    private final int driverVersion;
    private final List<CudaDevice> devices;

    private Cuda(int driverVersion, List<CudaDevice> devices) {
        this.driverVersion = driverVersion;
        this.devices = List.copyOf(devices);
    }

    /** Loads {@code libcuda.so.1} and initialises it. Never throws: a failure is a one-line reason. */
    public static CudaLoad load() {
        try {
            if (!cuda_h.isLoaded()) {
                return new CudaLoad.Unavailable("no NVIDIA driver: " + cuda_h.LIBRARY + " not found");
            }
        } catch (IllegalCallerException | LinkageError denied) {
            return new CudaLoad.Unavailable("native access denied: run java with --enable-native-access=ALL-UNNAMED");
        }
        try {
            int init = cuda_h.cuInit(0);
            if (init == cuda_h.CUDA_ERROR_NO_DEVICE) {
                return new CudaLoad.Unavailable("no CUDA device");
            }
            CudaException.check(init, "cuInit");
            int count = OutParameter.intValue("cuDeviceGetCount", cuda_h::cuDeviceGetCount);
            if (count == 0) {
                return new CudaLoad.Unavailable("no CUDA device");
            }
            List<CudaDevice> devices = new ArrayList<>();
            for (int ordinal = 0; ordinal < count; ordinal++) {
                devices.add(CudaDevice.query(ordinal));
            }
            return new CudaLoad.Ready(new Cuda(OutParameter.intValue("cuDriverGetVersion", cuda_h::cuDriverGetVersion), devices));
        } catch (CudaException | UnsatisfiedLinkError failure) {
            return new CudaLoad.Unavailable(failure.getMessage());
        }
    }

    /** The driver's CUDA version as the driver reports it: 13000 for 13.0. */
    public int driverVersion() {
        return driverVersion;
    }

    /** The driver's CUDA version as text: {@code 13.0}. */
    public String driverVersionText() {
        return versionText(driverVersion);
    }

    static String versionText(int version) {
        return version / 1000 + "." + version % 1000 / 10;
    }

    /** Every device, by ordinal. */
    public List<CudaDevice> devices() {
        return devices;
    }

    public CudaDevice device(int ordinal) {
        if (ordinal < 0 || ordinal >= devices.size()) {
            throw new IllegalArgumentException("no CUDA device " + ordinal + ": this machine has " + devices.size());
        }
        return devices.get(ordinal);
    }
}
