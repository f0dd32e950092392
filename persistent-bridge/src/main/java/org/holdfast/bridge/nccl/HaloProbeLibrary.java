package org.holdfast.bridge.nccl;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.nccl.raw.holdfast_nccl_probe_h;
import org.holdfast.ffi.NativeLibrary;

/**
 * Finds and loads libholdfast_nccl_bands once per process for the halo probe, and binds
 * {@link holdfast_nccl_probe_h} to it. Order: the system property {@value #PROPERTY} (a file path); the
 * folder libholdfast_native was loaded from (native-hip's {@code target/lib}, or an install's {@code lib});
 * last, the dynamic loader's own search by name. The library needs {@code libnccl.so.2}: the loader finds
 * it on its path, or already in the process where the Java NCCL binding loaded it first.
 */
final class HaloProbeLibrary {

    static final String PROPERTY = "holdfast.nccl.bands.library";
    static final String FILE_NAME = System.mapLibraryName("holdfast_nccl_bands");
    /** What a machine without the library must do, after the places looked in. */
    static final String HOW_TO_BUILD = "it is built beside libholdfast_native only where NCCL 2.28 or newer with "
            + "nccl_device.h is found: cmake -S native-hip -DHOLDFAST_NCCL_ROOT=<nccl> (or NCCL_HOME)";

    private static Path loaded;

    private HaloProbeLibrary() {
    }

    /** Every file to try, in order (the dynamic loader's search comes after these). */
    static List<Path> candidates(String property, Optional<Path> nativeLibraryFolder) {
        List<Path> candidates = new ArrayList<>();
        if (property != null && !property.isBlank()) {
            candidates.add(Path.of(property).toAbsolutePath().normalize());
        }
        nativeLibraryFolder.ifPresent(folder -> candidates.add(folder.resolve(FILE_NAME).toAbsolutePath().normalize()));
        return candidates;
    }

    /** One line that names every place looked in and how the library is built. */
    static NativeLibraryMissingException notFound(List<String> lookedIn) {
        return new NativeLibraryMissingException("native library " + FILE_NAME + " not found (looked in "
                + String.join(", ", lookedIn) + "): " + HOW_TO_BUILD);
    }

    /** Loads the library from the first place that has it; afterwards returns that place. */
    static synchronized Path load(Optional<Path> nativeLibraryFolder) throws NativeLibraryMissingException {
        if (loaded != null) {
            return loaded;
        }
        List<String> lookedIn = new ArrayList<>();
        for (Path candidate : candidates(System.getProperty(PROPERTY), nativeLibraryFolder)) {
            if (Files.isRegularFile(candidate)) {
                return bind(candidate, open(candidate));
            }
            lookedIn.add(candidate.toString());
        }
        try {
            return bind(Path.of(FILE_NAME), NativeLibrary.loadByName(FILE_NAME));
        } catch (IllegalArgumentException notFound) {
            lookedIn.add("the dynamic loader's search for " + FILE_NAME);
        }
        throw notFound(lookedIn);
    }

    private static NativeLibrary open(Path file) throws NativeLibraryMissingException {
        try {
            return NativeLibrary.load(file);
        } catch (IllegalArgumentException notLoadable) {
            throw new NativeLibraryMissingException("native library " + file + " was found but could not be loaded (is "
                    + "libnccl.so.2 on the loader path?): " + notLoadable.getMessage(), notLoadable);
        }
    }

    /** Refuses a library built before the probe was (the windows alone) before anything is bound to it. */
    private static Path bind(Path path, NativeLibrary library) throws NativeLibraryMissingException {
        if (!library.exports("hf_nccl_halo_probe_pair")) {
            throw new NativeLibraryMissingException("native library " + path + " has no hf_nccl_halo_probe_pair: "
                    + "rebuild native-hip with NCCL");
        }
        holdfast_nccl_probe_h.bind(library);
        loaded = path;
        return path;
    }
}
