package dev.gbakprof.advice;

import dev.gbakprof.model.DatabaseNames;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.FailureReason;
import dev.gbakprof.model.FirebirdConf;
import dev.gbakprof.model.IdleProbe;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseResources;
import dev.gbakprof.model.PlanSource;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Via;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.monitor.FirebirdConfReader;
import dev.gbakprof.monitor.WorkerProcess;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Why a restore is slow and what to try: rules over one configuration's runs (their phases, the worker's
 * resources per phase, the environment and gbak's own warnings). Each hint names what it saw, the expected
 * effect with its published source, and the {@code gbakprof matrix} (or {@code run}) command that proves it on
 * this server. The rules and their thresholds are in docs/guide/advise.md ("What to try: advise").
 */
public final class Advisor {
    /** A phase that takes at least this share of the restore is what to work on. */
    public static final double DOMINANT = 0.4;

    /** gbak 5's own warning when the server allows fewer workers than {@code -par} asked (burp, msg 410). */
    private static final Pattern PAR_REDUCED =
            Pattern.compile("Wrong parallel workers value (\\d+), valid range are from 1 to (\\d+)");
    /** gbak's host:path (TCP) database, not a Windows drive letter. */
    /** {@code host:path}, {@code host/port:path} (a port, a service's name, an anonymized port), not a drive. */
    private static final Pattern REMOTE = Pattern.compile("^(?!\\p{Alpha}:[\\\\/])([^:/\\\\]+(?:/[\\w-]+)?):(.+)$");

    private Advisor() {}

    /** The hints for one configuration's runs (repeated runs of one label), most important first. */
    public static List<Hint> advise(List<RestoreRun> runs) {
        RestoreRun run = typical(runs);
        if (run == null) {
            return List.of();
        }
        List<Hint> hints = new ArrayList<>();
        // an excerpt, or a restore that did not finish, has no total: its shares are of the time the log shows
        Double total = run.totalSeconds() != null ? run.totalSeconds() : run.knownPhaseSeconds();
        double indexes = shown(run, Phase.INDEXES);
        double data = shown(run, Phase.DATA);
        PhaseResources indexUse = use(run, Phase.INDEXES);
        PhaseResources dataUse = use(run, Phase.DATA);
        boolean indexDominant = total != null && total > 0 && indexes / total >= DOMINANT;
        boolean dataDominant = total != null && total > 0 && data / total >= DOMINANT;
        String where = placeholders(run);

        classicParallel(run).ifPresent(hints::add);
        parallelReduced(run).ifPresent(hints::add);
        for (PhaseResources p : run.phaseResources()) {
            if (p.bound() == PhaseResources.Bound.CPU_STARVED
                    && total != null
                    && shown(run, p.phase()) / total >= DOMINANT) {
                hints.add(new Hint(
                        HintCode.CPU_STARVED,
                        "Measure on a machine at rest: other work held the CPU during the "
                                + p.phase().prose(),
                        String.format(
                                Locale.ROOT,
                                "the %s is %s; the restore's process got %.0f %% of a"
                                        + " core while the machine's CPUs were %.0f %% busy",
                                p.phase().prose(),
                                share(run, shown(run, p.phase()), total),
                                p.cpuShare() * 100,
                                p.machineLoad() * 100),
                        p.cpuShare() > 0
                                ? String.format(
                                        Locale.ROOT,
                                        "a restore that gets %.0f %% of a core takes up to %.1f× as long as with a core"
                                                + " of its own; no setting of Firebird helps",
                                        p.cpuShare() * 100,
                                        1 / p.cpuShare())
                                : "a restore that gets no core waits; no setting of Firebird helps",
                        "run the restore again when the machine is idle (e.g. at night): gbakprof run --backup "
                                + scratch(run, "idle") + " --label idle, then gbakprof compare",
                        Hint.Certainty.HIGH,
                        "measured: the restore's own process and the machine's load, sampled during the phase",
                        List.of(p.phase().label())));
                break;
            }
        }
        if (indexDominant
                && (indexUse == null
                        || indexUse.bound() == null
                        || indexUse.bound() == PhaseResources.Bound.CPU_BOUND)) {
            powerPlan(run, indexes, total, indexUse, where).ifPresent(hints::add);
            if (firebird5(run) && (run.parallelWorkers() == null || run.parallelWorkers() <= 1)) {
                hints.add(new Hint(
                        HintCode.PARALLEL_WORKERS,
                        "Restore with parallel workers: gbak -par N (Firebird 5 and later)",
                        "the index phase is " + share(run, indexes, total) + cpu(indexUse) + ", restored without -par",
                        "-par 6 cut a restore by 70 % (FirebirdSQL/firebird#7770); the server must allow the workers:"
                                + " MaxParallelWorkers in firebird.conf (default 1) at least N",
                        "gbakprof matrix --backup " + where + " --vary " + quote(run, "gbak:-par 1,2,4,8")
                                + " --repeat 3",
                        sampled(indexUse) ? Hint.Certainty.MEDIUM : Hint.Certainty.LOW,
                        (sampled(indexUse)
                                        ? "measured: the index phase kept one core busy; how well it divides among workers"
                                                + " depends on the indexes (one huge index builds on one worker)"
                                        : "inferred from the log alone: where the time went, not whether a core was the limit")
                                + parallelConf(run),
                        List.of()));
            }
        }
        sortSpill(run, indexUse).ifPresent(hints::add);
        if (dataDominant && dataUse != null && dataUse.bound() == PhaseResources.Bound.IO_BOUND) {
            hints.add(new Hint(
                    HintCode.STORAGE,
                    "Faster storage for the database, or more page buffers for the restore (gbak -bu)",
                    String.format(
                                    Locale.ROOT,
                                    "the data phase is %s and was limited by the storage:"
                                            + " %.0f MB read and %.0f MB written in %.1f s, %.0f %% of a core",
                                    share(run, data, total),
                                    dataUse.readMb(),
                                    dataUse.writtenMb(),
                                    dataUse.seconds(),
                                    dataUse.cpuShare() * 100)
                            + (dataUse.diskBusy() != null
                                    ? String.format(
                                            Locale.ROOT,
                                            "; the database's disk was busy %.0f %% of the phase, %.1f requests queued",
                                            dataUse.diskBusy() * 100,
                                            dataUse.diskQueue())
                                    : dataUse.diskQueue() != null
                                            ? String.format(
                                                    Locale.ROOT,
                                                    "; the database's disk had %.1f requests queued on average",
                                                    dataUse.diskQueue())
                                            : ""),
                    "depends on the storage; put the database on the fastest volume and the backup file on another."
                            + " Forced writes need no change: gbak turns them off for the restore and sets the backup's"
                            + " setting back at its end (burp/restore.epp)",
                    "gbakprof matrix --backup " + where + " --vary " + quote(run, "gbak:-bu 2048,16384")
                            + " --repeat 3",
                    Hint.Certainty.MEDIUM,
                    dataUse.diskBusy() == null
                            ? "measured: little CPU and much I/O of the restore's process; whether the disk or its cache"
                                    + " is the limit is not measured (docs/guide/advise.md, \"Why is it slow\")"
                            : "measured: little CPU of the restore's process, and its disk's busy time (the whole disk:"
                                    + " other processes' I/O counts too)",
                    List.of()));
        }
        remoteRoute(run).ifPresent(hints::add);
        return hints;
    }

    /**
     * Why {@link #advise} found nothing for these runs, in one clause for {@code advise}'s "nothing to advise" line:
     * no times (a log without {@code -st}), a failed restore whose failure comes first, a restore gbakprof stopped (its
     * {@code --timeout}, Ctrl-C), or no phase that took {@value #DOMINANT} of the restore with a cause a rule knows.
     */
    public static String nothingBecause(List<RestoreRun> runs) {
        RestoreRun run = typical(runs);
        if (run == null) {
            return "no run to judge";
        }
        Double total = run.totalSeconds() != null ? run.totalSeconds() : run.knownPhaseSeconds();
        String why = FailureReason.of(run);
        String failed = run.status() == RunStatus.FAILED
                ? "the restore failed" + (why == null ? "" : " (" + why + ")") + ": make it restore first; "
                : why != null || run.status() == RunStatus.INCOMPLETE && run.startsAtStart()
                        ? "the restore did not finish (" + (why != null ? why : "its log ends before gbak's end")
                                + "): its phases are partial; "
                        : "";
        if (total == null || total <= 0) {
            return failed + "the log has no times (restore with gbak -v -st tdrw, or gbakprof run)";
        }
        if (!failed.isEmpty()) { // the phases of a restore that did not finish say nothing of where its time goes
            return failed.substring(0, failed.length() - 2);
        }
        return "no phase took 40 % or more of the restore with a cause a rule knows (docs/guide/advise.md, \"What to"
                + " try\")";
    }

    /** The completed run with the median total; else the run that got furthest. */
    public static RestoreRun typical(List<RestoreRun> runs) {
        List<RestoreRun> done = runs.stream()
                .filter(r -> r.restoreSeconds() != null)
                .sorted(Comparator.comparingDouble(RestoreRun::totalSeconds))
                .toList();
        if (!done.isEmpty()) {
            return done.get((done.size() - 1) / 2);
        }
        return runs.stream()
                .max(Comparator.comparingDouble(r -> r.lastSeenSeconds() == null ? -1 : r.lastSeenSeconds()))
                .orElse(null);
    }

    private static Optional<Hint> powerPlan(
            RestoreRun run, double indexes, Double total, PhaseResources use, String where) {
        Environment env = run.environment();
        PowerPlan plan = env == null ? null : env.powerPlan();
        IdleProbe probe = env == null ? null : env.idleProbe();
        boolean clocksDown = probe != null && "clocks-down".equals(probe.verdict());
        boolean performance = plan != null && Boolean.TRUE.equals(plan.performance());
        if (performance && !clocksDown) {
            return Optional.empty();
        }
        // a plan this machine cannot read (a virtual machine: the host sets the CPU clock) cannot be set here either,
        // and matrix --plans refuses: nothing here to act on unless the idle probe saw the clock go down
        // a server on another machine did the work: its plan is not this machine's, and it is set there
        String server = plan == null ? null : plan.server();
        if (plan != null && plan.from() == PlanSource.UNKNOWN && !clocksDown && server == null) {
            return Optional.empty();
        }
        String planSays = server != null
                ? "the server " + server + " did the work, on another machine: its power plan is not in the record"
                        + " (gbakprof reads the plan of the machine it runs on)"
                : plan == null
                        ? "the power plan is not in the record (a parsed log): check it with gbakprof plan --check"
                        : Boolean.FALSE.equals(plan.performance())
                                ? "under the power plan \"" + plan.name() + "\", not a performance plan"
                                : performance
                                        ? "under the performance plan \"" + plan.name() + "\""
                                        : "the power plan could not be read (" + plan.source() + ")";
        String probeSays = probe == null
                ? ""
                : "; the idle probe: " + probe.verdict()
                        + String.format(Locale.ROOT, " (%.2f× after idle)", probe.ratio());
        String matrix = "gbakprof matrix --backup " + where + " --plans balanced,high-performance --repeat 3";
        String prove = server != null
                ? "on the server " + server + " itself: gbakprof plan --check, then gbakprof matrix --plans"
                        + " balanced,high-performance there"
                : env != null
                                && env.powerPlan() != null
                                && env.powerPlan().source() != null
                                && env.powerPlan().source().startsWith("unknown")
                        ? "gbakprof plan --probe (a virtual machine: set the host's plan, then compare two runs)"
                        // a parsed log says nothing of the machine it ran on, which may not be this one
                        : plan == null ? "on the machine that restores: gbakprof plan --check, then " + matrix : matrix;
        return Optional.of(new Hint(
                HintCode.POWER_PLAN,
                "Run the restore under a performance power plan (Windows: High performance; Linux: the performance"
                        + " governor or profile)",
                "the index phase is " + share(run, indexes, total) + cpu(use) + "; " + planSays + probeSays,
                "the same 144 GB restore took 4 h 07 min under Balanced and 2 h 35 min under High performance (−37 %),"
                        + " its largest index build twice as fast and the four index builds its log excerpts time 1.46×"
                        + " as fast (1 h 03 min against 43 min) (IBSurgeon, \"How to make Firebird 20% faster on Windows"
                        + " Server 2016 in less than 1 minute\")",
                prove,
                clocksDown && sampled(use)
                        ? Hint.Certainty.HIGH
                        : sampled(use) && plan != null && Boolean.FALSE.equals(plan.performance())
                                ? Hint.Certainty.MEDIUM
                                : Hint.Certainty.LOW,
                clocksDown && sampled(use)
                        ? "measured: the index phase was CPU-bound and the idle probe saw the CPU clock down"
                        : sampled(use)
                                ? "measured: the index phase was CPU-bound; whether this CPU clocks down under the plan is"
                                        + " not measured (gbakprof run --probe-power measures it)"
                                : server != null
                                        ? "inferred: the index phase took the time; the server's power plan and CPU"
                                                + " are not measured from this machine"
                                        : plan != null
                                                ? "the power plan is in the record; whether the index phase was limited by the CPU"
                                                        + " is not: its CPU use was not sampled (a phase shorter than two sample"
                                                        + " intervals, or a record without samples)"
                                                : "inferred from the log alone: the index phase took the time; neither the CPU use"
                                                        + " nor the power plan is in the record",
                List.of()));
    }

    private static Optional<Hint> parallelReduced(RestoreRun run) {
        for (Warning w : run.warnings()) {
            Matcher m = w.is(WarningCode.GBAK_WARNING) ? PAR_REDUCED.matcher(w.message()) : null;
            if (m != null && m.find()) {
                return Optional.of(new Hint(
                        HintCode.PARALLEL_REDUCED,
                        "Allow the parallel workers gbak asked for: MaxParallelWorkers = " + m.group(1)
                                + " in firebird.conf",
                        "gbak asked for " + m.group(1) + " parallel workers and the server allowed "
                                + m.group(2) + " (gbak's words: \"" + m.group() + "\"): the restore ran with "
                                + m.group(2),
                        "the restore runs with the workers asked for (FirebirdSQL/firebird#7552, #8140); restart the"
                                + " server after changing firebird.conf",
                        "gbakprof matrix --backup " + placeholders(run) + " --vary "
                                + quote(run, "gbak:-par 1," + m.group(1)) + " --repeat 3",
                        Hint.Certainty.HIGH,
                        "gbak's own warning in the log",
                        List.of(m.group(1))));
            }
        }
        return Optional.empty();
    }

    private static Optional<Hint> remoteRoute(RestoreRun run) {
        String db = run.database();
        boolean services = run.via() == Via.SERVICE
                || (run.command() != null && run.command().matches("(?i).*\\s-se(r(v(i(ce?)?)?)?)?\\s.*"));
        Matcher m = db == null ? null : REMOTE.matcher(db);
        if (services || m == null || !m.matches()) {
            return Optional.empty();
        }
        String host = m.group(1);
        return Optional.of(new Hint(
                HintCode.REMOTE_ROUTE,
                "Restore through the services manager (gbak -se " + host + ":service_mgr) or on the server itself",
                "the database " + db + " was restored over TCP: every row and page went through the network protocol",
                "the services manager or a local restore is 2–6× faster than a remote TCP restore"
                        + " (FirebirdSQL/firebird PR #139, #7508)",
                // the services manager opens both files itself: paths as the server sees them, no host: prefix
                "gbakprof run --via service --host " + host + " --backup " + serverBackup(run) + " --database "
                        + quote(run, DatabaseNames.sibling(m.group(2), "-se"))
                        + " --label se, then gbakprof compare the two runs",
                Hint.Certainty.MEDIUM,
                "the route is in the record; how much the network costs here is not measured (the published range is"
                        + " wide: 2–6×)",
                List.of(host)));
    }

    /** gbak's failure of FirebirdSQL/firebird#8263 ("cannot commit index" then "invalid database handle"). */
    private static final Pattern FAILED_INDEX = Pattern.compile("cannot commit index (\\S+)");

    private static final Pattern NO_CONNECTION = Pattern.compile("invalid database handle \\(no active connection\\)");

    /**
     * Firebird 5.0.0 and 5.0.1 in Classic mode with parallel workers (ParallelWorkers &gt; 1 in firebird.conf, or
     * {@code -par}) cannot build indexes: each worker attachment fails (#8263, fixed in 5.0.2). Seen in gbak's errors
     * (its signature), in the configuration, or both.
     */
    private static Optional<Hint> classicParallel(RestoreRun run) {
        boolean signature = run.errors().stream().anyMatch(e -> e.contains("cannot commit index"))
                && run.errors().stream().anyMatch(e -> NO_CONNECTION.matcher(e).find());
        FirebirdConf conf = run.firebirdConfInForce();
        int[] v = version(run);
        boolean affected = v != null && v[0] == 5 && v[1] == 0 && v[2] <= 1;
        boolean fixed = v != null && (v[0] > 5 || (v[0] == 5 && (v[1] > 0 || v[2] >= 2)));
        int workers = Math.max(
                run.parallelWorkers() == null ? 1 : run.parallelWorkers(),
                conf == null || conf.parallelWorkers() == null ? 1 : conf.parallelWorkers());
        boolean configured = conf != null && conf.classic() && workers > 1 && !remote(run);
        if (!(signature || (configured && affected)) || (fixed && !signature)) {
            return Optional.empty();
        }
        List<String> seen = new ArrayList<>();
        if (signature) {
            String index = run.errors().stream()
                    .map(e -> FAILED_INDEX.matcher(e))
                    .filter(Matcher::find)
                    .map(x -> " " + x.group(1))
                    .findFirst()
                    .orElse("");
            // gbakprof reads gbak's lines only: the words of firebird.log are quoted from the issue, and say so
            seen.add("gbak failed to build index" + index + " with \"invalid database handle (no active connection)\""
                    + " (its errors in this log), the failure of FirebirdSQL/firebird#8263; there the server's"
                    + " firebird.log said \"Failed to create worker attachment\" (quoted from the issue: gbakprof"
                    + " does not read firebird.log)");
        }
        if (configured) {
            seen.add(conf.path() + " sets ServerMode = " + conf.serverMode() + " and the restore used " + workers
                    + " parallel workers" + (v == null ? "" : " on Firebird " + v[0] + "." + v[1] + "." + v[2]));
        }
        return Optional.of(new Hint(
                HintCode.CLASSIC_PARALLEL,
                "Classic server with parallel workers: restore with gbak -par 1 (or ParallelWorkers = 1), or upgrade"
                        + " to Firebird 5.0.2",
                String.join("; ", seen),
                "the indexes are built: Firebird 5.0.0 and 5.0.1 in Classic mode cannot start the parallel workers'"
                        + " attachments to the database gbak restores (FirebirdSQL/firebird#8263, fixed in 5.0.2)",
                "gbakprof run --backup " + scratch(run, "par1") + " --label par1 -- -par 1",
                signature && configured ? Hint.Certainty.HIGH : Hint.Certainty.MEDIUM,
                signature && configured
                        ? "gbak's errors match the known failure and the configuration is the one it needs"
                        : signature
                                ? "gbak's errors match the known failure; the server mode and version are not in the"
                                        + " record (check ServerMode in firebird.conf and \"Failed to create worker"
                                        + " attachment\" in firebird.log)"
                                : "the configuration is the one that fails; this run's errors do not show the failure",
                List.of()));
    }

    /**
     * The index sorts that did not fit in TempCacheLimit: the worker's open sort files ({@code fb_sort_*}) were seen
     * in a sample of the index phase. Only {@code gbakprof run} on Linux sees them (docs/guide/advise.md, "What to try").
     */
    private static Optional<Hint> sortSpill(RestoreRun run, PhaseResources use) {
        if (use == null || use.sortFileMb() == null || use.sortFileMb() <= 0) {
            return Optional.empty();
        }
        Environment env = run.environment();
        FirebirdConf conf = run.firebirdConfInForce();
        Long limit = conf == null ? null : FirebirdConfReader.bytes(conf.tempCacheLimit());
        String limitSays = conf == null
                ? "TempCacheLimit (default 64 MB; 8 MB on Classic, per connection)"
                : conf.tempCacheLimit() != null
                        ? "TempCacheLimit = " + conf.tempCacheLimit() + " (" + conf.path() + ")"
                        : "TempCacheLimit, at its default in " + conf.path() + " (64 MB; 8 MB on Classic, per"
                                + " connection)";
        long base = limit != null ? limit : (conf != null && conf.classic() ? 8L << 20 : 64L << 20);
        long suggestMb = roundUpMb(base + Math.round(use.sortFileMb() * 1e6));
        // Windows: the files were seen in Firebird's temp directory, where another Firebird process's sorts count too
        boolean listed = env != null && env.os() != null && env.os().contains("Windows");
        return Optional.of(new Hint(
                HintCode.SORT_SPILL,
                "Give the index sorts more memory: TempCacheLimit of at least " + suggestMb + "M in firebird.conf",
                String.format(
                        Locale.ROOT,
                        "during the index phase %s sort files (fb_sort_* in Firebird's temp directory) of up to"
                                + " %.1f MB open: index sorts did not fit in %s and were written to disk",
                        listed
                                ? "Firebird's temp directory had"
                                : (run.worker() == null ? "the restore's process" : run.worker()) + " had",
                        use.sortFileMb(),
                        limitSays),
                "each spilled sort is written to the temp directory and read back; with the sort in memory that I/O"
                        + " goes (the gain depends on the temp directory's storage: measure it). The memory is taken per"
                        + " server process (SuperServer), per connection on Classic: the machine needs it free",
                "set TempCacheLimit = " + suggestMb + "M or more in firebird.conf (a server reads it when it starts, an"
                        + " embedded gbak at its start), then gbakprof run --backup "
                        + scratch(run, "tempcache") + " --label tempcache and gbakprof compare it with this run",
                // the size is a lower bound from the largest sort file one sample caught: never more than medium
                Hint.Certainty.MEDIUM,
                (listed
                                ? "measured: sort files were in Firebird's temp directory at the samples (Windows keeps"
                                        + " them there while they are open; another Firebird process's sorts count too)"
                                : "measured: the sort files were open in the restore's process (read from /proc/PID/fd"
                                        + " at each sample)")
                        + "; the size is at least what it says: the largest sort file a sample caught, a larger one"
                        + " can fall between two samples or be open beside it",
                List.of(Long.toString(suggestMb))));
    }

    /** MB rounded up to a multiple of 16, the size to write into firebird.conf. */
    private static long roundUpMb(long bytes) {
        long mb = (bytes + (1L << 20) - 1) >> 20;
        return ((mb + 15) / 16) * 16;
    }

    private static boolean sampled(PhaseResources use) {
        return use != null && use.bound() != null;
    }

    /** What firebird.conf says of the workers, for the parallel-workers hint: "; firebird.conf: ...". */
    private static String parallelConf(RestoreRun run) {
        FirebirdConf conf = run.firebirdConfInForce();
        if (conf == null) {
            return "; MaxParallelWorkers and ParallelWorkers not read (no firebird.conf in the record)";
        }
        return "; " + conf.path() + ": MaxParallelWorkers = "
                + (conf.maxParallelWorkers() == null ? "1 (default)" : conf.maxParallelWorkers())
                + ", ParallelWorkers = " + (conf.parallelWorkers() == null ? "1 (default)" : conf.parallelWorkers())
                + (conf.maxParallelWorkers() == null || conf.maxParallelWorkers() <= 1
                        ? ": raise MaxParallelWorkers first, or gbak -par N is cut to 1 (FirebirdSQL/firebird#7552)"
                        : "");
    }

    /** The database is restored through a remote server: the local firebird.conf is not the one in force. */
    private static boolean remote(RestoreRun run) {
        Matcher m = run.database() == null ? null : REMOTE.matcher(run.database());
        return m != null && m.matches() && !WorkerProcess.isLocal(m.group(1).replaceFirst("/\\d+$", ""));
    }

    /** Major, minor, patch of the Firebird that restored (gbak's or the engine's "V5.0.1.1469"), or {@code null}. */
    static int[] version(RestoreRun run) {
        Environment env = run.environment();
        if (env == null) {
            return null;
        }
        for (String s : new String[] {env.engineVersion(), env.gbakVersion()}) {
            Matcher m = s == null
                    ? null
                    : Pattern.compile("V(\\d+)\\.(\\d+)\\.(\\d+)").matcher(s);
            if (m != null && m.find()) {
                return new int[] {
                    Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))
                };
            }
        }
        return null;
    }

    private static boolean firebird5(RestoreRun run) {
        Environment env = run.environment();
        String v = env == null
                ? ""
                : (env.gbakVersion() == null ? "" : env.gbakVersion()) + " "
                        + (env.engineVersion() == null ? "" : env.engineVersion());
        Matcher m = Pattern.compile("Firebird (\\d+)").matcher(v);
        if (m.find()) {
            return Integer.parseInt(m.group(1)) >= 5;
        }
        // no version: the backup's format does not tell 5.0 from 4.0 (both write backup version 11, 3.0 wrote 10)
        return false;
    }

    private static PhaseResources use(RestoreRun run, Phase phase) {
        return run.phaseResources().stream()
                .filter(p -> p.phase() == phase)
                .findFirst()
                .orElse(null);
    }

    private static String cpu(PhaseResources use) {
        if (use == null || use.bound() == null) {
            return " (CPU use not sampled: run the restore with gbakprof run to see it)";
        }
        return String.format(
                Locale.ROOT,
                " and CPU-bound (the restore's process kept %.0f %% of a core busy)",
                use.cpuShare() * 100);
    }

    /**
     * A phase's seconds as part of the time the log shows: a phase an excerpt does not show (unknown) has none of it.
     */
    private static double shown(RestoreRun run, Phase phase) {
        Double s = run.phaseSeconds(phase);
        return s == null ? 0 : s;
    }

    /** "68 % of the restore (11.7 of 17.2 s)"; without a total, of the time the log shows (an excerpt's, or a cut's). */
    private static String share(RestoreRun run, double part, Double total) {
        return String.format(
                Locale.ROOT,
                "%.0f %% of %s (%.1f of %.1f s)",
                100 * part / total,
                run.totalSeconds() != null
                        ? "the restore"
                        : "what the log shows (" + (run.startsAtStart() ? "the restore did not finish" : "an excerpt")
                                + ")",
                part,
                total);
    }

    /**
     * The backup file as a server opens it (the services manager reads it, not gbak on this machine): the recorded
     * path when it is absolute, else a placeholder saying so (a relative path is relative to the server's folder).
     */
    private static String serverBackup(RestoreRun run) {
        String b = run.backupFile();
        boolean absolute =
                b != null && (b.startsWith("/") || b.startsWith("\\\\") || b.matches("^\\p{Alpha}:[\\\\/].*"));
        return absolute ? quote(run, b) : "BACKUP_PATH_ON_THE_SERVER.fbk";
    }

    /**
     * A proof's {@code run}: the backup and a new database beside the run's, named for the proof ({@code erp-idle.fdb}
     * beside {@code erp.fdb}). The run's own database exists, so run refuses it, and a proof never replaces the
     * user's database.
     */
    private static String scratch(RestoreRun run, String label) {
        String backup = run.backupFile() != null ? quote(run, run.backupFile()) : "BACKUP.fbk";
        String db = run.database() != null ? run.database() : "DATABASE.fdb";
        return backup + " --database " + quote(run, DatabaseNames.sibling(db, "-" + label));
    }

    /** A matrix's: the backup and the run's database, beside which each of its restores gets a new one. */
    private static String placeholders(RestoreRun run) {
        String backup = run.backupFile() != null ? quote(run, run.backupFile()) : "BACKUP.fbk";
        String db = run.database() != null ? quote(run, run.database()) : "DATABASE.fdb";
        return backup + " --database " + db;
    }

    /**
     * A value of a printed command, quoted for the shell of the machine the run restored on: cmd.exe and PowerShell take
     * double quotes (single quotes are no quotes in cmd), a POSIX shell single quotes (in its double quotes {@code $},
     * a backquote and a doubled backslash change). Windows when the record says so, else when a path is a Windows one
     * (a drive letter, a UNC path).
     */
    private static String quote(RestoreRun run, String s) {
        if (s.matches("[\\w./:\\\\-]+")) {
            return s;
        }
        return windows(run) ? "\"" + s + "\"" : "'" + s.replace("'", "'\\''") + "'";
    }

    private static final Pattern WINDOWS_PATH = Pattern.compile("^(\\p{Alpha}:[\\\\/]|\\\\\\\\).*");

    private static boolean windows(RestoreRun run) {
        Environment env = run.environment();
        if (env != null && env.os() != null) {
            return env.os().toLowerCase(Locale.ROOT).contains("windows");
        }
        return Stream.of(run.backupFile(), run.database())
                .anyMatch(p -> p != null
                        && WINDOWS_PATH
                                .matcher(p.replaceFirst("^[^:\\\\/]{2,}:", ""))
                                .matches());
    }
}
