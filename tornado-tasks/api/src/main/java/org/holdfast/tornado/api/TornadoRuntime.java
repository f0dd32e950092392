package org.holdfast.tornado.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import org.holdfast.tornado.spi.TornadoBackend;

/**
 * The backends and devices on the class path, found through {@link ServiceLoader}: the CPU backend
 * ({@code holdfast-tornado-cpu}) and the CUDA backend ({@code holdfast-tornado-cuda}) alike. The API
 * knows no backend by name.
 */
public final class TornadoRuntime {

    /** The sequential CPU device, the default of an execution plan. */
    public static final String SEQUENTIAL_CPU = "cpu";
    /** The CPU device that runs the kernels on all cores. */
    public static final String PARALLEL_CPU = "cpu-parallel";

    private TornadoRuntime() {
    }

    /** Every backend, by name ({@code cpu}, {@code cuda}). */
    public static List<TornadoBackend> backends() {
        List<TornadoBackend> backends = new ArrayList<>();
        for (TornadoBackend backend : ServiceLoader.load(TornadoBackend.class, TornadoRuntime.class.getClassLoader())) {
            if (backends.stream().noneMatch(b -> b.name().equals(backend.name()))) {
                backends.add(backend);
            }
        }
        backends.sort(Comparator.comparing(TornadoBackend::name));
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

    /** The Java kernels on one thread. */
    public static TornadoDevice sequentialCpu() {
        return required(SEQUENTIAL_CPU);
    }

    /** The same Java kernels on all cores. */
    public static TornadoDevice parallelCpu() {
        return required(PARALLEL_CPU);
    }

    private static TornadoDevice required(String id) {
        return device(id).orElseThrow(() -> new IllegalStateException("no device " + id
                + ": the CPU backend (holdfast-tornado-cpu) is not on the class path"));
    }
}
