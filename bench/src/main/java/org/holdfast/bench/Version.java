package org.holdfast.bench;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The project version, from a resource the build fills in. */
public final class Version {

    private Version() {
    }

    public static String current() {
        try (InputStream in = Version.class.getResourceAsStream("/holdfast-version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
