package org.holdfast.bridge.nccl;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.NativeStatus;
import org.holdfast.bridge.nccl.raw.holdfast_nccl_probe_h;

/**
 * The halo exchange between two GPUs on its own (holdfast_nccl_probe.h, in libholdfast_nccl_bands): a thin
 * layer over {@link holdfast_nccl_probe_h} that turns status codes into {@link NativeException}s.
 *
 * <pre>{@code
 * try (HaloProbe probe = HaloProbe.open(bridge.library().getParent())) {
 *     List<HaloExchange> figures = probe.pair(0, 1, 2000, 1, 4096);   // both transports, each size
 * }
 * }</pre>
 *
 * <p>{@link #pair} is the whole probe in one call (the library makes its own communicator over the two
 * GPUs, one thread per GPU); {@link #rank} is one rank's side, for a caller that drives its own
 * communicator, one thread per GPU, both at once. Any thread may use a probe, one call at a time (the
 * calls are synchronized, which keeps each with its thread-local native message). Close it when done; the
 * library stays loaded for the process.
 */
public final class HaloProbe implements AutoCloseable {

    /** The system property naming libholdfast_nccl_bands's file. */
    public static final String PROPERTY = HaloProbeLibrary.PROPERTY;
    private static final long MESSAGE_CAPACITY = 1024;

    private final Path library;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment message = arena.allocate(MESSAGE_CAPACITY);

    private HaloProbe(Path library) {
        this.library = library;
    }

    /**
     * Opens the probe on libholdfast_nccl_bands, found at {@code -Dholdfast.nccl.bands.library}, in
     * {@code nativeLibraryFolder} (where libholdfast_native was found), then by the dynamic loader.
     *
     * @throws NativeLibraryMissingException with one line naming every place looked in and how the library is built
     */
    public static HaloProbe open(Optional<Path> nativeLibraryFolder) throws NativeLibraryMissingException {
        return new HaloProbe(Path.of(HaloProbeLibrary.load(nativeLibraryFolder).name()));
    }

    /** Where the library was loaded from (just its file name when the dynamic loader found it). */
    public Path library() {
        return library;
    }

    /**
     * Both transports for each of {@code lines} between GPUs {@code gpuA} (rank 0) and {@code gpuB} (rank 1),
     * {@code rounds} round trips timed after a warm-up, on one communicator the library makes and destroys.
     *
     * @throws NativeException {@link NativeStatus#UNSUPPORTED} on a machine with one GPU ("needs 2 GPUs,
     *     found 1"), {@link NativeStatus#NO_DEVICE} without any, {@link NativeStatus#WATCHDOG} when a GPU's lines
     *     did not come
     */
    public synchronized List<HaloExchange> pair(int gpuA, int gpuB, int rounds, int... lines) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment counts = call.allocateFrom(JAVA_INT, lines);
            MemorySegment inKernel = call.allocate(JAVA_DOUBLE, lines.length);
            MemorySegment host = call.allocate(JAVA_DOUBLE, lines.length);
            check(holdfast_nccl_probe_h.hf_nccl_halo_probe_pair(gpuA, gpuB, lines.length, counts, rounds, inKernel, host),
                    "hf_nccl_halo_probe_pair", message);
            List<HaloExchange> figures = new ArrayList<>(lines.length);
            for (int i = 0; i < lines.length; i++) {
                figures.add(new HaloExchange(lines[i], inKernel.getAtIndex(JAVA_DOUBLE, i), host.getAtIndex(JAVA_DOUBLE, i)));
            }
            return List.copyOf(figures);
        }
    }

    /**
     * One rank's side of {@code rounds} round trips of {@code lines} doubles on {@code comm} (an
     * {@code ncclComm_t} of the calling thread's current GPU, ranks 0 and 1, from the same libnccl this library
     * loaded) and {@code stream}; the peer's thread calls it at the same time.
     *
     * @return this rank's device seconds per one-way exchange
     * @throws NativeException {@link NativeStatus#UNSUPPORTED} where the communicator has other than 2 ranks
     */
    public double rank(long comm, HaloTransport transport, int lines, int rounds, long stream) {
        // Not synchronized: the two ranks' calls run at once (each thread has its own native message).
        try (Arena call = Arena.ofConfined()) {
            MemorySegment figure = call.allocate(JAVA_DOUBLE);
            int status = holdfast_nccl_probe_h.hf_nccl_halo_probe_rank(MemorySegment.ofAddress(comm), transport.code(),
                    lines, rounds, MemorySegment.ofAddress(stream), figure);
            check(status, "hf_nccl_halo_probe_rank", call.allocate(MESSAGE_CAPACITY));
            return figure.get(JAVA_DOUBLE, 0);
        }
    }

    /** The calling thread's last message of the probe; empty after a successful call. */
    public synchronized String lastError() {
        return lastErrorInto(message);
    }

    private static String lastErrorInto(MemorySegment buffer) {
        holdfast_nccl_probe_h.hf_nccl_probe_last_error(buffer, buffer.byteSize());
        return buffer.getString(0);
    }

    @Override
    public synchronized void close() {
        arena.close();
    }

    /** Throws for a failed call, with the calling thread's native message (read into {@code buffer}). */
    private static void check(int status, String function, MemorySegment buffer) {
        if (status != NativeStatus.OK.code()) {
            throw new NativeException(NativeStatus.fromCode(status), function, lastErrorInto(buffer), null);
        }
    }
}
