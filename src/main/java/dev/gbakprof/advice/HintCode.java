package dev.gbakprof.advice;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The stable codes of {@code advise}'s hints ({@code "schema": "gbakprof.advice/1"}), as docs/guide/advise.md lists them. */
public enum HintCode {
    /** The index phase dominates and is CPU-bound, under a plan that is not a performance plan (or unknown). */
    POWER_PLAN,
    /** Firebird 5 or later restored without parallel workers while the index phase dominated. */
    PARALLEL_WORKERS,
    /** gbak asked for more parallel workers than the server allowed ("Wrong parallel workers value"). */
    PARALLEL_REDUCED,
    /** The restore waited for a CPU that other work on the machine held. */
    CPU_STARVED,
    /** The data phase dominates and was limited by the storage. */
    STORAGE,
    /** The database was restored over TCP ({@code host:path}) without the services manager. */
    REMOTE_ROUTE,
    /** Index sorts did not fit in TempCacheLimit: the restore's process had Firebird sort files open. */
    SORT_SPILL,
    /** Firebird 5.0.0/5.0.1 Classic with parallel workers: index builds fail (FirebirdSQL/firebird#8263). */
    CLASSIC_PARALLEL;

    @JsonValue
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
