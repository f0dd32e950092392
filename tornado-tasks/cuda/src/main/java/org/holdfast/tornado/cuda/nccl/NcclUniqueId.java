package org.holdfast.tornado.cuda.nccl;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Arrays;
import org.holdfast.tornado.cuda.nccl.raw.nccl_h;

/**
 * The {@value org.holdfast.tornado.cuda.nccl.raw.nccl_h#NCCL_UNIQUE_ID_BYTES} bytes that name one NCCL
 * communicator: rank 0 makes it ({@link #generate()}) and every rank passes the same bytes to
 * {@code ncclCommInitRank}. With one process per GPU (on one node or several) rank 0 writes it to a file
 * on a file system every process sees ({@link #write}), and the other ranks wait for that file and read
 * it ({@link #await}). The file holds the raw bytes and nothing else; it is written to a temporary name
 * and moved into place, so a reader never sees part of it.
 */
public final class NcclUniqueId {

    /** Bytes in an id, and in its file. */
    public static final int BYTES = nccl_h.NCCL_UNIQUE_ID_BYTES;

    private final byte[] bytes;

    private NcclUniqueId(byte[] bytes) {
        this.bytes = bytes;
    }

    /** An id of these bytes, exactly {@value #BYTES} of them. */
    public static NcclUniqueId of(byte[] bytes) {
        if (bytes.length != BYTES) {
            throw new IllegalArgumentException("an NCCL unique id is " + BYTES + " bytes, got " + bytes.length);
        }
        return new NcclUniqueId(bytes.clone());
    }

    /** A new id from {@code ncclGetUniqueId}: rank 0's job. */
    public static NcclUniqueId generate() {
        Nccl.requireLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment id = arena.allocate(nccl_h.ncclUniqueId);
            Nccl.check(nccl_h.ncclGetUniqueId(id), "ncclGetUniqueId", 0);
            return new NcclUniqueId(id.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    /** The id's bytes. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The id as {@code ncclCommInitRank} takes it by value, in {@code arena}. */
    MemorySegment in(Arena arena) {
        MemorySegment id = arena.allocate(nccl_h.ncclUniqueId);
        MemorySegment.copy(bytes, 0, id, ValueLayout.JAVA_BYTE, 0, BYTES);
        return id;
    }

    /** Writes the id to {@code file} at once: a temporary file beside it, then moved into place. */
    public void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Path partial = Files.createTempFile(parent, file.getFileName().toString(), ".partial");
        try {
            Files.write(partial, bytes);
            try {
                Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException notAtomic) {
                Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /**
     * Reads the id rank 0 wrote to {@code file}.
     *
     * @throws IOException when it cannot be read, or holds other than {@value #BYTES} bytes (then the message says so)
     */
    public static NcclUniqueId read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        if (bytes.length != BYTES) {
            throw new IOException(file + " holds " + bytes.length + " bytes, not the " + BYTES + " of an NCCL unique id");
        }
        return new NcclUniqueId(bytes);
    }

    /**
     * Waits until {@code file} exists, polling every few milliseconds, and reads it: how ranks other than 0 get the id.
     *
     * @throws IOException when it did not appear within {@code timeout}, naming the file and the wait
     */
    public static NcclUniqueId await(Path file, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!Files.exists(file)) {
            if (System.nanoTime() > deadline) {
                throw new IOException("no NCCL unique id in " + file + " after " + timeout.toMillis() + " ms: rank 0 writes it");
            }
            Thread.sleep(5);
        }
        return read(file);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof NcclUniqueId id && Arrays.equals(bytes, id.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "NcclUniqueId[" + BYTES + " bytes]";
    }
}
