package org.holdfast.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import org.holdfast.bench.report.CsvReport;
import org.holdfast.bench.report.JsonReport;
import org.holdfast.bench.report.Plots;

/**
 * The output folder of one run, held for the run's whole life, so that the folder only ever holds
 * one run's files.
 *
 * <p>The lock file {@value #LOCK} holds the owner's process id under an operating-system lock, which
 * ends with the process even when it is killed outright: a second run into the folder fails at once
 * and names the first, and a lock whose owner died is taken over with a note. Once the lock is held,
 * the earlier run's files are removed before anything else happens; then {@code results.csv} grows
 * in place row by row (it can be followed with {@code tail -F}), and {@code results.json}, written
 * last, says whether the run finished or was interrupted. A run killed outright (SIGKILL) leaves its
 * rows in {@code results.csv}, no {@code results.json} and its process id in the lock file.
 */
final class OutputFolder implements AutoCloseable {

    static final String LOCK = ".holdfast.lock";

    /** Every file a run writes into its folder. */
    static final List<String> RUN_FILES = List.of(CsvReport.FILE, JsonReport.FILE, JsonReport.FILE + ".tmp",
            Plots.TIME_PER_ITERATION, Plots.BANDWIDTH, Plots.OVERHEADS, Plots.BY_SWEEPS);

    private final Path folder;
    private final FileChannel channel;
    private final FileLock lock; // null on a file system that takes no locks

    private OutputFolder(Path folder, FileChannel channel, FileLock lock) {
        this.folder = folder;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Creates the folder if needed, takes its lock and clears the earlier run's files.
     *
     * @param notes where the note about a taken-over lock goes
     * @throws IllegalArgumentException (bad input) when the folder cannot be written or another run holds it
     */
    static OutputFolder claim(Path folder, PrintStream notes) {
        try {
            Files.createDirectories(folder);
        } catch (NoSuchFileException e) {
            // Linux says "no such file" also where a folder exists but its file system takes no new
            // entries (/proc, /sys): say which.
            Path failed = Path.of(e.getFile()).toAbsolutePath();
            Path parent = failed.getParent();
            throw cannotWrite(folder, parent != null && Files.isDirectory(parent)
                    ? "the file system of " + parent + " does not allow creating " + failed.getFileName() + " (no such file or folder)"
                    : IoReason.of(e));
        } catch (IOException | SecurityException e) {
            throw cannotWrite(folder, IoReason.of(e));
        }
        for (String name : RUN_FILES) {
            Path file = folder.resolve(name);
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw cannotWrite(folder, file + " is in the way: holdfast writes a plain file there");
            }
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(folder.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock = null;
            boolean lockable = true;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException heldHere) {
                // This process holds it: as busy as another.
            } catch (IOException unsupported) {
                // Some network file systems take no locks: run, but say that a second run would not be noticed.
                lockable = false;
                notes.println("holdfast: note: " + folder + " cannot be locked (" + IoReason.of(unsupported)
                        + "), so a second run into it at the same time would not be stopped");
            }
            String owner = read(channel);
            if (lockable && lock == null) {
                throw new IllegalArgumentException("the output folder " + folder + " is in use by another holdfast run ("
                        + describeOwner(owner) + "); wait for it to end or choose another folder with -o");
            }
            if (!owner.isBlank()) {
                notes.println("holdfast: note: an earlier run into " + folder + " (" + describeOwner(owner)
                        + ") ended without finishing; its files are replaced");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(("pid=" + ProcessHandle.current().pid() + "\nstarted=" + Instant.now() + "\n")
                    .getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            for (String name : RUN_FILES) {
                Files.deleteIfExists(folder.resolve(name));
            }
            return new OutputFolder(folder, channel, lock);
        } catch (IOException | SecurityException e) {
            closeQuietly(channel);
            throw cannotWrite(folder, IoReason.of(e));
        } catch (RuntimeException e) {
            closeQuietly(channel);
            throw e;
        }
    }

    Path path() {
        return folder;
    }

    private static String read(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), 4096));
        channel.read(buffer, 0);
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
    }

    /** "process 4242, started 2025-01-02T03:04:05Z" from the lock file's lines. */
    private static String describeOwner(String lockText) {
        String pid = "?";
        String started = null;
        for (String line : lockText.split("\n")) {
            if (line.startsWith("pid=")) {
                pid = line.substring(4).strip();
            } else if (line.startsWith("started=")) {
                started = line.substring(8).strip();
            }
        }
        return "process " + pid + (started == null ? "" : ", started " + started);
    }

    private static IllegalArgumentException cannotWrite(Path folder, String reason) {
        return new IllegalArgumentException("cannot write to the output folder " + folder + ": " + reason);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Closing releases the lock; nothing more can be done.
            }
        }
    }

    /** The run is over: the lock file is emptied (a clean end) and the lock released. */
    @Override
    public void close() {
        try {
            channel.truncate(0);
            if (lock != null) {
                lock.release();
            }
        } catch (IOException e) {
            // The lock ends with the process anyway; an unreleased lock file only costs the next run a note.
        } finally {
            closeQuietly(channel);
        }
    }
}
