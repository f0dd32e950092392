package org.holdfast.bench;

import java.io.PrintStream;
import org.holdfast.bench.mode.Machine;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoRuntime;
import org.holdfast.tornado.spi.TornadoBackend;

/** {@code --devices}: every device Holdfast can run on here, and why the others are missing. */
final class DeviceList {

    private DeviceList() {
    }

    static void print(PrintStream out) {
        for (TornadoBackend backend : TornadoRuntime.backends()) {
            for (TornadoDevice device : backend.devices()) {
                out.println(device.id() + ": " + device.description());
            }
            backend.unavailableReason().ifPresent(reason -> out.println(backend.name() + ": unavailable: " + reason));
        }
        out.println(Machine.nativeLibraryStatus());
    }
}
