package org.holdfast.tornado.cuda.nccl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.holdfast.tornado.cuda.backend.CudaBackend;
import org.holdfast.tornado.cuda.nccl.raw.NcclLibrary;
import org.holdfast.tornado.cuda.nccl.raw.nccl_h;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The binding against a real {@code libnccl.so.2}: the one in the {@code nvidia-nccl-cu13} wheel where the
 * project's machines keep it (unpacked into target/ once), or the one {@code -Dholdfast.nccl.library}
 * names. Skipped, with the reason, where neither is there. What needs no GPU: the version, the error
 * strings, a unique id through its file, and a communicator that cannot start without a GPU failing typed.
 */
class NcclWheelTest {

    /** Where the project's machines keep the wheels. */
    private static final Path WHEELS = Path.of("/opt/pypi-more/files");
    private static final String LIBRARY_IN_WHEEL = "nvidia/nccl/lib/" + NcclLibrary.FILE_NAME;

    @BeforeAll
    static void loadTheWheelsLibrary() throws IOException {
        if (System.getProperty(NcclLibrary.PATH_PROPERTY) == null) {
            Optional<Path> unpacked = unpackedFromWheel();
            assumeTrue(unpacked.isPresent(), "no nvidia_nccl_cu13 wheel in " + WHEELS + " and no -D" + NcclLibrary.PATH_PROPERTY
                    + ": skipping the tests against libnccl.so.2");
            System.setProperty(NcclLibrary.PATH_PROPERTY, unpacked.get().toString());
        }
        assumeTrue(Nccl.unavailableReason().isEmpty(), () -> Nccl.unavailableReason().orElseThrow());
    }

    /** The wheel's library, unpacked into target/nccl-wheel once (the wheel is a zip). */
    private static Optional<Path> unpackedFromWheel() throws IOException {
        if (!Files.isDirectory(WHEELS)) {
            return Optional.empty();
        }
        Path wheel = null;
        try (DirectoryStream<Path> wheels = Files.newDirectoryStream(WHEELS, "nvidia_nccl_cu13-*.whl")) {
            for (Path candidate : wheels) {
                wheel = candidate;
            }
        }
        if (wheel == null) {
            return Optional.empty();
        }
        Path target = Path.of(System.getProperty("basedir", "")).toAbsolutePath().resolve("target/nccl-wheel")
                .resolve(wheel.getFileName().toString()).resolve(NcclLibrary.FILE_NAME);
        if (!Files.isRegularFile(target)) {
            Files.createDirectories(target.getParent());
            try (ZipFile zip = new ZipFile(wheel.toFile())) {
                ZipEntry entry = zip.getEntry(LIBRARY_IN_WHEEL);
                if (entry == null) {
                    return Optional.empty();
                }
                Path partial = target.resolveSibling(NcclLibrary.FILE_NAME + ".partial");
                try (InputStream in = zip.getInputStream(entry)) {
                    Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
                }
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return Optional.of(target);
    }

    @Test
    void theVersionIsTheWheelsAndNewEnoughForTheDeviceApi() {
        int version = Nccl.version();
        assertTrue(version >= 22800, "NCCL 2.28 or newer for the device API, got " + version);
        if (Nccl.loadedFrom().contains("nvidia_nccl_cu13-2.30.7")) {
            assertEquals(nccl_h.NCCL_VERSION_CODE, version);
            assertEquals(23007, version);
        }
    }

    @Test
    void everyCodeHasNcclsOwnWords() {
        assertEquals("no error", Nccl.errorString(nccl_h.ncclSuccess));
        assertEquals("invalid argument (run with NCCL_DEBUG=WARN for details)", Nccl.errorString(nccl_h.ncclInvalidArgument));
        assertEquals("remote process exited or there was a network error", Nccl.errorString(nccl_h.ncclRemoteError));
        for (NcclError error : NcclError.values()) {
            if (error != NcclError.UNKNOWN) {
                assertNotEquals("unknown result code", Nccl.errorString(error.code()), error.headerName());
            }
        }
        assertEquals("unknown result code", Nccl.errorString(nccl_h.ncclNumResults));
    }

    @Test
    void aGeneratedIdRoundTripsThroughItsFile() throws IOException {
        Path file = Files.createTempDirectory("nccl-id").resolve("nccl.id");
        NcclUniqueId id = NcclUniqueId.generate();
        assertFalse(java.util.Arrays.equals(new byte[NcclUniqueId.BYTES], id.bytes()), "an id of zeros");
        id.write(file);
        assertEquals(id, NcclUniqueId.read(file));
        assertNotEquals(id, NcclUniqueId.generate(), "two ids name two communicators");
        Files.delete(file);
        Files.delete(file.getParent());
    }

    @Test
    void withoutAGpuACommunicatorFailsTyped() {
        assumeTrue(CudaBackend.device(0).isEmpty(), "this machine has a GPU: the communicator would start");
        NcclException failed = assertThrows(NcclException.class, () -> NcclCommunicator.initAll(0, 1));
        assertEquals(NcclError.UNHANDLED_CUDA_ERROR, failed.error());
        assertTrue(failed.getMessage().startsWith("ncclCommInitAll failed: ncclUnhandledCudaError (unhandled cuda error"),
                failed.getMessage());
    }
}
