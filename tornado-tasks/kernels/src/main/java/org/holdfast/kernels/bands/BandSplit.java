package org.holdfast.kernels.bands;

import java.util.ArrayList;
import java.util.List;

/**
 * The N x N grid cut into bands of rows, one per device, and the halo exchange between them: which
 * rows each device owns and holds, what is sent where, and after which half-sweep. Nothing here
 * moves data: the CPU's virtual devices ({@link BandedSolver}, {@link ArrayCopyTransport}) and the
 * GPUs' NCCL transport (bench's {@code NcclHaloTransport}: one {@code ncclSend}/{@code ncclRecv} pair per {@link HaloCopy}, of
 * {@link #elementsOf} doubles from {@link #sourceOffset} to {@link #targetOffset}, all of an exchange
 * in one group) read the same plan, so both exchange exactly the same rows.
 *
 * <p><b>Rows.</b> The {@code n - 2} interior rows are cut as {@link org.holdfast.kernels.problem.ParallelBands}
 * cuts them: band b owns rows {@code 1 + m·b/G} to {@code 1 + m·(b+1)/G - 1} ({@code m = n - 2}), so the bands
 * differ by at most one row and the first ones are the shorter. A device holds its owned rows and up to
 * {@code ghostRows} rows each side (fewer where the grid's edge is nearer: a boundary row is held, never
 * exchanged), in an array of its own whose row 0 is global row {@link Band#lowRow()}.
 *
 * <p><b>Schedule.</b> Each device runs {@code ghostRows} half-sweeps on everything it holds, then every
 * ghost row that is another band's interior row is copied from its owner ({@link #halos()}). Its ghost
 * rows go stale one row a half-sweep from the far edge inwards, so its owned rows are exact after
 * {@code ghostRows} half-sweeps, and the exchange makes the ghost rows exact again: one ghost row and an
 * exchange after every half-sweep, or k ghost rows and an exchange every k half-sweeps; and one after a
 * run's last half-sweep, so that every run starts from exact ghost rows.
 *
 * @param n points per side
 * @param bands bands, one per device
 * @param ghostRows ghost rows each side, which is also the half-sweeps between exchanges
 */
public record BandSplit(int n, int bands, int ghostRows) {

    /**
     * The rows of one device.
     *
     * @param index the band's (and device's) number, from 0 at the top
     * @param firstRow the first global row it owns
     * @param endRow one past the last global row it owns
     * @param lowRow the global row its array starts at (its row 0)
     * @param highRow one past the last global row its array holds
     */
    public record Band(int index, int firstRow, int endRow, int lowRow, int highRow) {

        /** Rows its array holds, owned and ghost. */
        public int rows() {
            return highRow - lowRow;
        }

        /** Rows it owns. */
        public int ownedRows() {
            return endRow - firstRow;
        }

        /** Where global row {@code row} sits in its array. */
        public int localRow(int row) {
            if (row < lowRow || row >= highRow) {
                throw new IllegalArgumentException("band " + index + " holds rows " + lowRow + " to " + (highRow - 1) + ", not " + row);
            }
            return row - lowRow;
        }

        /** Whether it owns global row {@code row}. */
        public boolean owns(int row) {
            return row >= firstRow && row < endRow;
        }
    }

    /**
     * One message of an exchange: {@code rows} whole rows from global row {@code firstRow} on, which band
     * {@code from} owns, into band {@code to}'s ghost rows.
     */
    public record HaloCopy(int from, int to, int firstRow, int rows) {
    }

    public BandSplit {
        if (bands < 1) {
            throw new IllegalArgumentException("a split needs at least one band, got " + bands);
        }
        if (n < 3) {
            throw new IllegalArgumentException("N must be at least 3 (one interior point), got " + n);
        }
        if (bands > n - 2) {
            throw new IllegalArgumentException(bands + " bands of rows need at least " + bands + " interior rows: N = " + n
                    + " has " + (n - 2) + ", so at most " + (n - 2) + " devices");
        }
        if (ghostRows < 1) {
            throw new IllegalArgumentException("a band needs at least one ghost row each side, got " + ghostRows);
        }
    }

    /** Every band, from the top. */
    public List<Band> bandList() {
        List<Band> list = new ArrayList<>(bands);
        for (int b = 0; b < bands; b++) {
            list.add(band(b));
        }
        return list;
    }

    /** Band {@code b}. */
    public Band band(int b) {
        int lines = n - 2;
        int first = 1 + (int) ((long) lines * b / bands);
        int end = 1 + (int) ((long) lines * (b + 1) / bands);
        return new Band(b, first, end, Math.max(0, first - ghostRows), Math.min(n, end + ghostRows));
    }

    /** The band that owns interior row {@code row}. */
    public int ownerOf(int row) {
        for (Band band : bandList()) {
            if (band.owns(row)) {
                return band.index();
            }
        }
        throw new IllegalArgumentException("row " + row + " is not an interior row of N = " + n);
    }

    /**
     * The copies of one exchange, which refresh every band's ghost rows from their owners: per band, its
     * rows above its own and then those below, a copy for each run of rows with one owner (more than one
     * only where a neighbour owns fewer rows than the ghost rows reach). Boundary rows are never sent.
     */
    public List<HaloCopy> halos() {
        List<HaloCopy> copies = new ArrayList<>();
        for (Band band : bandList()) {
            addCopies(copies, band.index(), Math.max(1, band.lowRow()), band.firstRow());
            addCopies(copies, band.index(), band.endRow(), Math.min(n - 1, band.highRow()));
        }
        return List.copyOf(copies);
    }

    private void addCopies(List<HaloCopy> copies, int to, int first, int end) {
        int row = first;
        while (row < end) {
            int owner = ownerOf(row);
            int runEnd = Math.min(end, band(owner).endRow());
            copies.add(new HaloCopy(owner, to, row, runEnd - row));
            row = runEnd;
        }
    }

    /** Doubles {@code copy} carries: its whole rows. An NCCL send and its receive both name this count. */
    public int elementsOf(HaloCopy copy) {
        return copy.rows() * n;
    }

    /** Where {@code copy} starts in the sending band's array, in doubles. */
    public int sourceOffset(HaloCopy copy) {
        return band(copy.from()).localRow(copy.firstRow()) * n;
    }

    /** Where {@code copy} lands in the receiving band's array, in doubles. */
    public int targetOffset(HaloCopy copy) {
        return band(copy.to()).localRow(copy.firstRow()) * n;
    }

    /**
     * Whether the halos are exchanged after the {@code done}-th half-sweep of a run of {@code halfSweeps}:
     * after every {@code ghostRows} half-sweeps, and after the last one, so that a run leaves every ghost
     * row exact and the next run may start from the bands as they are.
     */
    public boolean exchangesAfter(int done, int halfSweeps) {
        return done % ghostRows == 0 || done == halfSweeps;
    }
}
