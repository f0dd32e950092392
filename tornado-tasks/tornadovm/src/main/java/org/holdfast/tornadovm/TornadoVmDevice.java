package org.holdfast.tornadovm;

import org.holdfast.tornado.api.CompiledGraph;
import org.holdfast.tornado.api.ImmutableTaskGraph;
import org.holdfast.tornado.api.PlanSettings;
import org.holdfast.tornado.api.TornadoDevice;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoBackend;
import uk.ac.manchester.tornado.api.TornadoRuntime;
import uk.ac.manchester.tornado.api.enums.TornadoDeviceType;
import uk.ac.manchester.tornado.api.runtime.TornadoRuntimeProvider;

/**
 * TornadoVM's default device (backend 0, device 0: the H200 under the PTX backend) as a Holdfast
 * device. Compiling a Holdfast graph for it makes a TornadoVM execution plan of the kernels' twins.
 */
final class TornadoVmDevice implements TornadoDevice {

    private final uk.ac.manchester.tornado.api.common.TornadoDevice device;
    private final String backend;

    private TornadoVmDevice(uk.ac.manchester.tornado.api.common.TornadoDevice device, String backend) {
        this.device = device;
        this.backend = backend;
    }

    /** Starts TornadoVM's runtime and takes its default device. */
    static TornadoVmDevice open() {
        TornadoRuntime runtime = TornadoRuntimeProvider.getTornadoRuntime();
        if (runtime.getNumBackends() == 0 || runtime.getBackend(0).getNumDevices() == 0) {
            throw new IllegalStateException("TornadoVM found no backend with a device (tornado --devices lists what it sees)");
        }
        TornadoBackend first = runtime.getBackend(0);
        return new TornadoVmDevice(first.getDevice(0), first.getBackendType().toString());
    }

    @Override
    public String id() {
        return TornadoVmBackend.NAME + ":0:0";
    }

    @Override
    public String description() {
        return device.getPhysicalDevice().getDeviceName() + " through TornadoVM " + version() + " (" + backend + " backend, device 0:0)";
    }

    @Override
    public boolean isGpu() {
        return device.getDeviceType() == TornadoDeviceType.GPU;
    }

    @Override
    public CompiledGraph compile(ImmutableTaskGraph graph, PlanSettings settings) {
        return new TornadoVmGraph(graph, settings, device, id());
    }

    /** TornadoVM's version, from its API module ({@code 5.2.0-jdk25}), or "?" where the jar does not say. */
    static String version() {
        Module api = TaskGraph.class.getModule();
        if (api.getDescriptor() != null && api.getDescriptor().rawVersion().isPresent()) {
            return api.getDescriptor().rawVersion().get();
        }
        String fromJar = TaskGraph.class.getPackage().getImplementationVersion();
        return fromJar == null ? "?" : fromJar;
    }
}
