package dev.gbakprof.firebird;

import dev.gbakprof.model.Inspection;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.firebirdsql.jdbc.FirebirdConnection;

/**
 * Reads a restored database through the server: its header ({@code MON$DATABASE}), its user indexes
 * ({@code RDB$INDICES}, {@code RDB$INDEX_SEGMENTS}) and the row count of each user table.
 */
public final class DatabaseInspector {
    private static final String INDEXES = """
            SELECT TRIM(i.RDB$INDEX_NAME), TRIM(i.RDB$RELATION_NAME), i.RDB$UNIQUE_FLAG, i.RDB$INDEX_TYPE,
                   i.RDB$INDEX_INACTIVE, i.RDB$STATISTICS, i.RDB$EXPRESSION_SOURCE
            FROM RDB$INDICES i JOIN RDB$RELATIONS r ON r.RDB$RELATION_NAME = i.RDB$RELATION_NAME
            WHERE COALESCE(i.RDB$SYSTEM_FLAG, 0) = 0 AND COALESCE(r.RDB$SYSTEM_FLAG, 0) = 0
            ORDER BY 2, 1""";
    private static final String SEGMENTS = """
            SELECT TRIM(s.RDB$INDEX_NAME), TRIM(s.RDB$FIELD_NAME) FROM RDB$INDEX_SEGMENTS s
            JOIN RDB$INDICES i ON i.RDB$INDEX_NAME = s.RDB$INDEX_NAME
            WHERE COALESCE(i.RDB$SYSTEM_FLAG, 0) = 0
            ORDER BY s.RDB$INDEX_NAME, s.RDB$FIELD_POSITION""";
    // relation type 0: persistent tables; views, external files and global temporary tables hold no restored rows
    private static final String TABLES = """
            SELECT TRIM(RDB$RELATION_NAME) FROM RDB$RELATIONS
            WHERE COALESCE(RDB$SYSTEM_FLAG, 0) = 0 AND RDB$VIEW_BLR IS NULL AND COALESCE(RDB$RELATION_TYPE, 0) = 0
            ORDER BY 1""";
    private static final String HEADER = """
            SELECT MON$ODS_MAJOR, MON$ODS_MINOR, MON$PAGE_SIZE, MON$PAGE_BUFFERS, MON$PAGES, MON$SWEEP_INTERVAL,
                   MON$FORCED_WRITES FROM MON$DATABASE""";

    private final Server server;

    public DatabaseInspector(Server server) {
        this.server = server;
    }

    /** Inspects the database at {@code path} (as the server sees it). Verification is left to {@link RunVerifier}. */
    public Inspection inspect(String path) {
        try (Connection c = server.open(path);
                Statement st = c.createStatement()) {
            String engine = Server.version(c.unwrap(FirebirdConnection.class).getFbDatabase());
            String ods;
            int pageSize;
            int buffers;
            long pages;
            int sweep;
            boolean forced;
            try (ResultSet rs = st.executeQuery(HEADER)) {
                rs.next();
                ods = rs.getInt(1) + "." + rs.getInt(2);
                pageSize = rs.getInt(3);
                buffers = rs.getInt(4);
                pages = rs.getLong(5);
                sweep = rs.getInt(6);
                forced = rs.getInt(7) == 1;
            }
            Map<String, List<String>> segments = new LinkedHashMap<>();
            try (ResultSet rs = st.executeQuery(SEGMENTS)) {
                while (rs.next()) {
                    segments.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                            .add(rs.getString(2));
                }
            }
            List<Inspection.Index> indexes = new ArrayList<>();
            try (ResultSet rs = st.executeQuery(INDEXES)) {
                while (rs.next()) {
                    String name = rs.getString(1);
                    String expression = rs.getString(7);
                    double selectivity = rs.getDouble(6);
                    boolean noStatistics = rs.wasNull();
                    indexes.add(new Inspection.Index(
                            name,
                            rs.getString(2),
                            segments.getOrDefault(name, List.of()),
                            expression == null ? null : expression.strip(),
                            rs.getInt(3) == 1,
                            rs.getInt(4) == 1,
                            rs.getInt(5) == 0,
                            noStatistics ? null : selectivity));
                }
            }
            List<String> names = new ArrayList<>();
            try (ResultSet rs = st.executeQuery(TABLES)) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
            }
            List<Inspection.Table> tables = new ArrayList<>();
            for (String name : names) {
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + quote(name))) {
                    rs.next();
                    tables.add(new Inspection.Table(name, rs.getLong(1)));
                }
            }
            return new Inspection(
                    server.address() + ":" + path,
                    engine,
                    ods,
                    pageSize,
                    buffers,
                    pages * pageSize,
                    sweep,
                    forced,
                    tables,
                    indexes,
                    List.of(),
                    null);
        } catch (SQLException ex) {
            throw server.explain("cannot inspect " + path, ex);
        }
    }

    /** A delimited identifier: names are stored as typed, so quoting keeps case, blanks and quotes as they are. */
    static String quote(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }
}
