package org.holdfast.bench.cli;

import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.holdfast.bench.config.BuiltInDefaults;
import org.holdfast.bench.config.InitialInterior;
import org.holdfast.bench.config.ProblemKind;
import org.holdfast.bench.config.Settings;
import org.holdfast.bench.mode.CliNamed;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.ModeOption;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.mode.RunRequest;

/** The command line's options. Every description ends with its default. */
public final class HoldfastOptions {

    public static final String CONFIG = "config";
    public static final String MODES = "modes";
    public static final String SIZES = "sizes";
    public static final String PROBLEM = "problem";
    public static final String GPUS = "gpus";
    public static final String ITERATIONS = "iterations";
    public static final String REPEATS = "repeats";
    public static final String KERNELS = "kernels";
    public static final String BLOCKS = "blocks";
    public static final String THREADS = "threads";
    public static final String OUTPUT = "output";
    public static final String WATCHDOG = "watchdog";
    public static final String INIT = "init";
    public static final String SEED = "seed";
    public static final String CLASSPATH = "classpath";
    public static final String DEVICES = "devices";
    public static final String PRINT_KERNEL = "print-kernel";
    public static final String THREAD_INFO = "thread-info";
    public static final String PROFILER = "profiler";
    public static final String NO_PLOTS = "no-plots";
    public static final String NO_OVERHEADS = "no-overheads";
    public static final String RESULTS_DOC = "results-doc";
    public static final String HELP = "help";
    public static final String VERSION = "version";

    private HoldfastOptions() {
    }

    /** The options, with one per option of the registered modes. */
    public static Options create() {
        return create(Modes.ALL);
    }

    /** The options, with {@code modes} as the modes {@code -m} names and one option per option they declare. */
    public static Options create(Modes modes) {
        Options options = new Options();
        options.addOption(valued("c", CONFIG, "name|file",
                "experiment file: a name in config/ or a path; its values are the defaults of the options below (default: default)"));
        options.addOption(valued("m", MODES, "mode,...",
                "modes to run, comma-separated, or all; modes: " + modes.names() + " " + configDefault(MODES)));
        options.addOption(valued("n", SIZES, "N,...", "N values, points per side, each at least 3; without -i each size keeps the config's iteration count for the nearest size "
                + configDefault(SIZES)));
        options.addOption(valued("p", PROBLEM, "problem", "the problem every size solves: " + CliNamed.names(ProblemKind.class)
                + " (the unit square, N² points, 5-point stencil; or the unit cube, N³ points, 7-point stencil), N per side for"
                + " both; poisson3d runs the CPU modes, the standard launches and the native library's persistent variants for"
                + " it, and what exists only for poisson2d refuses it in one line (default: " + ProblemKind.POISSON2D.cliName() + ")"));
        options.addOption(valued("g", GPUS, "count", "devices the grid is split over, in as many bands of rows with halo rows exchanged"
                + " between half-sweeps (every k, with k ghost rows, by --sweeps-per-launch k; docs/multi-gpu.md); the CPU modes"
                + " run G virtual devices, the standard launches a band per GPU with NCCL between them, persistent-grid (native)"
                + " its band kernel, the halos exchanged inside the kernel (k by --sweeps-per-exchange; --barrier two-slot runs"
                + " each half-sweep with a band barrier after it, temporal temporal passes of k half-sweeps, auto one of them by"
                + " size), and the other"
                + " persistent modes, not built for several GPUs yet, are skipped with the reason (default: 1)"));
        options.addOption(valued("i", ITERATIONS, "count,...",
                "iterations of each timed run: one count for every size, or one per size, comma-separated " + configDefault(ITERATIONS)));
        options.addOption(valued("r", REPEATS, "count", "timed repeats per mode and size; the median is reported " + configDefault(REPEATS)));
        options.addOption(valued("k", KERNELS, "kernels,...",
                "kernels of the modes that offer a choice (the standard launches, persistent-grid, persistent-dataflow): "
                        + KernelSource.names() + " (a class of your own kernels, from --classpath; docs/user-kernels.md),"
                        + " or several, as java,native; auto is each mode's own (Java for the standard launches, native for"
                        + " the persistent modes, whose planner picks a variant by size) " + configDefault(KERNELS)));
        options.addOption(valued("b", BLOCKS, "rule,...",
                "block-count rules for both paradigms, comma-separated: auto, same-as-standard, or a number of blocks; the GPU modes run once with each "
                        + configDefault(BLOCKS)));
        options.addOption(valued("t", THREADS, "threads", "threads per block on the GPU, a multiple of 32 up to 1024; unset, a persistent variant runs its own (the"
                + " native table's, as auto does) " + configDefault(THREADS)));
        options.addOption(valued("o", OUTPUT, "folder", "folder for results.csv, results.json and the plots (default: results/<config name>)"));
        for (ModeOption option : modes.options()) {
            options.addOption(new DescribedOnDemand(option.name(), option.placeholder(), () -> option.help(modes.taking(option))));
        }
        options.addOption(valued(null, WATCHDOG, "seconds",
                "longest a persistent kernel may wait for anything before it stops with an error; a run's first launch"
                        + " must end within twice this plus a second (raise it under compute-sanitizer) (default: "
                        + RunRequest.DEFAULT_WATCHDOG_SECONDS + ")"));
        options.addOption(valued(null, INIT, "interior", "interior the timed runs start from: " + CliNamed.names(InitialInterior.class)
                + "; the verification run before them always starts from a random interior (default: zero)"));
        options.addOption(valued(null, SEED, "seed", "seed of the random interiors (default: " + Settings.DEFAULT_SEED + ")"));
        options.addOption(valued("cp", CLASSPATH, "path", "folders and jars, separated by " + java.io.File.pathSeparator
                + ", where -k java:<class> finds your kernel class, before Holdfast's own (default: none)"));
        options.addOption(flag(null, DEVICES, "list the CPU and GPU devices and the native library, then exit (default: off)"));
        options.addOption(flag(null, PRINT_KERNEL, "print what -m, -k and the variant options would run, then exit: the CUDA C generated from the Java kernels (yours too), the native kernels' files (default: off)"));
        options.addOption(flag(null, THREAD_INFO, "print the grid and block of every launch (default: off)"));
        options.addOption(flag(null, PROFILER, "print per-task JSON for the task-graph modes: kernel, dispatch, copy in and out (default: off)"));
        options.addOption(flag(null, NO_PLOTS, "skip the PNG plots (default: plots on)"));
        options.addOption(flag(null, NO_OVERHEADS,
                "skip the overhead breakdown that follows a run with GPU modes (default: measured)"));
        options.addOption(valued(null, RESULTS_DOC, "folder",
                "write results.md into the -o folder from the sweeps in this folder (one subfolder each, with results.json),"
                        + " redrawing their plots, then exit (default: off; -o defaults to docs here)"));
        options.addOption(flag("h", HELP, "print this help and exit (default: off)"));
        options.addOption(flag("V", VERSION, "print the version and exit (default: off)"));
        return options;
    }

    /** How messages name an option: {@code -n/--sizes}, or {@code --barrier} when it has no short name. */
    public static String spelling(Option option) {
        return (option.getOpt() == null ? "" : "-" + option.getOpt() + "/") + "--" + option.getLongOpt();
    }

    /** "(default: the config's; 11, 101, 1001 in config/default)": the built-in defaults are config/default's. */
    private static String configDefault(String key) {
        return "(default: the config's; " + BuiltInDefaults.text(key) + " in config/default)";
    }

    private static Option valued(String shortName, String longName, String argName, String description) {
        return Option.builder(shortName).longOpt(longName).hasArg().argName(argName).desc(description).get();
    }

    private static Option flag(String shortName, String longName, String description) {
        return Option.builder(shortName).longOpt(longName).desc(description).get();
    }
}
