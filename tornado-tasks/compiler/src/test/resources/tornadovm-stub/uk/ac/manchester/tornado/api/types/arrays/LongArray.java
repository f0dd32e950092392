package uk.ac.manchester.tornado.api.types.arrays;

/** A stub of TornadoVM 5.2's LongArray (off-heap in TornadoVM, a Java array here): the members twins and tests use. */
public final class LongArray {

    private final long[] values;

    public LongArray(int numberOfElements) {
        values = new long[numberOfElements];
    }

    private LongArray(long[] values) {
        this.values = values;
    }

    public static LongArray fromArray(long[] values) {
        return new LongArray(values.clone());
    }

    public long get(int index) {
        return values[index];
    }

    public void set(int index, long value) {
        values[index] = value;
    }

    public int getSize() {
        return values.length;
    }

    public long[] toHeapArray() {
        return values.clone();
    }
}
