package org.holdfast.bench.harness;

import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A progress line on stderr for runs longer than a second. On a terminal it rewrites one line in
 * place; otherwise it prints a line every few seconds, so that logs stay short.
 */
public final class Progress implements AutoCloseable {

    private static final long FIRST_AFTER_MILLIS = 1000;
    private static final long TERMINAL_EVERY_MILLIS = 250;
    private static final long LOG_EVERY_MILLIS = 5000;

    private final PrintStream err;
    private final boolean terminal;
    private final long start = System.nanoTime();
    private final ScheduledExecutorService ticker;
    private volatile String state = "starting";
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

    /** The state of a mode's repeat loop: repeat -1 is the warm-up. */
    public static String repeat(String mode, int n, int repeat, int repeats) {
        return mode + " N=" + n + (repeat < 0 ? " warm-up" : " repeat " + (repeat + 1) + "/" + repeats);
    }

    /** What the run is doing now, e.g. {@code "graph N=1001 repeat 3/5"}. */
    public void update(String now) {
        state = now;
    }

    private synchronized void tick() {
        if (closed) {
            return; // a tick already queued when close() ran
        }
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
        String line = String.format("holdfast: %s (%.1f s)", state, elapsedMillis / 1000.0);
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
