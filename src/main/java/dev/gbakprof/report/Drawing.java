package dev.gbakprof.report;

import java.awt.Graphics2D;

/** Something that paints itself into a rectangle: an XChart chart ({@code chart::paint}) or a page. */
@FunctionalInterface
interface Drawing {
    void paint(Graphics2D g, int width, int height);
}
