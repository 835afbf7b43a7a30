package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.history.Trend;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.testutil.Logs;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.SimpleDateFormat;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.TimeZone;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code trend.png}'s time axis: its labels tell the restores apart however close together they started. */
class TrendChartTest {

    private static Trend restoresEvery(Duration step, int n) {
        RestoreRun run = Logs.read("small-tdrw.log");
        Instant t = Instant.parse("2026-12-01T10:09:00Z");
        List<Trend.Point> points = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            points.add(new Trend.Point(Path.of("run" + i), run, t.plus(step.multipliedBy(i)), null, null));
        }
        return new Trend("erp.fbk", points);
    }

    @ParameterizedTest
    @CsvSource({"PT12S, HH:mm:ss", "PT2M, HH:mm:ss", "PT1H, MM-dd HH:mm", "P1D, MM-dd"})
    void restoresStartedSecondsHoursOrDaysApartGetLabelsThatDiffer(Duration step, String pattern, @TempDir Path dir)
            throws Exception {
        Trend trend = restoresEvery(step, 5);

        assertThat(TrendChart.datePattern(trend.points())).isEqualTo(pattern);
        SimpleDateFormat f = new SimpleDateFormat(pattern);
        f.setTimeZone(TimeZone.getTimeZone("UTC"));
        assertThat(trend.points().stream().map(p -> f.format(Date.from(p.startedAt()))))
                .doesNotHaveDuplicates(); // five runs in one minute used to be five "12-01 10:09": no label at all
        byte[] png = TrendChart.png(trend, 1600, 900);
        Files.write(dir.resolve("trend.png"), png);
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(img.getWidth()).isEqualTo(1600);
    }
}
