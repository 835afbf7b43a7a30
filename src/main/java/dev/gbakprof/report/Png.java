package dev.gbakprof.report;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** Renders a drawing to PNG bytes. Same drawing, same fonts: same bytes (no time stamp is written). */
final class Png {
    /** How text is measured for the images: as it is drawn ({@link #image}), and as XChart measures it. */
    static final FontRenderContext FRC = new FontRenderContext(null, true, false);

    private Png() {}

    public static BufferedImage image(Drawing drawing, int width, int height) {
        Fonts.family();
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            // text drawn with the metrics XChart lays it out with (whole-pixel advances, FontRenderContext(null,
            // true, false)): with fractional ones a legend's longest label ran 9 px past the box XChart measured
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_OFF);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            drawing.paint(g, width, height);
        } finally {
            g.dispose();
        }
        return image;
    }

    static {
        // ImageIO's default caches an image stream in a temporary file, whose stream it closes from a shutdown hook it
        // registers for each one (FileCacheImageOutputStream, StreamCloser): a PNG written to memory needs no file
        // (and no hook, which cannot be registered once the JVM is shutting down: "Shutdown in progress")
        ImageIO.setUseCache(false);
    }

    public static byte[] encode(Drawing drawing, int width, int height) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256 * 1024);
        try {
            if (!ImageIO.write(image(drawing, width, height), "png", out)) {
                throw new IllegalStateException("this Java has no PNG writer");
            }
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return out.toByteArray();
    }
}
