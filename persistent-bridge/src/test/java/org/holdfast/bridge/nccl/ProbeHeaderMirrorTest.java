package org.holdfast.bridge.nccl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.holdfast.bridge.nccl.raw.holdfast_nccl_probe_h;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The probe's raw layer and {@link HaloTransport} say what holdfast_nccl_probe.h says: only the header needed. */
class ProbeHeaderMirrorTest {

    private static final Pattern CONSTANT = Pattern.compile("\\b(HF_NCCL_[A-Z0-9_]+)\\s*=\\s*(\\d+)");
    private static final Pattern DEFINE = Pattern.compile("#define\\s+(HF_NCCL_[A-Z0-9_]+)\\s+(\\d+)");
    private static final Pattern FUNCTION = Pattern.compile("HF_API\\s+[\\w\\s*]+?\\b(hf_\\w+)\\s*\\(");

    private static String header;

    @BeforeAll
    static void readHeader() throws IOException {
        // Beside holdfast_native.h, whose path the build passes.
        String property = System.getProperty("holdfast.native.header");
        Path probe = property == null ? null : Path.of(property).resolveSibling("holdfast_nccl_probe.h");
        assumeTrue(probe != null && Files.isRegularFile(probe), "holdfast_nccl_probe.h not found beside " + property);
        header = Files.readString(probe);
    }

    @Test
    void everyConstantIsMirroredWithItsValue() throws IllegalAccessException {
        Map<String, Integer> fromHeader = new TreeMap<>();
        for (Pattern pattern : new Pattern[] {CONSTANT, DEFINE}) {
            Matcher matcher = pattern.matcher(header);
            while (matcher.find()) {
                fromHeader.put(matcher.group(1), Integer.valueOf(matcher.group(2)));
            }
        }
        Map<String, Integer> fromJava = new TreeMap<>();
        for (Field field : holdfast_nccl_probe_h.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class) {
                fromJava.put(field.getName(), field.getInt(null));
            }
        }
        assertEquals(5, fromHeader.size(), "constants parsed from the header: " + fromHeader);
        assertEquals(fromHeader, fromJava);
        for (HaloTransport transport : HaloTransport.values()) {
            assertEquals(fromHeader.get("HF_NCCL_HALO_" + transport.name()), transport.code(), transport.name());
        }
        assertEquals(fromHeader.get("HF_NCCL_HALO_COUNT"), HaloTransport.values().length);
    }

    @Test
    void everyFunctionHasARawMethod() {
        Set<String> fromHeader = new TreeSet<>();
        Matcher matcher = FUNCTION.matcher(header);
        while (matcher.find()) {
            fromHeader.add(matcher.group(1));
        }
        Set<String> fromJava = Arrays.stream(holdfast_nccl_probe_h.class.getMethods())
                .map(Method::getName)
                .filter(name -> name.startsWith("hf_"))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(Set.of("hf_nccl_halo_probe_rank", "hf_nccl_halo_probe_pair", "hf_nccl_probe_last_error"), fromHeader);
        assertEquals(fromHeader, fromJava);
    }
}
