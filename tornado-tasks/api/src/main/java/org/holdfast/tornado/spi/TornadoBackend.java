package org.holdfast.tornado.spi;

import java.util.List;
import java.util.Optional;
import org.holdfast.tornado.api.TornadoDevice;

/**
 * A way to run task graphs, found through {@link java.util.ServiceLoader}: the CPU backend in
 * {@code holdfast-tornado-cpu}, the CUDA backend in {@code holdfast-tornado-cuda}. The kernel API
 * holds no backend of its own.
 */
public interface TornadoBackend {

    /** Short name: {@code cpu}, {@code cuda}. */
    String name();

    /** The devices this backend can run on; empty when it cannot run here. Never throws. */
    List<TornadoDevice> devices();

    /** Why {@link #devices()} is empty, in one line (for example, no driver); empty when it is not. */
    Optional<String> unavailableReason();
}
