package org.holdfast.tornado.cuda.driver.raw;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The installed {@code cuda.h}, read as text: prototypes, the versioning defines, enum values. */
public final class CudaHeader {

    private static final Pattern PROTOTYPE = Pattern.compile("CUresult\\s+CUDAAPI\\s+(\\w+)\\s*\\(([^)]*)\\)\\s*;");
    private static final Pattern VERSIONING = Pattern.compile(
            "#define\\s+(cu\\w+)\\s+(?:__CUDA_API_PTDS\\(|__CUDA_API_PTSZ\\()?(cu\\w+)\\)?");
    private static final Pattern VALUE = Pattern.compile("\\b(CUDA_\\w+|CU_\\w+)\\s*=\\s*(0x[0-9a-fA-F]+|\\d+)");
    private static final Pattern DEFINED_VALUE = Pattern.compile("#define\\s+(CU_\\w+)\\s+(0x[0-9a-fA-F]+|\\d+)");

    private final Map<String, List<String>> parameters = new HashMap<>();
    private final Map<String, String> versioned = new HashMap<>();
    private final Map<String, Long> values = new LinkedHashMap<>();

    private CudaHeader(String text) {
        Matcher prototype = PROTOTYPE.matcher(text);
        while (prototype.find()) {
            // The first declaration is the current API; legacy ones follow near the end of the file.
            parameters.putIfAbsent(prototype.group(1), split(prototype.group(2)));
        }
        Matcher define = VERSIONING.matcher(text);
        while (define.find()) {
            versioned.putIfAbsent(define.group(1), define.group(2));
        }
        for (Pattern pattern : List.of(VALUE, DEFINED_VALUE)) {
            Matcher value = pattern.matcher(text);
            while (value.find()) {
                values.putIfAbsent(value.group(1), Long.decode(value.group(2)));
            }
        }
    }

    /** The header of {@code $CUDA_HOME} or {@code /usr/local/cuda}, if installed. */
    public static Optional<CudaHeader> installed() {
        List<Path> places = new ArrayList<>();
        String home = System.getenv("CUDA_HOME");
        if (home != null) {
            places.add(Path.of(home, "include", "cuda.h"));
        }
        places.add(Path.of("/usr/local/cuda/include/cuda.h"));
        for (Path place : places) {
            if (Files.isRegularFile(place)) {
                try {
                    return Optional.of(new CudaHeader(Files.readString(place)));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return Optional.empty();
    }

    /** The parameter declarations of {@code function}, e.g. {@code ["CUdeviceptr *dptr", "size_t bytesize"]}. */
    public Optional<List<String>> parameters(String function) {
        return Optional.ofNullable(parameters.get(function));
    }

    /** The symbol the header maps {@code function} to ({@code cuMemAlloc -> cuMemAlloc_v2}), or itself. */
    public String symbolFor(String function) {
        return versioned.getOrDefault(function, function);
    }

    /** The header's name for {@code symbol}: {@code cuMemAlloc} for {@code cuMemAlloc_v2}. */
    public String functionFor(String symbol) {
        for (Map.Entry<String, String> define : versioned.entrySet()) {
            if (define.getValue().equals(symbol)) {
                return define.getKey();
            }
        }
        return symbol;
    }

    /** The value of an enum constant or a {@code #define}d flag. */
    public Optional<Long> value(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /** Every {@code CUDA_SUCCESS} / {@code CUDA_ERROR_*} with its value. */
    public Map<String, Long> results() {
        Map<String, Long> results = new LinkedHashMap<>();
        values.forEach((name, value) -> {
            if (name.equals("CUDA_SUCCESS") || name.startsWith("CUDA_ERROR_")) {
                results.put(name, value);
            }
        });
        return results;
    }

    private static List<String> split(String list) {
        String trimmed = list.strip();
        if (trimmed.isEmpty() || trimmed.equals("void")) {
            return List.of();
        }
        List<String> parameters = new ArrayList<>();
        for (String parameter : trimmed.split(",")) {
            parameters.add(parameter.strip().replaceAll("\\s+", " "));
        }
        return parameters;
    }
}
