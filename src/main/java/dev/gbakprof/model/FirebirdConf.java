package dev.gbakprof.model;

/**
 * What this machine's {@code firebird.conf} sets for a restore's speed, as the file says it when the run started.
 * A field is {@code null} where the line is absent or commented out: Firebird's default applies (docs/guide/advise.md, "What to
 * try"). The server reads the file when it starts, an embedded gbak when it starts: a file changed since the
 * server started may not be in force.
 *
 * @param path               the file read
 * @param serverMode         {@code ServerMode} (Super, SuperClassic, Classic, or their other names)
 * @param tempCacheLimit     {@code TempCacheLimit} as written ({@code 64M}, {@code 1G}, bytes): sorts larger than
 *                           this go to sort files in Firebird's temp directory
 * @param parallelWorkers    {@code ParallelWorkers} (Firebird 5+): the workers a restore uses without {@code -par}
 * @param maxParallelWorkers {@code MaxParallelWorkers} (Firebird 5+): the most any attachment may use
 * @param tempDirectories    {@code TempDirectories} as written ({@code D:\fbtemp;E:\fbtemp}): where sorts larger than
 *                           {@code TempCacheLimit} write their files; unset, Firebird takes {@code FIREBIRD_TMP}, then
 *                           the system's temp directory ({@code monitor.SortFiles})
 */
public record FirebirdConf(
        String path,
        String serverMode,
        String tempCacheLimit,
        Integer parallelWorkers,
        Integer maxParallelWorkers,
        String tempDirectories) {

    /** Without {@code TempDirectories} (records written before it was read). */
    public FirebirdConf(
            String path,
            String serverMode,
            String tempCacheLimit,
            Integer parallelWorkers,
            Integer maxParallelWorkers) {
        this(path, serverMode, tempCacheLimit, parallelWorkers, maxParallelWorkers, null);
    }

    /** Classic (one process per attachment): {@code Classic} or its other name {@code MultiProcess}. */
    public boolean classic() {
        return serverMode != null
                && (serverMode.equalsIgnoreCase("Classic") || serverMode.equalsIgnoreCase("MultiProcess"));
    }
}
