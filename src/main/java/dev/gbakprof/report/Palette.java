package dev.gbakprof.report;

import dev.gbakprof.model.Phase;
import java.awt.Color;

/**
 * Colours: one per label (the same label has the same colour on every chart; twenty distinct ones, then they repeat),
 * one per phase.
 */
final class Palette {
    private static final Color[] LABEL_COLOURS = {
        new Color(0x4E79A7),
        new Color(0xF28E2B),
        new Color(0x59A14F),
        new Color(0xE15759),
        new Color(0xB07AA1),
        new Color(0x76B7B2),
        new Color(0xEDC948),
        new Color(0x9C755F),
        new Color(0xFF9DA7),
        new Color(0xBAB0AC),
        // configurations 11 to 20: darker or lighter than the first ten, none of them the failed red
        new Color(0x1F3A5F),
        new Color(0xA0522D),
        new Color(0x2E7D32),
        new Color(0x7B1FA2),
        new Color(0x00838F),
        new Color(0x9E9D24),
        new Color(0x37474F),
        new Color(0xD81B60),
        new Color(0xA0CBE8),
        new Color(0xFFBE7D)
    };
    private static final Color[] PHASES = {
        new Color(0xBAB0AC), new Color(0xB07AA1), new Color(0x4E79A7), new Color(0xF28E2B), new Color(0x59A14F)
    };

    /** How many labels have a colour of their own. */
    static final int LABELS = LABEL_COLOURS.length;

    static final Color TEXT = new Color(0x222222);
    static final Color MUTED = new Color(0x666666);
    static final Color GRID = new Color(0xDDDDDD);
    static final Color AXIS = new Color(0x888888);
    /** What failed: an index gbak could not build. */
    static final Color FAILED = new Color(0xC0392B);

    private Palette() {}

    static Color label(int index) {
        return LABEL_COLOURS[index % LABEL_COLOURS.length];
    }

    static Color phase(Phase phase) {
        return PHASES[phase.ordinal()];
    }

    /** The colour with an alpha (0..255), for shaded bands. */
    static Color alpha(Color c, int alpha) {
        return new Color(c.getRed(), c.getGreen(), c.getBlue(), alpha);
    }
}
