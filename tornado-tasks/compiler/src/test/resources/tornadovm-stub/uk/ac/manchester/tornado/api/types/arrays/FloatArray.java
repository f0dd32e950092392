package uk.ac.manchester.tornado.api.types.arrays;

/** A stub of TornadoVM 5.2's FloatArray (off-heap in TornadoVM, a Java array here): the members twins and tests use. */
public final class FloatArray {

    private final float[] values;

    public FloatArray(int numberOfElements) {
        values = new float[numberOfElements];
    }

    private FloatArray(float[] values) {
        this.values = values;
    }

    public static FloatArray fromArray(float[] values) {
        return new FloatArray(values.clone());
    }

    public float get(int index) {
        return values[index];
    }

    public void set(int index, float value) {
        values[index] = value;
    }

    public int getSize() {
        return values.length;
    }

    public float[] toHeapArray() {
        return values.clone();
    }
}
