package org.holdfast.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.MissingArgumentException;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.holdfast.bench.cli.HoldfastOptions;
import org.holdfast.bench.config.ConfigException;
import org.holdfast.bench.config.ConfigFile;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.config.Settings;
import org.holdfast.bench.harness.Harness;
import org.holdfast.bench.harness.MemoryBudget;
import org.holdfast.bench.harness.Progress;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.report.CsvReport;
import org.holdfast.bench.report.OverheadRow;
import org.holdfast.bench.report.ResultsDocument;
import org.holdfast.tornado.api.TornadoRuntime;

/** The {@code holdfast} command: options in, a results table and files out, an exit status that says how it went. */
public final class Holdfast {

    private final PrintStream out;
    private final PrintStream err;
    private final Modes modes;

    /** Characters the streams' charsets cannot show are printed as ASCII look-alikes (µs as us). */
    public Holdfast(PrintStream out, PrintStream err) {
        this(out, err, Modes.ALL);
    }

    /** The command over {@code modes} instead of the registry (tests run modes of their own through it). */
    public Holdfast(PrintStream out, PrintStream err, Modes modes) {
        this.out = AsciiFallbackCharset.fitting(out);
        this.err = AsciiFallbackCharset.fitting(err);
        this.modes = modes;
    }

    /** Runs the command; returns the exit status ({@link ExitCode}). */
    public int run(String... args) {
        Options options = HoldfastOptions.create(modes);
        CommandLine line;
        try {
            line = DefaultParser.builder().setAllowPartialMatching(false).get().parse(options, args);
        } catch (MissingArgumentException e) {
            return usage(HoldfastOptions.spelling(e.getOption()) + " needs a value: <" + e.getOption().getArgName() + "> (see --help)");
        } catch (ParseException e) {
            return usage(e.getMessage() + " (see --help)");
        }
        if (!line.getArgList().isEmpty()) {
            return usage(strayArgument(line.getArgList().get(0), args));
        }
        if (line.hasOption(HoldfastOptions.HELP)) {
            Help.print(out, options);
            return ExitCode.OK;
        }
        if (line.hasOption(HoldfastOptions.VERSION)) {
            out.println("holdfast " + Version.current() + " (Java " + Runtime.version() + ")");
            return ExitCode.OK;
        }
        if (line.hasOption(HoldfastOptions.DEVICES)) {
            DeviceList.print(out);
            return ExitCode.OK;
        }
        if (line.hasOption(HoldfastOptions.RESULTS_DOC)) {
            return writeResultsDocument(Path.of(line.getOptionValue(HoldfastOptions.RESULTS_DOC)),
                    Path.of(line.getOptionValue(HoldfastOptions.OUTPUT, "docs")));
        }
        Experiment experiment;
        OutputFolder folder;
        try {
            experiment = settle(line);
            if (line.hasOption(HoldfastOptions.PRINT_KERNEL)) {
                return KernelPrinter.print(experiment, out, err);
            }
            for (int index = 0; index < experiment.sizes().size(); index++) {
                MemoryBudget.requireFits(experiment.problemAt(index), MemoryBudget.availableBytes());
            }
            folder = OutputFolder.claim(experiment.output(), err);
        } catch (ConfigException | IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        try (folder) {
            noteIgnoredKernels(experiment, line);
            RunEstimate.warnIfLong(experiment,
                    experiment.needsGpu() && TornadoRuntime.firstGpu().isPresent(), err);
            return measure(experiment, line, folder);
        }
    }

    private int measure(Experiment experiment, CommandLine line, OutputFolder folder) {
        boolean profiler = line.hasOption(HoldfastOptions.PROFILER);
        RunReport report = new RunReport(experiment, out, err);
        try (Machine machine = Machine.open(experiment.needsGpu());
                Progress progress = new Progress(err, Progress.stderrIsTerminal());
                CsvReport csv = new CsvReport(folder.path());
                MeasuredRows rows = new MeasuredRows(folder.path(), csv, report, progress, err)) {
            Harness harness = new Harness(experiment, machine, progress, rows, line.hasOption(HoldfastOptions.THREAD_INFO),
                    profiler);
            SkippedModes.lines(harness.skippedBeforeRun(), experiment).forEach(err::println);
            rows.skipped(harness.skippedBeforeRun());
            Harness.Outcome outcome = harness.run();
            Map<String, Double> ceilings = harness.ceilings();
            Map<String, Double> sharedCeilings = harness.sharedCeilings();
            List<OverheadRow> overheads = line.hasOption(HoldfastOptions.NO_OVERHEADS) ? List.of() : harness.overheads();
            progress.close();
            if (!rows.beginReport()) {
                return ExitCode.FAILED; // stopped: the shutdown hook reports, and the process is ending
            }
            int status = report.finish(outcome, ceilings, overheads, !line.hasOption(HoldfastOptions.NO_PLOTS), profiler);
            rows.skipped(outcome.skipped());
            rows.finish(ceilings, sharedCeilings, overheads);
            return status;
        } catch (IOException e) {
            err.println("holdfast: cannot write to " + folder.path() + ": " + IoReason.of(e));
            return ExitCode.FAILED;
        }
    }

    /** {@code -k} chooses the kernels of the modes that offer a choice: say once when none of them is in the run (a user's class runs in every Java mode). */
    private void noteIgnoredKernels(Experiment experiment, CommandLine line) {
        if (line.hasOption(HoldfastOptions.KERNELS)
                && experiment.modes().stream().noneMatch(m -> m.kernelSources().size() > 1)
                && experiment.kernels().stream().allMatch(k -> k.userKernels().isEmpty())) {
            err.println("holdfast: note: --kernels " + line.getOptionValue(HoldfastOptions.KERNELS)
                    + " is ignored: it chooses the kernels of the modes that offer a choice ("
                    + modes.list().stream().filter(m -> m.kernelSources().size() > 1).map(ModeDescriptor::name)
                            .collect(Collectors.joining(", "))
                    + "), and this run has none");
        }
    }

    /** Why a word that is not an option is refused; after {@code --} it is refused even when it looks like one. */
    private static String strayArgument(String first, String[] args) {
        if (Arrays.asList(args).contains("--") && first.startsWith("-")) {
            return "unexpected argument '" + first + "' after '--': holdfast takes options only, so drop the '--' (see --help)";
        }
        return "unexpected argument '" + first + "' (options start with - or --; see --help)";
    }

    private int writeResultsDocument(Path sweeps, Path docs) {
        if (!Files.isDirectory(sweeps)) {
            return usage("--results-doc: " + sweeps + (Files.exists(sweeps) ? " is not a folder" : ": no such folder"));
        }
        try {
            out.println("holdfast: wrote " + ResultsDocument.write(sweeps, docs));
            return ExitCode.OK;
        } catch (IOException | RuntimeException | Error e) {
            err.println("holdfast: cannot write the results document from " + sweeps + ": " + IoReason.of(e));
            return ExitCode.FAILED;
        }
    }

    /** The config file's values, overridden by the options given. */
    private Experiment settle(CommandLine line) throws ConfigException {
        Settings settings = new Settings(modes);
        String config = line.getOptionValue(HoldfastOptions.CONFIG);
        Path file = ConfigFile.locate(config == null ? "default" : config, ConfigDirectory.find());
        if (config != null && !Files.exists(file)) {
            throw new ConfigException("cannot read config file " + file + ": no such file; " + ConfigDirectory.names());
        }
        if (config != null || Files.exists(file)) {
            settings.setName(withoutExtension(file.getFileName().toString()));
            ConfigFile.apply(file, settings);
            if (config == null) {
                settings.settledAsDefaults();
            }
        }
        for (String key : settings.keys()) {
            if (line.hasOption(key)) {
                try {
                    if (key.equals(HoldfastOptions.SIZES) && !line.hasOption(HoldfastOptions.ITERATIONS)) {
                        settings.overrideSizes(line.getOptionValue(key));
                    } else {
                        settings.set(key, line.getOptionValue(key));
                    }
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("--" + key + ": " + e.getMessage(), e);
                }
            }
        }
        return settings.toExperiment();
    }

    /** A config's name for its output folder: {@code foo.cfg} writes to {@code results/foo}. */
    private static String withoutExtension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }

    private int usage(String message) {
        err.println("holdfast: " + message);
        return ExitCode.USAGE;
    }
}
