package org.holdfast.tornado.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;

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
 *       must run the group's threads concurrently), {@code <name>.sharedBytes} (its static block-shared
 *       bytes) and {@code <name>.dynamicShared} (it takes the launch's dynamic shared memory);
 *       for a {@link Persistent} kernel {@code <name>.persistent=true}, {@code <name>.threadsPerBlock} and
 *       {@code <name>.gridBarrier} (whether it waits at the grid barrier); for a {@link Cluster} kernel
 *       {@code <name>.clusterSize} ({@code grid} for {@link Cluster#WHOLE_GRID}); for a kernel with {@link Specialize} parameters
 *       {@code <name>.specialized} (their indices among the Java parameters, comma-separated) and, per
 *       combination of values, {@code <name>.instance.<v1>,<v2>...=<CUDA name>}. Keys that are absent
 *       take their defaults (false, 0, 1, none).</li>
 * </ul>
 * The kernel's CUDA name is the Java method name, or for a specialised kernel the instance's
 * ({@link #cudaName(Method, List)}), whose CUDA parameters leave the specialised ones out. A persistent kernel's CUDA signature has two
 * parameters after the Java ones: the launch's control block ({@link #CONTROL_BLOCK_BYTES} bytes of
 * device memory the backend zeroes) and the watchdog's timeout in nanoseconds ({@code long long}).
 */
public final class KernelMetadata {

    /** Folder of the generated resources inside a jar. */
    public static final String RESOURCE_FOLDER = "META-INF/holdfast/kernels/";

    /**
     * Bytes of a persistent kernel's control block: three 128-byte lines, as native-hip's
     * {@code ControlBlock}: the error word (wait code, block, step, index as four ints), the grid
     * barrier's arrival count, and its release generation.
     */
    public static final int CONTROL_BLOCK_BYTES = 3 * 128;

    /** The metadata's value of {@code <name>.clusterSize} for a {@link Cluster#WHOLE_GRID} kernel. */
    public static final String WHOLE_GRID_CLUSTER = "grid";

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

    /**
     * Whether the kernel takes the group's dynamic shared memory ({@code context.dynamicSharedDoubles()}
     * or Floats, Ints, Longs), whose size the task's worker grid must give.
     */
    public boolean usesDynamicShared(Method kernel) {
        return Boolean.parseBoolean(properties.getProperty(kernel.getName() + ".dynamicShared", "false"));
    }

    /** Whether the kernel is {@link Persistent}: launched co-resident, with the control block and watchdog after its parameters. */
    public boolean isPersistent(Method kernel) {
        return Boolean.parseBoolean(properties.getProperty(kernel.getName() + ".persistent", "false"));
    }

    /** A persistent kernel's threads per group when the plan names no worker grid for it. */
    public int threadsPerBlock(Method kernel) {
        return Integer.parseInt(properties.getProperty(kernel.getName() + ".threadsPerBlock",
                Integer.toString(Persistent.DEFAULT_THREADS_PER_BLOCK)));
    }

    /** Whether the kernel, or a device function it calls, waits at the grid barrier. */
    public boolean usesGridBarrier(Method kernel) {
        return Boolean.parseBoolean(properties.getProperty(kernel.getName() + ".gridBarrier", "false"));
    }

    /** The indices (among the Java parameters, a KernelContext included) of the kernel's {@link Specialize} parameters; empty without. */
    public List<Integer> specializedParameters(Method kernel) {
        String listed = properties.getProperty(kernel.getName() + ".specialized", "").trim();
        if (listed.isEmpty()) {
            return List.of();
        }
        return Arrays.stream(listed.split(",")).map(String::trim).map(Integer::valueOf).toList();
    }

    /**
     * The CUDA name of the kernel launched with {@code args} (its Java arguments in order): the
     * method's name, or for a specialised kernel the instance compiled for the values of its
     * specialised arguments.
     *
     * @throws IllegalArgumentException when no instance was compiled for those values
     */
    public String cudaName(Method kernel, List<Object> args) {
        List<Integer> specialized = specializedParameters(kernel);
        if (specialized.isEmpty()) {
            return kernel.getName();
        }
        String values = specialized.stream().map(i -> String.valueOf(args.get(i))).collect(Collectors.joining(","));
        String instance = properties.getProperty(kernel.getName() + ".instance." + values);
        if (instance == null) {
            String prefix = kernel.getName() + ".instance.";
            String compiled = properties.stringPropertyNames().stream().filter(k -> k.startsWith(prefix))
                    .map(k -> "(" + k.substring(prefix.length()) + ")").sorted().collect(Collectors.joining(", "));
            throw new IllegalArgumentException(kernel.getName() + " is compiled for its @Specialize parameters "
                    + specialized.stream().map(i -> "#" + (i + 1)).collect(Collectors.joining(", ")) + " = " + compiled
                    + ", not (" + values + ")");
        }
        return instance;
    }

    /** The CUDA names of the kernel's instances: its own name, or one per combination of its specialised values. */
    public List<String> instances(Method kernel) {
        if (specializedParameters(kernel).isEmpty()) {
            return List.of(kernel.getName());
        }
        String prefix = kernel.getName() + ".instance.";
        return properties.stringPropertyNames().stream().filter(k -> k.startsWith(prefix)).map(properties::getProperty)
                .sorted().toList();
    }

    /**
     * Groups per cluster ({@link Cluster}); 1 for a kernel launched without clusters, {@link Cluster#WHOLE_GRID}
     * for one whose grid is one cluster (written {@code grid} in the metadata).
     */
    public int clusterSize(Method kernel) {
        String size = properties.getProperty(kernel.getName() + ".clusterSize", "1");
        return size.equals(WHOLE_GRID_CLUSTER) ? Cluster.WHOLE_GRID : Integer.parseInt(size);
    }

    /** Whether the kernel runs in clusters ({@link Cluster}): its groups must all run at once. */
    public boolean isCluster(Method kernel) {
        int size = clusterSize(kernel);
        return size > 1 || size == Cluster.WHOLE_GRID;
    }
}
