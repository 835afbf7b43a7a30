package dev.gbakprof.model;

/** Names of databases made beside another: a repeated restore's, a matrix's, the one a hint's proof restores into. */
public final class DatabaseNames {
    private DatabaseNames() {}

    /** What {@code run --replace} restores into, beside the database: {@code erp.gbakprof-new.fdb} of {@code erp.fdb}. */
    public static final String STAGING = ".gbakprof-new";

    /**
     * The database a name restored into stands for: {@code erp.fdb} of {@code erp.gbakprof-new.fdb} ({@link #STAGING},
     * the record of a {@code --replace} restore that was not moved over it), else {@code db} itself.
     */
    public static String unstaged(String db) {
        int slash = Math.max(db.lastIndexOf('/'), db.lastIndexOf('\\'));
        int dot = db.lastIndexOf('.');
        int end = dot > slash ? dot : db.length();
        int at = end - STAGING.length();
        return at > slash && db.startsWith(STAGING, at) ? db.substring(0, at) + db.substring(end) : db;
    }

    /**
     * A database name beside {@code db} with {@code suffix} before its extension:
     * {@code /data/shop.fdb} + {@code -run2} → {@code /data/shop-run2.fdb}; {@code host:path} keeps its host.
     */
    public static String sibling(String db, String suffix) {
        int slash = Math.max(db.lastIndexOf('/'), db.lastIndexOf('\\'));
        int dot = db.lastIndexOf('.');
        return dot > slash ? db.substring(0, dot) + suffix + db.substring(dot) : db + suffix;
    }
}
