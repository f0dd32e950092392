package org.holdfast.bench.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.holdfast.bench.mode.BlockCountRule;
import org.holdfast.bench.mode.CliNamed;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.ModeOption;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.mode.OptionValues;
import org.holdfast.bench.mode.RunRequest;
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

    /** Keys every experiment has, before the modes' options. */
    private static final List<String> LEADING_KEYS = List.of(
            "sizes", "iterations", "modes", "kernels", "blocks", "threads", "repeats", "output");
    /** Keys every experiment has, after the modes' options. */
    private static final List<String> TRAILING_KEYS = List.of("watchdog", "init", "seed");
    /** The seed of the random interiors unless one is given. */
    public static final long DEFAULT_SEED = 1;

    private final Modes registry;
    private String name = "default";
    private List<Integer> sizes = List.of(11, 101, 1001);
    private List<Integer> iterations = List.of(1000);
    private List<ModeDescriptor> modes;
    private boolean allModes = true;
    private List<KernelSource> kernels = List.of(KernelSource.JAVA);
    private List<BlockCountRule> blocks = List.of(BlockCountRule.parse("auto"));
    private int threads = RunRequest.DEFAULT_THREADS;
    private int repeats = 5;
    private Path output;
    private final Map<String, String> options = new LinkedHashMap<>();
    private double watchdog = RunRequest.DEFAULT_WATCHDOG_SECONDS;
    private InitialInterior init = InitialInterior.ZERO;
    private long seed = DEFAULT_SEED;

    /** Settings over the registry of every mode. */
    public Settings() {
        this(Modes.ALL);
    }

    /** Settings over {@code registry}: its modes are the ones {@code modes} may name, its options are keys. */
    public Settings(Modes registry) {
        this.registry = registry;
        this.modes = registry.list();
    }

    /** Every key a config file may hold, in the order the help lists them. */
    public List<String> keys() {
        List<String> keys = new ArrayList<>(LEADING_KEYS);
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
            case "kernels" -> kernels = parseList(value, "kernel source", KernelSource.class);
            case "blocks" -> setBlocks(value);
            case "threads" -> setThreads(value);
            case "repeats" -> repeats = positive(value, "repeats");
            case "output" -> setOutput(value);
            case "watchdog" -> setWatchdog(value);
            case "init" -> init = parseOne(value, "init", InitialInterior.class);
            case "seed" -> seed = wholeLong(value.trim(), "seed");
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
        if (iterations.size() > 1 && iterations.size() == previous.size()) {
            iterations = followNearest(previous, iterations, sizes);
        }
    }

    private void setSizes(String value) {
        List<Integer> parsed = new ArrayList<>();
        for (String item : items(value, "sizes")) {
            int n = wholeNumber(item, "N");
            if (n < 3) {
                throw new IllegalArgumentException("N must be at least 3 (one interior point), got " + n);
            }
            if (n > PoissonProblem.MAX_N) {
                throw new IllegalArgumentException("N = " + n + " is too large: a Java array holds at most 2^31-1 elements, so N <= "
                        + PoissonProblem.MAX_N);
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
            int count = wholeNumber(item, "iterations");
            if (count < 1) {
                throw new IllegalArgumentException("iterations must be at least 1, got " + count);
            }
            parsed.add(count);
        }
        iterations = List.copyOf(parsed);
    }

    private void setModes(String value) {
        if (value.trim().equals("all")) {
            modes = registry.list();
            allModes = true;
            return;
        }
        List<ModeDescriptor> parsed = new ArrayList<>();
        for (String item : items(value, "modes")) {
            ModeDescriptor mode = registry.parse(item);
            if (!parsed.contains(mode)) {
                parsed.add(mode);
            }
        }
        modes = List.copyOf(parsed);
        allModes = false;
    }

    private void setBlocks(String value) {
        List<BlockCountRule> rules = new ArrayList<>();
        for (String item : items(value, "block-count rules")) {
            BlockCountRule rule = BlockCountRule.parse(item);
            if (rules.stream().noneMatch(r -> r.spelling().equals(rule.spelling()))) {
                rules.add(rule);
            }
        }
        blocks = List.copyOf(rules);
    }

    private void setThreads(String value) {
        int count = wholeNumber(value.trim(), "threads");
        if (count < 32 || count > 1024 || count % 32 != 0) {
            throw new IllegalArgumentException("threads per block must be a multiple of 32 from 32 to 1024, got " + count);
        }
        threads = count;
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

    /** The finished experiment; fails when the lists do not fit together. */
    public Experiment toExperiment() {
        List<Integer> perSize = iterations;
        if (perSize.size() == 1) {
            perSize = java.util.Collections.nCopies(sizes.size(), perSize.get(0));
        } else if (perSize.size() != sizes.size()) {
            throw new IllegalArgumentException("iterations lists " + perSize.size() + " counts for " + sizes.size()
                    + " sizes: give one count, or one per size");
        }
        Path folder = output != null ? output : Path.of("results", name);
        Map<String, String> values = new LinkedHashMap<>(registry.defaults().byName());
        values.putAll(options);
        return new Experiment(name, sizes, perSize, modes, allModes, kernels, blocks, threads, repeats, folder,
                new OptionValues(values), watchdog, init, seed);
    }

    private static List<String> items(String value, String what) {
        List<String> items = new ArrayList<>();
        for (String item : value.split(",")) {
            if (!item.isBlank()) {
                items.add(item.trim());
            }
        }
        if (items.isEmpty()) {
            throw new IllegalArgumentException("the list of " + what + " is empty");
        }
        return items;
    }

    private static int wholeNumber(String text, String what) {
        try {
            return Integer.parseInt(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a whole number, got '" + text + "'", e);
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
        int count = wholeNumber(value.trim(), what);
        if (count < 1) {
            throw new IllegalArgumentException(what + " must be at least 1, got " + count);
        }
        return count;
    }

    private static <E extends Enum<E> & CliNamed> E parseOne(String value, String what, Class<E> type) {
        return CliNamed.parse(type, value.trim()).orElseThrow(() -> new IllegalArgumentException(
                "unknown " + what + " '" + value.trim() + "' (choose from: " + CliNamed.names(type) + ")"));
    }

    private static <E extends Enum<E> & CliNamed> List<E> parseList(String value, String what, Class<E> type) {
        List<E> parsed = new ArrayList<>();
        for (String item : items(value, what + "s")) {
            E constant = parseOne(item, what, type);
            if (!parsed.contains(constant)) {
                parsed.add(constant);
            }
        }
        return List.copyOf(parsed);
    }
}
