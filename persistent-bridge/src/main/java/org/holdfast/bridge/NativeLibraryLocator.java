package org.holdfast.bridge;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.io.File;
import java.lang.foreign.FunctionDescriptor;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.holdfast.bridge.raw.holdfast_native_h;
import org.holdfast.ffi.NativeLibrary;

/**
 * Finds and loads libholdfast_native once per process, checks its ABI version and binds the raw
 * layer to it. Order: the system property {@value #PROPERTY} (a file path); the folder of the
 * bridge's jar and {@code ../lib} beside it; each {@code java.library.path} and
 * {@code LD_LIBRARY_PATH} folder; last, the dynamic loader's own search by name. It opens the
 * library with the loader every raw layer shares ({@link NativeLibrary}), which keeps it loaded
 * for the life of the process: the raw layer's method handles point into it.
 */
final class NativeLibraryLocator {

    static final String PROPERTY = "holdfast.native.library";
    static final String FILE_NAME = System.mapLibraryName("holdfast_native");

    /** A place to look, and how it came to be on the list. */
    record Candidate(Path path, String origin) {
        @Override
        public String toString() {
            return path + " (" + origin + ")";
        }
    }

    private static Path loaded;

    private NativeLibraryLocator() {
    }

    /** Loads the library from the first place that has it; afterwards returns that place. */
    static synchronized Path load() throws NativeLibraryMissingException {
        if (loaded != null) {
            return loaded;
        }
        final List<Candidate> candidates = candidates(System.getProperty(PROPERTY), codeSourceFolder(),
                System.getProperty("java.library.path", ""), System.getenv().getOrDefault("LD_LIBRARY_PATH", ""));
        final List<String> lookedIn = new ArrayList<>();
        for (Candidate candidate : candidates) {
            if (Files.isRegularFile(candidate.path())) {
                return bind(candidate.path(), open(candidate.path()));
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

    /** One line that names every place looked in. */
    static NativeLibraryMissingException notFound(List<String> lookedIn) {
        return new NativeLibraryMissingException(
                "native library " + FILE_NAME + " not found (looked in " + String.join(", ", lookedIn) + ")");
    }

    /** Loads the library from this file; refused when another one is already loaded. */
    static synchronized Path load(Path library) throws NativeLibraryMissingException {
        final Path wanted = library.toAbsolutePath().normalize();
        if (!Files.isRegularFile(wanted)) {
            throw new NativeLibraryMissingException("native library " + wanted + " not found (no such file)");
        }
        if (loaded != null) {
            if (!loaded.equals(wanted)) {
                throw new IllegalStateException("libholdfast_native is already loaded from " + loaded + ", not " + wanted);
            }
            return loaded;
        }
        return bind(wanted, open(wanted));
    }

    private static NativeLibrary open(Path file) throws NativeLibraryMissingException {
        try {
            return NativeLibrary.load(file);
        } catch (IllegalArgumentException notLoadable) {
            throw new NativeLibraryMissingException(
                    "native library " + file + " was found but could not be loaded: " + notLoadable.getMessage(), notLoadable);
        }
    }

    /** Every place to look, in order (the dynamic loader's own search comes after these). */
    static List<Candidate> candidates(String property, Optional<Path> codeSourceFolder, String javaLibraryPath,
            String ldLibraryPath) {
        final List<Candidate> candidates = new ArrayList<>();
        if (property != null && !property.isBlank()) {
            candidates.add(new Candidate(Path.of(property).toAbsolutePath().normalize(), "-D" + PROPERTY));
        }
        codeSourceFolder.ifPresent(folder -> {
            candidates.add(new Candidate(folder.resolve(FILE_NAME), "beside the bridge"));
            candidates.add(new Candidate(folder.resolve("../lib").resolve(FILE_NAME).normalize(), "../lib beside the bridge"));
        });
        addFolders(candidates, javaLibraryPath, "java.library.path");
        addFolders(candidates, ldLibraryPath, "LD_LIBRARY_PATH");
        return candidates;
    }

    private static void addFolders(List<Candidate> candidates, String searchPath, String origin) {
        for (String folder : searchPath.split(File.pathSeparator)) {
            if (!folder.isBlank()) {
                candidates.add(new Candidate(Path.of(folder).resolve(FILE_NAME).toAbsolutePath().normalize(), origin));
            }
        }
    }

    /** The folder holding the bridge's jar (or its classes, when run from a build tree). */
    private static Optional<Path> codeSourceFolder() {
        final CodeSource source = NativeLibraryLocator.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Optional.empty();
        }
        try {
            final Path location = Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
            return Optional.ofNullable(Files.isDirectory(location) ? location : location.getParent());
        } catch (URISyntaxException | IllegalArgumentException notAFile) {
            return Optional.empty();
        }
    }

    /** Refuses a library built for another ABI before anything is bound to it. */
    private static Path bind(Path path, NativeLibrary library) throws NativeLibraryMissingException {
        final int abi;
        try {
            abi = (int) library.downcall(FunctionDescriptor.of(JAVA_INT), "hf_abi_version").invokeExact();
        } catch (Throwable unusable) {
            throw new NativeLibraryMissingException("native library " + path + " has no usable hf_abi_version: " + unusable, unusable);
        }
        if (abi != holdfast_native_h.HF_ABI_VERSION) {
            throw new NativeLibraryMissingException("native library " + path + " has ABI version " + abi
                    + ", this bridge needs " + holdfast_native_h.HF_ABI_VERSION + ": rebuild native-hip");
        }
        holdfast_native_h.bind(library);
        loaded = path;
        return path;
    }
}
