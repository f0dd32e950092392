package org.holdfast.tornado.cuda.driver.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.holdfast.tornado.cuda.CudaError;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The binding against the installed {@code cuda.h}, without a driver: every function is the
 * symbol the header maps its name to, with the header's parameters in order and of the right
 * kind; every constant has the header's value; {@link CudaError} knows every result code.
 */
class CudaHeaderMirrorTest {

    private static final Set<String> HANDLES = Set.of("CUcontext", "CUmodule", "CUfunction", "CUstream", "CUevent", "CUgraph",
            "CUgraphExec");
    private static final Set<String> SIXTY_FOUR_BITS = Set.of("CUdeviceptr", "size_t", "unsigned long long");
    private static final Set<String> THIRTY_TWO_BITS = Set.of("int", "unsigned int", "CUdevice", "CUresult",
            "CUdevice_attribute", "CUfunction_attribute", "CUstreamCaptureMode");

    private static CudaHeader header;

    @BeforeAll
    static void readHeader() {
        header = CudaHeader.installed().orElse(null);
    }

    private static CudaHeader header() {
        assumeTrue(header != null, "no cuda.h: the CUDA toolkit is not installed here");
        return header;
    }

    @Test
    void everyFunctionIsTheSymbolTheHeaderNamesWithItsParameters() throws ReflectiveOperationException {
        List<String> checked = new ArrayList<>();
        for (Field field : cuda_h.class.getDeclaredFields()) {
            if (!field.getName().endsWith("$DESC")) {
                continue;
            }
            String symbol = field.getName().substring(0, field.getName().length() - "$DESC".length());
            String function = header().functionFor(symbol);
            assertEquals(symbol, header().symbolFor(function), "cuda.h maps " + function + " to another symbol than " + symbol);
            List<String> parameters = header().parameters(function)
                    .orElseThrow(() -> new AssertionError("cuda.h declares no " + function));
            FunctionDescriptor descriptor = (FunctionDescriptor) field.get(null);
            assertEquals(ValueLayout.JAVA_INT, descriptor.returnLayout().orElseThrow().withoutName(), symbol + " returns CUresult");
            assertEquals(parameters.size(), descriptor.argumentLayouts().size(), symbol + " parameters " + parameters);
            for (int i = 0; i < parameters.size(); i++) {
                assertKind(symbol, parameters.get(i), descriptor.argumentLayouts().get(i));
            }
            checked.add(symbol);
        }
        assertTrue(checked.size() >= 45, "checked only " + checked);
    }

    private static void assertKind(String symbol, String declaration, MemoryLayout layout) {
        String type = declaration.contains("*") ? "*" : declaration.substring(0, declaration.lastIndexOf(' ')).replace("const ", "");
        String where = symbol + "(" + declaration + ")";
        if (type.equals("*")) {
            assertTrue(layout instanceof AddressLayout, where + " is a pointer");
        } else if (HANDLES.contains(type) || SIXTY_FOUR_BITS.contains(type)) {
            assertEquals(ValueLayout.JAVA_LONG, layout.withoutName(), where + " is 64 bits");
        } else if (THIRTY_TWO_BITS.contains(type)) {
            assertEquals(ValueLayout.JAVA_INT, layout.withoutName(), where + " is 32 bits");
        } else if (type.equals("float")) {
            assertEquals(ValueLayout.JAVA_FLOAT, layout.withoutName(), where);
        } else if (type.equals("unsigned char")) {
            assertEquals(ValueLayout.JAVA_BYTE, layout.withoutName(), where);
        } else {
            throw new AssertionError("the test does not know the C type of " + where);
        }
    }

    @Test
    void everyConstantHasTheHeadersValue() throws IllegalAccessException {
        int checked = 0;
        for (Field field : cuda_h.class.getDeclaredFields()) {
            if (field.getType() == int.class && Modifier.isPublic(field.getModifiers())) {
                long expected = header().value(field.getName())
                        .orElseThrow(() -> new AssertionError("cuda.h has no " + field.getName()));
                assertEquals(expected, field.getInt(null), field.getName());
                checked++;
            }
        }
        assertTrue(checked > 30);
    }

    @Test
    void cudaErrorKnowsEveryResultOfTheHeader() {
        Map<String, Long> results = header().results();
        assertTrue(results.size() > 90, "found only " + results.size() + " result codes");
        results.forEach((name, code) -> {
            CudaError error = CudaError.of(code.intValue());
            assertEquals(name, error.headerName(), "code " + code);
        });
        for (CudaError error : CudaError.values()) {
            assertEquals(error.code(), results.get(error.headerName()), error.headerName());
        }
    }
}
