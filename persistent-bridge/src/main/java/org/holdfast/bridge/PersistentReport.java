package org.holdfast.bridge;

import java.lang.foreign.MemorySegment;
import org.holdfast.bridge.raw.hf_run_report;

/**
 * What one persistent run did ({@code hf_run_report}), with the plan it ran.
 *
 * @param plan what ran: variant, blocks, on chip or not; null for a band session's run ({@link BandSession#info} says what ran)
 * @param deviceMillis time between events recorded around the kernel on the session's stream
 * @param hostMillis host wall time from just before the launch to the kernel's end
 * @param handshakes host-flag variants: (block, half-sweep) pairs signalled and seen done; the relay: half-sweeps
 * @param errorWait the wait a watchdog stopped, {@link WatchdogWait#NONE} when none
 * @param errorBlock device waits: the block whose wait expired first; host waits: the block the host
 *        waited for; -1 when none
 * @param errorStep its half-sweep; -1 when none
 * @param errorPeer the neighbour waited for ({@link WatchdogWait#NEIGHBOUR}); -1 otherwise
 * @param work the half-sweeps the kernel's blocks counted (filled once the kernel ended)
 */
public record PersistentReport(PersistentPlan plan, double deviceMillis, double hostMillis, long handshakes,
        WatchdogWait errorWait, int errorBlock, int errorStep, int errorPeer, WorkCount work) {

    /** What an {@code hf_run_report} the library filled says, with the plan that ran. */
    static PersistentReport read(PersistentPlan plan, MemorySegment report) {
        return new PersistentReport(plan, hf_run_report.device_ms(report), hf_run_report.host_ms(report),
                hf_run_report.handshakes(report), WatchdogWait.fromCode(hf_run_report.error_code(report)),
                hf_run_report.error_block(report), hf_run_report.error_step(report), hf_run_report.error_peer(report),
                new WorkCount(hf_run_report.work_expected(report), hf_run_report.work_blocks_expected(report),
                        hf_run_report.work_blocks(report), hf_run_report.work_fewest(report),
                        hf_run_report.work_fewest_block(report), hf_run_report.work_most(report),
                        hf_run_report.work_most_block(report)));
    }
}
