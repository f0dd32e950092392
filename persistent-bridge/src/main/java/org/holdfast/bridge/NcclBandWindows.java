package org.holdfast.bridge;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.holdfast.bridge.raw.holdfast_nccl_bands_h;
import org.holdfast.ffi.NativeLibrary;

/**
 * libholdfast_nccl_bands, optional: the band kernels' receive buffers as NCCL symmetric memory windows
 * ({@code holdfast_nccl_bands.h}), built beside libholdfast_native only where NCCL 2.28+ with its device API was
 * found. Looked for at {@value #PROPERTY}, beside libholdfast_native, then by the dynamic loader. Load NCCL itself
 * first (the NCCL binding's communicators): the library needs {@code libnccl.so.2}, which the loader then finds
 * already in the process.
 */
public final class NcclBandWindows {

    /** The library file, where it is not beside libholdfast_native. */
    public static final String PROPERTY = "holdfast.nccl.bands.library";

    static final String FILE_NAME = "libholdfast_nccl_bands.so";

    private static final long MESSAGE_CAPACITY = 4096;

    private static NativeLibrary opened;

    private NcclBandWindows() {
    }

    /**
     * Binds the library once per process, found as the class says; {@code nativeLibrary} is where libholdfast_native
     * was loaded from.
     *
     * @return empty when bound; otherwise the one line that says where it was looked for and how to build it
     */
    public static synchronized Optional<String> bind(Path nativeLibrary) {
        if (holdfast_nccl_bands_h.isBound()) {
            return Optional.empty();
        }
        try {
            holdfast_nccl_bands_h.bind(library(folderOf(nativeLibrary)));
            return Optional.empty();
        } catch (NativeLibraryMissingException missing) {
            return Optional.of(missing.getMessage());
        }
    }

    /**
     * libholdfast_nccl_bands, opened once per process from the first of {@link #candidates} that loads: the one
     * place that finds it, for the band windows here and for the halo probe between GPUs ({@code nccl.HaloProbe}),
     * which binds its own header to the same library.
     *
     * @param nativeLibraryFolder where libholdfast_native was loaded from, if from a folder
     * @throws NativeLibraryMissingException with the one line of {@link #missing}
     */
    public static synchronized NativeLibrary library(Optional<Path> nativeLibraryFolder) throws NativeLibraryMissingException {
        if (opened == null) {
            List<String> candidates = candidates(System.getProperty(PROPERTY), nativeLibraryFolder);
            opened = NativeLibrary.openFirst(candidates).orElseThrow(() -> new NativeLibraryMissingException(missing(candidates)));
        }
        return opened;
    }

    /** The folder of libholdfast_native's file; none for a library the loader found by name. */
    static Optional<Path> folderOf(Path nativeLibrary) {
        return nativeLibrary == null || nativeLibrary.getNameCount() < 2 ? Optional.empty()
                : Optional.ofNullable(nativeLibrary.toAbsolutePath().getParent());
    }

    /** The property's file, the file beside libholdfast_native, the loader's search: best first. */
    static List<String> candidates(String property, Optional<Path> nativeLibraryFolder) {
        List<String> candidates = new ArrayList<>();
        if (property != null && !property.isBlank()) {
            candidates.add(property.strip());
        }
        nativeLibraryFolder.ifPresent(folder -> candidates.add(folder.resolve(FILE_NAME).toString()));
        candidates.add(FILE_NAME);
        return candidates;
    }

    /** The one line for a missing library. */
    static String missing(List<String> candidates) {
        return FILE_NAME + " not found (looked at " + String.join(", ", candidates) + "): the persistent band kernels on"
                + " several GPUs take their receive buffers from NCCL's symmetric memory through it, and the halo probe"
                + " between GPUs runs in it; build it with native-hip where NCCL 2.28+ with nccl_device.h is"
                + " (HOLDFAST_NCCL_ROOT or NCCL_HOME; docs/multi-gpu.md), or set -D" + PROPERTY;
    }

    /**
     * Opens this rank's window of {@code bytes} on communicator {@code comm} (an {@code ncclComm_t} of the calling
     * thread's current GPU). Collective: every rank at once, from its own thread, the same bytes.
     *
     * @throws NativeException with the library's message
     */
    public static NcclBandWindow open(long comm, long bytes) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment window = call.allocate(ADDRESS);
            check(holdfast_nccl_bands_h.hf_nccl_band_window_open(MemorySegment.ofAddress(comm), bytes, window),
                    "hf_nccl_band_window_open");
            return new NcclBandWindow(window.get(ADDRESS, 0));
        }
    }

    /** Throws for a failed call, with the calling thread's message of this library. */
    static void check(int status, String function) {
        if (status == 0) {
            return;
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment message = call.allocate(MESSAGE_CAPACITY);
            holdfast_nccl_bands_h.hf_nccl_bands_last_error(message, MESSAGE_CAPACITY);
            throw new NativeException(NativeStatus.fromCode(status), function, message.getString(0), null);
        }
    }
}
