package org.holdfast.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.holdfast.bench.harness.Harness;
import org.holdfast.bench.harness.Progress;
import org.holdfast.bench.report.CsvReport;
import org.holdfast.bench.report.JsonReport;
import org.holdfast.bench.report.OverheadRow;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SkippedMode;

/**
 * The rows of a run as they are measured, and how the run ends. Each row goes to results.csv at
 * once. If the run is stopped (Ctrl-C, SIGTERM), a shutdown hook prints the table of the rows so
 * far, writes results.json marked {@code interrupted} and says where the files are; rows that finish
 * after the stop are dropped, so the count it prints is the count kept. A run that ends normally
 * writes results.json marked {@code finished} through {@link #finish}. Either way the last line on
 * stderr names the folder and its files.
 */
final class MeasuredRows implements Consumer<ResultRow>, AutoCloseable {

    /** Where the run is: the hook and the main thread both look, under this object's lock. */
    private enum Stage { MEASURING, REPORTING, DONE, STOPPED }

    private final Path folder;
    private final CsvReport csv;
    private final RunReport report;
    private final Progress progress;
    private final PrintStream err;
    private final List<ResultRow> rows = new ArrayList<>();
    private List<SkippedMode> skipped = List.of();
    private final Thread onStop = new Thread(this::stopped, "holdfast-interrupted");
    private Stage stage = Stage.MEASURING;

    MeasuredRows(Path folder, CsvReport csv, RunReport report, Progress progress, PrintStream err) {
        this.folder = folder;
        this.csv = csv;
        this.report = report;
        this.progress = progress;
        this.err = err;
        Runtime.getRuntime().addShutdownHook(onStop);
    }

    @Override
    public synchronized void accept(ResultRow row) {
        if (stage == Stage.MEASURING) {
            rows.add(row);
            csv.append(row);
        }
    }

    /** The modes skipped so far, for results.json, whether the run finishes or is stopped. */
    synchronized void skipped(List<Harness.Skipped> modes) {
        skipped = modes.stream().map(s -> new SkippedMode(s.mode(), s.kernels().cliName(), s.reason())).toList();
    }

    /**
     * Measuring is over and the report (tables, plots) begins; false when the run was stopped first,
     * in which case the hook reports and the caller prints nothing more.
     */
    synchronized boolean beginReport() {
        if (stage != Stage.MEASURING) {
            return false;
        }
        stage = Stage.REPORTING;
        return true;
    }

    /** The report is printed and drawn: results.json says the run finished, and the last line says where. */
    synchronized void finish(Map<String, Double> ceilings, Map<String, Double> sharedCeilings, List<OverheadRow> overheads) {
        if (stage == Stage.REPORTING) {
            report.writeJson(JsonReport.FINISHED, rows, ceilings, sharedCeilings, overheads, skipped);
            err.println("holdfast: the results are in " + folder + ": " + files());
            stage = Stage.DONE;
        }
    }

    private synchronized void stopped() {
        if (stage == Stage.DONE) {
            return;
        }
        progress.close();
        err.println();
        if (stage == Stage.MEASURING) {
            report.printTable(rows);
        }
        stage = Stage.STOPPED;
        report.writeJson(JsonReport.INTERRUPTED, rows, Map.of(), Map.of(), List.of(), skipped);
        String kept = rows.size() == 1 ? "the 1 row measured so far is" : "the " + rows.size() + " rows measured so far are";
        err.println("holdfast: interrupted; " + kept + " in " + folder + ": " + files());
    }

    /** The run's files that are in the folder now, e.g. "results.csv, results.json, bandwidth.png". */
    private String files() {
        return OutputFolder.RUN_FILES.stream().filter(name -> Files.isRegularFile(folder.resolve(name)))
                .collect(Collectors.joining(", "));
    }

    /** The run is over: no hook is needed any more. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(onStop);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or about to: it reports.
        }
    }
}
