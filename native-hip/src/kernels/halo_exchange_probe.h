/*
 * halo_exchange_probe.h: the self-flagged halo exchange between multiprocessors on its own, for
 * the overhead breakdown (hf_probe_halo_exchange) and the prototype's finer probes.
 *
 * Blocks form a chain, as the bands of the resident kernel do; every round each block sends
 * `lines` LL lines to each neighbour from shared memory and waits for theirs (ll_halo.h, exactly
 * as the resident kernel swaps its edges), with no other work. The mailbox holds, per block,
 * two slots from the block above, then two from below (the exchange parity alternates them).
 * Two halves alone tell the stores, the loads and the waiting apart: kSendOnly stores and never
 * reads; kReceiveReady reads lines written once before the rounds (loads that never wait).
 */
#ifndef HOLDFAST_KERNELS_HALO_EXCHANGE_PROBE_H
#define HOLDFAST_KERNELS_HALO_EXCHANGE_PROBE_H

#include "../device/halo_probe_layout.h"
#include "../device/ll_halo.h"
#include "persistent_resident.h" /* kResidentAccess */

namespace holdfast {

enum class HaloProbe { kExchange, kSendOnly, kReceiveReady };

/* args: control (watchdog), timeout, mailbox, flag_base (rounds carry flag_base + 1, + 2, ...). */
template <LLAccess Access, HaloProbe Probe>
__device__ void run_halo_probe(const PersistentArgs& args, int lines, int rounds)
{
    HF_DYNAMIC_SHARED(double, probe_shared);
    const int block = static_cast<int>(blockIdx.x);
    const int blocks = static_cast<int>(gridDim.x);
    for (int i = static_cast<int>(threadIdx.x); i < 2 * lines; i += static_cast<int>(blockDim.x)) {
        probe_shared[i] = block + 0.5 * i;
    }
    const auto rows = [&](int which) { return HaloRows{probe_shared + which * lines, lines, lines, 1}; };
    LLLine* mine = args.mailbox + static_cast<size_t>(block) * 4 * lines;
    if (Probe == HaloProbe::kReceiveReady) {
        /* Every incoming slot already carries the one flag every round looks for. */
        for (int slot = 0; slot < 4; ++slot) {
            ll_send<Access>(mine + slot * lines, rows(slot & 1), args.flag_base + 1u);
        }
        __threadfence();
        cg::this_grid().sync();
    }
    __syncthreads();
    for (int round = 1; round <= rounds; ++round) {
        const uint32_t flag = args.flag_base + (Probe == HaloProbe::kReceiveReady ? 1u : static_cast<uint32_t>(round));
        if (Probe != HaloProbe::kReceiveReady) {
            if (block > 0) {
                ll_send<Access>(mine - 4 * lines + (2 + (round & 1)) * lines, rows(0), flag);
            }
            if (block + 1 < blocks) {
                ll_send<Access>(mine + 4 * lines + (round & 1) * lines, rows(1), flag);
            }
        }
        if (Probe == HaloProbe::kSendOnly) {
            __syncthreads();
            continue;
        }
        const HaloRows none{nullptr, lines, lines, 0};
        const LLIncoming upper{mine + (round & 1) * lines, block > 0 ? rows(2) : none, block - 1};
        const LLIncoming lower{mine + (2 + (round & 1)) * lines, block + 1 < blocks ? rows(3) : none, block + 1};
        const bool received = ll_receive<Access>(upper, lower, flag, args, round);
        if (__syncthreads_or(received ? 0 : 1) != 0) {
            return;
        }
    }
}

/* The library's probe: the exchange, with the resident kernel's line form. */
__global__ void __launch_bounds__(1024) hf_halo_exchange_probe(PersistentArgs args, int lines, int rounds)
{
    run_halo_probe<kResidentAccess, HaloProbe::kExchange>(args, lines, rounds);
}

/* The exchange in each line form (HF_LL_LINE_*), for hf_probe_halo_exchange_form: the forms
 * measured side by side in one process. On HIP every form is the two 64-bit atomics. */
template <LLAccess Access>
__global__ void __launch_bounds__(1024) halo_exchange_probe_form(PersistentArgs args, int lines, int rounds)
{
    run_halo_probe<Access, HaloProbe::kExchange>(args, lines, rounds);
}

}  // namespace holdfast

#endif /* HOLDFAST_KERNELS_HALO_EXCHANGE_PROBE_H */
