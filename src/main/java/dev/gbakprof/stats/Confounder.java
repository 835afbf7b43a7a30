package dev.gbakprof.stats;

import dev.gbakprof.model.Environment;
import dev.gbakprof.model.OdsVersion;
import dev.gbakprof.model.PlanAlias;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Via;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What else a run's record says about how it ran, besides its label: a Balanced-against-High-performance
 * comparison whose runs also differ in route is not a power-plan comparison. Each kind reads one thing the
 * record knows ({@code null}: the record does not say, which is never taken for a difference).
 */
public enum Confounder {
    /** How gbak reached the database: embedded, remote TCP ({@code host:path}), the services manager. */
    ROUTE(Confounder::route),
    GBAK_VERSION(r -> env(r, Environment::gbakVersion)),
    ENGINE_VERSION(r -> r.inspection() != null && r.inspection().engineVersion() != null
            ? r.inspection().engineVersion()
            : env(r, Environment::engineVersion)),
    /**
     * The on-disk structure of the database the restore made (12.0: Firebird 3.0's engine, 13.0: 4.0's): which engine
     * made it, also where the record does not know that engine's version (an embedded restore, a matrix arm through a
     * server). Said only when no gbak or server version difference says it already.
     */
    ODS(RestoreRun::ods),
    PAGE_SIZE(r -> r.pageSize() == null ? null : String.valueOf(r.pageSize())),
    /** gbak switches beyond the ones every timed restore uses (-c -v -st, user and password): -bu, -par, -se… */
    SWITCHES(Confounder::switches),
    HOST(r -> env(r, Environment::host)),
    CPU(r -> {
        Environment e = r.environment();
        return e == null || e.cpuModel() == null
                ? null
                : e.cpuModel() + (e.logicalCpus() == null ? "" : " × " + e.logicalCpus());
    }),
    POWER_PLAN(r -> {
        Environment e = r.environment();
        return e == null
                        || e.powerPlan() == null
                        || e.powerPlan().name() == null
                        || "unknown".equals(e.powerPlan().name())
                ? null
                : e.powerPlan().name();
    }),
    /** The backup restored: its file name, and its size when every record knows it (see {@link #differences}). */
    BACKUP(r -> r.backupFile() == null ? null : r.backupFile().replaceAll(".*[/\\\\]", ""));

    private final Function<RestoreRun, String> value;

    Confounder(Function<RestoreRun, String> value) {
        this.value = value;
    }

    /** What the record says for this kind, {@code null} when it does not say. */
    public String of(RestoreRun run) {
        return value.apply(run);
    }

    /**
     * The values the records of {@code runs} say for this kind, each once, sorted (a record that does not say is left
     * out): runs of one configuration that have two of them mix it.
     */
    public List<String> distinctValues(Collection<RestoreRun> runs) {
        return runs.stream()
                .map(this::of)
                .filter(v -> v != null)
                .distinct()
                .sorted()
                .toList();
    }

    /**
     * The kinds the runs of one configuration must agree in to be repeats of it ({@link #mixed}): the route, the backup
     * file, the gbak that restored and the engine that did (a migration's 4.0 restore and 3.0's of one backup), and the
     * ODS of the database it made (which engine made it).
     */
    public static final List<Confounder> ONE_CONFIGURATION = List.of(ROUTE, BACKUP, GBAK_VERSION, ENGINE_VERSION, ODS);

    /**
     * What of this kind tells configurations apart: a Firebird version by its major and minor version ({@code 4.0}; a
     * patch release is the same version, as {@code estimate} compares them), else the value as {@link #of} says it;
     * {@code null} when the record does not say.
     */
    public String family(RestoreRun run) {
        String v = of(run);
        if (this != GBAK_VERSION && this != ENGINE_VERSION) {
            return v;
        }
        return versionFamily(v);
    }

    /**
     * A Firebird version as {@link #family} tells versions apart: {@code major.minor} of what gbak -z or a server says
     * ({@code 4.0} of {@code LI-V4.0.5.3140 Firebird 4.0}), else the version as said; {@code null} for none.
     */
    public static String versionFamily(String version) {
        String v = RestoreRun.majorMinor(version);
        return v != null ? v : version;
    }

    /**
     * The values of {@code runs} when they mix this kind ({@link #family}: two or more), sorted, each once, as {@link
     * #distinctValues} gives them; none when they agree (a record that does not say agrees with every other).
     */
    public List<String> mixed(Collection<RestoreRun> runs) {
        long families = runs.stream()
                .map(this::family)
                .filter(v -> v != null)
                .distinct()
                .count();
        return families > 1 ? distinctValues(runs) : List.of();
    }

    /** {@code gbak-version}: the form notes and JSON carry. */
    public String code() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** One configuration's label and the values its records say for a kind. */
    public record Values(String label, Set<String> values) {}

    /** The kinds in which configurations differ, each with every configuration's values; none when all agree. */
    public static List<Difference> differences(List<RunGroup> groups) {
        List<Difference> out = new ArrayList<>();
        if (groups.size() < 2) {
            return out;
        }
        // a size only some records know (the services route does not see the file) is no difference
        boolean sized = groups.stream().flatMap(g -> g.runs().stream()).allMatch(r -> r.backupBytes() != null);
        for (Confounder kind : values()) {
            List<Values> per = new ArrayList<>();
            // the difference is what the labels compare when every label names what its records say
            boolean named = true;
            for (RunGroup g : groups) {
                Set<String> vs = new TreeSet<>();
                for (RestoreRun r : g.runs()) {
                    String v = kind == BACKUP && v(r) != null && sized
                            ? v(r) + " (" + r.backupBytes() + " bytes)"
                            : kind.of(r);
                    if (v != null) {
                        vs.add(v);
                        named &= kind == POWER_PLAN
                                ? namesPlan(g.label(), r.environment().powerPlan())
                                : kind.names(g.label(), v);
                    }
                }
                per.add(new Values(g.label(), vs));
            }
            List<Values> known = per.stream().filter(v -> !v.values().isEmpty()).toList();
            boolean differs = known.size() >= 2
                    && known.stream().map(Values::values).distinct().count() > 1;
            // a gbak or server version that differs says already which engine made each database
            boolean said =
                    kind == ODS && out.stream().anyMatch(d -> d.kind() == GBAK_VERSION || d.kind() == ENGINE_VERSION);
            if (differs && !named && !said) {
                out.add(new Difference(kind, known));
            }
        }
        return out;
    }

    /** One kind in which configurations differ. */
    public record Difference(Confounder kind, List<Values> values) {}

    /**
     * Whether a label names a value: "hp-balanced" names "Balanced", "page-16384" names 16384; a Firebird version
     * ({@code LI-V4.0.5.3140 Firebird 4.0}, of gbak or the engine) is named by itself or by its major and minor version
     * ("4.0", "fb4", "firebird-4.0"), so that runs labelled by the version they compare (a migration's 3.0 against 4.0)
     * compare it, not take it for a confounder.
     */
    boolean names(String label, String value) {
        if (this == ODS) { // "ods 13.0", or the Firebird version that writes it ("4.0", "fb4")
            String writer = OdsVersion.writer(value);
            return label.toLowerCase(Locale.ROOT).matches(".*ods[-_ ]?" + Pattern.quote(value) + "(?![\\d]).*")
                    || (writer != null && GBAK_VERSION.names(label, "Firebird " + writer));
        }
        if (normal(label).contains(normal(value))) {
            return true;
        }
        if (this == ROUTE) { // matrix --vary 'route:embedded,localhost,service' labels each arm with its route's word
            return routeWords(value).stream().anyMatch(normal(label)::contains);
        }
        String version = (this == GBAK_VERSION || this == ENGINE_VERSION) ? RestoreRun.majorMinor(value) : null;
        if (version == null) {
            return false;
        }
        String major = version.substring(0, version.indexOf('.'));
        String minor = version.substring(version.indexOf('.') + 1);
        String low = label.toLowerCase(Locale.ROOT);
        return Pattern.compile("(?<![\\d.])" + major + "\\." + minor + "(?![\\d])")
                        .matcher(low)
                        .find()
                || Pattern.compile("(?:fb|firebird)[-_ ]?" + major + "(?:[._-]?" + minor + ")?(?![\\d])")
                        .matcher(low)
                        .find();
    }

    /**
     * Whether a label names a recorded power plan: by its name as the system gave it ("Höchstleistung", "performance"),
     * by its GUID, or, for a plan Windows ships (matched by the GUID the record keeps, in any Windows language) or one
     * with the English name of one ({@link PlanAlias#builtIn(PowerPlan)}), by the alias or English name {@code matrix
     * --plans} and {@code plan --set} take ("balanced", "high-performance", "performance", "ultimate", "Ultimate
     * Performance"). {@code matrix --plans} labels each arm with the plan as it was given, so its arms compare the
     * plan. A plan the label does not name (a custom plan, another built-in plan) stays a difference.
     */
    static boolean namesPlan(String label, PowerPlan plan) {
        String l = normal(label);
        if (plan.name() != null && !normal(plan.name()).isEmpty() && l.contains(normal(plan.name()))) {
            return true;
        }
        if (plan.guid() != null && l.contains(normal(plan.guid()))) {
            return true;
        }
        // its first word as matrix --plans takes it ("performance -par 4"), not a word inside another plan's name
        // ("Ultimate Performance" names no High performance)
        Optional<PlanAlias> first = PlanAlias.of(label.strip().split("[\\s,]+")[0]);
        return PlanAlias.builtIn(plan).stream()
                .anyMatch(a -> l.contains(normal(a.alias()))
                        || l.contains(normal(a.englishName()))
                        || first.equals(Optional.of(a)));
    }

    /** The words a label names a route by: embedded; tcp, remote or its host; service. */
    private static List<String> routeWords(String route) {
        if (route.startsWith("remote TCP (")) {
            return List.of("tcp", "remote", normal(route.substring("remote TCP (".length(), route.length() - 1)));
        }
        return List.of(route.equals("embedded") ? "embedded" : "service");
    }

    private static String normal(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]", "");
    }

    private static String v(RestoreRun r) {
        return BACKUP.of(r);
    }

    private static String env(RestoreRun r, Function<Environment, String> f) {
        return r.environment() == null ? null : f.apply(r.environment());
    }

    /** A host before a colon (at least 2 characters, so not a Windows drive "C:"), or an inet:// URL. */
    /** gbak's -se switch and its abbreviations, between blanks. */
    private static final Pattern SERVICE_SWITCH = Pattern.compile("\\s-se(r(v(i(c(e)?)?)?)?)?\\s");

    /** {@code inet://host/path}, {@code host:path}, {@code host/port:path} (a port, a service's name, an anonymized port). */
    private static final Pattern REMOTE = Pattern.compile("^(?:inet[46]?://([^/]+)/|([^/\\\\:]{2,}?)(?:/[\\w-]+)?:)");

    /** {@link #route(Via, String, String)} of a record. */
    public static String route(RestoreRun r) {
        return route(r.via(), r.command(), r.database());
    }

    /**
     * How a restore reached the database: {@code services manager}, {@code gbak -se (services manager)}, {@code remote
     * TCP (host)} or {@code embedded}; {@code null} when the record does not say (a parsed log).
     *
     * @param command  the gbak command as recorded
     * @param database the database as gbak was given it ({@code host:path} through a server)
     */
    public static String route(Via via, String command, String database) {
        if (via == Via.SERVICE) {
            return "services manager";
        }
        if (via != Via.GBAK) {
            return null; // a parsed log does not say how gbak reached the database
        }
        if (command != null && SERVICE_SWITCH.matcher(command + " ").find()) {
            return "gbak -se (services manager)";
        }
        if (database == null) {
            return null;
        }
        Matcher m = REMOTE.matcher(database);
        if (m.find()) {
            return "remote TCP (" + (m.group(1) != null ? m.group(1) : m.group(2)) + ")";
        }
        return "embedded";
    }

    /** Switches every timed restore has, with how many values follow each. */
    private static final List<String> USUAL = List.of(
            "-c",
            "-create",
            "-create_database",
            "-v",
            "-verbose",
            "-rep",
            "-replace",
            "-replace_database",
            "-r",
            "-recreate",
            "-recreate_database");

    /**
     * Switches with a value that say nothing about how the restore ran. No password switch: gbakprof refuses one before
     * any restore (GbakInvocation.refusePasswordSwitch), so no recorded command carries it.
     */
    private static final List<String> USUAL_WITH_VALUE =
            List.of("-st", "-statistics", "-user", "-u", "-fetch_password", "-fe", "-y");

    /** The gbak command's other switches, in order ("-bu 2048 -par 4"); the files are left out. */
    static String switches(RestoreRun r) {
        if (r.via() != Via.GBAK || r.command() == null) {
            return null;
        }
        String command = r.command().replaceAll("\\s+\\(password from ISC_PASSWORD\\)$", "");
        List<String> tokens = Arrays.asList(command.trim().split("\\s+"));
        List<String> other = new ArrayList<>();
        for (int i = 1; i < tokens.size(); i++) {
            String tok = tokens.get(i);
            String low = tok.toLowerCase(Locale.ROOT);
            if (!tok.startsWith("-")) {
                continue; // backup file, database
            }
            if (USUAL.contains(low)) {
                continue;
            }
            if (USUAL_WITH_VALUE.contains(low)) {
                i++;
                continue;
            }
            // a switch with a value: the next token when it is a number or a server
            if (i + 1 < tokens.size()
                    && tokens.get(i + 1).matches("\\d+|[^/\\\\]*:service_mgr|[^-].*:\\S*service_mgr")) {
                other.add(tok + " " + tokens.get(++i));
            } else {
                other.add(tok);
            }
        }
        return other.isEmpty() ? "none" : String.join(" ", other);
    }
}
