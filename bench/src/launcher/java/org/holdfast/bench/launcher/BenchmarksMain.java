package org.holdfast.bench.launcher;

/**
 * The main class of holdfast-benchmarks.jar ({@code java -jar}). It is compiled for Java 8, unlike
 * the rest of the jar, so that a Java older than Holdfast needs can run it and be told so in one
 * line with a non-zero exit status, where JMH would list benchmarks that its forks then fail to load
 * and still exit 0. On a recent enough Java it hands over to JMH.
 */
public final class BenchmarksMain {

    /** The Java release Holdfast is compiled for. */
    static final int NEEDED = 25;

    private BenchmarksMain() {
    }

    public static void main(String[] args) throws Exception {
        String version = System.getProperty("java.specification.version");
        if (feature(version) < NEEDED) {
            System.err.println("holdfast-benchmarks.jar needs Java " + NEEDED + " or newer, but this is Java " + version
                    + " (" + System.getProperty("java.home") + "): run the bundle's bin/holdfast-jmh, which brings its"
                    + " own Java, or this jar with a JDK " + NEEDED);
            System.exit(1);
        }
        // Compiled for Java 25, so reached by name: one line and exit 3 for a mode that cannot run here.
        Class<?> modesHere = Class.forName("org.holdfast.bench.jmh.ModesHere");
        String refusal = (String) modesHere.getMethod("refusal", String[].class).invoke(null, (Object) args);
        if (refusal != null) {
            System.err.println(refusal);
            System.exit(modesHere.getField("UNAVAILABLE").getInt(null));
        }
        org.openjdk.jmh.Main.main(args);
    }

    /** 8 for "1.8", 17 for "17". */
    static int feature(String specificationVersion) {
        String major = specificationVersion.startsWith("1.") ? specificationVersion.substring(2) : specificationVersion;
        int dot = major.indexOf('.');
        return Integer.parseInt(dot < 0 ? major : major.substring(0, dot));
    }
}
