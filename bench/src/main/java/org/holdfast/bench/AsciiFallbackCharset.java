package org.holdfast.bench;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.util.Map;

/**
 * The charset of a console that cannot show every character Holdfast prints (a C or POSIX locale
 * is plain ASCII): what it cannot encode is written as an ASCII look-alike, {@code µs} as
 * {@code us}, never as {@code ?}.
 */
final class AsciiFallbackCharset extends Charset {

    /** The characters Holdfast's output uses beyond ASCII, and how they read in ASCII. */
    private static final Map<Character, String> LOOK_ALIKES = Map.of(
            'µ', "u", '×', "x", '·', "*", '²', "^2", '≤', "<=", '≥', ">=", '–', "-", '—', "-", '…', "...");

    private final Charset base;

    private AsciiFallbackCharset(Charset base) {
        super("x-holdfast-ascii-fallback-" + base.name(), null);
        this.base = base;
    }

    /** {@code stream} itself when its charset can show every character Holdfast prints; otherwise a stream with look-alikes. */
    static PrintStream fitting(PrintStream stream) {
        CharsetEncoder encoder = stream.charset().newEncoder();
        if (LOOK_ALIKES.keySet().stream().allMatch(encoder::canEncode)) {
            return stream;
        }
        return new PrintStream(stream, true, new AsciiFallbackCharset(stream.charset()));
    }

    @Override
    public boolean contains(Charset other) {
        return base.contains(other);
    }

    @Override
    public CharsetDecoder newDecoder() {
        return base.newDecoder();
    }

    @Override
    public CharsetEncoder newEncoder() {
        CharsetEncoder inner = base.newEncoder();
        return new CharsetEncoder(this, inner.averageBytesPerChar(), Math.max(inner.maxBytesPerChar(), 3)) {
            @Override
            protected CoderResult encodeLoop(CharBuffer in, ByteBuffer out) {
                while (in.hasRemaining()) {
                    char c = in.get();
                    String text = inner.canEncode(c) ? String.valueOf(c) : LOOK_ALIKES.getOrDefault(c, "?");
                    ByteBuffer bytes = base.encode(text);
                    if (out.remaining() < bytes.remaining()) {
                        in.position(in.position() - 1);
                        return CoderResult.OVERFLOW;
                    }
                    out.put(bytes);
                }
                return CoderResult.UNDERFLOW;
            }
        };
    }
}
