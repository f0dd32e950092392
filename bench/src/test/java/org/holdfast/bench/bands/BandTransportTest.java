package org.holdfast.bench.bands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The hidden switch between NCCL and device copies, and what each needs of the machine. */
class BandTransportTest {

    @Test
    void theTwoTransportsByNameAndNothingWhenUnset() {
        assertEquals(Optional.of(BandTransport.NCCL), BandTransport.parse("nccl"));
        assertEquals(Optional.of(BandTransport.COPY), BandTransport.parse(" Copy "));
        assertEquals(Optional.empty(), BandTransport.parse(null));
        assertEquals(Optional.empty(), BandTransport.parse(""));
    }

    @Test
    void anythingElseIsOneLine() {
        assertEquals("-Dholdfast.bands.transport=shm: nccl (one band per GPU) or copy (every band on GPU 0, halo rows by"
                + " device copies)", assertThrows(IllegalArgumentException.class, () -> BandTransport.parse("shm")).getMessage());
    }

    @Test
    void ncclNeedsAGpuPerBandTheCopiesOneGpu() {
        assertEquals(Optional.empty(), BandTransport.NCCL.tooFewGpus(2, 2));
        assertEquals(Optional.of("--gpus 4: this machine has 2 GPUs and NCCL puts one band on each"
                + " (-Dholdfast.bands.transport=copy runs every band on GPU 0)"), BandTransport.NCCL.tooFewGpus(4, 2));
        assertEquals(Optional.of("--gpus 2: this machine has 1 GPU and NCCL puts one band on each"
                + " (-Dholdfast.bands.transport=copy runs every band on GPU 0)"), BandTransport.NCCL.tooFewGpus(2, 1));
        assertEquals(Optional.empty(), BandTransport.COPY.tooFewGpus(4, 1));
        assertEquals(Optional.of("--gpus 2: no GPU here"), BandTransport.COPY.tooFewGpus(2, 0));
    }
}
