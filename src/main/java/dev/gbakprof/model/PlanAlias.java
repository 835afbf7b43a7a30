package dev.gbakprof.model;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The plan names gbakprof understands on every system. On Windows each is a built-in plan GUID (the same in
 * every Windows language); on Linux each maps to a cpufreq governor and a power-profiles-daemon or tuned
 * profile. {@code plan --set} and {@code matrix --plans} take them, and a comparison reads a label that names one
 * as naming the plan a record keeps by its GUID ({@link #builtIn(PowerPlan)}).
 */
public enum PlanAlias {
    BALANCED("balanced", "381b4222-f694-41f0-9685-ff5bb260df2e", "Balanced"),
    HIGH_PERFORMANCE("high-performance", "8c5e7fda-e8bf-4a96-9a85-a6e23a8c635c", "High performance"),
    POWER_SAVER("power-saver", "a1841308-3541-4fab-bc81-f71556f20b4a", "Power saver"),
    ULTIMATE("ultimate", "e9a42b02-d5df-448d-aa00-03f14749eb61", "Ultimate Performance");

    private final String alias;
    private final String windowsGuid;
    private final String englishName;

    PlanAlias(String alias, String windowsGuid, String englishName) {
        this.alias = alias;
        this.windowsGuid = windowsGuid;
        this.englishName = englishName;
    }

    /** {@code balanced}, {@code high-performance}, {@code power-saver}, {@code ultimate}. */
    public String alias() {
        return alias;
    }

    /** The built-in Windows plan's GUID, lower case. */
    public String windowsGuid() {
        return windowsGuid;
    }

    /** The built-in plan's name on English Windows ({@code High performance}). */
    public String englishName() {
        return englishName;
    }

    /**
     * The alias {@code text} names: the alias itself, the English plan name, or {@code performance} (the
     * Linux governor's name, so that one plan list works on both systems).
     */
    public static Optional<PlanAlias> of(String text) {
        String key = text.strip().toLowerCase(Locale.ROOT).replace('_', '-');
        if (key.equals("performance") || key.equals("high")) {
            return Optional.of(HIGH_PERFORMANCE);
        }
        return Arrays.stream(values())
                .filter(a -> a.alias.equals(key)
                        || a.englishName.toLowerCase(Locale.ROOT).equals(key)
                        || a.alias.equals(key.replace(' ', '-')))
                .findFirst();
    }

    /**
     * The built-in Windows plans a recorded plan is: the one of its GUID (whatever name Windows gave it in its
     * language: {@code Höchstleistung} is High performance), and the one whose English name it has (a copy that keeps
     * it, such as the copy of Ultimate Performance that {@code powercfg -duplicatescheme} makes with a new GUID, which
     * is the plan {@code plan --set} and {@code matrix --plans} choose for the alias where the built-in GUID is not
     * installed). Empty for a plan of neither (a custom plan, Linux's governors).
     */
    public static List<PlanAlias> builtIn(PowerPlan plan) {
        String guid = plan.guid() == null ? "" : plan.guid().toLowerCase(Locale.ROOT);
        String name = plan.name() == null ? "" : plan.name().strip();
        return Arrays.stream(values())
                .filter(a -> a.windowsGuid.equals(guid) || a.englishName.equalsIgnoreCase(name))
                .toList();
    }

    /**
     * One spelling of the plan {@code text} names, to tell two spellings of one plan apart ({@code matrix --plans}): the
     * alias of a built-in plan named by its alias, its English name, {@code performance} or its Windows GUID ({@code
     * Balanced} and {@code 381b4222-…} are {@code balanced}), else the text as given.
     */
    public static String spelling(String text) {
        String t = text.strip();
        String guid = t.replaceAll("^\\{|}$", "").toLowerCase(Locale.ROOT);
        return of(t).or(() -> Arrays.stream(values())
                        .filter(a -> a.windowsGuid.equals(guid))
                        .findFirst())
                .map(PlanAlias::alias)
                .orElse(t);
    }

    /** The aliases, comma-separated, for messages. */
    public static String list() {
        return Arrays.stream(values()).map(a -> a.alias).collect(Collectors.joining(", "));
    }
}
