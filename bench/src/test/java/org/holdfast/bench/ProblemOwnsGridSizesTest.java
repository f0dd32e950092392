package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Grid sizes and bytes come from the problem ({@code org.holdfast.kernels.problem.Problem}): no layer
 * of the harness, the reports, the modes or the kernels' host code computes them from N itself,
 * because a second problem (a 3D grid) would then have to find and change each such product. The
 * test reads the main Java sources of bench, persistent-bridge and tornado-tasks for products of the size with itself
 * ({@code n * n}, {@code (long) n * n}, {@code problem.n() * problem.n()}), bytes from N
 * ({@code * n * 8}, {@code 24L * n}, {@code 3.0 * Double.BYTES * n}) and interior counts
 * ({@code (n - 2) * (n - 2)}). A kernel's index arithmetic ({@code i * n + j}) is no such product.
 */
class ProblemOwnsGridSizesTest {

    /** Where sizes may be computed: the problem package and the problems themselves. */
    private static final List<String> PROBLEM_FILES = List.of(
            "tornado-tasks/kernels/src/main/java/org/holdfast/kernels/problem/",
            "tornado-tasks/kernels/src/main/java/org/holdfast/kernels/poisson/PoissonProblem.java",
            "tornado-tasks/kernels/src/main/java/org/holdfast/kernels/poisson3d/Poisson3DProblem.java");

    /** Lines outside the problem that may keep their product (file, the line's code), and why. */
    private static final Map<String, String> ALLOWED = Map.of(
            "tornado-tasks/kernels/src/main/java/org/holdfast/kernels/PersistentRedBlackKernels.java: int cells = n * n;",
            "a kernel's own loop over the grid it copies on chip: device code cannot ask the problem",
            "tornado-tasks/kernels/src/main/java/org/holdfast/kernels/RedBlackKernels3D.java: int lines = (n - 2) * (n - 2);",
            "a kernel's own loop over the lines of the cube it numbers: device code cannot ask the problem",
            "tornado-tasks/kernels/src/main/java/org/holdfast/kernels/PersistentTaskGraph.java:"
                    + " return Math.toIntExact((long) n * n * Double.BYTES * (withF ? 2 : 1));",
            "the on-chip kernel's launch bytes; its file belongs to another change for now, to move to the problem after it");

    private static final List<Pattern> SIZE_PRODUCTS = List.of(
            // the size times itself: n * n, (long) n * n, n * (long) n, problem.n() * problem.n()
            Pattern.compile("(?<![\\w.])((?:\\w+\\.)*n\\(\\)|n|side|size)\\s*\\*\\s*(?:\\(\\w+\\)\\s*)?\\1(?![\\w(])"),
            // bytes from the size: * n * 8, * n * Double.BYTES
            Pattern.compile("\\*\\s*(?:\\(\\w+\\)\\s*)?n\\s*\\*\\s*(?:8|Double\\.BYTES)\\b"),
            // bytes per iteration from the size: 24L * n, 24.0 * n, 3.0 * Double.BYTES * n, 3 * 8 * n
            Pattern.compile("\\b(?:24[Ll]?|24\\.0|3(?:[Ll]|\\.0)?\\s*\\*\\s*(?:8|Double\\.BYTES))\\s*\\*\\s*(?:\\(\\w+\\)\\s*)?n\\b"),
            // interior points from the size
            Pattern.compile("\\(n\\s*-\\s*2\\)\\s*\\*\\s*\\(n\\s*-\\s*2\\)"));

    private static final Pattern STRING_LITERAL = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");

    private static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.isDirectory(here.resolve("tornado-tasks")) ? here : here.getParent();
    }

    @Test
    void noLayerOutsideTheProblemComputesAGridSize() throws IOException {
        List<String> found = new ArrayList<>();
        List<String> allowedSeen = new ArrayList<>();
        for (Path file : mainSources()) {
            String name = root().relativize(file).toString().replace('\\', '/');
            if (PROBLEM_FILES.stream().anyMatch(name::startsWith)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file);
            for (int index = 0; index < lines.size(); index++) {
                String code = code(lines.get(index));
                if (!isSizeProduct(code)) {
                    continue;
                }
                String key = name + ": " + code;
                if (ALLOWED.containsKey(key)) {
                    allowedSeen.add(key);
                } else {
                    found.add(name + ":" + (index + 1) + ": " + code);
                }
            }
        }
        assertEquals(List.of(), found, "grid sizes or bytes computed outside the problem (ask org.holdfast.kernels.problem.Problem:"
                + " points(), interiorPoints(), pointsPerColour(), arrayBytes(), bytesPerIteration())");
        assertEquals(ALLOWED.keySet().stream().sorted().toList(), allowedSeen.stream().sorted().distinct().toList(),
                "every allowed line still exists (remove the entries of lines that are gone)");
    }

    @Test
    void theScanFindsSizesAndPassesIndexArithmetic() {
        for (String size : List.of("double[] u = new double[n * n];", "long bytes = (long) n * n * Double.BYTES;",
                "return 3.0 * Double.BYTES * n * n;", "double gpu = 24.0 * n * n / rate;", "long b = 24L * n;",
                "int p = problem.n() * problem.n();", "long b = rows * n * 8;", "long p = (long) (n - 2) * (n - 2);",
                "long cells = n * (long) n;")) {
            assertTrue(isSizeProduct(code(size)), size);
        }
        for (String notSize : List.of("int c = i * n + j;", "u[(i + 1) * n + j] = 0;", "int half = (n - 1) / 2;",
                "int points = (n - 2) * half;", "blocks / cluster * cluster", "// a comment on n * n", " * {@code n * n * 8} bytes",
                "String s = \"n * n\";", "double d2 = d * d;", "int m = n * nodes;")) {
            assertTrue(!isSizeProduct(code(notSize)), notSize);
        }
    }

    private static boolean isSizeProduct(String code) {
        return SIZE_PRODUCTS.stream().anyMatch(pattern -> pattern.matcher(code).find());
    }

    /** The line without its comment and the text of its string literals, trimmed; empty for a comment line. */
    private static String code(String line) {
        String trimmed = line.trim();
        if (trimmed.startsWith("*") || trimmed.startsWith("/*") || trimmed.startsWith("//")) {
            return "";
        }
        String code = STRING_LITERAL.matcher(trimmed).replaceAll("\"\"");
        int comment = code.indexOf("//");
        return (comment < 0 ? code : code.substring(0, comment)).trim();
    }

    /** The main Java sources of bench, persistent-bridge and every tornado-tasks module. */
    private static List<Path> mainSources() throws IOException {
        List<Path> roots = new ArrayList<>(List.of(root().resolve("bench/src/main/java"), root().resolve("persistent-bridge/src/main/java")));
        try (Stream<Path> modules = Files.list(root().resolve("tornado-tasks"))) {
            modules.map(module -> module.resolve("src/main/java")).filter(Files::isDirectory).sorted().forEach(roots::add);
        }
        List<Path> files = new ArrayList<>();
        for (Path folder : roots) {
            try (Stream<Path> walk = Files.walk(folder)) {
                walk.filter(path -> path.toString().endsWith(".java")).sorted().forEach(files::add);
            }
        }
        assertTrue(files.size() > 100, "found the sources: " + files.size() + " under " + roots);
        return files;
    }
}
