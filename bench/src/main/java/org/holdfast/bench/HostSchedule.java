package org.holdfast.bench;

/** How the host of {@code persistent-host} releases blocks. */
public enum HostSchedule implements CliNamed {
    /** Every block does a half-sweep, then the host waits for all of them. */
    LOCKSTEP("lockstep"),
    /** A block starts its next half-sweep as soon as neither neighbour is behind it. */
    NEIGHBOUR("neighbour");

    private final String cliName;

    HostSchedule(String cliName) {
        this.cliName = cliName;
    }

    @Override
    public String cliName() {
        return cliName;
    }
}
