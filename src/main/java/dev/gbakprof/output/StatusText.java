package dev.gbakprof.output;

import dev.gbakprof.store.LiveRuns;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** {@code status}' table: the restores under way in a runs folder and the killed ones, then how many run. */
public final class StatusText {
    private StatusText() {}

    /**
     * The table, its count line, each killed run's why and the killed runs left out, each line ending in a line
     * separator; one line when nothing runs (and the killed runs left out).
     *
     * @param durations how a number of seconds is written, {@code null} too (the report's formatter)
     */
    public static String of(Path dir, LiveRuns.Listing listing, Instant now, Function<Double, String> durations) {
        String nl = System.lineSeparator();
        List<LiveRuns.Live> lives = listing.lives();
        String earlier = earlier(listing.killedEarlier(), nl);
        if (lives.isEmpty()) {
            return "no restore is running in " + dir + nl + earlier;
        }
        List<List<String>> rows = new ArrayList<>();
        for (LiveRuns.Live l : lives) {
            boolean running = l.state() == LiveRuns.State.RUNNING;
            rows.add(List.of(
                    l.state().toString(),
                    or(l.label()),
                    or(l.phase()) + (l.table() == null ? "" : " (" + l.table() + ")"),
                    !running ? "-" : l.done(now) == null ? "unknown" : percent(l.done(now)),
                    !running ? "-" : eta(l, now, durations),
                    !running ? "-" : durations.apply(l.elapsedSeconds()),
                    l.sinceLastLine(now) == null ? "unknown" : durations.apply(l.sinceLastLine(now)) + " ago",
                    l.pid() == null ? "unknown" : l.pid().toString(),
                    or(l.backup()),
                    or(l.database()),
                    or(l.route()),
                    or(l.workingFolder())));
        }
        StringBuilder sb = new StringBuilder(TextTable.of(
                List.of(
                        "STATE",
                        "LABEL",
                        "PHASE",
                        "DONE",
                        "ETA",
                        "ELAPSED",
                        "LAST LINE",
                        "PID",
                        "BACKUP",
                        "DATABASE",
                        "ROUTE",
                        "WORKING FOLDER"),
                rows));
        long running =
                lives.stream().filter(l -> l.state() == LiveRuns.State.RUNNING).count();
        sb.append(
                        running == 0
                                ? "no restore is running in " + dir
                                : running + (running == 1 ? " restore running" : " restores running") + " in " + dir)
                .append(nl);
        for (LiveRuns.Live l : lives) {
            if (l.why() != null) {
                sb.append(l.state()).append(": ").append(l.why()).append(nl);
            }
        }
        return sb.append(earlier).toString();
    }

    /** {@code not listed: 2 killed runs whose label has run since (runs/…, runs/…)}, or nothing. */
    private static String earlier(List<Path> folders, String nl) {
        if (folders.isEmpty()) {
            return "";
        }
        return "not listed: " + folders.size() + (folders.size() == 1 ? " killed run" : " killed runs")
                + " whose label has run since ("
                + folders.stream().map(Path::toString).collect(Collectors.joining(", "))
                + ")" + nl;
    }

    private static String or(String s) {
        return s == null ? "unknown" : s;
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f %%", 100 * share);
    }

    /** {@code 3 min 10 s (2 min 40 s to 4 min 05 s)}, or unknown. */
    private static String eta(LiveRuns.Live l, Instant now, Function<Double, String> durations) {
        if (l.eta() == null) {
            return "unknown";
        }
        return durations.apply(l.leftSeconds(now)) + " ("
                + durations.apply(l.eta().shifted(l.eta().low(), now)) + " to "
                + durations.apply(l.eta().shifted(l.eta().high(), now)) + ")";
    }
}
