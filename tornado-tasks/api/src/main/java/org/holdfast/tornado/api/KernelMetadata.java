package org.holdfast.tornado.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Properties;

/**
 * What the Holdfast kernel compiler generated for a class, read from the class's jar.
 *
 * <p>For each class with kernels, the compiler writes two resources next to the class files:
 * <ul>
 *   <li>{@code META-INF/holdfast/kernels/<binary class name>.cu}: the CUDA C of every kernel and
 *       device function of the class;</li>
 *   <li>{@code META-INF/holdfast/kernels/<binary class name>.properties}: {@code kernels} (the kernel
 *       method names, comma-separated), and for each kernel {@code <name>.barrier} ({@code true} when
 *       the body calls {@code localBarrier()} or allocates block-shared arrays, so that a CPU backend
 *       must run the group's threads concurrently) and {@code <name>.sharedBytes} (its block-shared bytes).</li>
 * </ul>
 * The kernel's CUDA name is the Java method name.
 */
public final class KernelMetadata {

    /** Folder of the generated resources inside a jar. */
    public static final String RESOURCE_FOLDER = "META-INF/holdfast/kernels/";

    private final Class<?> owner;
    private final Properties properties;

    private KernelMetadata(Class<?> owner, Properties properties) {
        this.owner = owner;
        this.properties = properties;
    }

    /** The metadata of {@code owner}'s kernels, if the compiler ran on it. */
    public static Optional<KernelMetadata> of(Class<?> owner) {
        String resource = RESOURCE_FOLDER + owner.getName() + ".properties";
        try (InputStream in = owner.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                return Optional.empty();
            }
            Properties properties = new Properties();
            properties.load(in);
            return Optional.of(new KernelMetadata(owner, properties));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** The generated CUDA C of every kernel of the class. */
    public String cudaSource() {
        String resource = RESOURCE_FOLDER + owner.getName() + ".cu";
        try (InputStream in = owner.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the generated CUDA C of " + owner.getName() + " is missing: " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    public boolean isKernel(Method method) {
        String kernels = properties.getProperty("kernels", "");
        for (String name : kernels.split(",")) {
            if (name.trim().equals(method.getName())) {
                return true;
            }
        }
        return false;
    }

    /** Whether the kernel calls {@code localBarrier()} or allocates block-shared arrays. */
    public boolean usesBarrier(Method kernel) {
        return Boolean.parseBoolean(properties.getProperty(kernel.getName() + ".barrier", "false"));
    }

    /** Bytes of block-shared memory the kernel declares. */
    public int sharedBytes(Method kernel) {
        return Integer.parseInt(properties.getProperty(kernel.getName() + ".sharedBytes", "0"));
    }
}
