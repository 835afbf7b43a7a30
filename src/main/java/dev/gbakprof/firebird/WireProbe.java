package dev.gbakprof.firebird;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Whether a port speaks Firebird's wire protocol. Jaybird reports any service that answers with something else
 * (a web server, ssh) as a refused login ({@code isc_login}, "Your user name and password are not defined"), so
 * before a DBA is told the password is wrong, gbakprof sends the protocol's first packet ({@code op_connect},
 * offering protocol 10, no user data) and reads the answer's operation code: a Firebird server (2.5 to 6) answers
 * {@code op_accept}, {@code op_reject}, {@code op_accept_data} or {@code op_cond_accept}.
 */
final class WireProbe {
    private static final int OP_CONNECT = 1;
    private static final int OP_ATTACH = 19;
    private static final int OP_ACCEPT = 3;
    private static final int OP_REJECT = 4;
    private static final int OP_RESPONSE = 9;
    private static final int OP_ACCEPT_DATA = 94;
    private static final int OP_COND_ACCEPT = 98;
    private static final int CONNECT_VERSION3 = 3;
    private static final int ARCH_GENERIC = 1;
    private static final int PTYPE_RPC = 2;
    private static final int PTYPE_LAZY_SEND = 5;
    private static final int PROTOCOL_VERSION10 = 10;

    private WireProbe() {}

    /**
     * {@code true} when {@code address} answers as a Firebird server, {@code false} when it answers otherwise (or
     * not within {@code timeoutMillis}); {@code true} as well when it cannot be reached at all, which the caller's
     * own error already says.
     */
    static boolean speaksFirebird(ServerAddress address, int timeoutMillis) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(address.host(), address.port()), timeoutMillis);
            s.setSoTimeout(timeoutMillis);
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            out.write(connectPacket());
            out.flush();
            int op = new DataInputStream(s.getInputStream()).readInt();
            return op == OP_ACCEPT
                    || op == OP_REJECT
                    || op == OP_ACCEPT_DATA
                    || op == OP_COND_ACCEPT
                    || op == OP_RESPONSE;
        } catch (SocketTimeoutException | EOFException ex) {
            return false; // connected, but no Firebird answer
        } catch (IOException ex) {
            return !(ex instanceof SocketException && s(ex).contains("reset"));
        }
    }

    private static String s(IOException ex) {
        return String.valueOf(ex.getMessage()).toLowerCase(Locale.ROOT);
    }

    /** op_connect in XDR: operation, version, architecture, a file name, one protocol, an empty user buffer. */
    static byte[] connectPacket() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream x = new DataOutputStream(bytes);
        x.writeInt(OP_CONNECT);
        x.writeInt(OP_ATTACH);
        x.writeInt(CONNECT_VERSION3);
        x.writeInt(ARCH_GENERIC);
        opaque(x, "gbakprof-probe".getBytes(StandardCharsets.US_ASCII));
        x.writeInt(1); // protocols offered
        opaque(x, new byte[0]); // user identification: none
        x.writeInt(PROTOCOL_VERSION10);
        x.writeInt(ARCH_GENERIC);
        x.writeInt(PTYPE_RPC);
        x.writeInt(PTYPE_LAZY_SEND);
        x.writeInt(1); // weight
        x.flush();
        return bytes.toByteArray();
    }

    private static void opaque(DataOutputStream x, byte[] b) throws IOException {
        x.writeInt(b.length);
        x.write(b);
        for (int pad = (4 - b.length % 4) % 4; pad > 0; pad--) {
            x.write(0);
        }
    }
}
