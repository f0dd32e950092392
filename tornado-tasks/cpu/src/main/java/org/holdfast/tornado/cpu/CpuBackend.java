package org.holdfast.tornado.cpu;

import java.util.List;
import java.util.Optional;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.spi.TornadoBackend;

/** Runs the Java kernels themselves, on one thread ({@code cpu}) or on all cores ({@code cpu-parallel}). */
public final class CpuBackend implements TornadoBackend {

    private final CpuDevice sequential = new CpuDevice(false);
    private final CpuDevice parallel = new CpuDevice(true);

    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public List<TornadoDevice> devices() {
        return List.of(sequential, parallel);
    }

    @Override
    public Optional<String> unavailableReason() {
        return Optional.empty();
    }
}
