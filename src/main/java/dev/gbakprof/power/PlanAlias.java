package dev.gbakprof.power;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The plan names gbakprof understands on every system. On Windows each is a built-in plan GUID (the same in
 * every Windows language); on Linux each maps to a cpufreq governor and a power-profiles-daemon or tuned
 * profile.
 */
enum PlanAlias {
    BALANCED("balanced", "381b4222-f694-41f0-9685-ff5bb260df2e", "Balanced"),
    HIGH_PERFORMANCE("high-performance", "8c5e7fda-e8bf-4a96-9a85-a6e23a8c635c", "High performance"),
    POWER_SAVER("power-saver", "a1841308-3541-4fab-bc81-f71556f20b4a", "Power saver"),
    ULTIMATE("ultimate", "e9a42b02-d5df-448d-aa00-03f14749eb61", "Ultimate Performance");

    final String alias;
    final String windowsGuid;
    final String englishName;

    PlanAlias(String alias, String windowsGuid, String englishName) {
        this.alias = alias;
        this.windowsGuid = windowsGuid;
        this.englishName = englishName;
    }

    /**
     * The alias {@code text} names: the alias itself, the English plan name, or {@code performance} (the
     * Linux governor's name, so that one plan list works on both systems).
     */
    static Optional<PlanAlias> of(String text) {
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

    static String list() {
        return Arrays.stream(values()).map(a -> a.alias).collect(Collectors.joining(", "));
    }
}
