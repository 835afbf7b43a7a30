package dev.gbakprof.firebird;

import dev.gbakprof.model.OdsVersion;

/**
 * The on-disk structure (ODS) each Firebird version writes and which of them a server opens: 3.0 writes and opens
 * ODS 12; 4.0 writes and opens 13.0 only; 5.0 writes 13.1 and opens 13.0 too (its minor upgrade is gfix's, never an
 * attachment's). A server of one ODS major opens no database of another ({@code unsupported on-disk structure …
 * found 13.0, support 12.2}). Other versions are not known here: nothing is said of them.
 */
public final class Ods {
    private Ods() {}

    /**
     * The ODS a restore by {@code restoring} writes when a server of version {@code inspecting} cannot open it (a 3.0
     * server and 4.0's ODS 13.0, a 4.0 server and 3.0's ODS 12.0 or 5.0's 13.1); {@code null} when it can, or when
     * either version is unknown.
     */
    public static String unopenable(String restoring, String inspecting) {
        String written = OdsVersion.writtenBy(restoring);
        String opens = OdsVersion.writtenBy(inspecting);
        if (written == null || opens == null) {
            return null;
        }
        String[] w = written.split("\\.");
        String[] o = opens.split("\\.");
        boolean opened = w[0].equals(o[0]) && Integer.parseInt(w[1]) <= Integer.parseInt(o[1]);
        return opened ? null : written;
    }
}
