package dev.gbakprof.power;

import dev.gbakprof.model.PlanAlias;
import dev.gbakprof.model.PlanSource;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.power.PowerSnapshot.Choice;
import dev.gbakprof.power.PowerSnapshot.Detail;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Linux power plan: the cpufreq governor of every CPU ({@code /sys/devices/system/cpu/cpu*}{@code /cpufreq}),
 * the driver, the energy/performance preference (EPP), turbo, the ACPI platform profile, and the
 * power-profiles-daemon and tuned profiles. Every path is read below a root folder (normally {@code /}) so
 * tests build a fake sysfs tree.
 *
 * <p>It is a performance plan when every CPU runs the {@code performance} governor, or has the EPP
 * {@code performance} (intel_pstate and amd-pstate in active mode keep the governor {@code powersave} and
 * take the preference from EPP, which is what power-profiles-daemon sets).
 */
public final class LinuxCpuFreq implements PowerPlanSwitcher {

    private static final String PERFORMANCE = "performance";
    private static final Pattern CPU_DIR = Pattern.compile("cpu(\\d+)");
    /** {@code powersave + EPP balance_performance}: the form {@link #probe()} names a plan, so it can be set back. */
    private static final Pattern GOVERNOR_AND_EPP =
            Pattern.compile("(\\S+)\\s*\\+\\s*EPP\\s+(\\S+)", Pattern.CASE_INSENSITIVE);

    private final Path root;
    private final CommandRunner runner;

    /** Reads below {@code root} ({@code /} on a real system) and runs the daemons' tools with {@code runner}. */
    public LinuxCpuFreq(Path root, CommandRunner runner) {
        this.root = root;
        this.runner = runner;
    }

    private Path cpuDir() {
        return root.resolve("sys/devices/system/cpu");
    }

    /** CPU number → its cpufreq folder, for the CPUs that have one (offline CPUs have none). */
    private Map<Integer, Path> cpufreqDirs() {
        Map<Integer, Path> dirs = new TreeMap<>();
        try (Stream<Path> entries = Files.list(cpuDir())) {
            entries.forEach(entry -> {
                Matcher m = CPU_DIR.matcher(entry.getFileName().toString());
                if (m.matches()
                        && Files.isDirectory(entry.resolve("cpufreq"))
                        && Files.exists(entry.resolve("cpufreq/scaling_governor"))) {
                    dirs.put(Integer.parseInt(m.group(1)), entry.resolve("cpufreq"));
                }
            });
        } catch (IOException noCpuDir) {
            return dirs;
        }
        return dirs;
    }

    @Override
    public PowerSnapshot probe() {
        List<Detail> details = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Map<Integer, Path> cpus = cpufreqDirs();
        if (cpus.isEmpty()) {
            details.add(new Detail("cpufreq", "none (no /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor)"));
            details.add(new Detail(
                    "hypervisor", hypervisor() ? "yes (\"hypervisor\" in /proc/cpuinfo flags)" : "not detected"));
            addPlatformAndDaemons(details);
            return new PowerSnapshot(PowerPlan.unknown(noCpufreqReason()), List.of(), details, warnings);
        }
        Map<Integer, String> governors = readEach(cpus, "scaling_governor");
        Map<Integer, String> epps = readEach(cpus, "energy_performance_preference");
        Path first = cpus.values().iterator().next();
        String driver = read(first.resolve("scaling_driver")).orElse("unknown");
        List<String> available =
                words(read(first.resolve("scaling_available_governors")).orElse(""));

        details.add(new Detail("scaling_driver", driver));
        details.add(new Detail("scaling_governor", summarize(governors)));
        details.add(new Detail("scaling_available_governors", String.join(" ", available)));
        if (!epps.isEmpty()) {
            details.add(new Detail("energy_performance_preference", summarize(epps)));
            read(first.resolve("energy_performance_available_preferences"))
                    .ifPresent(v -> details.add(new Detail("energy_performance_available_preferences", v)));
        }
        read(cpuDir().resolve("intel_pstate/status")).ifPresent(v -> details.add(new Detail("intel_pstate", v)));
        read(cpuDir().resolve("intel_pstate/no_turbo")).ifPresent(v -> {
            details.add(new Detail("intel_pstate/no_turbo", v));
            if (v.equals("1")) {
                warnings.add("turbo boost is disabled (intel_pstate/no_turbo = 1): restores run below the CPU's"
                        + " top speed whatever the plan");
            }
        });
        read(cpuDir().resolve("cpufreq/boost")).ifPresent(v -> {
            details.add(new Detail("cpufreq/boost", v));
            if (v.equals("0")) {
                warnings.add("CPU boost is disabled (cpufreq/boost = 0): restores run below the CPU's top speed"
                        + " whatever the plan");
            }
        });
        addPlatformAndDaemons(details);

        boolean performance = cpus.keySet().stream()
                .allMatch(cpu -> PERFORMANCE.equals(governors.get(cpu)) || PERFORMANCE.equals(epps.get(cpu)));
        String name = planName(governors, epps);
        String uniform = uniform(governors).orElse(null);
        List<Choice> choices = available.stream()
                .map(g -> new Choice(g, null, g.equals(uniform)))
                .toList();
        return new PowerSnapshot(
                PowerPlan.read(name, null, PlanSource.CPUFREQ, performance), choices, details, warnings);
    }

    /**
     * The governor, with the EPP when every CPU has the same one: {@code powersave + EPP performance}; per CPU when
     * they differ: {@code mixed (cpu0-1 performance, cpu2 powersave)}, {@code powersave + mixed EPP (…)}.
     */
    private static String planName(Map<Integer, String> governors, Map<Integer, String> epps) {
        Optional<String> governor = uniform(governors);
        if (governor.isEmpty()) {
            return "mixed (" + summarize(governors) + ")";
        }
        if (epps.size() == governors.size() && uniform(epps).isEmpty()) {
            return governor.get() + " + mixed EPP (" + summarize(epps) + ")";
        }
        Optional<String> epp = epps.size() == governors.size() ? uniform(epps) : Optional.empty();
        return governor.get() + epp.map(e -> " + EPP " + e).orElse("");
    }

    private void addPlatformAndDaemons(List<Detail> details) {
        Path acpi = root.resolve("sys/firmware/acpi");
        read(acpi.resolve("platform_profile"))
                .ifPresent(v -> details.add(new Detail(
                        "platform_profile",
                        v
                                + read(acpi.resolve("platform_profile_choices"))
                                        .map(c -> " (choices: " + c + ")")
                                        .orElse(""))));
        details.add(new Detail("power-profiles-daemon", powerProfilesDaemon().description()));
        details.add(new Detail("tuned", tuned().description()));
    }

    private String noCpufreqReason() {
        return hypervisor()
                ? "no cpufreq in /sys (virtual machine: the hypervisor host sets the CPU frequency)"
                : "no cpufreq in /sys (virtual machine?)";
    }

    private boolean hypervisor() {
        return read(root.resolve("proc/cpuinfo")).stream()
                .flatMap(text -> Arrays.stream(text.split("\\R")))
                .filter(line -> line.startsWith("flags"))
                .anyMatch(line -> words(line).contains("hypervisor"));
    }

    /** The profile a power daemon reports: running with a profile, running without one, or absent. */
    record Daemon(String tool, String profile, String description) {
        boolean running() {
            return profile != null;
        }

        /** The command that makes {@code newProfile} the daemon's: {@code powerprofilesctl set}, {@code tuned-adm profile}. */
        List<String> select(String newProfile) {
            return List.of(tool, tool.equals("tuned-adm") ? "profile" : "set", newProfile);
        }
    }

    Daemon powerProfilesDaemon() {
        String tool = "powerprofilesctl";
        try {
            CommandRunner.Result get = runner.run(List.of(tool, "get"));
            if (get.ok() && !get.stdout().isBlank()) {
                String profile = get.stdout().strip();
                return new Daemon(tool, profile, profile);
            }
            return new Daemon(tool, null, "not running (" + get.firstMessageLine() + ")");
        } catch (IOException notInstalled) {
            return new Daemon(tool, null, "not installed");
        }
    }

    Daemon tuned() {
        String tool = "tuned-adm";
        try {
            CommandRunner.Result active = runner.run(List.of(tool, "active"));
            Matcher m = Pattern.compile("(?m)^Current active profile:\\s*(\\S.*?)\\s*$")
                    .matcher(active.stdout());
            if (active.ok() && m.find()) {
                return new Daemon(tool, m.group(1), m.group(1));
            }
            return new Daemon(
                    tool, null, active.ok() ? "no active profile" : "not running (" + active.firstMessageLine() + ")");
        } catch (IOException notInstalled) {
            return new Daemon(tool, null, "not installed");
        }
    }

    /** The governors Linux's cpufreq has (drivers offer a subset): a name known without a cpufreq to ask. */
    private static final List<String> KERNEL_GOVERNORS =
            List.of("performance", "powersave", "schedutil", "ondemand", "conservative", "userspace");

    @Override
    public PowerPlan set(String nameOrAlias) {
        Map<Integer, Path> cpus = cpufreqDirs();
        String text = nameOrAlias.strip();
        if (cpus.isEmpty()) {
            if (PlanAlias.of(text).isEmpty()
                    && !KERNEL_GOVERNORS.contains(text)
                    && !GOVERNOR_AND_EPP.matcher(text).matches()) {
                throw new UnknownPlanException("no governor or plan named '" + text + "'; governors: "
                        + String.join(" ", KERNEL_GOVERNORS) + "; aliases: " + PlanAlias.list()
                        + " (and none can be set here: " + noCpufreqReason() + ")");
            }
            throw new PowerPlanException("cannot set a power plan: " + noCpufreqReason() + "; this system does not"
                    + " choose its CPU frequency, so set the power plan of the host it runs on");
        }
        Path first = cpus.values().iterator().next();
        List<String> governors =
                words(read(first.resolve("scaling_available_governors")).orElse(""));
        List<String> epps = words(
                read(first.resolve("energy_performance_available_preferences")).orElse(""));

        Matcher pair = GOVERNOR_AND_EPP.matcher(text);
        if (pair.matches()) {
            return writeAll(cpus, checked(pair.group(1), governors, "governor"), checked(pair.group(2), epps, "EPP"));
        }
        if (governors.contains(text)) {
            return writeAll(cpus, text, null);
        }
        PlanAlias alias = PlanAlias.of(text)
                .orElseThrow(() -> new UnknownPlanException("no governor or plan"
                        + " named '" + text + "'; governors on this system: " + String.join(" ", governors)
                        + "; aliases: " + PlanAlias.list()));
        Daemon ppd = powerProfilesDaemon();
        if (ppd.running()) {
            return runDaemon(ppd.select(ppdProfile(alias)));
        }
        Daemon tuned = tuned();
        if (tuned.running()) {
            return runDaemon(tuned.select(tunedProfile(alias)));
        }
        return switch (alias) {
            case HIGH_PERFORMANCE, ULTIMATE -> writeAll(cpus, checked(PERFORMANCE, governors, "governor"), null);
            case POWER_SAVER ->
                writeAll(cpus, checked("powersave", governors, "governor"), epps.contains("power") ? "power" : null);
            case BALANCED ->
                governors.contains("schedutil")
                        ? writeAll(cpus, "schedutil", null)
                        : governors.contains("ondemand")
                                ? writeAll(cpus, "ondemand", null)
                                : writeAll(
                                        cpus,
                                        checked("powersave", governors, "governor"),
                                        epps.contains("balance_performance") ? "balance_performance" : null);
        };
    }

    /**
     * Saves what a plan name cannot hold: each CPU's own governor and EPP (they may differ), and the profile of the
     * power daemon that runs. Putting back sets the daemon's profile first (an arm named by an alias switched it),
     * then writes back each CPU's governor and EPP that still differ (an arm named by a governor wrote them behind
     * the daemon), and checks that all of it took.
     */
    @Override
    public Saved save() {
        Daemon ppd = powerProfilesDaemon();
        Daemon daemon = ppd.running() ? ppd : tuned();
        Map<Integer, Path> cpus = cpufreqDirs();
        Map<Integer, String> governors = readEach(cpus, "scaling_governor");
        Map<Integer, String> epps = readEach(cpus, "energy_performance_preference");
        return () -> {
            if (daemon.running()) {
                runDaemon(daemon.select(daemon.profile()));
            }
            // governors first: intel_pstate refuses an EPP change while the governor is performance
            writeBack(cpus, "scaling_governor", governors);
            writeBack(cpus, "energy_performance_preference", epps);
            Map<Integer, String> afterGovernors = readEach(cpus, "scaling_governor");
            Map<Integer, String> afterEpps = readEach(cpus, "energy_performance_preference");
            if (!afterGovernors.equals(governors) || !afterEpps.equals(epps)) {
                throw new PowerPlanException(
                        "the saved settings did not all take: governor " + summarize(afterGovernors)
                                + (afterEpps.isEmpty() ? "" : ", EPP " + summarize(afterEpps)) + " (saved: "
                                + summarize(governors)
                                + (epps.isEmpty() ? "" : ", EPP " + summarize(epps))
                                + "); a power daemon may have changed them");
            }
            return current();
        };
    }

    /** Writes each CPU's saved value of a cpufreq file back where it differs now. */
    private void writeBack(Map<Integer, Path> cpus, String file, Map<Integer, String> saved) {
        Map<Integer, String> now = readEach(cpus, file);
        saved.forEach((cpu, value) -> {
            if (!value.equals(now.get(cpu))) {
                write(cpus.get(cpu).resolve(file), value);
            }
        });
    }

    private static String ppdProfile(PlanAlias alias) {
        return switch (alias) {
            case HIGH_PERFORMANCE, ULTIMATE -> PERFORMANCE;
            case BALANCED -> "balanced";
            case POWER_SAVER -> "power-saver";
        };
    }

    private static String tunedProfile(PlanAlias alias) {
        return switch (alias) {
            case HIGH_PERFORMANCE -> "throughput-performance";
            case ULTIMATE -> "latency-performance";
            case BALANCED -> "balanced";
            case POWER_SAVER -> "powersave";
        };
    }

    private static String checked(String value, List<String> offered, String what) {
        if (!offered.contains(value)) {
            throw new UnknownPlanException(what + " '" + value + "' is not offered on this system (available: "
                    + (offered.isEmpty() ? "none" : String.join(" ", offered)) + ")");
        }
        return value;
    }

    private PowerPlan runDaemon(List<String> command) {
        try {
            CommandRunner.Result result = runner.run(command);
            if (!result.ok()) {
                throw new PowerPlanException(String.join(" ", command) + " failed (exit " + result.exitCode() + "): "
                        + result.firstMessageLine());
            }
        } catch (IOException ex) {
            throw new PowerPlanException("cannot run " + command.get(0) + ": " + ex.getMessage(), ex);
        }
        return current();
    }

    /**
     * Writes the governor of every CPU, then the EPP ({@code null}: leave it), and reads them back. The
     * governor goes first: intel_pstate refuses an EPP change while the governor is {@code performance}.
     */
    private PowerPlan writeAll(Map<Integer, Path> cpus, String governor, String epp) {
        for (Path dir : cpus.values()) {
            write(dir.resolve("scaling_governor"), governor);
        }
        if (epp != null) {
            for (Path dir : cpus.values()) {
                write(dir.resolve("energy_performance_preference"), epp);
            }
        }
        Map<Integer, String> now = readEach(cpus, "scaling_governor");
        List<Integer> refused = cpus.keySet().stream()
                .filter(cpu -> !governor.equals(now.get(cpu)))
                .toList();
        if (!refused.isEmpty()) {
            throw new PowerPlanException("the governor " + governor + " did not take on " + ranges(refused) + " (now "
                    + summarize(now) + "); a power daemon may have changed it back");
        }
        return current();
    }

    private void write(Path file, String value) {
        String shown = "/" + root.relativize(file);
        try {
            Files.writeString(file, value, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        } catch (AccessDeniedException ex) {
            throw new PowerPlanException(
                    "permission denied writing " + shown + ": run as root (sudo), or install"
                            + " power-profiles-daemon or tuned, which switch plans for ordinary users",
                    ex);
        } catch (IOException ex) {
            throw new PowerPlanException("cannot write " + shown + ": " + ex, ex);
        }
    }

    private Map<Integer, String> readEach(Map<Integer, Path> cpus, String file) {
        Map<Integer, String> values = new TreeMap<>();
        cpus.forEach((cpu, dir) -> read(dir.resolve(file)).ifPresent(v -> values.put(cpu, v)));
        return values;
    }

    /** A sysfs value without its newline; empty when the file is absent or unreadable. */
    private static Optional<String> read(Path file) {
        try {
            return Optional.of(Files.readString(file).strip());
        } catch (IOException absent) {
            return Optional.empty();
        }
    }

    private static List<String> words(String text) {
        return Arrays.stream(text.split("[\\s:]+")).filter(w -> !w.isEmpty()).toList();
    }

    private static Optional<String> uniform(Map<Integer, String> perCpu) {
        return perCpu.values().stream().distinct().count() == 1
                ? Optional.of(perCpu.values().iterator().next())
                : Optional.empty();
    }

    /** {@code performance (all 8 CPUs)} or {@code cpu0-3 performance, cpu4-7 powersave}. */
    static String summarize(Map<Integer, String> perCpu) {
        Optional<String> same = uniform(perCpu);
        if (same.isPresent()) {
            return same.get() + " (all " + perCpu.size() + " CPUs)";
        }
        Map<String, List<Integer>> byValue = new LinkedHashMap<>();
        perCpu.forEach((cpu, value) ->
                byValue.computeIfAbsent(value, v -> new ArrayList<>()).add(cpu));
        return byValue.entrySet().stream()
                .map(e -> ranges(e.getValue()) + " " + e.getKey())
                .collect(Collectors.joining(", "));
    }

    /** {@code cpu0-3,6}. */
    static String ranges(List<Integer> cpus) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < cpus.size(); i++) {
            int start = cpus.get(i);
            int end = start;
            while (i + 1 < cpus.size() && cpus.get(i + 1) == end + 1) {
                end = cpus.get(++i);
            }
            parts.add(start == end ? String.valueOf(start) : start + "-" + end);
        }
        return "cpu" + String.join(",", parts);
    }
}
