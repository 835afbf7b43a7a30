package dev.gbakprof.model;

import java.util.Map;

/**
 * The on-disk structure (ODS) each Firebird version writes: 3.0 writes 12.0, 4.0 13.0, 5.0 13.1. A restored database's
 * ODS ({@link RestoreRun#ods()}) thus says which engine made it, also where the record does not know the engine's
 * version (an embedded restore, a matrix arm through a server). Other versions are not known here: nothing is said of
 * them.
 */
public final class OdsVersion {
    private OdsVersion() {}

    /** Firebird's {@code major} version and the ODS it writes. */
    private static final Map<String, String> WRITES = Map.of("3", "12.0", "4", "13.0", "5", "13.1");

    /** The ODS a restore by {@code version} ({@code LI-V4.0.5.3140 Firebird 4.0}) writes; {@code null} when unknown. */
    public static String writtenBy(String version) {
        String v = RestoreRun.majorMinor(version);
        return v == null ? null : WRITES.get(v.substring(0, v.indexOf('.')));
    }

    /** The Firebird version ({@code 4.0}) whose engine writes {@code ods} ({@code 13.0}); {@code null} when unknown. */
    public static String writer(String ods) {
        return WRITES.entrySet().stream()
                .filter(e -> e.getValue().equals(ods))
                .map(e -> e.getKey() + ".0")
                .findFirst()
                .orElse(null);
    }
}
