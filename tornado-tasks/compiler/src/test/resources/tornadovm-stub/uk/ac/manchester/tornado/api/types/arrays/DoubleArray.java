package uk.ac.manchester.tornado.api.types.arrays;

/** A stub of TornadoVM 5.2's DoubleArray (off-heap in TornadoVM, a Java array here): the members twins and tests use. */
public final class DoubleArray {

    private final double[] values;

    public DoubleArray(int numberOfElements) {
        values = new double[numberOfElements];
    }

    private DoubleArray(double[] values) {
        this.values = values;
    }

    public static DoubleArray fromArray(double[] values) {
        return new DoubleArray(values.clone());
    }

    public double get(int index) {
        return values[index];
    }

    public void set(int index, double value) {
        values[index] = value;
    }

    public int getSize() {
        return values.length;
    }

    public double[] toHeapArray() {
        return values.clone();
    }
}
