package org.holdfast.bench;

/** How the host waits for the device's flags in {@code persistent-host}. */
public enum HostPoll implements CliNamed {
    /** Spins on the flags. */
    BUSY("busy"),
    /** Sleeps about a microsecond between polls, with the thread's timer slack set to 1 µs. */
    SLEEP("sleep");

    private final String cliName;

    HostPoll(String cliName) {
        this.cliName = cliName;
    }

    @Override
    public String cliName() {
        return cliName;
    }
}
