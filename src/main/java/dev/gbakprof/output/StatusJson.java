package dev.gbakprof.output;

import dev.gbakprof.store.LiveRuns;
import dev.gbakprof.store.LiveRuns.Live;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * {@code status --json} ({@value #SCHEMA}): the restores under way in a runs folder and the killed ones, each with where
 * it is and its ETA (docs/guide/monitoring.md "What is running now"). Seconds to a tenth; unknown is {@code null}.
 */
public record StatusJson(
        String schema,
        String runsDir,
        String at,
        long running,
        long killed,
        List<Restore> restores,
        List<String> killedEarlier) {
    /** The schema. */
    public static final String SCHEMA = "gbakprof.status/1";

    /** One restore under way, or killed. */
    public record Restore(
            String state,
            String folder,
            String label,
            String backup,
            String database,
            String route,
            String workingFolder,
            Long pid,
            String startedAt,
            Double elapsedSeconds,
            String phase,
            String table,
            Double done,
            Double etaSeconds,
            Double etaLowSeconds,
            Double etaHighSeconds,
            String etaAt,
            String log,
            String lastLineAt,
            Double sinceLastLineSeconds,
            String why) {

        static Restore of(Live l, Instant now) {
            return new Restore(
                    l.state().toString(),
                    l.folder().toString(),
                    l.label(),
                    l.backup(),
                    l.database(),
                    l.route(),
                    l.workingFolder(),
                    l.pid(),
                    text(l.startedAt()),
                    tenth(l.elapsedSeconds()),
                    l.phase(),
                    l.table(),
                    l.done(now) == null ? null : Math.round(l.done(now) * 1000) / 1000.0,
                    tenth(l.leftSeconds(now)),
                    l.eta() == null ? null : tenth(l.eta().shifted(l.eta().low(), now)),
                    l.eta() == null ? null : tenth(l.eta().shifted(l.eta().high(), now)),
                    l.eta() == null ? null : l.eta().at().toString(),
                    l.log() == null ? null : l.log().toString(),
                    text(l.lastLineAt()),
                    tenth(l.sinceLastLine(now)),
                    l.why());
        }
    }

    /** The restores of {@code runsDir} at {@code now}. */
    public static StatusJson of(Path runsDir, LiveRuns.Listing listing, Instant now) {
        List<Live> lives = listing.lives();
        return new StatusJson(
                SCHEMA,
                runsDir.toString(),
                now.toString(),
                lives.stream().filter(l -> l.state() == LiveRuns.State.RUNNING).count(),
                lives.stream().filter(l -> l.state() == LiveRuns.State.KILLED).count(),
                lives.stream().map(l -> Restore.of(l, now)).toList(),
                listing.killedEarlier().stream().map(Path::toString).toList());
    }

    private static String text(Instant t) {
        return t == null ? null : t.toString();
    }

    private static Double tenth(Double s) {
        return s == null ? null : Math.round(s * 10) / 10.0;
    }
}
