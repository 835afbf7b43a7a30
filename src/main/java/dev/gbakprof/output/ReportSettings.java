package dev.gbakprof.output;

import dev.gbakprof.stats.Comparisons;

/**
 * What the user asked of a report.
 *
 * @param top      indexes and tables shown on the charts (the CSV files hold all of them)
 * @param title    title of the one-page report, {@code null} for the default
 * @param width    width of each chart in pixels
 * @param height   height of each chart in pixels
 * @param baseline label of the baseline group, {@code null}: the first label
 * @param margin   the equivalence margin of the verdicts ({@code --margin}: 0.05 = ±5 %)
 * @param html     whether the report has {@code report.html} ({@code --no-html}: not)
 */
public record ReportSettings(
        int top, String title, Texts texts, int width, int height, String baseline, double margin, boolean html) {

    /** The size every chart's fonts are set for (they scale with the image). */
    public static final int DEFAULT_WIDTH = 1600;

    public static final int DEFAULT_HEIGHT = 900;

    /**
     * The smallest chart {@code --size} accepts: below it 7 configurations with long labels no longer fit (LayoutTest
     * draws every chart at this size in every language and measures that each text is inside the image, none on
     * top of another).
     */
    public static final int MIN_WIDTH = 800;

    public static final int MIN_HEIGHT = 450;

    public ReportSettings(int top, String title, Texts texts, int width, int height, String baseline) {
        this(top, title, texts, width, height, baseline, Comparisons.DEFAULT_MARGIN);
    }

    public ReportSettings(int top, String title, Texts texts, int width, int height, String baseline, double margin) {
        this(top, title, texts, width, height, baseline, margin, true);
    }

    public ReportSettings {
        if (!(margin > 0 && margin < 1)) {
            throw new IllegalArgumentException("--margin must be above 0% and below 100%, not " + margin * 100 + "%");
        }
        if (top < 1) {
            throw new IllegalArgumentException("--top must be at least 1, not " + top);
        }
        if (width < 400 || height < 300 || width > 10_000 || height > 10_000) {
            throw new IllegalArgumentException(
                    "chart size " + width + "x" + height + " is out of range: from 400x300 to 10000x10000 pixels");
        }
    }

    public static ReportSettings defaults(Lang lang) {
        return new ReportSettings(10, null, Texts.of(lang), DEFAULT_WIDTH, DEFAULT_HEIGHT, null);
    }

    public ReportSettings withSize(int w, int h) {
        return new ReportSettings(top, title, texts, w, h, baseline, margin, html);
    }

    public ReportSettings withTop(int n) {
        return new ReportSettings(n, title, texts, width, height, baseline, margin, html);
    }
}
