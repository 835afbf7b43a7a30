package dev.gbakprof.model;

/**
 * The operating system's power plan while the restore ran.
 *
 * @param name        Windows plan name as Windows shows it ("High performance", "Höchstleistung"), the Linux
 *                    cpufreq governor ("performance"), or "unknown"
 * @param guid        Windows plan GUID (lower case), {@code null} elsewhere
 * @param source      where it was read: {@code powercfg}, {@code cpufreq}, … or, when the plan is unknown,
 *                    {@code "unknown: "} and the reason
 * @param performance whether it is a performance plan (High performance, Ultimate Performance, the
 *                    {@code performance} governor on every CPU…); {@code null} when that cannot be told
 */
public record PowerPlan(String name, String guid, String source, Boolean performance) {

    /** A plan read from an older record, or where nobody judged whether it is a performance plan. */
    public PowerPlan(String name, String guid, String source) {
        this(name, guid, source, null);
    }

    /** A plan read from {@code from}. */
    public static PowerPlan read(String name, String guid, PlanSource from, Boolean performance) {
        return new PowerPlan(name, guid, from.word(), performance);
    }

    /** The plan cannot be read; {@code reason} says why ("no cpufreq in /sys (virtual machine?)"). */
    public static PowerPlan unknown(String reason) {
        return new PowerPlan(
                PlanSource.UNKNOWN.word(), null, PlanSource.UNKNOWN.word() + UNKNOWN_SEPARATOR + reason, null);
    }

    /**
     * The plan of a server on another machine ({@code host/port}) that did the work: unknown, since gbakprof reads
     * the plan of the machine it runs on.
     */
    public static PowerPlan elsewhere(String server) {
        return unknown(ELSEWHERE + server + ELSEWHERE_END);
    }

    private static final String ELSEWHERE = "the work ran on the server ";
    private static final String ELSEWHERE_END = ", on another machine";

    /** The server on another machine whose plan this is ({@link #elsewhere}), or {@code null}. */
    public String server() {
        String why = unknownReason();
        return why != null && why.startsWith(ELSEWHERE) && why.endsWith(ELSEWHERE_END)
                ? why.substring(ELSEWHERE.length(), why.length() - ELSEWHERE_END.length())
                : null;
    }

    private static final String UNKNOWN_SEPARATOR = ": ";

    /** Where the plan was read, from {@link #source()}; {@code null} for a source this version does not know. */
    public PlanSource from() {
        for (PlanSource s : PlanSource.values()) {
            if (s.word().equals(source) || (source != null && source.startsWith(s.word() + UNKNOWN_SEPARATOR))) {
                return s;
            }
        }
        return null;
    }

    /** Why the plan is unknown, {@code null} when it was read. */
    public String unknownReason() {
        return from() == PlanSource.UNKNOWN
                        && source.length() > PlanSource.UNKNOWN.word().length()
                ? source.substring(PlanSource.UNKNOWN.word().length() + UNKNOWN_SEPARATOR.length())
                : null;
    }
}
