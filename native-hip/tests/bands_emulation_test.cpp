/*
 * bands_emulation_test: the persistent band kernel (kernels/persistent_bands.h, issue 24: a band
 * of rows per GPU, halos exchanged from inside the kernel) on CPU threads (cluster_emulation.h:
 * blocks of one and of several threads), G bands in one launch as the one-GPU test runs them,
 * each band in arrays of its own with BandSplit's layout, exchanging through the receive buffers
 * and views that band_plan.cpp builds for the GPU; against the sequential reference, bit for bit,
 * from a random interior. Covers the exchange schedule (an exchange after every k-th half-sweep
 * and the run's last; k above a neighbour's rows, where ghost rows come from bands further off),
 * runs that continue on the same buffers with later flags, and the fault of a band that never
 * sends (the watchdog names it, nothing hangs). The split itself is checked against BandSplit's
 * numbers.
 */
#include "cluster_emulation.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "band_plan.h"
#include "emulated_grid.h"
#include "emulated_work.h"
#include "kernels/persistent_bands.h"

using namespace holdfast;

namespace {

int failures = 0;

void report(bool passed, const std::string& what)
{
    if (!passed) {
        std::printf("FAIL %s\n", what.c_str());
    }
    failures += passed ? 0 : 1;
}

std::string shape(int n, int bands, int k, int blocks, int threads, int iterations)
{
    return "N = " + std::to_string(n) + ", " + std::to_string(bands) + " bands, k = " + std::to_string(k) + ", " +
           std::to_string(blocks) + " blocks of " + std::to_string(threads) + " per band, " +
           std::to_string(iterations) + " iterations";
}

/* G bands on the host: each its arrays (held rows) and its receive buffer, the views the kernel
 * gets, and the control block with the bands' barriers. */
struct EmulatedBands {
    int n;
    int bands;
    int k;
    std::vector<std::vector<double>> u;
    std::vector<std::vector<double>> f;
    std::vector<std::vector<LLLine>> receive;
    std::vector<BandView> views;
    ControlBlock* control;
    unsigned int flag_base = 0;

    EmulatedBands(const EmulatedArrays& grid, int band_count, int ghost_rows)
        : n(grid.n), bands(band_count), k(ghost_rows), u(static_cast<size_t>(band_count)),
          f(static_cast<size_t>(band_count)), receive(static_cast<size_t>(band_count)),
          views(static_cast<size_t>(band_count))
    {
        std::vector<LLLine*> buffers;
        for (int b = 0; b < bands; ++b) {
            const BandRows rows = band_rows(n, bands, k, b);
            const size_t from = static_cast<size_t>(rows.low_row) * n;
            const size_t count = static_cast<size_t>(rows.rows()) * n;
            u[b].assign(grid.u.begin() + static_cast<long>(from), grid.u.begin() + static_cast<long>(from + count));
            f[b].assign(grid.f.begin() + static_cast<long>(from), grid.f.begin() + static_cast<long>(from + count));
            receive[b].assign(2 * static_cast<size_t>(band_slot_lines(n, bands, k, b)) + 1, LLLine{0, 0});
            buffers.push_back(receive[b].data());
        }
        for (int b = 0; b < bands; ++b) {
            plan_band_view(n, bands, k, b, u[b].data(), f[b].data(), buffers.data(), &views[b]);
        }
        control = static_cast<ControlBlock*>(std::aligned_alloc(kLineBytes, control_bytes()));
    }
    ~EmulatedBands() { std::free(control); }
    EmulatedBands(const EmulatedBands&) = delete;
    EmulatedBands& operator=(const EmulatedBands&) = delete;

    size_t control_bytes() const { return sizeof(ControlBlock) + 2 * sizeof(LineCounter) * static_cast<size_t>(bands); }

    /* One launch of `iterations`: bands x blocks blocks of `threads` threads. */
    void run(double h2, int iterations, int blocks, int threads, int fault = HF_FAULT_NONE, int fault_band = 0,
             double timeout_seconds = 20.0)
    {
        std::memset(static_cast<void*>(control), 0, control_bytes());
        const int steps = 2 * iterations;
        const PersistentArgs args{Problem{nullptr, nullptr, n, h2},
                                  steps,
                                  control,
                                  nullptr,
                                  nullptr,
                                  static_cast<long long>(timeout_seconds * 1e9),
                                  fault,
                                  fault_band,
                                  k,
                                  nullptr,
                                  flag_base,
                                  nullptr,
                                  StreamGeometry{},
                                  0};
        const BandLaunch launch{views.data(), reinterpret_cast<LineCounter*>(control + 1), 0, bands, blocks};
        emulate_clusters_launch(1, bands * blocks, threads, 0,
                                [&args, &launch] { run_bands<LLAccess::kWords8>(args, launch); });
        flag_base += static_cast<unsigned int>(band_exchange_count(steps, k));
    }

    /* The owned rows back into a grid whose boundary rows are the starting one's. */
    std::vector<double> gather(const EmulatedArrays& grid) const
    {
        std::vector<double> result = grid.u;
        for (int b = 0; b < bands; ++b) {
            const BandRows rows = band_rows(n, bands, k, b);
            std::memcpy(result.data() + static_cast<size_t>(rows.first_row) * n,
                        u[b].data() + static_cast<size_t>(rows.first_row - rows.low_row) * n,
                        sizeof(double) * static_cast<size_t>(rows.end_row - rows.first_row) * n);
        }
        return result;
    }
};

bool same(const std::vector<double>& a, const std::vector<double>& b)
{
    return std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

/* The split and the schedule, against BandSplit's numbers. */
void test_split()
{
    /* N = 11, 3 bands: 9 interior rows, owned 1..3, 4..6, 7..9; with k = 2 band 1 holds rows 2..8. */
    const BandRows middle = band_rows(11, 3, 2, 1);
    report(middle.first_row == 4 && middle.end_row == 7 && middle.low_row == 2 && middle.high_row == 9,
           "band 1 of N = 11, 3 bands, k = 2 owns 4..6 and holds 2..8");
    /* N = 12, 3 bands: 10 interior rows cut 3, 3, 4 (the first bands the shorter). */
    report(band_rows(12, 3, 1, 0).end_row == 4 && band_rows(12, 3, 1, 2).first_row == 7, "N = 12 cut 3, 3, 4");
    /* N = 5, 3 bands of one row, k = 4: band 0 gets rows 2 and 3 from bands 1 and 2, two copies. */
    std::vector<BandHalo> halos;
    for_each_band_halo(5, 3, 4, [&](const BandHalo& halo) { halos.push_back(halo); });
    const bool multi_hop = halos.size() == 6 && halos[0].from == 1 && halos[0].to == 0 && halos[0].first_row == 2 &&
                           halos[1].from == 2 && halos[1].to == 0 && halos[1].first_row == 3;
    report(multi_hop, "N = 5, 3 bands, k = 4: each band's ghost rows from both other bands, in BandSplit's order");
    report(band_slot_lines(5, 3, 4, 0) == 2 * 5 && band_slot_lines(5, 3, 4, 1) == 2 * 5, "N = 5: two rows a band");
    /* 7 iterations: 14 exchanges at k = 1, 7 at 2, 5 at 3 (after 3, 6, 9, 12, 14), 4 at 4. */
    report(band_exchange_count(14, 1) == 14 && band_exchange_count(14, 2) == 7 && band_exchange_count(14, 3) == 5 &&
               band_exchange_count(14, 4) == 4,
           "exchanges in 7 iterations: 14, 7, 5, 4");
    BandView view{};
    std::vector<LLLine> lines(64);
    std::vector<LLLine*> buffers{lines.data(), lines.data() + 16, lines.data() + 32};
    plan_band_view(11, 3, 1, 1, nullptr, nullptr, buffers.data(), &view);
    /* Band 1 (rows 3..7 held) receives row 3 from band 0 and row 7 from band 2, sends row 4 into band
     * 0's buffer after band 0's own copy... band 0 receives one row (4) only: offset 0 there; and row 6
     * into band 2's buffer, whose first copy it is. */
    report(view.receives == 2 && view.receive[0].row == 0 && view.receive[0].peer == 0 && view.receive[1].row == 4 &&
               view.receive[1].lines == buffers[1] + 11 && view.sends == 2 && view.send[0].lines == buffers[0] &&
               view.send[0].row == 1 && view.send[1].lines == buffers[2] && view.send[1].row == 3,
           "band 1's copies of N = 11, 3 bands, k = 1");
}

/* Every N, G, k: one launch from a random interior, then a second on the same buffers (later
 * flags, ghost rows left by the first run's last exchange), each against the reference. */
void test_bands()
{
    const int sizes[] = {5, 11, 12, 33, 101};
    for (int n : sizes) {
        for (int bands : {2, 3}) {
            for (int k : {1, 2, 3, 4}) {
                const int first = 7;
                const int second = 3;
                EmulatedGrid start(n, first, true);
                EmulatedGrid later(n, first + second, true);
                const int blocks = n < 33 ? 2 : 3;
                const int threads = k == 3 ? 3 : 1;
                EmulatedBands split(start, bands, k);
                split.run(start.h2, first, blocks, threads);
                const std::string what = shape(n, bands, k, blocks, threads, first);
                report(split.control->error.code == 0, what + ": no wait expired");
                report(EmulatedWork(split.control->work).complete(bands * blocks, 2 * first),
                       what + ": " + EmulatedWork(split.control->work).describe());
                report(same(split.gather(start), start.expected), what + ": the reference's array");
                split.run(start.h2, second, blocks, threads);
                report(same(split.gather(start), later.expected), what + ", then 3 more on the same buffers");
            }
        }
    }
}

/* A run of one iteration at k = 4 (no exchange but the last) and of none. */
void test_short_runs()
{
    for (int iterations : {0, 1}) {
        EmulatedGrid grid(11, iterations, true);
        EmulatedBands split(grid, 3, 4);
        split.run(grid.h2, iterations, 2, 1);
        report(split.control->error.code == 0 && same(split.gather(grid), grid.expected),
               shape(11, 3, 4, 2, 1, iterations) + ": the reference's array");
    }
}

/* Band 1 never sends: its neighbours' waits expire naming band 1, and every block leaves. */
void test_never_publish()
{
    for (int k : {1, 3}) {
        EmulatedGrid grid(12, 7, true);
        EmulatedBands split(grid, 3, k);
        split.run(grid.h2, 7, 2, 1, HF_FAULT_NEVER_PUBLISH, 1, 0.5);
        const DeviceError& error = split.control->error;
        report(error.code == HF_WAIT_NEIGHBOUR && error.peer == 1 && error.block / 2 != 1,
               "k = " + std::to_string(k) + ": band 1 never publishes: code " + std::to_string(error.code) + ", block " +
                   std::to_string(error.block) + " waited for band " + std::to_string(error.peer));
    }
}

}  // namespace

int main()
{
    test_split();
    test_bands();
    test_short_runs();
    test_never_publish();
    std::printf("%s (%d failures)\n", failures == 0 ? "ALL PASSED" : "FAILURES", failures);
    return failures == 0 ? 0 : 1;
}
