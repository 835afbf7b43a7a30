package dev.gbakprof.firebird;

import dev.gbakprof.model.GbakprofException;

/**
 * gbakprof could not reach the server, log in, or open a database: one line a DBA can act on
 * ({@code localhost/3050: wrong user name or password for SYSDBA}), never a stack of driver messages.
 */
public class FirebirdAccessException extends GbakprofException.Refused {
    private static final long serialVersionUID = 1L;

    public FirebirdAccessException(String message, Throwable cause) {
        super(message, cause);
    }
}
