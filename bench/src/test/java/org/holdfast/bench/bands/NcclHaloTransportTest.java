package org.holdfast.bench.bands;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.bands.BandedSolver;
import org.holdfast.kernels.bands.HaloTransport;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The NCCL transport without NCCL: every GPU's side of an exchange, against a fake network that pairs sends
 * and receives as NCCL does. Each copy of the split is one send on its owner and one receive on its
 * receiver, of the same count, at the split's offsets, inside one group per rank; and G virtual devices
 * exchanging through it gather the plain reference's result bit for bit.
 */
class NcclHaloTransportTest {

    @ParameterizedTest(name = "N = {0}, {1} ranks, {2} ghost rows")
    @CsvSource({"11, 1, 1", "11, 2, 1", "12, 3, 1", "101, 4, 1", "11, 9, 1", "11, 2, 2", "12, 4, 3", "33, 4, 4"})
    void eachCopyIsOneSendAndOneReceiveInOneGroupPerRank(int n, int ranks, int ghostRows) {
        BandSplit split = new BandSplit(n, ranks, ghostRows);
        double[][] arrays = arrays(split);
        FakeNetwork network = new FakeNetwork(arrays);
        nccl(split, network).exchange(split.halos());

        assertEquals(ranks, network.groupsEnded(), "one group per rank, even one with nothing to send");
        List<FakeNetwork.Message> expected = new ArrayList<>();
        for (int rank = 0; rank < ranks; rank++) {
            for (BandSplit.HaloCopy copy : split.halos()) {
                if (copy.from() == rank) {
                    expected.add(new FakeNetwork.Message(rank, copy.to(), rank, split.sourceOffset(copy), split.elementsOf(copy)));
                }
                if (copy.to() == rank) {
                    expected.add(new FakeNetwork.Message(rank, copy.from(), rank, split.targetOffset(copy), split.elementsOf(copy)));
                }
            }
        }
        assertEquals(expected, network.log());
        assertEquals(split.halos().size(), network.deliver(), "every copy paired once");
    }

    @ParameterizedTest(name = "N = {0} on {1} ranks, {2} ghost rows, {3} iterations")
    @CsvSource({"11, 2, 1, 7", "12, 2, 1, 7", "12, 3, 1, 9", "101, 4, 1, 20", "11, 9, 1, 6", "12, 3, 3, 7", "33, 4, 2, 13",
            "5, 3, 4, 9", "11, 9, 3, 5", "101, 3, 2, 21"})
    void bandsExchangingThroughItEqualTheReferenceBitForBit(int n, int ranks, int ghostRows, int iterations) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n + ranks);
        double[] u = initial.clone();
        try (BandedSolver solver = new BandedSolver(problem, problem.rightHandSide(), new BandSplit(n, ranks, ghostRows),
                TornadoRuntime.sequentialCpu(), 1, (split, arrays) -> {
                    FakeNetwork network = new FakeNetwork(arrays);
                    HaloTransport everyRank = nccl(split, network);
                    return copies -> {
                        everyRank.exchange(copies);
                        network.deliver();
                    };
                })) {
            solver.load(u);
            solver.run(iterations);
            solver.gather(u);
        }
        assertArrayEquals(ReferenceSolver.solve(problem, initial, problem.rightHandSide(), iterations), u);
    }

    /** Every rank's NCCL transport over the fake network, called in turn, as each GPU's thread would. */
    private static HaloTransport nccl(BandSplit split, FakeNetwork network) {
        List<HaloTransport> ranks = new ArrayList<>();
        for (int rank = 0; rank < split.bands(); rank++) {
            ranks.add(new NcclHaloTransport(split, rank, FakeNetwork.address(rank, 0), network.rank(rank)));
        }
        return copies -> ranks.forEach(rank -> rank.exchange(copies));
    }

    private static double[][] arrays(BandSplit split) {
        double[][] arrays = new double[split.bands()][];
        for (BandSplit.Band band : split.bandList()) {
            arrays[band.index()] = new double[band.rows() * split.n()];
        }
        return arrays;
    }
}
