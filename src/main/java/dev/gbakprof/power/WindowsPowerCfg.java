package dev.gbakprof.power;

import dev.gbakprof.model.PlanAlias;
import dev.gbakprof.model.PlanSource;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.power.PowerSnapshot.Choice;
import dev.gbakprof.power.PowerSnapshot.Detail;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Windows power plans through {@code powercfg}. Everything is matched by GUID, never by label or plan name:
 * {@code powercfg} translates both ("Power Scheme GUID:", "GUID des Energieschemas:", "GUID do Esquema de
 * Energia:"…), and tools that matched English names broke on other Windows languages.
 */
public final class WindowsPowerCfg implements PowerPlanSwitcher {

    /** The High Performance plan Configuration Manager deploys (microsoft/CSS-Exchange checks it too). */
    static final String CONFIGMGR_HIGH_PERFORMANCE = "db310065-829b-4671-9647-2261c00e86ef";

    private static final Pattern GUID =
            Pattern.compile("\\{?([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})}?");
    /** A scheme line in any language: label, GUID, two spaces, (name), and {@code *} when active. */
    private static final Pattern SCHEME_LINE = Pattern.compile(GUID.pattern() + "\\s*\\((.*)\\)\\s*(\\*)?\\s*$");

    private static final Pattern HEX = Pattern.compile("0x([0-9a-fA-F]+)");

    private final CommandRunner runner;

    public WindowsPowerCfg(CommandRunner runner) {
        this.runner = runner;
    }

    /** One line of {@code powercfg /list}: a plan. */
    record Scheme(String guid, String name, boolean active) {}

    /** Every plan line of {@code powercfg /list} output, in order; lines without a GUID are skipped. */
    static List<Scheme> parseList(String text) {
        List<Scheme> schemes = new ArrayList<>();
        for (String line : text.split("\\R")) {
            Matcher m = SCHEME_LINE.matcher(line);
            if (m.find()) {
                schemes.add(new Scheme(
                        m.group(1).toLowerCase(Locale.ROOT), m.group(2).strip(), m.group(3) != null));
            }
        }
        return schemes;
    }

    /**
     * The plan of {@code powercfg /getactivescheme} (or the first plan line of {@code /query}, which starts
     * the same way): the first line that has a GUID and a name.
     */
    static Optional<Scheme> parseActive(String text) {
        return parseList(text).stream().findFirst().map(s -> new Scheme(s.guid(), s.name(), true));
    }

    /**
     * The AC and DC values of {@code powercfg /query SCHEME SUB SETTING}: the last two hexadecimal numbers.
     * The labels are translated, but the order is fixed: minimum, maximum, increment, then the AC index and
     * the DC index. Empty when the output has fewer than two.
     */
    static Optional<long[]> parseSettingIndexes(String text) {
        List<Long> values = new ArrayList<>();
        Matcher m = HEX.matcher(text);
        while (m.find()) {
            values.add(Long.parseUnsignedLong(m.group(1), 16));
        }
        if (values.size() < 2) {
            return Optional.empty();
        }
        return Optional.of(new long[] {values.get(values.size() - 2), values.get(values.size() - 1)});
    }

    /** Windows' own verdict for its built-in plans; {@code null} for plans Windows did not ship. */
    static Boolean builtInPerformance(String guid) {
        if (guid.equals(PlanAlias.HIGH_PERFORMANCE.windowsGuid())
                || guid.equals(PlanAlias.ULTIMATE.windowsGuid())
                || guid.equals(CONFIGMGR_HIGH_PERFORMANCE)) {
            return true;
        }
        if (guid.equals(PlanAlias.BALANCED.windowsGuid()) || guid.equals(PlanAlias.POWER_SAVER.windowsGuid())) {
            return false;
        }
        return null;
    }

    @Override
    public PowerSnapshot probe() {
        List<Detail> details = new ArrayList<>();
        List<Scheme> schemes = List.of();
        String listProblem = null;
        try {
            CommandRunner.Result list = runner.run(List.of("powercfg", "/list"));
            if (list.ok()) {
                schemes = parseList(list.stdout());
            } else {
                listProblem = "powercfg /list failed (exit " + list.exitCode() + "): " + list.firstMessageLine();
            }
        } catch (IOException ex) {
            return new PowerSnapshot(
                    PowerPlan.unknown("powercfg cannot be run: " + ex.getMessage()), List.of(), List.of(), List.of());
        }
        Optional<Scheme> active = activeScheme(schemes, details);
        if (listProblem != null) {
            details.add(new Detail("powercfg /list", listProblem));
        }
        List<Choice> choices = schemes.stream()
                .map(s -> new Choice(
                        s.name(),
                        s.guid(),
                        active.map(a -> a.guid().equals(s.guid())).orElse(false)))
                .toList();
        if (active.isEmpty()) {
            return new PowerSnapshot(PowerPlan.unknown("powercfg shows no active plan"), choices, details, List.of());
        }
        Scheme scheme = active.get();
        Boolean performance = builtInPerformance(scheme.guid());
        if (performance == null) {
            performance = customPlanPerformance(scheme.guid(), details);
        } else {
            details.add(new Detail("plan", "built-in Windows plan " + englishName(scheme.guid())));
        }
        return new PowerSnapshot(
                PowerPlan.read(scheme.name(), scheme.guid(), PlanSource.POWERCFG, performance),
                choices,
                details,
                List.of());
    }

    /** {@code /getactivescheme} first; the {@code *} of {@code /list} when it cannot say. */
    private Optional<Scheme> activeScheme(List<Scheme> schemes, List<Detail> details) {
        try {
            CommandRunner.Result result = runner.run(List.of("powercfg", "/getactivescheme"));
            Optional<Scheme> active = result.ok() ? parseActive(result.stdout()) : Optional.empty();
            if (active.isPresent()) {
                return active;
            }
            details.add(new Detail(
                    "powercfg /getactivescheme",
                    "no plan in its output (exit " + result.exitCode() + "); using the * of /list"));
        } catch (IOException ex) {
            details.add(new Detail("powercfg /getactivescheme", ex.getMessage()));
        }
        return schemes.stream().filter(Scheme::active).findFirst();
    }

    private static String englishName(String guid) {
        if (guid.equals(CONFIGMGR_HIGH_PERFORMANCE)) {
            return "High Performance (ConfigMgr)";
        }
        for (PlanAlias alias : PlanAlias.values()) {
            if (alias.windowsGuid().equals(guid)) {
                return alias.englishName();
            }
        }
        return guid;
    }

    /**
     * A plan Windows did not ship (a copy of Ultimate Performance made by {@code powercfg -duplicatescheme}
     * gets a new GUID, so most Ultimate plans are custom): it counts as a performance plan when its minimum
     * processor state on AC power is 100 %, as in High performance and Ultimate Performance (Balanced: 5 %).
     */
    private Boolean customPlanPerformance(String guid, List<Detail> details) {
        details.add(new Detail("plan", "custom plan (not one of Windows' built-in GUIDs)"));
        try {
            CommandRunner.Result query =
                    runner.run(List.of("powercfg", "/query", guid, "SUB_PROCESSOR", "PROCTHROTTLEMIN"));
            Optional<long[]> indexes = query.ok() ? parseSettingIndexes(query.stdout()) : Optional.empty();
            if (indexes.isPresent()) {
                long ac = indexes.get()[0];
                details.add(new Detail("minimum processor state (AC)", ac + " %"));
                return ac >= 100;
            }
            details.add(new Detail(
                    "minimum processor state (AC)", "unreadable (powercfg /query exit " + query.exitCode() + ")"));
        } catch (IOException ex) {
            details.add(new Detail("minimum processor state (AC)", "unreadable: " + ex.getMessage()));
        }
        return null;
    }

    @Override
    public PowerPlan set(String nameOrAlias) {
        List<Scheme> schemes;
        try {
            CommandRunner.Result list = runner.run(List.of("powercfg", "/list"));
            if (!list.ok()) {
                throw new PowerPlanException(
                        "powercfg /list failed (exit " + list.exitCode() + "): " + list.firstMessageLine());
            }
            schemes = parseList(list.stdout());
        } catch (IOException ex) {
            throw new PowerPlanException("cannot run powercfg: " + ex.getMessage(), ex);
        }
        Scheme target = resolve(nameOrAlias, schemes);
        try {
            CommandRunner.Result result = runner.run(List.of("powercfg", "/setactive", target.guid()));
            if (!result.ok()) {
                throw new PowerPlanException("powercfg /setactive " + target.guid() + " failed (exit "
                        + result.exitCode() + "): " + result.firstMessageLine());
            }
        } catch (IOException ex) {
            throw new PowerPlanException("cannot run powercfg: " + ex.getMessage(), ex);
        }
        PowerPlan now = current();
        if (!target.guid().equals(now.guid())) {
            throw new PowerPlanException("powercfg accepted /setactive " + target.guid() + " (" + target.name()
                    + ") but the active plan is still " + describe(now)
                    + "; a group policy or a vendor tool may enforce the plan");
        }
        return now;
    }

    /** GUID first, then alias, then the plan's name as Windows shows it (case-insensitive). */
    static Scheme resolve(String nameOrAlias, List<Scheme> schemes) {
        String text = nameOrAlias.strip();
        Matcher guid = GUID.matcher(text);
        if (guid.matches()) {
            String wanted = guid.group(1).toLowerCase(Locale.ROOT);
            return schemes.stream()
                    .filter(s -> s.guid().equals(wanted))
                    .findFirst()
                    .orElseThrow(() -> new UnknownPlanException(
                            "no power plan with GUID " + wanted + " on this system; " + offer(schemes)));
        }
        List<Scheme> byName =
                schemes.stream().filter(s -> s.name().equalsIgnoreCase(text)).toList();
        Optional<PlanAlias> alias = PlanAlias.of(text);
        if (alias.isPresent()) {
            String wanted = alias.get().windowsGuid();
            Optional<Scheme> builtIn =
                    schemes.stream().filter(s -> s.guid().equals(wanted)).findFirst();
            if (builtIn.isPresent()) {
                return builtIn.get();
            }
            // a copy of a built-in plan keeps its English name on English Windows ("Ultimate Performance")
            List<Scheme> byEnglishName = schemes.stream()
                    .filter(s -> s.name().equalsIgnoreCase(alias.get().englishName()))
                    .toList();
            if (byEnglishName.size() == 1) {
                return byEnglishName.get(0);
            }
            throw new UnknownPlanException(alias.get().englishName() + " (" + wanted + ") is not installed on this"
                    + " system (Modern Standby laptops list only Balanced); as administrator, `powercfg"
                    + " -duplicatescheme " + wanted + "` makes a copy with a new GUID, then use that GUID or its"
                    + " name; " + offer(schemes));
        }
        if (byName.size() == 1) {
            return byName.get(0);
        }
        if (byName.size() > 1) {
            throw new UnknownPlanException("several power plans are named '" + text + "': "
                    + byName.stream().map(Scheme::guid).collect(Collectors.joining(", ")) + "; give the GUID");
        }
        throw new UnknownPlanException("no power plan named '" + text + "'; " + offer(schemes));
    }

    private static String offer(List<Scheme> schemes) {
        return "plans on this system: "
                + schemes.stream().map(s -> s.name() + " (" + s.guid() + ")").collect(Collectors.joining(", "))
                + "; aliases: " + PlanAlias.list();
    }

    private static String describe(PowerPlan plan) {
        return plan.name() + (plan.guid() == null ? "" : " (" + plan.guid() + ")");
    }
}
