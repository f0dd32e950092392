package org.holdfast.bridge;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.holdfast.bridge.raw.hf_bands_session_info;
import org.holdfast.bridge.raw.hf_run_report;
import org.holdfast.bridge.raw.holdfast_bands_h;

/**
 * Bands of a split open on one GPU ({@code hf_bands_session} of holdfast_bands.h): all G bands
 * ({@link PersistentBridge#openBands}) or one band whose peers are elsewhere ({@link PersistentBridge#openBand}),
 * owned by the library from open to close with their arrays, receive buffers and launch memory, so that
 * {@link #load}, {@link #run} and {@link #unload} allocate nothing. The flags of the in-kernel exchange advance
 * inside the session, run after run, identically in every band's session of a split.
 *
 * <p>One call at a time per session; sessions of different GPUs may run at once from their own threads (each
 * run's native message is its thread's).
 */
public final class BandSession implements AutoCloseable {

    private final PersistentBridge bridge;
    private final Arena arena;
    private final MemorySegment session;
    private final MemorySegment report;
    private final MemorySegment info;
    private boolean closed;

    BandSession(PersistentBridge bridge, Arena arena, MemorySegment session) {
        this.bridge = bridge;
        this.arena = arena;
        this.session = session;
        this.report = arena.allocate(hf_run_report.LAYOUT);
        this.info = arena.allocate(hf_bands_session_info.LAYOUT);
    }

    /** Opens through {@code open} (writing the session's address into its argument); closes the arena if it fails. */
    static BandSession open(PersistentBridge bridge, String call, java.util.function.ToIntFunction<MemorySegment> open) {
        final Arena sessionArena = Arena.ofShared();
        try {
            final MemorySegment opened = sessionArena.allocate(ADDRESS);
            bridge.check(open.applyAsInt(opened), call, null);
            return new BandSession(bridge, sessionArena, opened.get(ADDRESS, 0));
        } catch (RuntimeException e) {
            sessionArena.close();
            throw e;
        }
    }

    /** What runs: the split, the session's bands, blocks, threads, GPU, the flags and runs so far, and the band's pass. */
    public synchronized BandSessionInfo info() {
        requireOpen();
        bridge.check(holdfast_bands_h.hf_bands_session_info_of(session, info), "hf_bands_session_info_of", null);
        return new BandSessionInfo(hf_bands_session_info.n(info), hf_bands_session_info.bands(info),
                hf_bands_session_info.ghost_rows(info), hf_bands_session_info.first_band(info),
                hf_bands_session_info.band_count(info), hf_bands_session_info.blocks_per_band(info),
                hf_bands_session_info.threads_per_block(info), hf_bands_session_info.device(info),
                hf_bands_session_info.watchdog_seconds(info), Integer.toUnsignedLong(hf_bands_session_info.flag_base(info)),
                hf_bands_session_info.runs(info), BandPass.fromCode(hf_bands_session_info.pass(info)),
                hf_bands_session_info.items_per_band(info));
    }

    /**
     * The held rows of the full grid {@code u} and {@code f} (n x n doubles each, boundary included) into the bands'
     * arrays; returns once copied. Device memory of any GPU or host memory (unified addressing).
     */
    public synchronized void load(long u, long f) {
        requireOpen();
        bridge.check(holdfast_bands_h.hf_bands_session_load(session, MemorySegment.ofAddress(u), MemorySegment.ofAddress(f)),
                "hf_bands_session_load", null);
    }

    /**
     * {@code iterations} iterations of the loaded bands in one cooperative launch; returns once the kernel has ended.
     * The report's device time is between events around the kernel; its plan is null (see {@link #info}).
     *
     * @throws NativeException {@link NativeStatus#WATCHDOG} naming the waiting band and the band it waited for; after
     *     {@link WatchdogWait#KERNEL_EXIT} the session refuses everything but close
     * @throws IncompleteWorkException a block did not run every half-sweep
     */
    public synchronized PersistentReport run(int iterations) {
        requireOpen();
        final int status = holdfast_bands_h.hf_bands_session_run(session, iterations, report);
        final PersistentReport result = PersistentReport.read(null, report);
        bridge.check(status, "hf_bands_session_run", result);
        return result;
    }

    /** Each band's owned rows back into the full grid {@code u} (its other rows are left as they are); returns once copied. */
    public synchronized void unload(long u) {
        requireOpen();
        bridge.check(holdfast_bands_h.hf_bands_session_unload(session, MemorySegment.ofAddress(u)), "hf_bands_session_unload",
                null);
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the band session is closed");
        }
    }

    /** Frees what the session allocated (after a kernel that did not end, the library keeps it on purpose). */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            bridge.check(holdfast_bands_h.hf_bands_session_close(session), "hf_bands_session_close", null);
        } finally {
            arena.close();
        }
    }
}
