package org.holdfast.tornado.compiler;

/** Lines of C with four-space indentation. */
final class CodeWriter {

    private final StringBuilder text = new StringBuilder();
    private int depth;

    void indent() {
        depth++;
    }

    void dedent() {
        depth--;
    }

    void line(String line) {
        text.append("    ".repeat(depth)).append(line).append('\n');
    }

    String text() {
        return text.toString();
    }
}
