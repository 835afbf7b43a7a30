package dev.gbakprof.model;

/** Names of databases made beside another: a repeated restore's, a matrix's, the one a hint's proof restores into. */
public final class DatabaseNames {
    private DatabaseNames() {}

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
