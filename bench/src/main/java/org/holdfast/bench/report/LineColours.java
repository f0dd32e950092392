package org.holdfast.bench.report;

import java.awt.Color;
import java.util.HashSet;
import java.util.Set;
import org.holdfast.bench.mode.Modes;

/**
 * One colour per line of a plot, so that variants and user classes of one mode stay apart by more
 * than their markers: a mode's first line takes the mode's own colour (the same in every plot); its
 * further lines, and lines of a mode no longer registered, take the next colour of a palette that no
 * registered mode uses. Used per plot (or per panel), in the order the lines are added.
 */
final class LineColours {

    /** Saturated colours that read on the plots' light grey, none of them a mode's (Tableau 10). */
    private static final int[] PALETTE = {0xe377c2, 0x00008b, 0x8b8b00, 0x008b8b, 0x800000, 0xff00ff, 0x6b8e23,
            0x4b0082, 0xdaa520, 0x00ced1, 0xa0522d, 0x7b68ee, 0x2f4f4f, 0xff6347, 0x9acd32, 0x000000};

    private final Set<String> modesSeen = new HashSet<>();
    private int next;

    /** The colour of the next line, which belongs to {@code mode}. */
    Color next(String mode) {
        var descriptor = Modes.ALL.find(mode);
        if (descriptor.isPresent() && modesSeen.add(mode)) {
            return new Color(descriptor.get().plotColour());
        }
        return new Color(PALETTE[next++ % PALETTE.length]);
    }
}
