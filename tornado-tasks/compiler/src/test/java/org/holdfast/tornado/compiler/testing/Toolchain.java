package org.holdfast.tornado.compiler.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** The native tools the tests use (nvcc, g++): where they are, and running them. */
public final class Toolchain {

    /** What a tool printed and how it ended. */
    public record Result(List<String> command, int exitCode, String output) {

        public boolean ok() {
            return exitCode == 0;
        }

        /** A message for a failed assertion: the command and everything it printed. */
        public String describe() {
            return String.join(" ", command) + " exited with " + exitCode + ":\n" + output;
        }
    }

    private static final long TIMEOUT_SECONDS = 300;

    private Toolchain() {
    }

    /** nvcc on the PATH, in $CUDA_HOME/bin or in /usr/local/cuda/bin. */
    public static Optional<Path> nvcc() {
        List<Path> extra = new ArrayList<>();
        String cudaHome = System.getenv("CUDA_HOME");
        if (cudaHome != null) {
            extra.add(Path.of(cudaHome, "bin", "nvcc"));
        }
        extra.add(Path.of("/usr/local/cuda/bin/nvcc"));
        return find("nvcc", extra);
    }

    /** g++ on the PATH or in /usr/bin. */
    public static Optional<Path> gxx() {
        return find("g++", List.of(Path.of("/usr/bin/g++")));
    }

    private static Optional<Path> find(String name, List<Path> extra) {
        String path = System.getenv("PATH");
        List<Path> candidates = new ArrayList<>();
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    candidates.add(Path.of(dir, name));
                }
            }
        }
        candidates.addAll(extra);
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    /**
     * Compiles CUDA C to an object file for the H200 ({@code -arch=sm_90}), the way a build check would:
     * {@code nvcc -arch=sm_90 -c}, plus {@code -Werror all-warnings} when {@code warningsAreErrors}.
     */
    public static Result nvccCompile(Path nvcc, Path cu, Path object, boolean warningsAreErrors) throws IOException {
        List<String> command = new ArrayList<>(List.of(nvcc.toString(), "-arch=sm_90", "-c", cu.toString(), "-o", object.toString()));
        if (warningsAreErrors) {
            command.addAll(List.of("-Werror", "all-warnings"));
        }
        return run(command, cu.toAbsolutePath().getParent());
    }

    /** Runs a command in {@code dir}, collecting its output. */
    public static Result run(List<String> command, Path dir) throws IOException {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result(command, -1, output + "\n(timed out after " + TIMEOUT_SECONDS + " s)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException("interrupted while running " + command.get(0), e);
        }
        return new Result(command, process.exitValue(), output);
    }
}
