package dev.gbakprof.firebird;

import java.io.IOException;
import java.sql.SQLException;
import org.firebirdsql.gds.ISCConstants;
import org.firebirdsql.gds.ServiceParameterBuffer;
import org.firebirdsql.gds.ServiceRequestBuffer;
import org.firebirdsql.gds.VaxEncoding;
import org.firebirdsql.gds.impl.ServiceParameterBufferImp;
import org.firebirdsql.gds.ng.FbService;
import org.firebirdsql.management.FBBackupManager;

/**
 * Jaybird's backup manager with two changes for timing a restore (and a drill's backup):
 * <ul>
 *   <li>the restore (backup) request asks for gbak's statistics columns ({@code isc_spb_res_stat TDRW},
 *       {@code isc_spb_bkp_stat TDRW}: the services form of {@code gbak -st tdrw}), which the stock manager cannot
 *       ask for;</li>
 *   <li>the output is fetched one line per request ({@code isc_info_svc_line}) instead of in 1 KB chunks
 *       ({@code isc_info_svc_to_eof}, which the server answers only when the chunk is full or the restore
 *       ends), so each line reaches the pipeline when gbak prints it.</li>
 * </ul>
 * Each request waits at most {@value #WAIT_SECONDS} s for a line ({@code isc_info_svc_timeout}), so a
 * stop request (timeout, Ctrl-C) is seen within a second even while one index builds for minutes.
 */
final class LineByLineBackupManager extends FBBackupManager {
    static final int WAIT_SECONDS = 1;
    /** Larger than any gbak line: a line longer than the buffer would arrive in pieces. */
    private static final int BUFFER = 32_000;

    /** Receives the output of the running service. */
    interface Output {
        /** One output line, without a line end (services lines end with a blank, which is kept). */
        void line(byte[] bytes, int offset, int length) throws IOException;

        /** Asked between requests: {@code true} stops fetching (the caller then detaches). */
        boolean stopRequested();
    }

    private final Output output;
    private boolean stopped;

    LineByLineBackupManager(Output output) {
        this.output = output;
    }

    /** The fetch loop ended because {@link Output#stopRequested()} said so, not because the service finished. */
    boolean stopped() {
        return stopped;
    }

    @Override
    protected ServiceRequestBuffer getRestoreSRB(FbService service, int options) {
        ServiceRequestBuffer srb = super.getRestoreSRB(service, options);
        srb.addArgument(ISCConstants.isc_spb_res_stat, "TDRW");
        return srb;
    }

    /** The backup of a drill asks for the same statistics columns ({@code isc_spb_bkp_stat TDRW}, {@code gbak -b -st tdrw}). */
    @Override
    protected ServiceRequestBuffer getBackupSRB(FbService service, int options) throws SQLException {
        ServiceRequestBuffer srb = super.getBackupSRB(service, options);
        srb.addArgument(ISCConstants.isc_spb_bkp_stat, "TDRW");
        return srb;
    }

    @Override
    public void queueService(FbService service) throws SQLException, IOException {
        // send items are "item, 2-byte length, value": the SPB_VERSION_2 layout without a preamble
        ServiceParameterBuffer send = new ServiceParameterBufferImp(
                ServiceParameterBufferImp.SpbMetaData.SPB_VERSION_2, service.getEncoding());
        send.addArgument(ISCConstants.isc_info_svc_timeout, new byte[] {WAIT_SECONDS, 0, 0, 0});
        ServiceRequestBuffer items = service.createServiceRequestBuffer();
        items.addArgument(ISCConstants.isc_info_svc_line);
        while (true) {
            if (output.stopRequested()) {
                stopped = true;
                return;
            }
            byte[] answer = service.getServiceInfo(send, items, BUFFER);
            if (answer.length < 3 || answer[0] != ISCConstants.isc_info_svc_line) {
                throw new SQLException("unexpected answer from the service manager (item " + answer[0] + ")");
            }
            int length = VaxEncoding.iscVaxInteger2(answer, 1);
            boolean more = false;
            for (int i = 3 + length; i < answer.length && answer[i] != ISCConstants.isc_info_end; i++) {
                // svc.cpp: a wait that ran out says isc_info_svc_timeout; nothing yet but still running
                // says isc_info_data_not_ready; a finished service says neither
                more |= answer[i] == ISCConstants.isc_info_svc_timeout
                        || answer[i] == ISCConstants.isc_info_data_not_ready;
            }
            if (length > 0) {
                output.line(answer, 3, length);
            } else if (!more) {
                return;
            }
        }
    }
}
