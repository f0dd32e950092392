package org.holdfast.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
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
import java.util.function.Function;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.holdfast.bridge.raw.holdfast_bands_h;
import org.holdfast.bridge.raw.holdfast_native_h;
import org.holdfast.bridge.raw.holdfast_nccl_bands_h;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The raw layer and the enums say what holdfast_native.h says: no library needed, only the header. */
class HeaderMirrorTest {

    private static final Pattern CONSTANT = Pattern.compile("\\b(HF_[A-Z0-9_]+)\\s*=\\s*(\\d+)");
    private static final Pattern DEFINE = Pattern.compile("#define\\s+(HF_ABI_VERSION)\\s+(\\d+)");
    private static final Pattern FUNCTION = Pattern.compile("HF_API\\s+[\\w\\s*]+?\\b(hf_\\w+)\\s*\\(");

    private static String header;

    @BeforeAll
    static void readHeader() throws IOException {
        final String property = System.getProperty("holdfast.native.header");
        assumeTrue(property != null && Files.isRegularFile(Path.of(property)),
                "holdfast_native.h not found at " + property);
        header = Files.readString(Path.of(property));
    }

    private static Map<String, Integer> headerConstants() {
        final Map<String, Integer> constants = new TreeMap<>();
        for (Pattern pattern : new Pattern[] {CONSTANT, DEFINE}) {
            final Matcher matcher = pattern.matcher(header);
            while (matcher.find()) {
                constants.put(matcher.group(1), Integer.valueOf(matcher.group(2)));
            }
        }
        return constants;
    }

    private static Map<String, Integer> javaConstants() throws IllegalAccessException {
        final Map<String, Integer> constants = new TreeMap<>();
        for (Field field : holdfast_native_h.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class && field.getName().startsWith("HF_")) {
                constants.put(field.getName(), field.getInt(null));
            }
        }
        return constants;
    }

    @Test
    void everyConstantOfTheHeaderIsMirroredWithItsValue() throws IllegalAccessException {
        final Map<String, Integer> fromHeader = headerConstants();
        assertTrue(fromHeader.size() > 30, "parsed too few constants: " + fromHeader);
        assertEquals(fromHeader, javaConstants());
    }

    @Test
    void everyFunctionOfTheHeaderHasARawMethod() {
        final Set<String> fromHeader = new TreeSet<>();
        final Matcher matcher = FUNCTION.matcher(header);
        while (matcher.find()) {
            fromHeader.add(matcher.group(1));
        }
        final Set<String> fromJava = Arrays.stream(holdfast_native_h.class.getMethods())
                .map(Method::getName)
                .filter(name -> name.startsWith("hf_"))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(30, fromHeader.size(), "functions parsed from the header: " + fromHeader);
        assertEquals(fromHeader, fromJava);
    }

    /**
     * holdfast_bands.h (the band sessions, the same library) and holdfast_nccl_bands.h (libholdfast_nccl_bands),
     * beside holdfast_native.h: every function has its raw method, and no raw method is without its function.
     */
    @Test
    void everyFunctionOfTheBandHeadersHasARawMethod() throws IOException {
        final Path include = Path.of(System.getProperty("holdfast.native.header")).getParent();
        assertEquals(functionsOf(include.resolve("holdfast_bands.h")), rawMethodsOf(holdfast_bands_h.class));
        assertEquals(functionsOf(include.resolve("holdfast_nccl_bands.h")), rawMethodsOf(holdfast_nccl_bands_h.class));
        assertEquals(11, rawMethodsOf(holdfast_bands_h.class).size());
        assertEquals(5, rawMethodsOf(holdfast_nccl_bands_h.class).size());
    }

    /** holdfast_bands.h's defines (the band's passes, the temporal pass's k) are holdfast_bands_h's constants and BandPass's codes. */
    @Test
    void theBandPassesOfTheBandHeaderAreMirrored() throws IOException, IllegalAccessException {
        final String bands = Files.readString(Path.of(System.getProperty("holdfast.native.header")).resolveSibling("holdfast_bands.h"));
        final Map<String, String> fromHeader = new TreeMap<>();
        final Matcher matcher = Pattern.compile("#define\\s+(HF_BAND_\\w+)\\s+(\\d+|\"[^\"]*\")").matcher(bands);
        while (matcher.find()) {
            fromHeader.put(matcher.group(1), matcher.group(2).replace("\"", ""));
        }
        final Map<String, String> fromJava = new TreeMap<>();
        for (Field field : holdfast_bands_h.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getName().startsWith("HF_")) {
                fromJava.put(field.getName(), String.valueOf(field.get(null)));
            }
        }
        assertEquals(3, fromHeader.size(), "defines parsed from holdfast_bands.h: " + fromHeader);
        assertEquals(fromHeader, fromJava);
        for (BandPass pass : BandPass.values()) {
            assertEquals(fromHeader.get("HF_BAND_PASS_" + pass.name()), Integer.toString(pass.code()), pass.toString());
        }
        assertEquals(java.util.List.of(1, 2, 3, 4, 6, 8, 12, 16), BandPass.TEMPORAL_DEPTHS);
    }

    private static Set<String> functionsOf(Path header) throws IOException {
        final Set<String> functions = new TreeSet<>();
        final Matcher matcher = FUNCTION.matcher(Files.readString(header));
        while (matcher.find()) {
            functions.add(matcher.group(1));
        }
        return functions;
    }

    private static Set<String> rawMethodsOf(Class<?> raw) {
        return Arrays.stream(raw.getMethods()).map(Method::getName).filter(name -> name.startsWith("hf_"))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void enumsMatchTheHeaderValueForValue() {
        final Map<String, Integer> constants = headerConstants();
        assertMirrors(NativeStatus.values(), status -> status.nativeName(), NativeStatus::code, "HF_STATUS_COUNT", constants);
        assertMirrors(VariantTrait.values(), trait -> "HF_TRAIT_" + trait.name(), VariantTrait::bit, "HF_TRAIT_COUNT", constants);
        assertMirrors(WorkSplit.values(), split -> "HF_SPLIT_" + split.name(), WorkSplit::code, "HF_SPLIT_COUNT", constants);
        assertMirrors(HostPolling.values(), polling -> "HF_POLL_" + polling.name(), HostPolling::code, "HF_POLL_COUNT", constants);
        assertMirrors(FaultInjection.values(), fault -> "HF_FAULT_" + fault.name(), FaultInjection::code, "HF_FAULT_COUNT", constants);
        assertMirrors(WatchdogWait.values(), wait -> "HF_WAIT_" + wait.name(), WatchdogWait::code, "HF_WAIT_COUNT", constants);
        assertMirrors(PersistentProblem.Kind.values(), kind -> "HF_PROBLEM_" + kind.name(), PersistentProblem.Kind::code,
                "HF_PROBLEM_COUNT", constants);
        assertMirrors(LLLineForm.values(), form -> "HF_LL_LINE_" + form.name(), LLLineForm::code, "HF_LL_LINE_COUNT", constants);
    }

    private static <E extends Enum<E>> void assertMirrors(E[] values, Function<E, String> headerName,
            ToIntFunction<E> code, String countName, Map<String, Integer> constants) {
        for (E value : values) {
            assertEquals(constants.get(headerName.apply(value)), code.applyAsInt(value), value + " vs " + headerName.apply(value));
        }
        assertEquals(constants.get(countName), values.length, countName);
    }
}
