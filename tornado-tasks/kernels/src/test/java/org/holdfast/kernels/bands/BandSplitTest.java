package org.holdfast.kernels.bands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.holdfast.kernels.bands.BandSplit.Band;
import org.holdfast.kernels.bands.BandSplit.HaloCopy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which rows each device owns and holds, what each exchange sends, and after which half-sweeps. */
class BandSplitTest {

    @Test
    void elevenPointsOnTwoDevicesOneGhostRow() {
        BandSplit split = new BandSplit(11, 2, 1);
        // 9 interior rows: 1..4 and 5..9; each holds one row more each side.
        assertEquals(List.of(new Band(0, 1, 5, 0, 6), new Band(1, 5, 10, 4, 11)), split.bandList());
        assertEquals(List.of(new HaloCopy(1, 0, 5, 1), new HaloCopy(0, 1, 4, 1)), split.halos());
    }

    @Test
    void aCopyNamesItsDoublesInBothBandsArrays() {
        BandSplit split = new BandSplit(11, 2, 1);
        HaloCopy up = split.halos().get(0); // row 5, band 1's first, into band 0's last held row
        assertEquals(11, split.elementsOf(up));
        assertEquals(1 * 11, split.sourceOffset(up), "band 1's array starts at row 4");
        assertEquals(5 * 11, split.targetOffset(up), "band 0's array starts at row 0");
    }

    @Test
    void theBoundaryRowsAreHeldButNeverSent() {
        BandSplit split = new BandSplit(7, 1, 2);
        assertEquals(List.of(new Band(0, 1, 6, 0, 7)), split.bandList());
        assertEquals(List.of(), split.halos());
    }

    @Test
    void ghostRowsDeeperThanANeighbourComeFromEachOwner() {
        // 5 interior rows on 5 devices, 2 ghost rows: band 2 (row 3) holds rows 1..5, owned by bands 0, 1, 3, 4.
        BandSplit split = new BandSplit(7, 5, 2);
        Band middle = split.band(2);
        assertEquals(new Band(2, 3, 4, 1, 6), middle);
        List<HaloCopy> intoMiddle = split.halos().stream().filter(c -> c.to() == 2).toList();
        assertEquals(List.of(new HaloCopy(0, 2, 1, 1), new HaloCopy(1, 2, 2, 1), new HaloCopy(3, 2, 4, 1),
                new HaloCopy(4, 2, 5, 1)), intoMiddle);
    }

    @ParameterizedTest(name = "N = {0}, {1} devices, {2} ghost rows")
    @CsvSource({"3, 1, 1", "11, 3, 1", "12, 4, 2", "101, 7, 3", "1001, 4, 16", "9, 7, 1", "9, 7, 3"})
    void everyInteriorRowHasOneOwnerAndEveryGhostRowIsRefreshedOnce(int n, int devices, int ghostRows) {
        BandSplit split = new BandSplit(n, devices, ghostRows);
        List<Band> bands = split.bandList();
        int lines = n - 2;
        for (Band band : bands) {
            // Balanced: n - 2 rows in bands that differ by at most one.
            assertTrue(band.ownedRows() == lines / devices || band.ownedRows() == lines / devices + 1, band::toString);
            assertEquals(Math.max(0, band.firstRow() - ghostRows), band.lowRow());
            assertEquals(Math.min(n, band.endRow() + ghostRows), band.highRow());
        }
        for (int row = 1; row < n - 1; row++) {
            int r = row;
            assertEquals(1, bands.stream().filter(b -> b.owns(r)).count(), "owners of row " + row);
        }
        for (Band band : bands) {
            for (int row = Math.max(1, band.lowRow()); row < Math.min(n - 1, band.highRow()); row++) {
                int r = row;
                long copies = split.halos().stream().filter(c -> c.to() == band.index() && c.firstRow() <= r && r < c.firstRow() + c.rows()).count();
                assertEquals(band.owns(row) ? 0 : 1, copies, "copies of row " + row + " into band " + band.index());
            }
        }
        for (HaloCopy copy : split.halos()) {
            Band owner = split.band(copy.from());
            assertTrue(owner.owns(copy.firstRow()) && owner.owns(copy.firstRow() + copy.rows() - 1), copy::toString);
        }
    }

    @Test
    void exchangesAfterEveryKHalfSweepsAndAfterTheLast() {
        BandSplit one = new BandSplit(11, 2, 1);
        for (int done = 1; done <= 6; done++) {
            assertTrue(one.exchangesAfter(done, 6));
        }
        BandSplit three = new BandSplit(11, 2, 3);
        assertFalse(three.exchangesAfter(1, 8));
        assertFalse(three.exchangesAfter(2, 8));
        assertTrue(three.exchangesAfter(3, 8));
        assertTrue(three.exchangesAfter(6, 8));
        assertFalse(three.exchangesAfter(7, 8));
        assertTrue(three.exchangesAfter(8, 8), "the last, so that the next run starts from exact ghost rows");
    }

    @Test
    void moreDevicesThanInteriorRowsIsRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> new BandSplit(5, 4, 1));
        assertEquals("4 bands of rows need at least 4 interior rows: N = 5 has 3, so at most 3 devices", refused.getMessage());
    }

    @Test
    void noDevicesIsRefused() {
        assertEquals("a split needs at least one band, got 0",
                assertThrows(IllegalArgumentException.class, () -> new BandSplit(11, 0, 1)).getMessage());
    }
}
