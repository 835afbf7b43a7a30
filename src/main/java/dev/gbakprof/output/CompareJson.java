package dev.gbakprof.output;

import dev.gbakprof.stats.Analysis;
import java.nio.charset.StandardCharsets;

/**
 * {@code compare --json} and {@code report --json}: the analysis' document ({@link AnalysisJson}, {@value SCHEMA})
 * with its headline and notes in the texts' language.
 */
public final class CompareJson {
    /** The document's schema. */
    public static final String SCHEMA = AnalysisJson.SCHEMA;

    private CompareJson() {}

    /** The document of an analysis, its headline and notes in {@code settings}' language. */
    public static AnalysisJson document(Analysis a, ReportSettings settings) {
        Texts t = settings.texts();
        HeadlineText headline = HeadlineText.of(Grouped.of(a), t);
        return AnalysisJson.of(
                a,
                t.lang().tag(),
                headline.headline(),
                headline.lines().stream()
                        .map(n -> new AnalysisJson.Note(n.code(), n.message()))
                        .toList());
    }

    public static String of(Analysis a, ReportSettings settings) {
        return Json.text(document(a, settings));
    }

    public static byte[] bytes(Analysis a, ReportSettings settings) {
        return of(a, settings).getBytes(StandardCharsets.UTF_8);
    }
}
