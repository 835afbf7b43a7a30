package dev.gbakprof.log;

import dev.gbakprof.model.Column;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.testutil.Logs;
import dev.gbakprof.timeline.RestoreTimeline;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link LinePipeline#pushAll} (two threads) gives listeners exactly what {@link LinePipeline#push} gives. */
class LinePipelineTest {

    @ParameterizedTest
    @ValueSource(strings = {"shop-tdrw.log", "shop-WRDT.log", "shop-td.log", "shop-t.log", "shop-w.log",
            "shop-nost.log", "shop-cut.log", "dupfail-tdrw.log", "shop-services-fbsvcmgr.log",
            "shop-services-gbak-se.log", "small-tdrw.utf16le.log", "small-tdrw.crlf.log", "small-backup.log"})
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
            for (int i = 0; i < 10_000_000; i++) { // far more than the queue holds: the reader must stop
                produced[0]++;
                sink.accept("gbak: restoring index IX_" + i);
            }
        })).isInstanceOf(IllegalStateException.class).hasMessage("listener at 3000");
        assertThat(lines).hasSize(3000).endsWith(3000L);
        assertThat(produced[0]).isLessThan(100_000);
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
        })).isInstanceOf(OutOfMemoryError.class).hasMessage("pretend");
    }

    @Test
    void anInterruptedReaderStopsWithAnErrorNotWithPartialResults() throws Exception {
        java.util.concurrent.atomic.AtomicReference<Throwable> thrown = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.CountDownLatch slow = new java.util.concurrent.CountDownLatch(1);
        LinePipeline p = new LinePipeline(event -> {
            try {
                slow.await(); // the helper is stuck: the reader fills the queue and waits
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        });
        Thread reader = new Thread(() -> {
            try {
                p.pushAll(sink -> {
                    for (int i = 0; i < 1_000_000; i++) {
                        sink.accept("gbak: restoring index IX_" + i);
                    }
                });
            } catch (Throwable ex) {
                thrown.set(ex);
            }
        });
        reader.start();
        Thread.sleep(300);
        reader.interrupt();
        slow.countDown();
        reader.join(10_000);
        assertThat(reader.isAlive()).isFalse();
        assertThat(thrown.get()).isInstanceOf(UncheckedIOException.class).hasMessageContaining("interrupted");
    }

    @Test
    void whenBothFailTheEarlierLineWinsAndEveryLineBeforeTheReadersFailureIsSeen() {
        List<Long> lines = new ArrayList<>();
        LinePipeline p = failingAt(700, lines);
        assertThatThrownBy(() -> p.pushAll(sink -> {
            for (int i = 1; i <= 900; i++) { // 900 is not a multiple of the batch size: a partial batch is pending
                sink.accept("gbak: restoring index IX_" + i);
            }
            throw new IOException("reader after 900");
        })).isInstanceOf(IllegalStateException.class).hasMessage("listener at 700")
                .satisfies(t -> assertThat(t.getSuppressed()).singleElement()
                        .satisfies(s -> assertThat(s).hasMessage("reader after 900")));
        assertThat(lines).hasSize(700);

        List<Long> all = new ArrayList<>();
        LinePipeline q = new LinePipeline(event -> all.add(event.line().lineNumber()));
        assertThatThrownBy(() -> q.pushAll(sink -> {
            for (int i = 1; i <= 900; i++) {
                sink.accept("gbak: restoring index IX_" + i);
            }
            throw new IOException("reader after 900");
        })).isInstanceOf(IOException.class);
        assertThat(all).hasSize(900).endsWith(900L);
    }

    @Test
    void aReaderThatFailsStopsTheHelperAndItsExceptionReachesTheCaller() {
        List<Long> lines = new ArrayList<>();
        LinePipeline p = new LinePipeline(event -> lines.add(event.line().lineNumber()));
        assertThatThrownBy(() -> p.pushAll(sink -> {
            for (int i = 0; i < 5000; i++) {
                sink.accept("gbak: restoring index IX_" + i);
            }
            throw new IOException("disk gone");
        })).isInstanceOf(IOException.class).hasMessage("disk gone");
        assertThatThrownBy(() -> new LinePipeline().pushAll(sink -> {
            throw new UncheckedIOException(new IOException("also gone"));
        })).isInstanceOf(UncheckedIOException.class);
        assertThat(lines).hasSizeLessThanOrEqualTo(5000);
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
