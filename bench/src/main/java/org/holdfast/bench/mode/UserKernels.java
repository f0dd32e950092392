package org.holdfast.bench.mode;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.holdfast.kernels.PersistentTaskGraph;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.tornado.api.Cluster;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.Persistent;
import org.holdfast.tornado.api.Solves;

/**
 * A user's class of red-black kernels ({@code --kernels java:org.example.MyKernels}), loaded from
 * {@code --classpath} and checked against the contract of {@code docs/user-kernels.md}. It has the
 * standard pair, or the persistent kernel, or both:
 * <ul>
 *   <li>{@code @Kernel public static void red(KernelContext context, double[] u, double[] f, int n, double h2)}
 *       and {@code black(...)} with the same parameters: one half-sweep each, launched one after the
 *       other per iteration by the standard modes (and the CPU modes);</li>
 *   <li>{@code @Kernel @Persistent public static void solve(KernelContext context, double[] u, double[] f, int n,
 *       double h2, int iterations)}: every iteration in one launch, run by {@code persistent-grid} (and the
 *       CPU modes when the class has no standard pair); with {@code @Cluster} too, a cluster kernel, launched as one
 *       cluster with the dynamic shared bytes of the class's {@code public static int sharedBytes(int n, int blocks)}
 *       ({@link UserClusterLaunch}).</li>
 * </ul>
 * The class is its own reference: rows that run it are checked against the same class on the CPU. It solves
 * the problem its {@code @Solves} names ({@code poisson3d}: u and f are the N³ cube), the square without one.
 */
public final class UserKernels {

    /** The standard pair's names. */
    public static final String RED = "red";
    public static final String BLACK = "black";
    /** The persistent kernel's name. */
    public static final String SOLVE = "solve";
    /** The method of a cluster solve's class that sizes each block's dynamic shared memory. */
    public static final String SHARED_BYTES = "sharedBytes";
    /** Its signature, as the contract and the messages spell it. */
    public static final String SHARED_BYTES_SIGNATURE = "public static int sharedBytes(int n, int blocks)";

    private static final List<Class<?>> HALF_SWEEP = List.of(KernelContext.class, double[].class, double[].class, int.class,
            double.class);
    private static final List<Class<?>> WHOLE_SOLVE = List.of(KernelContext.class, double[].class, double[].class, int.class,
            double.class, int.class);
    private static final String HALF_SWEEP_SIGNATURE = "(KernelContext context, double[] u, double[] f, int n, double h2)";
    private static final String SOLVE_SIGNATURE = "(KernelContext context, double[] u, double[] f, int n, double h2, int iterations)";

    private final Class<?> owner;
    private final Method red;
    private final Method black;
    private final Method solve;
    /** A cluster solve's {@code sharedBytes}; null for a class without a cluster solve. */
    private final Method sharedBytes;

    private UserKernels(Class<?> owner, Method red, Method black, Method solve, Method sharedBytes) {
        this.owner = owner;
        this.red = red;
        this.black = black;
        this.solve = solve;
        this.sharedBytes = sharedBytes;
    }

    /**
     * Loads {@code className} from {@code classpath} (folders and jars, searched before Holdfast's own
     * class path) and checks it.
     *
     * @throws IllegalArgumentException with one line that says what is missing and what to do
     */
    public static UserKernels load(String className, List<Path> classpath) {
        String what = "--kernels " + KernelSource.USER_PREFIX + className;
        if (!className.matches("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*(\\.[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*)*")) {
            throw new IllegalArgumentException(what + ": '" + className + "' is not a class name (give its package too:"
                    + " java:org.example.MyKernels)");
        }
        for (Path entry : classpath) {
            if (!Files.exists(entry)) {
                throw new IllegalArgumentException(what + ": the --classpath entry " + entry + " does not exist");
            }
        }
        Class<?> owner;
        try {
            owner = Class.forName(className, true, loader(classpath));
        } catch (ClassNotFoundException | LinkageError e) {
            String where = classpath.isEmpty() ? "Holdfast's class path (give yours with --classpath)"
                    : "--classpath " + classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
            throw new IllegalArgumentException(what + ": " + (e instanceof ClassNotFoundException ? "no class " + className + " on "
                    + where : "cannot load " + className + ": " + e));
        }
        KernelMetadata metadata = KernelMetadata.of(owner).orElseThrow(() -> new IllegalArgumentException(what + ": "
                + className + " has no CUDA C from the Holdfast kernel compiler: compile it with holdfast.jar as the annotation"
                + " processor path (javac -cp holdfast.jar -processorpath holdfast.jar ...); docs/user-kernels.md"));
        Method red = kernel(owner, metadata, RED, HALF_SWEEP, HALF_SWEEP_SIGNATURE, false);
        Method black = kernel(owner, metadata, BLACK, HALF_SWEEP, HALF_SWEEP_SIGNATURE, false);
        Method solve = kernel(owner, metadata, SOLVE, WHOLE_SOLVE, SOLVE_SIGNATURE, true);
        if ((red == null) != (black == null)) {
            throw new IllegalArgumentException(what + ": " + className + " has " + (red == null ? BLACK : RED) + " but not "
                    + (red == null ? RED : BLACK) + ": the standard launches need both, @Kernel public static void "
                    + (red == null ? RED : BLACK) + HALF_SWEEP_SIGNATURE);
        }
        if (red == null && solve == null) {
            throw new IllegalArgumentException(what + ": " + className + " has neither the standard pair (@Kernel public static"
                    + " void red" + HALF_SWEEP_SIGNATURE + " and black) nor the persistent kernel (@Kernel @Persistent public"
                    + " static void solve" + SOLVE_SIGNATURE + "); docs/user-kernels.md");
        }
        return new UserKernels(owner, red, black, solve, solve != null && solve.isAnnotationPresent(Cluster.class)
                ? sharedBytesOf(owner, what) : null);
    }

    /** A cluster solve's class's {@value #SHARED_BYTES}, checked. */
    private static Method sharedBytesOf(Class<?> owner, String what) {
        String where = what + ": " + owner.getSimpleName();
        List<Method> named = Arrays.stream(owner.getDeclaredMethods()).filter(m -> m.getName().equals(SHARED_BYTES)).toList();
        if (named.isEmpty()) {
            throw new IllegalArgumentException(where + ".solve runs in a cluster (@Cluster), so " + owner.getSimpleName() + " needs "
                    + SHARED_BYTES_SIGNATURE + ": each block's dynamic shared memory; docs/user-kernels.md");
        }
        Method method = named.get(0);
        boolean shaped = named.size() == 1 && List.of(method.getParameterTypes()).equals(List.of(int.class, int.class))
                && method.getReturnType() == int.class && Modifier.isStatic(method.getModifiers())
                && Modifier.isPublic(method.getModifiers());
        if (!shaped) {
            throw new IllegalArgumentException(where + "." + SHARED_BYTES + " must be " + SHARED_BYTES_SIGNATURE
                    + ": each block's dynamic shared memory for a cluster solve");
        }
        return method;
    }

    private static ClassLoader loader(List<Path> classpath) {
        ClassLoader parent = UserKernels.class.getClassLoader();
        if (classpath.isEmpty()) {
            return parent;
        }
        List<URL> urls = new ArrayList<>();
        for (Path entry : classpath) {
            try {
                urls.add(entry.toAbsolutePath().toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("--classpath: " + entry + " is not a path to a folder or jar", e);
            }
        }
        // Never closed: the classes it loads stay in use until the process ends.
        return new URLClassLoader("holdfast-user-kernels", urls.toArray(URL[]::new), parent);
    }

    /** The method {@code name} of the contract, checked; null when the class has no method of that name. */
    private static Method kernel(Class<?> owner, KernelMetadata metadata, String name, List<Class<?>> parameters, String signature,
            boolean persistent) {
        List<Method> named = Arrays.stream(owner.getDeclaredMethods()).filter(m -> m.getName().equals(name)).toList();
        if (named.isEmpty()) {
            return null;
        }
        String expected = "@Kernel " + (persistent ? "@Persistent " : "") + "public static void " + name + signature;
        String where = "--kernels " + KernelSource.USER_PREFIX + owner.getName() + ": " + owner.getSimpleName() + "." + name;
        Method method = named.get(0);
        boolean shaped = named.size() == 1 && List.of(method.getParameterTypes()).equals(parameters)
                && method.getReturnType() == void.class && Modifier.isStatic(method.getModifiers())
                && Modifier.isPublic(method.getModifiers()) && Modifier.isPublic(owner.getModifiers());
        if (!shaped) {
            throw new IllegalArgumentException(where + " must be " + expected + (Modifier.isPublic(owner.getModifiers()) ? ""
                    : ", in a public class"));
        }
        if (!method.isAnnotationPresent(Kernel.class) || !metadata.isKernel(method)) {
            throw new IllegalArgumentException(where + " is not a @Kernel the Holdfast kernel compiler translated: it must be "
                    + expected);
        }
        if (method.isAnnotationPresent(Persistent.class) != persistent) {
            throw new IllegalArgumentException(where + (persistent ? " must be @Persistent: it runs every iteration in one launch"
                    : " must not be @Persistent: it is one half-sweep of a standard launch") + " (" + expected + ")");
        }
        if (!persistent && method.isAnnotationPresent(Cluster.class)) {
            throw new IllegalArgumentException(where + " must not be @Cluster: it is one half-sweep of a standard launch, on the"
                    + " block-count rule's grid (" + expected + "; a cluster kernel is a @Persistent @Cluster solve)");
        }
        return method;
    }

    /** The problem the class solves, by its name: its {@code @Solves}, {@value PoissonProblem#NAME} without one. */
    public String problem() {
        Solves solves = owner.getAnnotation(Solves.class);
        return solves == null ? PoissonProblem.NAME : solves.value();
    }

    /** Whether the class names its problem with {@code @Solves}. */
    public boolean namesItsProblem() {
        return owner.isAnnotationPresent(Solves.class);
    }

    /** The class's binary name. */
    public String className() {
        return owner.getName();
    }

    public Class<?> owner() {
        return owner;
    }

    /** The standard pair, red then black, when the class has it. */
    public Optional<List<Method>> halfSweeps() {
        return red == null ? Optional.empty() : Optional.of(List.of(red, black));
    }

    /** The persistent kernel, when the class has it. */
    public Optional<Method> solve() {
        return Optional.ofNullable(solve);
    }

    /** Whether the persistent kernel is a cluster kernel ({@code @Cluster}), launched as {@link #clusterLaunch} says. */
    public boolean clusterSolve() {
        return sharedBytes != null;
    }

    /**
     * How the cluster solve is launched at {@code n} (the contract's rule: one cluster of the kernel's {@code @Cluster}
     * size, or of min(16, n - 2) blocks for the whole grid, and the class's {@value #SHARED_BYTES}).
     *
     * @throws IllegalStateException with one line where {@value #SHARED_BYTES} fails or gives a negative count
     */
    public UserClusterLaunch clusterLaunch(int n) {
        int size = solve.getAnnotation(Cluster.class).value();
        int blocks = size == Cluster.WHOLE_GRID ? Math.max(1, Math.min(Cluster.MAX_SIZE, n - 2)) : size;
        String call = owner.getName() + "." + SHARED_BYTES + "(" + n + ", " + blocks + ")";
        int bytes;
        try {
            bytes = (int) sharedBytes.invoke(null, n, blocks);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(call + " threw " + e.getCause(), e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(call + ": " + e.getMessage(), e);
        }
        if (bytes < 0) {
            throw new IllegalStateException(call + " gave " + bytes + " bytes of dynamic shared memory per block, fewer than 0"
                    + " (docs/user-kernels.md)");
        }
        return new UserClusterLaunch(blocks, solve.getAnnotation(Persistent.class).threadsPerBlock(), bytes);
    }

    /** The cluster solve's launch rule in words, for the kernels a mode runs. */
    public String clusterRule() {
        int size = solve.getAnnotation(Cluster.class).value();
        return "one cluster of " + (size == Cluster.WHOLE_GRID ? "min(16, N - 2)" : Integer.toString(size)) + " blocks of "
                + solve.getAnnotation(Persistent.class).threadsPerBlock() + " threads, " + owner.getSimpleName() + "." + SHARED_BYTES
                + "(N, blocks) bytes of dynamic shared memory each";
    }

    /**
     * The persistent kernel on the CPU, on {@code u} in place: a cluster solve as {@link #clusterLaunch} says, else with
     * every group at once on the grid the CPU backend chooses.
     */
    public PersistentTaskGraph solveOnCpu(Problem problem, double[] u, double[] f, int iterations) {
        return clusterSolve() ? clusterLaunch(problem.n()).graph(solve, problem, u, f, iterations)
                : PersistentTaskGraph.of(solve, problem, u, f, iterations, 0, 0);
    }

    /** The standard pair for a standard launch, or the reason this class cannot run in one. */
    public List<Method> halfSweepsForStandardLaunches() {
        return halfSweeps().orElseThrow(() -> new ModeUnavailableException(className() + " has no standard pair (red and black)"
                + " for the standard launches; its solve runs in persistent-grid and the CPU modes"));
    }

    /** The persistent kernel for mode {@code mode}, or the reason it cannot run this class. */
    public Method solveFor(String mode) {
        return solve().orElseThrow(() -> new ModeUnavailableException(className() + " has no persistent kernel (solve) for "
                + mode + "; its red and black run in the standard modes"));
    }

    @Override
    public String toString() {
        return className();
    }
}
