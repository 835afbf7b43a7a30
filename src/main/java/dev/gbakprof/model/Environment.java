package dev.gbakprof.model;

/**
 * The machine and software a restore ran on. Fields are {@code null} when not known (a parsed log).
 *
 * @param os            operating system with its version
 * @param gbakVersion   what {@code gbak -z} says, e.g. {@code LI-V3.0.11.33637 Firebird 3.0}
 * @param engineVersion the server's engine version when a server was involved (services route, inspection)
 * @param memoryBytes   total physical memory
 * @param idleProbe     whether the CPU clocked down when idle, measured right before the restore
 *                      ({@code run --probe-power}); {@code null} when not measured
 */
public record Environment(
        String host,
        String os,
        String cpuModel,
        Integer logicalCpus,
        PowerPlan powerPlan,
        String gbakVersion,
        String engineVersion,
        Long memoryBytes,
        IdleProbe idleProbe) {

    public Environment(
            String host,
            String os,
            String cpuModel,
            Integer logicalCpus,
            PowerPlan powerPlan,
            String gbakVersion,
            String engineVersion,
            Long memoryBytes) {
        this(host, os, cpuModel, logicalCpus, powerPlan, gbakVersion, engineVersion, memoryBytes, null);
    }

    public Environment withPowerPlan(PowerPlan plan) {
        return new Environment(
                host, os, cpuModel, logicalCpus, plan, gbakVersion, engineVersion, memoryBytes, idleProbe);
    }

    public Environment withEngineVersion(String version) {
        return new Environment(
                host, os, cpuModel, logicalCpus, powerPlan, gbakVersion, version, memoryBytes, idleProbe);
    }

    public Environment withIdleProbe(IdleProbe probe) {
        return new Environment(
                host, os, cpuModel, logicalCpus, powerPlan, gbakVersion, engineVersion, memoryBytes, probe);
    }
}
