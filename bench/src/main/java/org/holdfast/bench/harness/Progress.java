package org.holdfast.bench.harness;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A progress line on stderr for runs longer than a second. On a terminal it rewrites one line in
 * place; otherwise it prints a line every few seconds, so that logs stay short.
 *
 * <p>When the harness has {@linkplain #plan planned} the run's work (point updates: interior points
 * times iterations times runs, summed over every size and mode), the line also says how much is done
 * and about how long is left, extrapolated from the time the work done so far took.
 */
public final class Progress implements AutoCloseable {

    private static final long FIRST_AFTER_MILLIS = 1000;
    private static final long TERMINAL_EVERY_MILLIS = 250;
    private static final long LOG_EVERY_MILLIS = 5000;
    /** Time left is a guess until this much is done. */
    private static final double LEFT_AFTER_FRACTION = 0.01;

    /**
     * A step of a unit of work, such as a repeat of a mode at one size.
     *
     * @param text what runs, e.g. {@code "graph N=1001 repeat 3/5"}
     * @param done how many steps of the unit are done before this one
     * @param of how many steps the unit has
     */
    public record Step(String text, int done, int of) {
        @Override
        public String toString() {
            return text;
        }
    }

    private final PrintStream err;
    private final boolean terminal;
    private final long start = System.nanoTime();
    private final ScheduledExecutorService ticker;
    private volatile String state = "starting";
    private double plannedWork;
    private double doneWork;
    private double unitWork;
    private double unitFraction;
    private boolean shownOnce;
    private long lastShownAt;
    private boolean lineOpen;
    private boolean closed;

    public Progress(PrintStream err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "holdfast-progress");
            thread.setDaemon(true);
            return thread;
        });
        long every = terminal ? TERMINAL_EVERY_MILLIS : 1000;
        ticker.scheduleAtFixedRate(this::tick, FIRST_AFTER_MILLIS, every, TimeUnit.MILLISECONDS);
    }

    /** Whether stderr goes to a terminal. */
    public static boolean stderrIsTerminal() {
        java.io.Console console = System.console();
        return console != null && console.isTerminal();
    }

    /** The work of {@code runs} runs of {@code iterations} iterations over {@code interiorPoints} points. */
    public static double work(long interiorPoints, int iterations, int runs) {
        return (double) interiorPoints * iterations * runs; // beyond a long at the largest sizes and counts
    }

    /** The state of a mode's repeat loop: repeat -1 is the warm-up, which counts as one more run. */
    public static Step repeat(String mode, int n, int repeat, int repeats) {
        return new Step(mode + " N=" + n + (repeat < 0 ? " warm-up" : " repeat " + (repeat + 1) + "/" + repeats),
                repeat + 1, repeats + 1);
    }

    /** What the run is doing now, e.g. {@code "cpu reference N=1001"}. */
    public void update(String now) {
        state = now;
    }

    /** A step of the unit of work begun last. */
    public synchronized void update(Step step) {
        state = step.text();
        unitFraction = step.of() > 0 ? (double) step.done() / step.of() : 0;
    }

    /** The whole run's work, before it starts; without a plan the line shows only what runs and for how long. */
    public synchronized void plan(double totalWork) {
        plannedWork = totalWork;
    }

    /** A unit of planned work begins; the unit begun before it is done. */
    public synchronized void begin(double work) {
        doneWork += unitWork;
        unitWork = work;
        unitFraction = 0;
    }

    /** The unit begun last will not run (its mode is unavailable): its work leaves the plan. */
    public synchronized void skip() {
        plannedWork -= unitWork;
        unitWork = 0;
        unitFraction = 0;
    }

    private synchronized void tick() {
        if (closed) {
            return; // a tick already queued when close() ran
        }
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
        String line = "holdfast: " + state + " (" + timing(elapsedMillis / 1000.0) + ")";
        if (terminal) {
            err.print("\r\033[K" + line);
            err.flush();
            lineOpen = true;
        } else if (!shownOnce || elapsedMillis - lastShownAt >= LOG_EVERY_MILLIS) {
            err.println(line);
            shownOnce = true;
            lastShownAt = elapsedMillis;
        }
    }

    /** "3.2 s", or with a plan "42%, 1 min 10 s, about 1 min 30 s left". */
    private String timing(double elapsedSeconds) {
        String elapsed = String.format(Locale.ROOT, "%.1f s", elapsedSeconds);
        if (plannedWork <= 0) {
            return elapsed;
        }
        double fraction = Math.min(1, (doneWork + unitWork * unitFraction) / plannedWork);
        String timing = String.format(Locale.ROOT, "%.0f%%, ", fraction * 100) + duration(elapsedSeconds);
        if (fraction >= LEFT_AFTER_FRACTION && fraction < 1) {
            timing += ", about " + duration(elapsedSeconds * (1 - fraction) / fraction) + " left";
        }
        return timing;
    }

    /** A duration for people: "42 s", "3 min 20 s", "2 h 14 min", "12 d 9 h". */
    public static String duration(double seconds) {
        long whole = Math.round(seconds);
        if (whole < 60) {
            return String.format(Locale.ROOT, "%.0f s", seconds);
        }
        if (whole < 3600) {
            return twoUnits(whole / 60, "min", whole % 60, "s");
        }
        if (whole < 86_400) {
            return twoUnits(whole / 3600, "h", whole % 3600 / 60, "min");
        }
        return twoUnits(whole / 86_400, "d", whole % 86_400 / 3600, "h");
    }

    private static String twoUnits(long big, String bigUnit, long small, String smallUnit) {
        return big + " " + bigUnit + (small == 0 ? "" : " " + small + " " + smallUnit);
    }

    /** Ends the progress line so that what follows starts on a clean line. */
    @Override
    public synchronized void close() {
        closed = true;
        ticker.shutdownNow();
        if (lineOpen) {
            err.print("\r\033[K");
            err.flush();
            lineOpen = false;
        }
    }
}
