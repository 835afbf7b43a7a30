package dev.gbakprof.timeline;

import dev.gbakprof.model.RunKind;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The command line a DBA's copy of a console shows above gbak's output ({@code C:\Firebird>gbak.exe -b -v ...},
 * {@code $ gbak -c ...}): its switch says whether the call backed up or restored. It matters only when gbak failed
 * before printing a line that says so (a database that cannot be opened).
 */
public final class GbakPrompt {

    // at the line's start (no blank before it: gbak's usage text indents its "gbak -b <db set> ..."), or after a
    // prompt (C:\Firebird>, PS C:\fb>, user@host:~$): gbak or gbak.exe, alone or at the end of a path, quoted or not
    private static final Pattern GBAK = Pattern.compile(
            "(?i)^(?:(?:\\S[^>$#]*)?[>$#]\\s*)?(?:\"[^\"]*[\\\\/]gbak(?:\\.exe)?\"|(?:\\S*[\\\\/])?gbak(?:\\.exe)?)\\s+(.*)$");

    private GbakPrompt() {}

    /**
     * The kind the switches of a gbak command line name: {@code -b[ackup_database]} a backup,
     * {@code -c[reate_database]}, {@code -r[ecreate_database]} or {@code -rep[lace_database]} a restore;
     * {@code null} when the line is not a gbak command line or names neither (gbak's own rule: the first of them).
     */
    public static RunKind kind(String line) {
        Matcher m = GBAK.matcher(line);
        if (!m.find() || m.group(1).contains("<")) { // "<db set>": gbak's usage text, not a command
            return null;
        }
        for (String token : m.group(1).trim().split("\\s+")) {
            if (token.length() < 2 || token.charAt(0) != '-') {
                continue;
            }
            String s = token.substring(1).toLowerCase(Locale.ROOT);
            // only abbreviations of these switches: -bu[ffers] and -ro[le] are others (burpswi.h)
            if (s.equals("b") || (s.startsWith("ba") && "backup_database".startsWith(s))) {
                return RunKind.BACKUP;
            }
            if (s.equals("c")
                    || (s.startsWith("cr") && "create_database".startsWith(s))
                    || s.equals("r")
                    || (s.startsWith("rec") && "recreate_database".startsWith(s))
                    || (s.startsWith("rep") && "replace_database".startsWith(s))) {
                return RunKind.RESTORE;
            }
        }
        return null;
    }
}
