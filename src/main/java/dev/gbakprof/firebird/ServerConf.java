package dev.gbakprof.firebird;

import dev.gbakprof.model.FirebirdConf;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a server's configuration sets for a restore's speed, as the server reports it: the table {@code RDB$CONFIG}
 * (Firebird 4.0 on; an administrator sees its rows) of the database it restored, which gives each setting's value in
 * force for that database, whether a file set it, and which file. Firebird 3.0 has no such table and no other way to
 * say its settings: the configuration of a server that restored is then unknown, never this machine's firebird.conf
 * taken for the server's (the server may run from another folder with its own: {@code FIREBIRD}).
 *
 * @param conf    the settings as the server reported them, or {@code null}
 * @param unknown why {@code conf} is {@code null}, or {@code null} when it is not
 */
public record ServerConf(FirebirdConf conf, String unknown) {
    private static final String QUERY = "select rdb$config_name, rdb$config_value, rdb$config_source"
            + " from rdb$config where rdb$config_is_set and rdb$config_name in"
            + " ('ServerMode', 'TempCacheLimit', 'ParallelWorkers', 'MaxParallelWorkers', 'TempDirectories')";

    /**
     * The configuration {@code server} reports for the database at {@code path} (the server's path of the database it
     * restored), or why it cannot be known.
     *
     * @param version the server's version ({@code LI-V3.0.11.33637 Firebird 3.0}), or {@code null}
     */
    public static ServerConf of(Server server, String path, String version) {
        String who = "the server " + server.address() + (version == null ? "" : " (" + version + ")");
        if (version != null && FIREBIRD_3.matcher(version).find()) { // no attachment to learn the table is missing
            return new ServerConf(null, who + NOT_REPORTED);
        }
        try (Connection c = server.open(path);
                PreparedStatement ps = c.prepareStatement(QUERY);
                ResultSet rs = ps.executeQuery()) {
            Map<String, String> set = new HashMap<>();
            String source = null;
            boolean any = false;
            while (rs.next()) {
                any = true;
                set.put(rs.getString(1).strip(), strip(rs.getString(2)));
                String from = strip(rs.getString(3));
                if (from != null && (source == null || from.endsWith("firebird.conf"))) {
                    source = from;
                }
            }
            if (!any && !visible(c)) {
                return new ServerConf(
                        null,
                        who + " showed no configuration in RDB$CONFIG: only an administrator"
                                + " (SYSDBA, RDB$ADMIN) sees it");
            }
            return new ServerConf(
                    new FirebirdConf(
                            FirebirdConf.REPORTED + server.address() + (source == null ? "" : ": " + source),
                            set.get("ServerMode"),
                            set.get("TempCacheLimit"),
                            integer(set.get("ParallelWorkers")),
                            integer(set.get("MaxParallelWorkers")),
                            set.get("TempDirectories")),
                    null);
        } catch (SQLException ex) {
            if (ex.getErrorCode() == NO_SUCH_TABLE
                    || String.valueOf(ex.getMessage()).contains("RDB$CONFIG")) {
                return new ServerConf(null, who + NOT_REPORTED);
            }
            return new ServerConf(null, who + " was not asked its configuration: " + Server.firstLine(ex.getMessage()));
        } catch (FirebirdAccessException ex) {
            return new ServerConf(null, who + " was not asked its configuration: " + ex.getMessage());
        }
    }

    /** Whether RDB$CONFIG shows this user any row: an administrator sees every setting, another user none. */
    private static boolean visible(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("select 1 from rdb$config");
                ResultSet rs = ps.executeQuery()) {
            return rs.next();
        }
    }

    private static final String NOT_REPORTED = " does not report its configuration: RDB$CONFIG is Firebird 4.0's"
            + " (its firebird.conf is the server's, not this machine's)";
    private static final Pattern FIREBIRD_3 = Pattern.compile("V[1-3]\\.\\d");

    /** Firebird's "Table unknown" ({@code isc_dsql_relation_err}). */
    private static final int NO_SUCH_TABLE = 335544580;

    private static String strip(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private static Integer integer(String s) {
        try {
            return s == null ? null : Integer.valueOf(s);
        } catch (NumberFormatException ex) {
            return null;
        }
    }
}
