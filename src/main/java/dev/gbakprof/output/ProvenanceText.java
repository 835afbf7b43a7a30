package dev.gbakprof.output;

import dev.gbakprof.stats.Confounder;
import dev.gbakprof.stats.Provenance;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;

/** The provenance of a report's runs in one line: "2026-12-01 07:12–07:40 UTC · host vm · … · 3.6 GB/h restored". */
public final class ProvenanceText {
    private ProvenanceText() {}

    /** The line, or {@code null} when no record says where or when it ran. */
    public static String of(Provenance p, Texts t) {
        if (!p.known()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        if (p.firstStart() != null) {
            parts.add(dates(p.firstStart(), p.lastStart()));
        }
        p.hosts().forEach(h -> parts.add(t.get("prov.host", h)));
        partly(p, "hosts", parts, t);
        parts.addAll(p.systems());
        partly(p, "systems", parts, t);
        p.firebird().forEach(v -> parts.add(t.get("prov.firebird", v)));
        partly(p, "firebird", parts, t);
        p.powerPlans().forEach(v -> parts.add(t.get("prov.power", v)));
        partly(p, "powerPlans", parts, t);
        if (!p.routes().isEmpty()) { // "route embedded / remote TCP (localhost)": the word once
            parts.add(t.get("prov.route", routes(p.routes(), t)));
        }
        partly(p, "routes", parts, t);
        p.pageSizes().forEach(v -> parts.add(t.get("prov.page", v)));
        partly(p, "pageSizes", parts, t);
        p.backupBytes().forEach(b -> parts.add(t.get("prov.backup", size(b, t))));
        if (p.gbPerHour() != null) {
            parts.add(t.get("prov.rate", t.number(p.gbPerHour(), p.gbPerHour() < 10 ? 2 : 1)));
        }
        return String.join(" · ", parts);
    }

    /**
     * After a field some runs do not give, how many do: "page size 16384 (2 of 5 runs; the others do not say)", never
     * the others' value taken for theirs.
     */
    private static void partly(Provenance p, String field, List<String> parts, Texts t) {
        Integer given = p.partly().get(field);
        if (given != null) {
            int last = parts.size() - 1;
            parts.set(last, parts.get(last) + " " + t.get("prov.partly", given, p.runs()));
        }
    }

    /**
     * "embedded / remote TCP (db1, localhost) / services manager": the routes in the reader's words, the hosts of remote
     * TCP in one value (not "remote TCP (db1) / remote TCP (localhost)").
     */
    private static String routes(List<String> routes, Texts t) {
        List<String> hosts = new ArrayList<>();
        List<String> out = new ArrayList<>();
        for (String v : routes) {
            Matcher m = NoteText.REMOTE.matcher(v);
            if (m.matches()) {
                if (hosts.isEmpty()) {
                    out.add(null); // the remote hosts' place, in the routes' order
                }
                hosts.add(m.group(1));
            } else {
                out.add(NoteText.value(Confounder.ROUTE, v, t));
            }
        }
        String remote = hosts.isEmpty() ? null : t.get("route.remote", String.join(", ", hosts));
        return String.join(" / ", out.stream().map(v -> v == null ? remote : v).toList());
    }

    /** "2026-12-01 07:12–07:40 UTC", "2026-11-29 23:09 – 2026-12-01 07:40 UTC" (records store UTC). */
    private static String dates(String first, String last) {
        String a = minute(first);
        String b = minute(last);
        if (a.equals(b)) {
            return a + " UTC";
        }
        return a.substring(0, 10).equals(b.substring(0, 10))
                ? a + "–" + b.substring(11) + " UTC"
                : a + " – " + b + " UTC";
    }

    private static String minute(String iso) {
        return iso.length() >= 16 ? iso.substring(0, 10) + " " + iso.substring(11, 16) : iso;
    }

    /** Decimal MB or GB, as disks are sold; under 1 MB with 3 decimals (a 26 KB backup is 0.026 MB, not 0.0). */
    static String size(long bytes, Texts t) {
        return bytes >= 1e9
                ? t.get("prov.gb", t.number(bytes / 1e9, 1))
                : t.get("prov.mb", t.number(bytes / 1e6, bytes < 1e6 ? 3 : 1));
    }
}
