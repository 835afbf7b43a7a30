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
 * @param firebirdConf  what this machine's firebird.conf sets for a restore's speed (server mode, TempCacheLimit,
 *                      parallel workers); {@code null} when none was found (a parsed log, a remote server)
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
        IdleProbe idleProbe,
        FirebirdConf firebirdConf) {

    public Environment withPowerPlan(PowerPlan plan) {
        return new Environment(
                host,
                os,
                cpuModel,
                logicalCpus,
                plan,
                gbakVersion,
                engineVersion,
                memoryBytes,
                idleProbe,
                firebirdConf);
    }

    public Environment withEngineVersion(String version) {
        return new Environment(
                host, os, cpuModel, logicalCpus, powerPlan, gbakVersion, version, memoryBytes, idleProbe, firebirdConf);
    }

    /** The environment of a restore by another gbak: its version and the firebird.conf of its installation. */
    public Environment withGbak(String version, FirebirdConf conf) {
        return new Environment(
                host, os, cpuModel, logicalCpus, powerPlan, version, engineVersion, memoryBytes, idleProbe, conf);
    }

    public Environment withIdleProbe(IdleProbe probe) {
        return new Environment(
                host,
                os,
                cpuModel,
                logicalCpus,
                powerPlan,
                gbakVersion,
                engineVersion,
                memoryBytes,
                probe,
                firebirdConf);
    }
}
