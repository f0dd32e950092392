package org.holdfast.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
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
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.report.CsvReport;
import org.holdfast.bench.report.OverheadRow;
import org.holdfast.bench.report.ResultsDocument;

/** The {@code holdfast} command: options in, a results table and files out, an exit status that says how it went. */
public final class Holdfast {

    private final PrintStream out;
    private final PrintStream err;
    private final Modes modes;

    public Holdfast(PrintStream out, PrintStream err) {
        this(out, err, Modes.ALL);
    }

    /** The command over {@code modes} instead of the registry (tests run modes of their own through it). */
    public Holdfast(PrintStream out, PrintStream err, Modes modes) {
        this.out = out;
        this.err = err;
        this.modes = modes;
    }

    /** Runs the command; returns the exit status ({@link ExitCode}). */
    public int run(String... args) {
        Options options = HoldfastOptions.create(modes);
        CommandLine line;
        try {
            line = DefaultParser.builder().setAllowPartialMatching(false).get().parse(options, args);
        } catch (ParseException e) {
            return usage(e.getMessage() + " (see --help)");
        }
        if (!line.getArgList().isEmpty()) {
            return usage("unexpected argument '" + line.getArgList().get(0) + "' (options start with - or --; see --help)");
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
        if (line.hasOption(HoldfastOptions.PRINT_KERNEL)) {
            return KernelPrinter.print(out, err);
        }
        if (line.hasOption(HoldfastOptions.RESULTS_DOC)) {
            return writeResultsDocument(Path.of(line.getOptionValue(HoldfastOptions.RESULTS_DOC)),
                    Path.of(line.getOptionValue(HoldfastOptions.OUTPUT, "docs")));
        }
        Experiment experiment;
        try {
            experiment = settle(line);
            for (int n : experiment.sizes()) {
                MemoryBudget.requireFits(n, MemoryBudget.availableBytes());
            }
            prepareOutput(experiment.output());
        } catch (ConfigException | IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        return measure(experiment, line);
    }

    private int measure(Experiment experiment, CommandLine line) {
        boolean profiler = line.hasOption(HoldfastOptions.PROFILER);
        RunReport report = new RunReport(experiment, out, err);
        Harness.Outcome outcome;
        Map<String, Double> ceilings;
        List<OverheadRow> overheads;
        try (Machine machine = Machine.open(experiment.needsGpu());
                Progress progress = new Progress(err, Progress.stderrIsTerminal());
                CsvReport csv = new CsvReport(experiment.output());
                MeasuredRows rows = new MeasuredRows(experiment, csv, report, err)) {
            Harness harness = new Harness(experiment, machine, progress, rows, line.hasOption(HoldfastOptions.THREAD_INFO),
                    profiler);
            outcome = harness.run();
            ceilings = harness.ceilings();
            overheads = line.hasOption(HoldfastOptions.NO_OVERHEADS) ? List.of() : harness.overheads();
        } catch (IOException e) {
            err.println("holdfast: cannot write to " + experiment.output() + ": " + e.getMessage());
            return ExitCode.FAILED;
        }
        return report.finish(outcome, ceilings, overheads, !line.hasOption(HoldfastOptions.NO_PLOTS), profiler);
    }

    private int writeResultsDocument(Path sweeps, Path docs) {
        try {
            out.println("holdfast: wrote " + ResultsDocument.write(sweeps, docs));
            return ExitCode.OK;
        } catch (IOException | RuntimeException | Error e) {
            err.println("holdfast: cannot write the results document from " + sweeps + ": " + e.getMessage());
            return ExitCode.FAILED;
        }
    }

    /** The config file's values, overridden by the options given. */
    private Experiment settle(CommandLine line) throws ConfigException {
        Settings settings = new Settings(modes);
        String config = line.getOptionValue(HoldfastOptions.CONFIG);
        Path file = ConfigFile.locate(config == null ? "default" : config, ConfigDirectory.find());
        if (config != null || Files.exists(file)) {
            settings.setName(file.getFileName().toString());
            ConfigFile.apply(file, settings);
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

    /** Creates the output folder and proves it can be written, before any work starts. */
    private static void prepareOutput(Path folder) {
        try {
            Files.createDirectories(folder);
            Path probe = Files.createTempFile(folder, ".holdfast-write-check", ".tmp");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new IllegalArgumentException("cannot write to the output folder " + folder + ": " + describe(e));
        }
    }

    private static String describe(Exception e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException || e instanceof java.nio.file.NotDirectoryException) {
            return "a file of that name is in the way";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private int usage(String message) {
        err.println("holdfast: " + message);
        return ExitCode.USAGE;
    }
}
