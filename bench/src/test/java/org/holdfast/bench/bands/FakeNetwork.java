package org.holdfast.bench.bands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * NCCL's point-to-point messages between host arrays, for tests without a GPU: each rank's sends and
 * receives are recorded as NCCL queues them (only inside a group), and {@link #deliver} pairs the k-th send
 * from a to b with the k-th receive on b from a, as NCCL does, checks that their counts agree and that
 * nothing is left unpaired, and copies the doubles. A band's "device address" is {@link #address}: the band
 * in the high bits, the byte offset in the low ones.
 */
final class FakeNetwork {

    /** One queued call. */
    record Message(int rank, int peer, int band, int offset, long count) {
    }

    private final double[][] arrays;
    private final Map<String, List<Message>> sends = new LinkedHashMap<>();
    private final Map<String, List<Message>> receives = new LinkedHashMap<>();
    private final List<Message> log = new ArrayList<>();
    private int groupsEnded;

    /** @param arrays each band's array, by band (= rank) */
    FakeNetwork(double[][] arrays) {
        this.arrays = arrays;
    }

    static long address(int band, int doubleOffset) {
        return ((long) band + 1) << 32 | (long) doubleOffset * Double.BYTES;
    }

    /** Rank {@code rank}'s side. */
    PointToPoint rank(int rank) {
        return new PointToPoint() {
            private boolean inGroup;

            @Override
            public void group(Runnable calls) {
                inGroup = true;
                try {
                    calls.run();
                } finally {
                    inGroup = false;
                    groupsEnded++;
                }
            }

            @Override
            public void send(long address, long count, int peer) {
                queue(sends, rank, peer, address, count, inGroup);
            }

            @Override
            public void receive(long address, long count, int peer) {
                queue(receives, peer, rank, address, count, inGroup);
            }
        };
    }

    private void queue(Map<String, List<Message>> queue, int from, int to, long address, long count, boolean inGroup) {
        assertTrue(inGroup, "NCCL's sends and receives of an exchange are queued inside a group");
        Message message = new Message(queue == sends ? from : to, queue == sends ? to : from, (int) (address >>> 32) - 1,
                (int) (address & 0xffffffffL) / Double.BYTES, count);
        queue.computeIfAbsent(from + "->" + to, key -> new ArrayList<>()).add(message);
        log.add(message);
    }

    /** Pairs and carries everything queued since the last delivery; returns the pairs carried. */
    int deliver() {
        assertEquals(sends.keySet(), receives.keySet(), "every pair of ranks that sends also receives");
        int pairs = 0;
        for (String link : sends.keySet()) {
            List<Message> out = sends.get(link);
            List<Message> in = receives.get(link);
            assertEquals(out.size(), in.size(), "sends and receives on " + link);
            for (int i = 0; i < out.size(); i++) {
                Message send = out.get(i);
                Message receive = in.get(i);
                assertEquals(send.count(), receive.count(), "the " + i + "-th message on " + link);
                assertEquals(send.rank(), send.band(), "a rank sends from its own band's array");
                assertEquals(receive.rank(), receive.band(), "a rank receives into its own band's array");
                System.arraycopy(arrays[send.band()], send.offset(), arrays[receive.band()], receive.offset(), (int) send.count());
                pairs++;
            }
        }
        sends.clear();
        receives.clear();
        return pairs;
    }

    /** Every call so far, in the order queued. */
    List<Message> log() {
        return List.copyOf(log);
    }

    int groupsEnded() {
        return groupsEnded;
    }
}
