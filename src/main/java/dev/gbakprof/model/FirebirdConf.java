package dev.gbakprof.model;

/**
 * What the configuration of the Firebird that restored sets for a restore's speed: the {@code firebird.conf} beside
 * the gbak that restored embedded, as the file says it when the run started, or a server's settings as it reported
 * them ({@link #reported()}: {@code RDB$CONFIG}, Firebird 4.0 on).
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

    /** The start of {@link #path} for settings a server reported of itself: {@code RDB$CONFIG of HOST/PORT: FILE}. */
    public static final String REPORTED = "RDB$CONFIG of ";

    /** Settings a server reported of itself ({@code RDB$CONFIG}), not a file read on this machine. */
    public boolean reported() {
        return path != null && path.startsWith(REPORTED);
    }

    /** Classic (one process per attachment): {@code Classic} or its other name {@code MultiProcess}. */
    public boolean classic() {
        return serverMode != null
                && (serverMode.equalsIgnoreCase("Classic") || serverMode.equalsIgnoreCase("MultiProcess"));
    }
}
