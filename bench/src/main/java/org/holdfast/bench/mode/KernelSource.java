package org.holdfast.bench.mode;

/** Which kernels a mode runs: the Java-authored ones or the hand-written native ones. */
public enum KernelSource implements CliNamed {
    JAVA("java"), NATIVE("native");

    private final String cliName;

    KernelSource(String cliName) {
        this.cliName = cliName;
    }

    @Override
    public String cliName() {
        return cliName;
    }

    @Override
    public String toString() {
        return cliName;
    }
}
