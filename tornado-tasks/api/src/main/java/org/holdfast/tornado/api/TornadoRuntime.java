package org.holdfast.tornado.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import org.holdfast.tornado.cpu.CpuBackend;
import org.holdfast.tornado.spi.TornadoBackend;

/** The backends and devices on the class path: the CPU always, a GPU where its backend finds one. */
public final class TornadoRuntime {

    private static final CpuBackend CPU = new CpuBackend();

    private TornadoRuntime() {
    }

    /** Every backend, the CPU first. */
    public static List<TornadoBackend> backends() {
        List<TornadoBackend> backends = new ArrayList<>();
        backends.add(CPU);
        for (TornadoBackend backend : ServiceLoader.load(TornadoBackend.class, TornadoRuntime.class.getClassLoader())) {
            if (!backend.name().equals(CPU.name())) {
                backends.add(backend);
            }
        }
        return backends;
    }

    /** Every device of every backend. */
    public static List<TornadoDevice> devices() {
        List<TornadoDevice> devices = new ArrayList<>();
        for (TornadoBackend backend : backends()) {
            devices.addAll(backend.devices());
        }
        return devices;
    }

    /** The device with this id ({@code cpu}, {@code cpu-parallel}, {@code cuda:0}), if present. */
    public static Optional<TornadoDevice> device(String id) {
        return devices().stream().filter(d -> d.id().equals(id)).findFirst();
    }

    /** The first GPU, if any backend found one. */
    public static Optional<TornadoDevice> firstGpu() {
        return devices().stream().filter(TornadoDevice::isGpu).findFirst();
    }

    /** The sequential Java reference. */
    public static TornadoDevice sequentialCpu() {
        return CPU.sequential();
    }

    /** The same Java kernels on all cores. */
    public static TornadoDevice parallelCpu() {
        return CPU.parallel();
    }
}
