package org.holdfast.tornado.cuda.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A shared library opened for downcalls: how both raw layers (driver and NVRTC) find and link their
 * functions. Libraries stay loaded for the life of the process.
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
    @SuppressWarnings("restricted")
    public static Optional<NativeLibrary> open(String nameOrPath) {
        try {
            SymbolLookup lookup = nameOrPath.contains("/")
                    ? SymbolLookup.libraryLookup(Path.of(nameOrPath), Arena.global())
                    : SymbolLookup.libraryLookup(nameOrPath, Arena.global());
            return Optional.of(new NativeLibrary(nameOrPath, lookup));
        } catch (IllegalArgumentException notLoadable) {
            return Optional.empty();
        }
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
}
