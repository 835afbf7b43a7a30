package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.Samples;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import java.awt.Font;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class LanguagesTest {

    @ParameterizedTest
    @EnumSource(Lang.class)
    void everyTextOfEveryLanguageHasItsGlyphsInTheChartFont(Lang lang) {
        Font font = Fonts.plain(18);
        Texts t = Texts.of(lang);
        assertThat(t.all()).hasSize(Texts.of(Lang.EN).all().size());
        for (String text : t.all()) {
            assertThat(font.canDisplayUpTo(text)).as(lang + ": " + text).isEqualTo(-1);
        }
        // numbers as the locale writes them (Spanish puts a no-break space before %)
        assertThat(font.canDisplayUpTo(t.percent(0.37) + t.number(1234567.5, 1) + t.factor(1.59)))
                .isEqualTo(-1);
    }

    @ParameterizedTest
    @EnumSource(Lang.class)
    void everyLanguageRendersTheReportPage(Lang lang) throws IOException {
        ReportSettings settings = ReportSettings.defaults(lang);
        ReportPage.Page page = new ReportPage().drawing(Analysis.of(Samples.abBoth(), (settings).baseline()), settings);
        assertThat(Fonts.plain(31).canDisplayUpTo(page.headline())).isEqualTo(-1);
        var image = ImageIO.read(new ByteArrayInputStream(
                new ReportPage().render(Reports.analyse(Samples.abBoth(), settings), settings)));
        assertThat(PngTest.luminanceVariance(image)).isGreaterThan(200);
    }

    @Test
    void headlinesUseTheLanguagesWordsAndNumbers() {
        assertThat(new ReportPage()
                        .drawing(
                                Analysis.of(Samples.abBoth(), (ReportSettings.defaults(Lang.TR)).baseline()),
                                ReportSettings.defaults(Lang.TR))
                        .headline())
                .isEqualTo("full-cpu: geri yükleme 13,0 sn sürdü ve cpu-quota-50 yapılandırmasına (26,4 sn) göre "
                        + "%51 daha kısa sürdü; her biri için 3 çalıştırma var.");
        assertThat(new ReportPage()
                        .drawing(
                                Analysis.of(Samples.article(), (ReportSettings.defaults(Lang.PT_BR)).baseline()),
                                ReportSettings.defaults(Lang.PT_BR))
                        .headline())
                .isEqualTo("High performance: a criação dos 4 índices do trecho levou 43 min 13 s, 31% menos tempo que "
                        + "com Balanced (1 h 03 min), 1 execução cada; com uma só execução de um lado, a variação é "
                        + "desconhecida e isso pode ser ruído.");
        assertThat(new ReportPage()
                        .drawing(
                                Analysis.of(Samples.abBoth(), (ReportSettings.defaults(Lang.ES)).baseline()),
                                ReportSettings.defaults(Lang.ES))
                        .headline())
                .isEqualTo("full-cpu restauró en 13,0 s, un 51\u00a0% menos de tiempo que cpu-quota-50 (26,4 s), "
                        + "3 ejecuciones cada una.");
    }

    @Test
    void durationsFollowTheLocale() {
        assertThat(Texts.of(Lang.EN).duration(9300.0)).isEqualTo("2 h 35 min");
        assertThat(Texts.of(Lang.TR).duration(14820.0)).isEqualTo("4 sa 07 dk");
        assertThat(Texts.of(Lang.PT_BR).duration(2592.555)).isEqualTo("43 min 13 s");
        assertThat(Texts.of(Lang.ES).duration(0.004)).isEqualTo("0,004 s");
        assertThat(Texts.of(Lang.EN).duration(null)).isEqualTo("unknown");
        assertThat(Texts.of(Lang.PT_BR).integer(1_000_000)).isEqualTo("1.000.000");
    }

    @Test
    void languageTagsAreReadCaseInsensitively() {
        assertThat(Lang.of("pt_br")).isEqualTo(Lang.PT_BR);
        assertThat(Lang.of("TR")).isEqualTo(Lang.TR);
    }

    @Test
    void advisesAndEstimatesEnglishNamesTheAPhaseAsThePageDoes() {
        // "index phase", never "indexes phase": advise and estimate write Phase.prose(), the page headline.phase.*
        for (dev.gbakprof.model.Phase p : dev.gbakprof.model.Phase.values()) {
            assertThat(p.prose()).isEqualTo(Texts.of(Lang.EN).get("headline.phase." + p.label()));
        }
    }
}
