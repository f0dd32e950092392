package org.holdfast.bridge.nccl;

import java.nio.file.Path;
import java.util.Optional;

import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.NcclBandWindows;
import org.holdfast.bridge.nccl.raw.holdfast_nccl_probe_h;
import org.holdfast.ffi.NativeLibrary;

/**
 * Binds {@link holdfast_nccl_probe_h} once per process to libholdfast_nccl_bands, found where the band windows find
 * it ({@link NcclBandWindows#library}: the system property {@value #PROPERTY}, the folder libholdfast_native was
 * loaded from, the dynamic loader). The library needs {@code libnccl.so.2}: the loader finds it on its path, or
 * already in the process where the Java NCCL binding loaded it first.
 */
final class HaloProbeLibrary {

    static final String PROPERTY = NcclBandWindows.PROPERTY;

    private HaloProbeLibrary() {
    }

    /** Binds the probe's header on the first call; afterwards returns the library it is bound to. */
    static synchronized NativeLibrary load(Optional<Path> nativeLibraryFolder) throws NativeLibraryMissingException {
        NativeLibrary library = NcclBandWindows.library(nativeLibraryFolder);
        if (holdfast_nccl_probe_h.isBound()) {
            return library;
        }
        // Refuses a library built before the probe was (the windows alone) before anything is bound to it.
        if (!library.exports("hf_nccl_halo_probe_pair")) {
            throw new NativeLibraryMissingException("native library " + library.name() + " has no hf_nccl_halo_probe_pair: "
                    + "rebuild native-hip with NCCL");
        }
        holdfast_nccl_probe_h.bind(library);
        return library;
    }
}
