package dev.gbakprof.firebird;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.log.Event;
import dev.gbakprof.log.EventKind;
import dev.gbakprof.log.EventListener;
import dev.gbakprof.log.LinePipeline;
import dev.gbakprof.model.Column;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.timeline.RestoreTimeline;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The services restore of the shop backup (1M rows, several seconds of index builds) through the real server. */
@ExtendWith(FirebirdServer.Fixture.class)
@FirebirdTest
class ServiceRestoreLiveTest {

    /** An event and when it reached the pipeline, in seconds since the restore was started. */
    record Arrival(double atSeconds, Event event) {}

    @Test
    void eachLineReachesThePipelineWhileTheRestoreRuns(Credentials sysdba, FirebirdServer.Folder f) throws Exception {
        RestoreTimeline timeline = new RestoreTimeline();
        List<Arrival> arrivals = new ArrayList<>();
        long t0 = System.nanoTime();
        LinePipeline pipeline = new LinePipeline(timeline, new EventListener() {
            @Override
            public void onEvent(Event e) {
                arrivals.add(new Arrival((System.nanoTime() - t0) / 1e9, e));
            }
        });
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        ServiceRestore.Result result = new ServiceRestore(
                        new Server(FirebirdServer.ADDRESS, sysdba),
                        f.backup("shop").toString(),
                        f.resolve("shop.fdb").toString(),
                        false)
                .run(raw, pipeline::push, null);
        double end = (System.nanoTime() - t0) / 1e9;

        assertThat(result.error()).isNull();
        RestoreRun run = timeline.toRun("live", "service");
        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.columns()).containsExactly(Column.TIME, Column.DELTA, Column.READS, Column.WRITES);
        assertThat(run.tables()).extracting(t -> t.name() + "=" + t.records()).contains("ORDERS=1000000");

        Arrival firstIndex = arrivals.stream()
                .filter(a -> a.event().kind() == EventKind.ACTIVATING_INDEX)
                .findFirst()
                .orElseThrow();
        assertThat(end - firstIndex.atSeconds())
                .as("first index line seen before the restore ended")
                .isGreaterThan(1.0);
        // live: every line arrives when gbak's own clock (the time column) says it was printed, give or
        // take the one-second wait of a request; fetched in 1 KB chunks they would lag by seconds
        double offset = arrivals.stream()
                .filter(a -> a.event().line().timeMs() >= 0)
                .mapToDouble(a -> a.atSeconds() - a.event().line().timeMs() / 1000.0)
                .min()
                .orElseThrow();
        assertThat(arrivals)
                .filteredOn(a -> a.event().line().timeMs() >= 0)
                .allSatisfy(a -> assertThat(a.atSeconds() - a.event().line().timeMs() / 1000.0 - offset)
                        .as(a.event().line().text())
                        .isLessThan(1.0));
        assertThat(raw.toString(StandardCharsets.UTF_8).lines()).hasSize((int) pipeline.lineCount());
    }
}
