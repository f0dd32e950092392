package org.holdfast.bench.mode;

import java.util.ArrayList;
import java.util.List;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.cuda.backend.CudaBackend;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * What the runners of a grid split in bands of rows share ({@link BandedRunner} on virtual devices,
 * {@link GpuBandedRunner} and {@link PersistentBandsRunner} on GPUs): the split from {@code --gpus} and {@code --sweeps-per-launch}, refused where
 * the size has too few interior rows, and the whole grid kept on the host, since the bands give back their owned
 * rows only and the boundary stays as it was loaded.
 */
abstract class SplitGridRunner implements ModeRunner {

    private final double[] u;

    protected SplitGridRunner(PoissonProblem problem) {
        this.u = new double[problem.points()];
    }

    /**
     * The square of {@code request} in {@code --gpus} bands with k ghost rows each side and an exchange every k
     * half-sweeps, k from {@code --sweeps-per-launch} (1 by default: one ghost row, an exchange every half-sweep).
     * A band thinner than k rows is no obstacle: its ghost rows then reach into the bands beyond its neighbour,
     * and an exchange brings them from each owner ({@link BandSplit#halos}).
     *
     * @throws ModeRefusedException when the size has fewer interior rows than bands
     */
    static BandSplit split(RunRequest request) {
        int ghostRows = Integer.parseInt(request.options().get(StandardLaunchMode.SWEEPS_PER_LAUNCH));
        try {
            return new BandSplit(((PoissonProblem) request.problem()).n(), request.gpus(), ghostRows);
        } catch (IllegalArgumentException e) {
            throw new ModeRefusedException("--gpus " + request.gpus() + ": " + e.getMessage());
        }
    }

    /**
     * GPUs 0 to {@code count} - 1, one band each.
     *
     * @throws ModeRefusedException where the backend has no such device
     */
    static List<CudaTornadoDevice> devices(int count) {
        List<CudaTornadoDevice> devices = new ArrayList<>();
        for (int ordinal = 0; ordinal < count; ordinal++) {
            int g = ordinal;
            devices.add(CudaBackend.device(g).orElseThrow(() -> new ModeRefusedException("--gpus " + count + ": no CUDA device " + g)));
        }
        return devices;
    }

    /** Gives every band the rows it holds of {@code full}, the whole grid. */
    protected abstract void loadBands(double[] full);

    /** Writes every band's owned rows into {@code full}. */
    protected abstract void gatherBands(double[] full);

    @Override
    public final void load(double[] initial) {
        System.arraycopy(initial, 0, u, 0, u.length);
        loadBands(u);
    }

    @Override
    public final void unload(double[] target) {
        gatherBands(u);
        System.arraycopy(u, 0, target, 0, u.length);
    }
}
