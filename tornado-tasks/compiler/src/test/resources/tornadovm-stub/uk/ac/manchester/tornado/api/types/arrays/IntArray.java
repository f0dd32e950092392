package uk.ac.manchester.tornado.api.types.arrays;

/** A stub of TornadoVM 5.2's IntArray (off-heap in TornadoVM, a Java array here): the members twins and tests use. */
public final class IntArray {

    private final int[] values;

    public IntArray(int numberOfElements) {
        values = new int[numberOfElements];
    }

    private IntArray(int[] values) {
        this.values = values;
    }

    public static IntArray fromArray(int[] values) {
        return new IntArray(values.clone());
    }

    public int get(int index) {
        return values[index];
    }

    public void set(int index, int value) {
        values[index] = value;
    }

    public int getSize() {
        return values.length;
    }

    public int[] toHeapArray() {
        return values.clone();
    }
}
