package org.holdfast.bench.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.holdfast.bench.CliNamed;
import org.holdfast.bench.GridBarrier;
import org.holdfast.bench.HostPoll;
import org.holdfast.bench.HostSchedule;
import org.holdfast.bench.KernelSource;
import org.holdfast.bench.Mode;
import org.holdfast.bench.PersistentOptions;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.BlockCountRule;

/**
 * The values an experiment is made of, settable one by one from their text: first from a config
 * file, then from the command line. Each setter checks its value and throws
 * {@link IllegalArgumentException} with a message that does not name where the text came from; the
 * caller adds the file and line, or the option.
 */
public final class Settings {

    /** Every key a config file may hold, in the order the help lists them. */
    public static final List<String> KEYS = List.of(
            "sizes", "iterations", "modes", "kernels", "blocks", "threads", "repeats", "output",
            "barrier", "schedule", "poll", "watchdog");

    private String name = "default";
    private List<Integer> sizes = List.of(11, 101, 1001);
    private List<Integer> iterations = List.of(1000);
    private List<Mode> modes = List.of(Mode.values());
    private boolean allModes = true;
    private List<KernelSource> kernels = List.of(KernelSource.JAVA);
    private List<BlockCountRule> blocks = List.of(BlockCountRule.parse("auto"));
    private int threads = 256;
    private int repeats = 5;
    private Path output;
    private GridBarrier barrier = PersistentOptions.DEFAULTS.barrier();
    private HostSchedule schedule = PersistentOptions.DEFAULTS.schedule();
    private HostPoll poll = PersistentOptions.DEFAULTS.poll();
    private double watchdog = PersistentOptions.DEFAULTS.watchdogSeconds();

    /** Sets {@code key} from {@code value}; the key must be one of {@link #KEYS}. */
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
            case "barrier" -> barrier = parseOne(value, "barrier", GridBarrier.class);
            case "schedule" -> schedule = parseOne(value, "schedule", HostSchedule.class);
            case "poll" -> poll = parseOne(value, "poll", HostPoll.class);
            case "watchdog" -> setWatchdog(value);
            default -> throw new IllegalArgumentException("unknown key '" + key + "' (keys: " + String.join(", ", KEYS) + ")");
        }
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
            modes = List.of(Mode.values());
            allModes = true;
            return;
        }
        modes = parseList(value, "mode", Mode.class);
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
        return new Experiment(name, sizes, perSize, modes, allModes, kernels, blocks, threads, repeats, folder,
                new PersistentOptions(barrier, schedule, poll, watchdog));
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
