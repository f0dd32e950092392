package org.holdfast.tornado.cuda.nvrtc.raw;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.holdfast.ffi.NativeLibrary;

/**
 * Where NVRTC is looked for and how it is opened. NVRTC ships with the toolkit, not the driver, so
 * it is often not on the loader path: the toolkit's usual folders are tried first.
 */
public final class NvrtcLibrary {

    /** System property naming the library file to use; when set, nothing else is tried. */
    public static final String PATH_PROPERTY = "holdfast.nvrtc.library";

    /** File names tried in each folder: the development link, then the runtime names of CUDA 13 and 12. */
    static final List<String> FILE_NAMES = List.of("libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12");

    private static final Path INSTALL_ROOT = Path.of("/usr/local");

    private NvrtcLibrary() {
    }

    /** Opens the first candidate that loads, with its builtins library; empty when none does. */
    static Optional<NativeLibrary> open() {
        Optional<NativeLibrary> library = NativeLibrary.openFirst(
                candidates(System.getProperty(PATH_PROPERTY), System.getenv(), versionedInstalls()));
        library.filter(opened -> opened.name().contains("/")).ifPresent(opened -> preloadBuiltins(Path.of(opened.name()).getParent()));
        return library;
    }

    /** Why NVRTC could not be opened, in one line. */
    public static String notFoundReason() {
        return notFoundReason(System.getProperty(PATH_PROPERTY));
    }

    static String notFoundReason(String property) {
        if (property != null && !property.isBlank()) {
            return "NVRTC not found: cannot load " + property + " (-D" + PATH_PROPERTY + ")";
        }
        return "NVRTC not found: looked for " + String.join(", ", FILE_NAMES) + " in $CUDA_HOME/lib64, $CUDA_PATH/lib64,"
                + " /usr/local/cuda/lib64, /usr/local/cuda-*/lib64 and on the loader path; set -D" + PATH_PROPERTY
                + "=/path/to/libnvrtc.so";
    }

    /**
     * Candidates, best first: the property alone when it is set; otherwise each file name in
     * {@code $CUDA_HOME/lib64}, {@code $CUDA_PATH/lib64}, {@code /usr/local/cuda/lib64} and the
     * versioned installs (newest first), then the bare names for the loader path.
     */
    static List<String> candidates(String property, Map<String, String> environment, List<Path> versionedInstalls) {
        if (property != null && !property.isBlank()) {
            return List.of(property);
        }
        List<Path> folders = new ArrayList<>();
        for (String variable : List.of("CUDA_HOME", "CUDA_PATH")) {
            String home = environment.get(variable);
            if (home != null && !home.isBlank()) {
                folders.add(Path.of(home, "lib64"));
            }
        }
        folders.add(INSTALL_ROOT.resolve("cuda/lib64"));
        for (Path install : newestFirst(versionedInstalls)) {
            folders.add(install.resolve("lib64"));
        }
        List<String> candidates = new ArrayList<>();
        for (Path folder : folders) {
            for (String file : FILE_NAMES) {
                String candidate = folder.resolve(file).toString();
                if (!candidates.contains(candidate)) {
                    candidates.add(candidate);
                }
            }
        }
        candidates.addAll(FILE_NAMES);
        return candidates;
    }

    /** Versioned installs by number, newest first: {@code cuda-13.0}, {@code cuda-12.10}, {@code cuda-12.8}. */
    static List<Path> newestFirst(List<Path> installs) {
        Comparator<Path> byVersion = Comparator.comparing(NvrtcLibrary::versionOf, NvrtcLibrary::compareVersions);
        return installs.stream().sorted(byVersion.reversed()).toList();
    }

    private static int[] versionOf(Path install) {
        String name = install.getFileName().toString();
        String[] parts = name.substring(name.indexOf('-') + 1).split("\\.");
        int[] version = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            version[i] = parts[i].matches("\\d+") ? Integer.parseInt(parts[i]) : -1;
        }
        return version;
    }

    private static int compareVersions(int[] a, int[] b) {
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            int difference = Integer.compare(i < a.length ? a[i] : 0, i < b.length ? b[i] : 0);
            if (difference != 0) {
                return difference;
            }
        }
        return 0;
    }

    private static List<Path> versionedInstalls() {
        try (Stream<Path> entries = Files.list(INSTALL_ROOT)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("cuda-")).toList();
        } catch (IOException | SecurityException unreadable) {
            return List.of();
        }
    }

    /**
     * NVRTC opens {@code libnvrtc-builtins.so.X.Y} by name when it compiles, which fails when the
     * toolkit folder is not on the loader path. Loading it first from the folder NVRTC came from
     * makes that lookup find the library already in the process.
     */
    private static void preloadBuiltins(Path folder) {
        if (folder == null) {
            return;
        }
        try (Stream<Path> entries = Files.list(folder)) {
            entries.map(p -> p.getFileName().toString())
                    .filter(name -> name.startsWith("libnvrtc-builtins.so."))
                    .min(Comparator.comparingInt(String::length))
                    .ifPresent(name -> NativeLibrary.open(folder.resolve(name).toString()));
        } catch (IOException | SecurityException unreadable) {
            // NVRTC then looks for its builtins itself and reports any failure in its compile log.
        }
    }
}
