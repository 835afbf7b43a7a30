package dev.gbakprof.model;

/**
 * The machine and software a restore ran on. Fields are {@code null} when not known (a parsed log).
 *
 * @param host          the machine gbakprof ran on (with {@code os}, {@code cpuModel}, {@code logicalCpus} and
 *                      {@code memoryBytes}: the machine whose load the CPU samples are), also when a server
 *                      elsewhere did the work
 * @param os            operating system with its version
 * @param powerPlan     the power plan of the machine that did the work; unknown ({@link PowerPlan#elsewhere}) when
 *                      a server on another machine did it
 * @param gbakVersion   what {@code gbak -z} says, e.g. {@code LI-V3.0.11.33637 Firebird 3.0}
 * @param engineVersion the server's engine version when a server was involved (services route, inspection)
 * @param memoryBytes   total physical memory
 * @param idleProbe     whether the CPU clocked down when idle, measured right before the restore
 *                      ({@code run --probe-power}); {@code null} when not measured, and when a server on another
 *                      machine did the work
 * @param firebirdConf  what the configuration of the Firebird that did the work sets for a restore's speed (server
 *                      mode, TempCacheLimit, parallel workers): embedded, the firebird.conf beside gbak; where a
 *                      server did it, the server's as it reports them ({@code RDB$CONFIG}, Firebird 4.0 on), never
 *                      this machine's file; {@code null} when none was found (a parsed log) or the server did not say
 * @param firebirdConfUnknown why {@code firebirdConf} is {@code null} although a server did the work ({@code "the
 *                      server localhost/3050 (Firebird 3.0) does not report its configuration: RDB$CONFIG is Firebird
 *                      4.0's"}); {@code null} otherwise
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
        FirebirdConf firebirdConf,
        String firebirdConfUnknown) {

    /** Without {@code firebirdConfUnknown} (gbak's restores, records written before it). */
    public Environment(
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
        this(
                host,
                os,
                cpuModel,
                logicalCpus,
                powerPlan,
                gbakVersion,
                engineVersion,
                memoryBytes,
                idleProbe,
                firebirdConf,
                null);
    }

    /**
     * This environment for work a server did: its configuration as it reported it ({@code conf}), or, when it did not,
     * none and {@code unknown}, why.
     */
    public Environment withServerConf(FirebirdConf conf, String unknown) {
        return new Environment(
                host,
                os,
                cpuModel,
                logicalCpus,
                powerPlan,
                gbakVersion,
                engineVersion,
                memoryBytes,
                idleProbe,
                conf,
                conf == null ? unknown : null);
    }

    /**
     * This environment for work a server on another machine did ({@code server}, {@code host/port}): what gbakprof
     * reads of this machine as the worker's (the power plan, the idle probe, the firebird.conf beside gbak) is not
     * the worker's, so it is unknown.
     */
    public Environment workElsewhere(String server) {
        return new Environment(
                host,
                os,
                cpuModel,
                logicalCpus,
                PowerPlan.elsewhere(server),
                gbakVersion,
                engineVersion,
                memoryBytes,
                null,
                null);
    }

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
                firebirdConf,
                firebirdConfUnknown);
    }

    public Environment withEngineVersion(String version) {
        return new Environment(
                host,
                os,
                cpuModel,
                logicalCpus,
                powerPlan,
                gbakVersion,
                version,
                memoryBytes,
                idleProbe,
                firebirdConf,
                firebirdConfUnknown);
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
                firebirdConf,
                firebirdConfUnknown);
    }
}
