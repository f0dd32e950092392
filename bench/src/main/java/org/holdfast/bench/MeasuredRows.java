package org.holdfast.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.report.CsvReport;
import org.holdfast.bench.report.ResultRow;

/**
 * The rows of a run as they are measured: each goes to results.csv at once, and if the run is
 * stopped (Ctrl-C, SIGTERM) a shutdown hook writes results.json with the rows so far and says where
 * they are. Rows that finish after the stop are dropped, so the count it prints is the count kept.
 */
final class MeasuredRows implements Consumer<ResultRow>, AutoCloseable {

    private final Experiment experiment;
    private final CsvReport csv;
    private final RunReport report;
    private final PrintStream err;
    private final List<ResultRow> rows = new ArrayList<>();
    private final Thread onStop = new Thread(this::stopped, "holdfast-interrupted");
    private boolean stopping;

    MeasuredRows(Experiment experiment, CsvReport csv, RunReport report, PrintStream err) {
        this.experiment = experiment;
        this.csv = csv;
        this.report = report;
        this.err = err;
        Runtime.getRuntime().addShutdownHook(onStop);
    }

    @Override
    public synchronized void accept(ResultRow row) {
        if (!stopping) {
            rows.add(row);
            csv.append(row);
        }
    }

    private synchronized void stopped() {
        stopping = true;
        err.println();
        err.println("holdfast: interrupted; the " + rows.size() + " rows measured so far are in "
                + experiment.output().resolve(CsvReport.FILE));
        report.writeJsonQuietly(List.copyOf(rows), Map.of(), List.of());
    }

    /** The run finished: no hook is needed any more. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(onStop);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or about to: it keeps the rows.
        }
    }
}
