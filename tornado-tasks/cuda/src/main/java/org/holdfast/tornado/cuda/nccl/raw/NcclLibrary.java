package org.holdfast.tornado.cuda.nccl.raw;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.holdfast.ffi.NativeLibrary;

/**
 * Where NCCL ({@code libnccl.so.2}) is looked for and how it is opened. NCCL comes with neither the
 * driver nor the toolkit: from the {@code nvidia-nccl-cu13} wheel (PyTorch's copy is one), the
 * {@code libnccl2} package, or a folder of one's own.
 */
public final class NcclLibrary {

    /** System property naming the library file to use; when set, nothing else is tried. */
    public static final String PATH_PROPERTY = "holdfast.nccl.library";
    /** The library's runtime name. */
    public static final String FILE_NAME = "libnccl.so.2";
    /** Where the {@code libnccl2} package puts it on Debian and Ubuntu, tried after the loader path. */
    static final String SYSTEM_FILE = "/usr/lib/x86_64-linux-gnu/" + FILE_NAME;

    private NcclLibrary() {
    }

    /** Opens the first candidate that loads; empty when none does. */
    static Optional<NativeLibrary> open() {
        return NativeLibrary.openFirst(candidates(System.getProperty(PATH_PROPERTY), System.getenv()));
    }

    /** Why NCCL could not be opened, in one line that says what to install. */
    public static String notFoundReason() {
        return notFoundReason(System.getProperty(PATH_PROPERTY));
    }

    static String notFoundReason(String property) {
        if (property != null && !property.isBlank()) {
            return "NCCL not found: cannot load " + property + " (-D" + PATH_PROPERTY + ")";
        }
        return "NCCL not found: no " + FILE_NAME + " in $NCCL_HOME/lib, on the loader path or in /usr/lib/x86_64-linux-gnu;"
                + " install NCCL 2.28 or newer"
                + " (pip install nvidia-nccl-cu13, whose nvidia/nccl/lib holds it, or the libnccl2 package) and set -D"
                + PATH_PROPERTY + "=/path/to/" + FILE_NAME + " or put its folder on LD_LIBRARY_PATH";
    }

    /**
     * Candidates, best first: the property alone when it is set; otherwise {@code $NCCL_HOME/lib}, the bare name
     * for the loader path, then the system package's file (found even where the loader's cache lacks it).
     */
    static List<String> candidates(String property, Map<String, String> environment) {
        if (property != null && !property.isBlank()) {
            return List.of(property);
        }
        List<String> candidates = new ArrayList<>();
        String home = environment.get("NCCL_HOME");
        if (home != null && !home.isBlank()) {
            candidates.add(Path.of(home, "lib", FILE_NAME).toString());
        }
        candidates.add(FILE_NAME);
        candidates.add(SYSTEM_FILE);
        return List.copyOf(candidates);
    }
}
