package org.holdfast.tornado.cuda;

/** What {@link Cuda#load()} found: a driver with at least one device, or why not, in one line. */
public sealed interface CudaLoad {

    /** The driver is loaded and initialised, and has at least one device. */
    record Ready(Cuda cuda) implements CudaLoad {
    }

    /**
     * CUDA cannot run here.
     *
     * @param reason one line: {@code no NVIDIA driver: libcuda.so.1 not found}, {@code no CUDA device},
     *     or the error of {@code cuInit}
     */
    record Unavailable(String reason) implements CudaLoad {
    }

    /** The driver, or an {@link IllegalStateException} saying why there is none. */
    default Cuda orThrow() {
        return switch (this) {
            case Ready ready -> ready.cuda();
            case Unavailable unavailable -> throw new IllegalStateException(unavailable.reason());
        };
    }
}
