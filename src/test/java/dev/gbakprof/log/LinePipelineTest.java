package dev.gbakprof.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gbakprof.model.Column;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.testutil.Logs;
import dev.gbakprof.timeline.RestoreTimeline;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link LinePipeline#pushAll} (a saved log, its bytes in place) gives listeners exactly what {@link LinePipeline#push} gives. */
class LinePipelineTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "shop-tdrw.log",
                "shop-WRDT.log",
                "shop-td.log",
                "shop-t.log",
                "shop-w.log",
                "shop-nost.log",
                "shop-cut.log",
                "dupfail-tdrw.log",
                "shop-services-fbsvcmgr.log",
                "shop-services-gbak-se.log",
                "small-tdrw.utf16le.log",
                "small-tdrw.crlf.log",
                "small-backup.log"
            })
    void bothWaysGiveTheSameEventsAndRecord(String name) throws Exception {
        Recorder one = new Recorder();
        RestoreTimeline t1 = new RestoreTimeline();
        LinePipeline p1 = new LinePipeline(t1, one);
        try (BufferedReader r = LogDecoder.open(Logs.log(name)).reader()) {
            r.lines().forEach(p1::push);
        }
        Recorder two = new Recorder();
        RestoreTimeline t2 = new RestoreTimeline();
        LinePipeline p2 = new LinePipeline(t2, two);
        try (LogDecoder.Decoded log = LogDecoder.open(Logs.log(name))) {
            p2.pushAll(log::forEachLine);
        }
        assertThat(two.seen).isNotEmpty().isEqualTo(one.seen);
        assertThat(p2.lineCount()).isEqualTo(p1.lineCount());
        RestoreRun a = t1.toRun("x", "y");
        assertThat(t2.toRun("x", "y")).isEqualTo(a);
    }

    @Test
    void aListenerThatFailsStopsTheReadingAndItsExceptionReachesTheCaller() {
        List<Long> lines = new ArrayList<>();
        LinePipeline p = failingAt(3000, lines);
        int[] produced = {0};
        assertThatThrownBy(() -> p.pushAll(sink -> {
                    for (int i = 0; i < 10_000_000; i++) {
                        produced[0]++;
                        sink.accept("gbak: restoring index IX_" + i);
                    }
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("listener at 3000");
        assertThat(lines).hasSize(3000).endsWith(3000L);
        assertThat(produced[0]).isEqualTo(3000);
    }

    @Test
    void anErrorInAListenerIsNotLostEither() {
        LinePipeline p = new LinePipeline(event -> {
            throw new OutOfMemoryError("pretend");
        });
        assertThatThrownBy(() -> p.pushAll(sink -> {
                    for (int i = 0; i < 100_000; i++) {
                        sink.accept("gbak: restoring index IX_" + i);
                    }
                }))
                .isInstanceOf(OutOfMemoryError.class)
                .hasMessage("pretend");
    }

    @Test
    void aReaderThatFailsHasHadEveryLineBeforeItsFailureSeenAndItsExceptionReachesTheCaller() {
        List<Long> lines = new ArrayList<>();
        LinePipeline p = new LinePipeline(event -> lines.add(event.line().lineNumber()));
        assertThatThrownBy(() -> p.pushAll(sink -> {
                    for (int i = 1; i <= 900; i++) {
                        sink.accept("gbak: restoring index IX_" + i);
                    }
                    throw new IOException("disk gone");
                }))
                .isInstanceOf(IOException.class)
                .hasMessage("disk gone");
        assertThat(lines).hasSize(900).endsWith(900L);
        assertThatThrownBy(() -> new LinePipeline().pushAll(sink -> {
                    throw new UncheckedIOException(new IOException("also gone"));
                }))
                .isInstanceOf(UncheckedIOException.class);
    }

    @Test
    void aLineOfTwoRunsGluedTogetherIsReadAsTwoLinesEachFromTheColumnsBeforeIt() {
        // a header-less run killed after "gbak:    0.197 ", and the next run's header appended to it. Read
        // whole, the line would make the parser guess a time column from "0.197" followed by text; read as
        // its two pieces, the first is only a number (nothing guessed), the second announces the columns
        Recorder seen = new Recorder();
        LinePipeline p = new LinePipeline(seen);
        p.push("gbak:    0.197 gbak: time     delta  reads  writes ");
        p.push("gbak:    0.010  0.010      1      2 restoring data for table T");
        assertThat(seen.seen)
                .containsExactly(
                        "OTHER null -1 StatLine[lineNumber=1, prefixed=true, hasStats=false, timeMs=-1, deltaMs=-1, reads=-1, writes=-1, text=0.197]",
                        "columns [time, delta, reads, writes] false 1",
                        "DATA_FOR_TABLE T -1 StatLine[lineNumber=2, prefixed=true, hasStats=true, timeMs=10, deltaMs=10, reads=1, writes=2, text=restoring data for table T]");
        assertThat(p.lineCount()).isEqualTo(2);
    }

    /** A pipeline whose listener records line numbers and fails on line {@code n}. */
    private static LinePipeline failingAt(long n, List<Long> lines) {
        return new LinePipeline(event -> {
            lines.add(event.line().lineNumber());
            if (event.line().lineNumber() == n) {
                throw new IllegalStateException("listener at " + n);
            }
        });
    }

    /** Everything a listener is told, as text. */
    private static final class Recorder implements EventListener {
        final List<String> seen = new ArrayList<>();

        @Override
        public void onEvent(Event e) {
            seen.add(e.kind() + " " + e.name() + " " + e.count() + " " + e.line());
        }

        @Override
        public void onColumns(List<Column> columns, boolean inferred, long lineNumber) {
            seen.add("columns " + columns + " " + inferred + " " + lineNumber);
        }
    }
}
