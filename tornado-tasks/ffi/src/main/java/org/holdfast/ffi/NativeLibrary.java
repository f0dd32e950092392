package org.holdfast.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A shared library opened for downcalls: how every raw layer of Holdfast (the CUDA driver, NVRTC,
 * libholdfast_native) finds and links its functions. A raw layer keeps one of these, links each
 * function on first use through {@link #downcall} in a nested holder class, and passes what
 * {@code invokeExact} throws through {@link #propagate}. Libraries stay loaded for the life of the
 * process (the global arena): the linked handles point into them.
 */
public final class NativeLibrary {

    private static final Linker LINKER = Linker.nativeLinker();

    private final String name;
    private final SymbolLookup lookup;

    private NativeLibrary(String name, SymbolLookup lookup) {
        this.name = name;
        this.lookup = lookup;
    }

    /**
     * Opens a library by file name, searched on the loader path ({@code libcuda.so.1}), or by path
     * ({@code /usr/local/cuda/lib64/libnvrtc.so}); empty when it cannot be loaded.
     */
    public static Optional<NativeLibrary> open(String nameOrPath) {
        try {
            return Optional.of(nameOrPath.contains("/") ? load(Path.of(nameOrPath)) : loadByName(nameOrPath));
        } catch (IllegalArgumentException notLoadable) {
            return Optional.empty();
        }
    }

    /**
     * Opens the first of {@code candidates} that loads, best first: names for the loader path, or paths,
     * of which those that are no file are passed over; empty when none loads.
     */
    public static Optional<NativeLibrary> openFirst(List<String> candidates) {
        for (String candidate : candidates) {
            if (candidate.contains("/") && !Files.isRegularFile(Path.of(candidate))) {
                continue;
            }
            Optional<NativeLibrary> library = open(candidate);
            if (library.isPresent()) {
                return library;
            }
        }
        return Optional.empty();
    }

    /**
     * Loads the library in this file.
     *
     * @throws IllegalArgumentException when it cannot be loaded, with the loader's reason
     */
    @SuppressWarnings("restricted") // opening native libraries is this class's purpose
    public static NativeLibrary load(Path file) {
        return new NativeLibrary(file.toString(), SymbolLookup.libraryLookup(file, Arena.global()));
    }

    /**
     * Loads a library by file name through the dynamic loader's own search.
     *
     * @throws IllegalArgumentException when the loader cannot find or load it
     */
    @SuppressWarnings("restricted")
    public static NativeLibrary loadByName(String fileName) {
        return new NativeLibrary(fileName, SymbolLookup.libraryLookup(fileName, Arena.global()));
    }

    /** The name or path the library was opened with. */
    public String name() {
        return name;
    }

    /** Whether the library exports {@code symbol}. */
    public boolean exports(String symbol) {
        return lookup.find(symbol).isPresent();
    }

    /**
     * Links the first of {@code symbols} that the library exports, so that a newer versioned name
     * ({@code cuEventElapsedTime_v2}) can fall back to an older one on an older driver.
     */
    @SuppressWarnings("restricted")
    public MethodHandle downcall(FunctionDescriptor descriptor, String... symbols) {
        for (String symbol : symbols) {
            Optional<MemorySegment> address = lookup.find(symbol);
            if (address.isPresent()) {
                return LINKER.downcallHandle(address.get(), descriptor);
            }
        }
        throw new UnsatisfiedLinkError(name + " exports none of " + String.join(", ", symbols)
                + " (is the library older than this binding expects?)");
    }

    /**
     * What a raw binding throws when {@code invokeExact} throws. Downcalls throw no checked
     * exceptions, so this passes on runtime exceptions and errors (a failed link) as they are.
     */
    public static RuntimeException propagate(Throwable thrown) {
        if (thrown instanceof RuntimeException runtime) {
            return runtime;
        }
        if (thrown instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("a downcall threw a checked exception", thrown);
    }

    /** A {@code const char*} a native function returned, as a Java string (UTF-8, up to the NUL); null for NULL. */
    @SuppressWarnings("restricted") // the callers' libraries return NUL-terminated strings
    public static String string(MemorySegment cString) {
        return cString.equals(MemorySegment.NULL) ? null : cString.reinterpret(Long.MAX_VALUE).getString(0);
    }
}
