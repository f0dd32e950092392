package org.holdfast.tornado.cuda.nvrtc;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Compiled kernels on disk, one file per key. The key is a SHA-256 of everything that decides the
 * output (source, options, architecture, compiler version), so a stale entry is never found.
 *
 * <p>Each entry carries a checksum of its contents: a truncated or damaged entry reads as missing
 * (and is deleted), so the kernel is compiled again; the cache never makes a run fail. Entries are
 * written to a temporary file and moved into place, so a reader never sees half of one.
 */
public final class KernelCache {

    /** System property naming the cache folder. */
    public static final String DIRECTORY_PROPERTY = "holdfast.kernel.cache";

    private static final byte[] MAGIC = "HOLDFAST-CUBIN-1".getBytes(StandardCharsets.US_ASCII);
    private static final int DIGEST_BYTES = 32;
    private static final String SUFFIX = ".cubin";

    private final Path directory;

    public KernelCache(Path directory) {
        this.directory = directory;
    }

    /** The cache in {@code -Dholdfast.kernel.cache}, else {@code $XDG_CACHE_HOME/holdfast/kernels}, else {@code ~/.cache/holdfast/kernels}. */
    public static KernelCache atDefaultLocation() {
        return new KernelCache(defaultDirectory(System.getProperty(DIRECTORY_PROPERTY), System.getenv("XDG_CACHE_HOME"),
                System.getProperty("user.home")));
    }

    static Path defaultDirectory(String property, String xdgCacheHome, String userHome) {
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        // The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
        if (xdgCacheHome != null && !xdgCacheHome.isBlank() && Path.of(xdgCacheHome).isAbsolute()) {
            return Path.of(xdgCacheHome, "holdfast", "kernels");
        }
        return Path.of(userHome, ".cache", "holdfast", "kernels");
    }

    /**
     * The key of a compilation: SHA-256, in hex, of each input preceded by its length, so that no
     * two different sets of inputs run together into the same bytes.
     */
    public static String key(String source, List<String> options, GpuArchitecture architecture, String compilerVersion) {
        MessageDigest digest = sha256();
        update(digest, source);
        update(digest, Integer.toString(options.size()));
        for (String option : options) {
            update(digest, option);
        }
        update(digest, architecture.smName());
        update(digest, compilerVersion);
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void update(MessageDigest digest, String field) {
        byte[] bytes = field.getBytes(StandardCharsets.UTF_8);
        digest.update(ByteBuffer.allocate(Integer.BYTES).putInt(bytes.length).array());
        digest.update(bytes);
    }

    public Path directory() {
        return directory;
    }

    /** Where the entry of {@code key} lives. */
    public Path entry(String key) {
        if (!key.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("a cache key is 64 hex digits, got \"" + key + "\"");
        }
        return directory.resolve(key + SUFFIX);
    }

    /** The image stored under {@code key}; empty when there is none, or it cannot be read, or it is damaged (then it is deleted). */
    public Optional<byte[]> read(String key) {
        Path entry = entry(key);
        byte[] stored;
        try {
            stored = Files.readAllBytes(entry);
        } catch (IOException | SecurityException missingOrUnreadable) {
            return Optional.empty();
        }
        Optional<byte[]> image = unpack(stored);
        if (image.isEmpty()) {
            evict(key);
        }
        return image;
    }

    /**
     * Stores {@code image} under {@code key}, atomically. Returns whether it was stored; a cache that
     * cannot be written (read-only, full) only means compiling again next time.
     */
    public boolean write(String key, byte[] image) {
        Path entry = entry(key);
        Path temporary = null;
        try {
            Files.createDirectories(directory);
            temporary = Files.createTempFile(directory, key, ".tmp");
            Files.write(temporary, pack(image));
            try {
                Files.move(temporary, entry, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException notAtomic) {
                Files.move(temporary, entry, StandardCopyOption.REPLACE_EXISTING);
            }
            return true;
        } catch (IOException | SecurityException cannotWrite) {
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException | SecurityException ignored) {
                    // A stray temporary file is harmless: it never has the entry's name.
                }
            }
            return false;
        }
    }

    /** Deletes the entry of {@code key}, if there is one and it can be deleted. */
    public void evict(String key) {
        try {
            Files.deleteIfExists(entry(key));
        } catch (IOException | SecurityException cannotDelete) {
            // The next write replaces it anyway.
        }
    }

    static byte[] pack(byte[] image) {
        return ByteBuffer.allocate(MAGIC.length + DIGEST_BYTES + image.length).put(MAGIC).put(sha256().digest(image))
                .put(image).array();
    }

    static Optional<byte[]> unpack(byte[] stored) {
        int header = MAGIC.length + DIGEST_BYTES;
        if (stored.length <= header || !Arrays.equals(stored, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            return Optional.empty();
        }
        byte[] image = Arrays.copyOfRange(stored, header, stored.length);
        byte[] expected = Arrays.copyOfRange(stored, MAGIC.length, header);
        return MessageDigest.isEqual(expected, sha256().digest(image)) ? Optional.of(image) : Optional.empty();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
