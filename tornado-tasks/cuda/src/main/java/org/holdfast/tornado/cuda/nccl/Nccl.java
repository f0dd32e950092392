package org.holdfast.tornado.cuda.nccl;

import static org.holdfast.tornado.cuda.nccl.raw.nccl_h.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Optional;
import org.holdfast.ffi.NativeLibrary;
import org.holdfast.tornado.cuda.nccl.raw.NcclLibrary;
import org.holdfast.tornado.cuda.nccl.raw.nccl_h;

/**
 * NCCL, the library that moves halo rows between GPUs: its version, its error strings, and the group
 * that fuses one exchange's sends and receives. Communicators are {@link NcclCommunicator}s.
 */
public final class Nccl {

    private Nccl() {
    }

    /** Why NCCL cannot be used here, in one line that says what to install; empty when it can. */
    public static Optional<String> unavailableReason() {
        return isLoaded() ? Optional.empty() : Optional.of(NcclLibrary.notFoundReason());
    }

    /** The file NCCL was loaded from. */
    public static String loadedFrom() {
        requireLoaded();
        return nccl_h.loadedFrom().orElseThrow();
    }

    /** {@code ncclGetVersion}: {@code 23007} for 2.30.7 (major · 10000 + minor · 100 + patch since 2.9). */
    public static int version() {
        requireLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment version = arena.allocate(ValueLayout.JAVA_INT);
            check(ncclGetVersion(version), "ncclGetVersion", 0);
            return version.get(ValueLayout.JAVA_INT, 0);
        }
    }

    /** NCCL's own description of {@code code} ({@code ncclGetErrorString}): "invalid argument (run with NCCL_DEBUG=WARN for details)". */
    public static String errorString(int code) {
        requireLoaded();
        return NativeLibrary.string(ncclGetErrorString(code));
    }

    /**
     * Runs {@code calls} (sends and receives) between {@code ncclGroupStart} and {@code ncclGroupEnd}, so
     * that NCCL progresses them together: a halo exchange's pairs would deadlock one by one. The group
     * is ended even when {@code calls} throws.
     */
    public static void group(Runnable calls) {
        requireLoaded();
        check(ncclGroupStart(), "ncclGroupStart", 0);
        try {
            calls.run();
        } finally {
            check(ncclGroupEnd(), "ncclGroupEnd", 0);
        }
    }

    /** Throws an {@link NcclException} for {@code call} unless {@code result} is {@code ncclSuccess}. */
    static void check(int result, String call, long comm) {
        if (result != ncclSuccess) {
            throw new NcclException(call, result, NativeLibrary.string(ncclGetErrorString(result)),
                    NativeLibrary.string(ncclGetLastError(comm)));
        }
    }

    static void requireLoaded() {
        if (!isLoaded()) {
            throw new IllegalStateException(NcclLibrary.notFoundReason());
        }
    }
}
