package org.holdfast.bench.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.holdfast.bench.mode.BlockCountRule;
import org.holdfast.bench.mode.CliNamed;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.ModeOption;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.mode.OptionValues;
import org.holdfast.bench.mode.RunRequest;
import org.holdfast.bench.mode.UserKernels;
import org.holdfast.kernels.poisson.PoissonProblem;

/**
 * The values an experiment is made of, settable one by one from their text: first from a config
 * file, then from the command line. Each setter checks its value and throws
 * {@link IllegalArgumentException} with a message that does not name where the text came from; the
 * caller adds the file and line, or the option.
 *
 * <p>The keys are the fixed ones below and one per option that a mode of the registry declares
 * ({@code barrier}, {@code schedule}, ...), after the fixed ones that come before {@code watchdog}.
 */
public final class Settings {

    /** Keys every experiment has, before the modes' options (config/default, the built-in defaults, sets these). */
    static final List<String> EXPERIMENT_KEYS = List.of(
            "sizes", "iterations", "modes", "kernels", "blocks", "threads", "repeats", "output");
    /** Keys every experiment has, after the modes' options. */
    private static final List<String> TRAILING_KEYS = List.of("problem", "gpus", "watchdog", "init", "seed", "classpath");
    /** The seed of the random interiors unless one is given. */
    public static final long DEFAULT_SEED = 1;
    /** The value of {@code modes} that means every mode. */
    public static final String ALL = "all";

    private final Modes registry;
    private String name = "default";
    // The defaults of these are config/default's (BuiltInDefaults), set by the constructor.
    private List<Integer> sizes;
    private List<Integer> iterations;
    private List<ModeDescriptor> modes;
    private boolean allModes;
    /** The kernel sources as spelled; a user's class is loaded when the experiment is made, from the classpath. */
    private List<String> kernels;
    /** Where users' kernel classes are looked for (before Holdfast's own class path). */
    private List<Path> classpath = List.of();
    private List<BlockCountRule> blocks;
    private int threads;
    /** Whether the threads were set after the defaults: else each persistent variant runs its own block size. */
    private boolean threadsSet;
    private int repeats;
    private Path output;
    /** The sizes of the built-in defaults, whose iteration counts a config that sets only sizes follows. */
    private final List<Integer> defaultSizes;
    /** Whether the iteration counts were set after the defaults (by a config file or the command line). */
    private boolean iterationsSet;
    private final Map<String, String> options = new LinkedHashMap<>();
    private double watchdog = RunRequest.DEFAULT_WATCHDOG_SECONDS;
    private InitialInterior init = InitialInterior.ZERO;
    private ProblemKind problem = ProblemKind.POISSON2D;
    /** Devices the grid is split over, in bands of rows; 1 runs every mode as it always ran. */
    private int gpus = 1;
    private long seed = DEFAULT_SEED;

    /** Settings over the registry of every mode. */
    public Settings() {
        this(Modes.ALL);
    }

    /** Settings over {@code registry}: its modes are the ones {@code modes} may name, its options are keys. */
    public Settings(Modes registry) {
        this.registry = registry;
        this.modes = registry.list();
        BuiltInDefaults.applyTo(this);
        defaultSizes = sizes;
        iterationsSet = false;
        threadsSet = false;
    }

    /**
     * Says that what was set so far are the defaults (the config file {@code default}, read when no {@code --config} is
     * given): threads set there are not asked for, so each persistent variant still runs its own.
     */
    public void settledAsDefaults() {
        threadsSet = false;
    }

    /** Every key a config file may hold, in the order the help lists them. */
    public List<String> keys() {
        List<String> keys = new ArrayList<>(EXPERIMENT_KEYS);
        registry.options().forEach(option -> keys.add(option.name()));
        keys.addAll(TRAILING_KEYS);
        return List.copyOf(keys);
    }

    /** Sets {@code key} from {@code value}; the key must be one of {@link #keys()}. */
    public void set(String key, String value) {
        switch (key) {
            case "sizes" -> setSizes(value);
            case "iterations" -> setIterations(value);
            case "modes" -> setModes(value);
            case "kernels" -> setKernels(value);
            case "blocks" -> setBlocks(value);
            case "threads" -> setThreads(value);
            case "repeats" -> repeats = positive(value, "repeats");
            case "output" -> setOutput(value);
            case "watchdog" -> setWatchdog(value);
            case "problem" -> problem = parseOne(value, "problem", ProblemKind.class);
            case "gpus" -> gpus = positive(value, "gpus");
            case "init" -> init = parseOne(value, "init", InitialInterior.class);
            case "seed" -> seed = wholeLong(value.trim(), "seed");
            case "classpath" -> setClasspath(value);
            default -> setOption(key, value);
        }
    }

    private void setOption(String key, String value) {
        ModeOption option = registry.options().stream().filter(o -> o.name().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown key '" + key + "' (keys: " + String.join(", ", keys()) + ")"));
        options.put(key, option.parse(value));
    }

    public void setName(String configName) {
        this.name = configName;
    }

    /**
     * Sizes from the command line over a config's: when the config gave an iteration count per size,
     * each new size takes the count of the nearest old one, so "-n 101" on a config that sweeps
     * 11, 101, 1001 keeps its count for 101.
     */
    public void overrideSizes(String value) {
        List<Integer> previous = sizes;
        setSizes(value);
        if (iterationsSet && iterations.size() > 1 && iterations.size() == previous.size()) {
            iterations = followNearest(previous, iterations, sizes);
        }
    }

    private void setSizes(String value) {
        List<Integer> parsed = new ArrayList<>();
        for (String item : items(value, "sizes")) {
            int n = wholeNumber(item, "N", 3, PoissonProblem.MAX_N);
            if (n < 3) {
                throw new IllegalArgumentException("N must be at least 3 (one interior point), got " + n);
            }
            if (n > PoissonProblem.MAX_N) {
                throw new IllegalArgumentException("N = " + n + " is too large: a Java array holds at most 2^31-1 elements, so N <= "
                        + PoissonProblem.MAX_N);
            }
            if (parsed.contains(n)) {
                throw new IllegalArgumentException("N = " + n + " is listed twice");
            }
            parsed.add(n);
        }
        sizes = List.copyOf(parsed);
    }

    /** Each of {@code newSizes} takes the count of the nearest of {@code oldSizes}. */
    private static List<Integer> followNearest(List<Integer> oldSizes, List<Integer> counts, List<Integer> newSizes) {
        List<Integer> carried = new ArrayList<>();
        for (int n : newSizes) {
            int nearest = 0;
            for (int k = 1; k < oldSizes.size(); k++) {
                if (Math.abs(oldSizes.get(k) - n) < Math.abs(oldSizes.get(nearest) - n)) {
                    nearest = k;
                }
            }
            carried.add(counts.get(nearest));
        }
        return List.copyOf(carried);
    }

    private void setIterations(String value) {
        List<Integer> parsed = new ArrayList<>();
        for (String item : items(value, "iterations")) {
            int count = wholeNumber(item, "iterations", 1, Integer.MAX_VALUE);
            if (count < 1) {
                throw new IllegalArgumentException("iterations must be at least 1, got " + count);
            }
            parsed.add(count);
        }
        iterations = List.copyOf(parsed);
        iterationsSet = true;
    }

    private void setModes(String value) {
        List<String> names = items(value, "modes");
        if (names.contains(ALL)) {
            if (names.size() > 1) {
                throw new IllegalArgumentException("'all' means every mode: give it alone, not in a list with "
                        + String.join(", ", names.stream().filter(n -> !n.equals(ALL)).toList()));
            }
            modes = registry.list();
            allModes = true;
            return;
        }
        List<ModeDescriptor> parsed = new ArrayList<>();
        for (String item : names) {
            ModeDescriptor mode = registry.parse(item);
            if (parsed.contains(mode)) {
                throw new IllegalArgumentException("mode '" + item + "' is listed twice");
            }
            parsed.add(mode);
        }
        modes = List.copyOf(parsed);
        allModes = false;
    }

    private void setKernels(String value) {
        List<String> parsed = new ArrayList<>();
        for (String item : items(value, "kernel sources")) {
            boolean user = item.startsWith(KernelSource.USER_PREFIX) && item.length() > KernelSource.USER_PREFIX.length();
            if (!user && !item.equals(KernelSource.JAVA.cliName()) && !item.equals(KernelSource.NATIVE.cliName())
                    && !item.equals(KernelSource.AUTO.cliName())) {
                throw new IllegalArgumentException("unknown kernel source '" + item + "' (choose from: " + KernelSource.names() + ")");
            }
            if (parsed.contains(item)) {
                throw new IllegalArgumentException("kernel source '" + item + "' is listed twice");
            }
            parsed.add(item);
        }
        if (parsed.size() > 1 && parsed.contains(KernelSource.AUTO.cliName())) {
            throw new IllegalArgumentException("kernel source 'auto' (each mode's own) stands alone, not in a list with others");
        }
        kernels = List.copyOf(parsed);
    }

    /** Folders and jars separated by the platform's path separator ({@code :}), as for {@code java -cp}. */
    private void setClasspath(String value) {
        List<Path> entries = new ArrayList<>();
        for (String entry : value.split(java.util.regex.Pattern.quote(java.io.File.pathSeparator), -1)) {
            if (entry.isBlank()) {
                throw new IllegalArgumentException("the class path '" + value.trim() + "' has an empty entry");
            }
            entries.add(Path.of(entry.trim()));
        }
        classpath = List.copyOf(entries);
    }

    /** The kernel sources, a user's class loaded from the class path and checked (its errors name what is missing). */
    private List<KernelSource> kernelSources() {
        List<KernelSource> sources = new ArrayList<>();
        for (String name : kernels) {
            sources.add(name.equals(KernelSource.AUTO.cliName()) ? KernelSource.AUTO
                    : name.equals(KernelSource.JAVA.cliName()) ? KernelSource.JAVA
                    : name.equals(KernelSource.NATIVE.cliName()) ? KernelSource.NATIVE
                    : KernelSource.of(UserKernels.load(name.substring(KernelSource.USER_PREFIX.length()), classpath)));
        }
        return List.copyOf(sources);
    }

    private void setBlocks(String value) {
        List<BlockCountRule> rules = new ArrayList<>();
        for (String item : items(value, "block-count rules")) {
            BlockCountRule rule = BlockCountRule.parse(item);
            if (rules.stream().anyMatch(r -> r.spelling().equals(rule.spelling()))) {
                throw new IllegalArgumentException("block-count rule '" + item + "' is listed twice");
            }
            rules.add(rule);
        }
        blocks = List.copyOf(rules);
    }

    private void setThreads(String value) {
        int count = wholeNumber(value.trim(), "threads", 32, 1024);
        if (count < 32 || count > 1024 || count % 32 != 0) {
            throw new IllegalArgumentException("threads per block must be a multiple of 32 from 32 to 1024, got " + count);
        }
        threads = count;
        threadsSet = true;
    }

    private void setOutput(String value) {
        if (value.isBlank()) {
            throw new IllegalArgumentException("the output folder is empty");
        }
        output = Path.of(value.trim());
    }

    private void setWatchdog(String value) {
        try {
            double seconds = Double.parseDouble(value.trim());
            if (!(seconds > 0) || seconds > 3600) {
                throw new IllegalArgumentException("watchdog must be more than 0 and at most 3600 seconds, got " + value.trim());
            }
            watchdog = seconds;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("watchdog must be a number of seconds, got '" + value.trim() + "'", e);
        }
    }

    /**
     * The finished experiment; fails when the lists do not fit together. Sizes set without iteration
     * counts take the default count of the nearest default size.
     */
    public Experiment toExperiment() {
        List<Integer> perSize = iterationsSet || iterations.size() == 1 ? iterations
                : followNearest(defaultSizes, iterations, sizes);
        if (perSize.size() == 1) {
            perSize = java.util.Collections.nCopies(sizes.size(), perSize.get(0));
        } else if (perSize.size() != sizes.size()) {
            throw new IllegalArgumentException("iterations lists " + perSize.size() + " counts for " + sizes.size()
                    + " sizes: give one count, or one per size");
        }
        for (int n : sizes) {
            problem.at(n); // the cube holds fewer points per side than the square: say so before anything runs
        }
        List<KernelSource> sources = kernelSources();
        for (KernelSource source : sources) {
            source.userKernels().ifPresent(user -> requireSolves(source, user, problem));
        }
        Path folder = output != null ? output : Path.of("results", name);
        Map<String, String> values = new LinkedHashMap<>(registry.defaults().byName());
        values.putAll(options);
        return new Experiment(name, problem, sizes, perSize, modes, allModes, sources, blocks, threads, threadsSet, repeats, folder,
                new OptionValues(values), watchdog, init, seed, gpus);
    }

    /** The items of a comma-separated list; an empty item ({@code 11,,101}) is refused, not skipped. */
    private static List<String> items(String value, String what) {
        List<String> items = new ArrayList<>();
        for (String item : value.split(",", -1)) {
            items.add(item.trim());
        }
        if (items.stream().allMatch(String::isEmpty)) {
            throw new IllegalArgumentException("the list of " + what + " is empty");
        }
        if (items.contains("")) {
            throw new IllegalArgumentException("the list of " + what + " has an empty item: '" + value.trim() + "'");
        }
        return items;
    }

    /**
     * A whole number; {@code min} and {@code max} only name the range in the message about text that is
     * not a number in it (the callers check the range, with messages of their own).
     */
    private static int wholeNumber(String text, String what, int min, int max) {
        try {
            return Integer.parseInt(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a whole number from " + min + " to " + max + ", got '"
                    + text + "'", e);
        }
    }

    private static long wholeLong(String text, String what) {
        try {
            return Long.parseLong(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a whole number, got '" + text + "'", e);
        }
    }

    private static int positive(String value, String what) {
        int count = wholeNumber(value.trim(), what, 1, Integer.MAX_VALUE);
        if (count < 1) {
            throw new IllegalArgumentException(what + " must be at least 1, got " + count);
        }
        return count;
    }

    private static <E extends Enum<E> & CliNamed> E parseOne(String value, String what, Class<E> type) {
        return CliNamed.parse(type, value.trim()).orElseThrow(() -> new IllegalArgumentException(
                "unknown " + what + " '" + value.trim() + "' (choose from: " + CliNamed.names(type) + ")"));
    }


    /** A class of one's own runs only on the problem it solves ({@code @Solves}; the square without one). */
    private static void requireSolves(KernelSource source, UserKernels user, ProblemKind problem) {
        String what = "--kernels " + source.cliName() + ": ";
        boolean known = Arrays.stream(ProblemKind.values()).anyMatch(kind -> kind.cliName().equals(user.problem()));
        if (!known) {
            throw new IllegalArgumentException(what + user.className() + "'s @Solves(\"" + user.problem() + "\") names no problem"
                    + " Holdfast has: " + Arrays.stream(ProblemKind.values()).map(ProblemKind::cliName)
                            .collect(Collectors.joining(", ")));
        }
        if (!user.problem().equals(problem.cliName())) {
            throw new IllegalArgumentException(what + user.className() + " solves " + user.problem() + " ("
                    + (user.namesItsProblem() ? "its @Solves" : "a class without @Solves solves the square") + "; docs/user-kernels.md),"
                    + " not " + problem.cliName() + ": run it with --problem " + user.problem());
        }
    }
}
