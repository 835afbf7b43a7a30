package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextTest {
    private static final String HEADLINE =
            "shop.fbk, embedded: --timeout stopped the restore after 2.98 s on gbak's clock, before it finished (1 run).";

    private static FontMetrics metrics() {
        Graphics2D g = new BufferedImage(10, 10, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            return g.getFontMetrics(new Font(Font.SANS_SERIF, Font.BOLD, 20));
        } finally {
            g.dispose();
        }
    }

    @Test
    void aNumberAndItsUnitStayOnOneLineAtEveryWidth() {
        FontMetrics fm = metrics();
        String upToTheNumber = HEADLINE.substring(0, HEADLINE.indexOf(" s on"));
        // the width at which plain wrapping at spaces would end a line with "2.98" and start the next with "s"
        int cut = fm.stringWidth(upToTheNumber) + 1;
        for (int width = cut - 40; width <= cut + 40; width++) {
            List<String> lines = Text.wrap(fm, HEADLINE, width);
            assertThat(String.join(" ", lines)).isEqualTo(HEADLINE);
            assertThat(lines)
                    .as("width %d", width)
                    .noneMatch(l -> l.endsWith("2.98"))
                    .noneMatch(l -> l.startsWith("s "));
        }
        assertThat(Text.wrap(fm, HEADLINE, cut)).anyMatch(l -> l.endsWith("after") || l.startsWith("2.98 s"));
    }

    @Test
    void unitsOfEveryLanguageAndWhatClosesThemAreJoinedToTheirNumber() {
        assertThat(Text.words("took 4 min, then 2.5 sn (47.8 MB) and 3 dk. 12 % of 1 sa"))
                .containsExactly("took", "4 min,", "then", "2.5 sn", "(47.8 MB)", "and", "3 dk.", "12 %", "of", "1 sa");
        // a word after a number that is no unit, and a unit after a word, stay apart
        assertThat(Text.words("9 of 14 index definitions, s seconds"))
                .containsExactly("9", "of", "14", "index", "definitions,", "s", "seconds");
    }
}
