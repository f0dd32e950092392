package org.holdfast.kernels.generated;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;
import org.holdfast.tornado.compiler.testing.Toolchain;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every CUDA C file the kernel compiler generated for this module (in target/classes, so in the jar)
 * compiles with {@code nvcc -arch=sm_90 -c}, and its metadata names kernels the file defines.
 */
class GeneratedCudaCompilesTest {

    private static final Path GENERATED = Path.of(System.getProperty("basedir", ""))
            .toAbsolutePath().resolve("target/classes/META-INF/holdfast/kernels");

    @TempDir
    static Path work;

    static List<Path> cudaFiles() throws IOException {
        assertTrue(Files.isDirectory(GENERATED), "no generated CUDA C in " + GENERATED
                + ": the kernel compiler did not run on this module (annotationProcessorPaths in its pom)");
        try (Stream<Path> files = Files.list(GENERATED)) {
            return files.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
        }
    }

    @Test
    void theRedBlackKernelsWereTranslated() throws IOException {
        assertTrue(cudaFiles().contains(GENERATED.resolve("org.holdfast.kernels.RedBlackKernels.cu")), "RedBlackKernels.cu missing");
        assertTrue(cudaFiles().contains(GENERATED.resolve("org.holdfast.kernels.RedBlackKernels3D.cu")), "RedBlackKernels3D.cu missing");
        assertTrue(cudaFiles().contains(GENERATED.resolve("org.holdfast.kernels.ResidentKernels.cu")), "ResidentKernels.cu missing");
    }

    @TestFactory
    Stream<DynamicTest> everyGeneratedFileCompilesWithNvcc() throws IOException {
        List<Path> files = cudaFiles();
        assertFalse(files.isEmpty());
        return files.stream().map(cu -> DynamicTest.dynamicTest(cu.getFileName().toString(), () -> {
            Optional<Path> nvcc = Toolchain.nvcc();
            assumeTrue(nvcc.isPresent(), "nvcc not found on PATH, in $CUDA_HOME/bin or in /usr/local/cuda/bin: skipping the nvcc check");
            Path object = work.resolve(cu.getFileName() + ".o");
            Toolchain.Result result = Toolchain.nvccCompile(nvcc.get(), cu, object, false);
            assertTrue(result.ok(), result::describe);
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyKernelInTheMetadataIsDefined() throws IOException {
        return cudaFiles().stream().map(cu -> DynamicTest.dynamicTest(cu.getFileName().toString(), () -> {
            String name = cu.getFileName().toString();
            Path metadata = cu.resolveSibling(name.substring(0, name.length() - ".cu".length()) + ".properties");
            Properties properties = new Properties();
            try (var in = Files.newInputStream(metadata)) {
                properties.load(in);
            }
            String source = Files.readString(cu);
            for (String kernel : properties.getProperty("kernels", "").split(",")) {
                // A @Specialize'd kernel is one CUDA kernel per value (its instances), each maybe with launch bounds.
                List<String> instances = properties.stringPropertyNames().stream().filter(k -> k.startsWith(kernel + ".instance."))
                        .map(properties::getProperty).toList();
                for (String instance : instances.isEmpty() ? List.of(kernel) : instances) {
                    assertTrue(source.matches("(?s).*extern \"C\" __global__ void (__launch_bounds__\\([0-9, ]+\\) )?"
                            + instance + "\\(.*"), "kernel " + instance + " not in " + name);
                }
                assertTrue(properties.containsKey(kernel + ".barrier") && properties.containsKey(kernel + ".sharedBytes"), kernel);
            }
        }));
    }
}
