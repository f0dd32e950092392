package org.holdfast.bench.mode;

import org.holdfast.tornado.api.TornadoExecutionPlan;

/** {@code tornado}: real TornadoVM, one plain {@code TornadoExecutionPlan.execute()} per red-black iteration. */
public final class TornadoMode extends TornadoVmMode {

    public TornadoMode() {
        super("tornado", "real TornadoVM: one TornadoExecutionPlan.execute() per iteration (needs the tornado launcher)", 0x17becf);
    }

    @Override
    protected void configure(TornadoExecutionPlan plan) {
        // TornadoVM's execute() waits for the device: nothing to add.
    }
}
