package dev.gbakprof.log;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EventClassifierTest {

    private static Event classify(String text) {
        return EventClassifier.classify(new StatLine(1, true, false, -1, -1, -1, -1, text));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            opened file /tmp/shop.fbk                                      | OPENED_FILE
            use up to 4 parallel workers                                   | PARALLEL_WORKERS
            transportable backup -- data in XDR format                     | SETUP_STEP
            backup file is compressed                                      | SETUP_STEP
            backup version is 10                                           | SETUP_STEP
            created database /tmp/x.fdb, page_size 8192 bytes              | CREATED_DATABASE
            started transaction                                            | STARTED_TRANSACTION
            restoring domain RDB$1                                         | METADATA_ITEM
            restoring table ORDERS                                         | RESTORING_TABLE
            table V_ORDERS is a view                                       | VIEW
            restoring column ID                                            | METADATA_ITEM
            writing character set UTF8                                     | METADATA_ITEM
            restoring generator GEN_ORDERS value: 1000000                  | METADATA_ITEM
            restoring index RDB$PRIMARY2                                   | INDEX_DEFINITION
            committing metadata                                            | COMMIT_METADATA
            committing metadata for table ORDERS                           | COMMIT_TABLE_METADATA
            restoring data for table ORDERS                                | DATA_FOR_TABLE
            600000 records restored                                        | RECORDS_RESTORED
            12 records ignored                                             | RECORDS_IGNORED
            committing data for table ORDERS                               | COMMIT_TABLE_DATA
            could not start batch when restoring table ORDERS, trying old way | BATCH_FALLBACK
            creating indexes                                               | CREATING_INDEXES
            activating and creating deferred index PK_ORDERS               | ACTIVATING_INDEX
            cannot commit index IDX_DUP                                    | INDEX_FAILED
            ALTER INDEX "UX_A" ACTIVE;                                     | ERROR
            Starting with volume #2, "shop-2.fbk"                          | NEXT_VOLUME
            fixing views dbkey length                                      | FINISH_STEP
            adjusting views dbkey length                                   | FINISH_STEP
            updating ownership of packages, procedures and tables          | FINISH_STEP
            adding missing privileges                                      | FINISH_STEP
            adjusting system generators                                    | FINISH_STEP
            fixing system generators                                       | FINISH_STEP
            finishing, closing, and going home                             | FINISHING
            total statistics                                               | TOTAL_STATISTICS
            adjusting the ONLINE and FORCED WRITES flags                   | ONLINE_FLAGS
            Database is not online due to failure to activate one or more indices. | NOT_ONLINE
            Run gfix -online to bring database online without active indices. | NOT_ONLINE
            ERROR:attempt to store duplicate value (visible to active transactions) in unique index "IDX_DUP" | ERROR
            Exiting before completion due to errors                        | ERROR
            WARNING:Wrong parallel workers value 4, valid range are from 1 to 1 | WARNING
            readied database shop.fdb for backup                           | BACKUP_DATABASE
            creating file shop.fbk                                         | BACKUP_FILE
            starting transaction                                           | BACKUP_SETUP_STEP
            database shop.fdb has a page size of 8192 bytes.               | BACKUP_SETUP_STEP
            writing domains                                                | BACKUP_METADATA
                writing index PK_ORDERS                                    | BACKUP_INDEX
            writing character sets                                         | BACKUP_METADATA
            writing data for table ORDERS                                  | WRITING_DATA
            1000000 records written                                        | RECORDS_WRITTEN
            closing file, committing, and finishing. 1234 bytes written    | BACKUP_CLOSING
            something gbak never said                                      | OTHER
            """)
    void everyRestoreMessageHasItsKind(String text, EventKind kind) {
        assertThat(classify(text).kind()).isEqualTo(kind);
    }

    @Test
    void namesAndNumbersAreExtracted() {
        assertThat(classify("activating and creating deferred index PK_ORDERS").name())
                .isEqualTo("PK_ORDERS");
        assertThat(classify("restoring data for table ORDER_LINES").name()).isEqualTo("ORDER_LINES");
        assertThat(classify("600000 records restored").count()).isEqualTo(600_000);
        Event db = classify("created database /tmp/a, b.fdb, page_size 16384 bytes");
        assertThat(db.name()).isEqualTo("/tmp/a, b.fdb");
        assertThat(db.count()).isEqualTo(16384);
        assertThat(classify("use up to 8 parallel workers").count()).isEqualTo(8);
        assertThat(classify("could not start batch when restoring table T1, trying old way")
                        .name())
                .isEqualTo("T1");
        // a backup's
        assertThat(classify("readied database /db/a b.fdb for backup").name()).isEqualTo("/db/a b.fdb");
        assertThat(classify("creating file /bk/shop.fbk").name()).isEqualTo("/bk/shop.fbk");
        Event pages = classify("database /db/x.fdb has a page size of 16384 bytes.");
        assertThat(pages.name()).isEqualTo("/db/x.fdb");
        assertThat(pages.count()).isEqualTo(16384);
        assertThat(classify("writing data for table ORDER_LINES").name()).isEqualTo("ORDER_LINES");
        assertThat(classify("600000 records written").count()).isEqualTo(600_000);
        assertThat(classify("closing file, committing, and finishing. 47809024 bytes written")
                        .count())
                .isEqualTo(47_809_024);
        assertThat(classify("closing file, committing, and finishing").count()).isEqualTo(-1); // msg 67, no count
        // Firebird 6.0 quotes names; they are kept as printed
        assertThat(classify("activating and creating deferred index \"PUBLIC\".\"PK_X\"")
                        .name())
                .isEqualTo("\"PUBLIC\".\"PK_X\"");
    }
}
