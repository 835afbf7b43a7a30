package dev.gbakprof.cli;

import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** Options every report-writing command shares: where, how many, how big, in which language. */
final class ReportOptions {

    @Option(
            names = "--out",
            paramLabel = "DIR",
            defaultValue = "gbakprof-report",
            description =
                    "Directory the charts, report.png, report.html, summary.md and CSV files are written to (default: "
                            + "${DEFAULT-VALUE}), created when missing, in a folder that exists. The files of an earlier report there are replaced, and one that does not apply "
                            + "to these runs (e.g. cpu.png) is removed; a file of a report's name that gbakprof did not write "
                            + "(or that was changed since) is refused, before anything is written.")
    Path out;

    @Mixin
    TopOption top;

    @Option(
            names = "--lang",
            paramLabel = "en|pt-BR|es|tr",
            defaultValue = "en",
            converter = LangConverter.class,
            description = "Language of the texts; numbers and durations follow it. Default: ${DEFAULT-VALUE}.")
    Lang lang;

    @Option(
            names = "--size",
            paramLabel = "WxH",
            defaultValue = "1600x900",
            converter = SizeConverter.class,
            description = "Size of each chart in pixels, at least 800x450 (report.png is an A4 page at 150 dpi). "
                    + "Default: ${DEFAULT-VALUE}.")
    Size size;

    @Mixin
    MarginOption margin;

    @Option(
            names = "--no-html",
            description = "Leave out report.html, the interactive page of the report (written by default beside"
                    + " report.png; one file that loads nothing from the network).")
    boolean noHtml;

    /** A chart size in pixels. */
    record Size(int width, int height) {}

    ReportSettings settings(String title, String baseline) {
        int top = this.top.value();
        if (size.width() < ReportSettings.MIN_WIDTH || size.height() < ReportSettings.MIN_HEIGHT) {
            throw new UsageException("--size " + size.width() + "x" + size.height()
                    + " is too small to read: charts need at least " + ReportSettings.MIN_WIDTH + "x"
                    + ReportSettings.MIN_HEIGHT + " pixels (default " + ReportSettings.DEFAULT_WIDTH + "x"
                    + ReportSettings.DEFAULT_HEIGHT + ")");
        }
        return new ReportSettings(
                top, title, Texts.of(lang), size.width(), size.height(), baseline, margin.fraction(), !noHtml);
    }

    static final class LangConverter implements ITypeConverter<Lang> {
        @Override
        public Lang convert(String value) {
            try {
                return Lang.of(value);
            } catch (IllegalArgumentException ex) {
                throw new TypeConversionException(ex.getMessage());
            }
        }
    }

    static final class SizeConverter implements ITypeConverter<Size> {
        @Override
        public Size convert(String value) {
            String[] parts = value.toLowerCase(Locale.ROOT).split("x");
            try {
                if (parts.length == 2) {
                    int w = Integer.parseInt(parts[0].strip());
                    int h = Integer.parseInt(parts[1].strip());
                    if (w > 0 && h > 0 && w <= 10_000 && h <= 10_000) {
                        return new Size(w, h);
                    }
                }
            } catch (NumberFormatException ex) {
                // reported below
            }
            throw new TypeConversionException("'" + value + "' is not a size WxH from " + ReportSettings.MIN_WIDTH + "x"
                    + ReportSettings.MIN_HEIGHT + " to 10000x10000 (e.g. " + ReportSettings.DEFAULT_WIDTH + "x"
                    + ReportSettings.DEFAULT_HEIGHT + ")");
        }
    }
}
