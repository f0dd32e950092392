package uk.ac.manchester.tornado.api;

/**
 * A stub of TornadoVM 5.2's KernelContext for Holdfast's tests: the members the kernel language
 * uses, with TornadoVM's names and types. TornadoVM declares the fields {@code final}; here they can
 * be set, so that a test can run a twin on the CPU one thread at a time.
 */
public class KernelContext {

    public Integer globalIdx = 0;
    public Integer globalIdy = 0;
    public Integer globalIdz = 0;
    public Integer groupIdx = 0;
    public Integer groupIdy = 0;
    public Integer groupIdz = 0;
    public Integer localIdx = 0;
    public Integer localIdy = 0;
    public Integer localIdz = 0;
    public Integer globalGroupSizeX = 0;
    public Integer globalGroupSizeY = 0;
    public Integer globalGroupSizeZ = 0;
    public Integer localGroupSizeX = 0;
    public Integer localGroupSizeY = 0;
    public Integer localGroupSizeZ = 0;

    public void localBarrier() {
    }

    public int[] allocateIntLocalArray(int size) {
        return new int[size];
    }

    public long[] allocateLongLocalArray(int size) {
        return new long[size];
    }

    public float[] allocateFloatLocalArray(int size) {
        return new float[size];
    }

    public double[] allocateDoubleLocalArray(int size) {
        return new double[size];
    }
}
