package org.holdfast.bench;

/** The grid barrier of {@code persistent-grid}. */
public enum GridBarrier implements CliNamed {
    /** Cooperative groups' {@code grid.sync()}. */
    CG("cg"),
    /** Holdfast's own barrier: an arrival count and a release generation in a zeroed buffer. */
    TWO_SLOT("two-slot");

    private final String cliName;

    GridBarrier(String cliName) {
        this.cliName = cliName;
    }

    @Override
    public String cliName() {
        return cliName;
    }
}
