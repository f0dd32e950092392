package org.holdfast.bench;

import com.google.gson.GsonBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.harness.Harness;
import org.holdfast.bench.report.Figures;
import org.holdfast.bench.report.JsonReport;
import org.holdfast.bench.report.MarkdownTable;
import org.holdfast.bench.report.OverheadRow;
import org.holdfast.bench.report.Plots;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.ResultsTable;
import org.holdfast.bench.report.SkippedMode;
import org.holdfast.bench.report.VerificationTable;
import org.holdfast.tornado.api.TaskProfile;

/**
 * The end of a run: notes on stderr, tables on stdout, plots in the output folder, and the exit
 * status; results.json when {@link MeasuredRows} says how the run ended.
 */
final class RunReport {

    private final Experiment experiment;
    private final PrintStream out;
    private final PrintStream err;

    RunReport(Experiment experiment, PrintStream out, PrintStream err) {
        this.experiment = experiment;
        this.out = out;
        this.err = err;
    }

    int finish(Harness.Outcome outcome, Map<String, Double> ceilings, List<OverheadRow> overheads, boolean plots,
            boolean profiler) {
        int status = outcome.skipped().stream().anyMatch(Harness.Skipped::requested) ? ExitCode.UNAVAILABLE : ExitCode.OK;
        // The skips known before the run were announced at its start; these are those found as it ran.
        SkippedModes.lines(outcome.skipped().stream().filter(s -> !s.beforeRun()).toList(), experiment).forEach(err::println);
        outcome.gpuStopped().ifPresent(reason -> err.println("holdfast: stopped the GPU modes: " + reason
                + "; the GPU rows after it and the overhead breakdown were not measured"));
        for (String launch : outcome.threadInfo()) {
            out.println(launch);
        }
        printTable(outcome.rows());
        if (!outcome.rows().isEmpty()) {
            out.println();
            out.print(VerificationTable.of(experiment.problem().cliName(), outcome.verifications(), experiment.init().cliName(),
                    experiment.seed()));
        }
        if (!overheads.isEmpty()) {
            out.println();
            out.print(overheadTable(overheads));
        }
        if (profiler) {
            printProfiles(outcome.profiles());
        }
        for (ResultRow row : outcome.rows()) {
            if (row.refused() && status == ExitCode.OK) {
                status = ExitCode.UNAVAILABLE;
            } else if (!row.ok() && !row.refused()) {
                status = ExitCode.FAILED;
            }
        }
        if (plots) {
            try {
                Plots.write(experiment.output(), experiment.problem().cliName(), outcome.rows(), ceilings, overheads);
            } catch (IOException | RuntimeException | Error e) {
                // Java's font setup throws an Error on machines with no fonts; the bundle ships its own.
                err.println("holdfast: cannot draw the plots in " + experiment.output() + ": " + e.getMessage());
                status = ExitCode.FAILED;
            }
        }
        return status;
    }

    private static String overheadTable(List<OverheadRow> overheads) {
        MarkdownTable table = new MarkdownTable("overhead", "µs (median)", "how");
        for (OverheadRow overhead : overheads) {
            table.add(overhead.what(), Figures.threeDigits(overhead.micros()), overhead.how());
        }
        return table.toString();
    }

    /** One JSON object per measured task-graph run, in the spirit of TornadoVM's profiler. */
    private void printProfiles(List<Harness.Profiled> profiles) {
        for (Harness.Profiled profiled : profiles) {
            Map<String, Object> run = new LinkedHashMap<>();
            run.put("mode", profiled.mode());
            run.put("kernels", profiled.kernels());
            run.put("n", profiled.n());
            Map<String, Object> tasks = new LinkedHashMap<>();
            for (TaskProfile task : profiled.tasks()) {
                Map<String, Object> fields = new LinkedHashMap<>();
                fields.put("launches", task.launches());
                fields.put("kernel_ns", task.kernelNanos());
                fields.put("dispatch_ns", task.dispatchNanos());
                fields.put("total_ns", task.totalNanos());
                fields.put("copy_in_bytes", task.copyInBytes());
                fields.put("copy_in_ns", task.copyInNanos());
                fields.put("copy_out_bytes", task.copyOutBytes());
                fields.put("copy_out_ns", task.copyOutNanos());
                tasks.put(task.task(), fields);
            }
            run.put("tasks", tasks);
            out.println(new GsonBuilder().setPrettyPrinting().create().toJson(run));
        }
    }

    /** The results table of the rows measured, on stdout; nothing when there are none. */
    void printTable(List<ResultRow> rows) {
        if (!rows.isEmpty()) {
            out.print(ResultsTable.of(rows));
            out.flush();
        }
    }

    /** results.json, saying {@code status}; a failure to write it is reported, not thrown. */
    void writeJson(String status, List<ResultRow> rows, Map<String, Double> ceilings, Map<String, Double> sharedCeilings,
            List<OverheadRow> overheads,
            List<SkippedMode> skipped) {
        Path folder = experiment.output();
        try {
            JsonReport.write(folder, RunDescription.of(experiment), status, ceilings, sharedCeilings, overheads, List.copyOf(rows),
                    skipped);
        } catch (IOException e) {
            err.println("holdfast: cannot write " + folder.resolve(JsonReport.FILE) + ": " + e.getMessage());
        }
    }
}
