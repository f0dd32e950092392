/*
 * kernel_emulation_test: the kernels' own code, on CPU threads (cpu_emulation.h), against the
 * sequential reference, bit for bit (the on-chip kernel on one block); and the watchdog faults.
 * Runs in CI without a GPU.
 */
#include "cpu_emulation.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "emulated_cube.h"
#include "emulated_grid.h"
#include "emulated_work.h"
#include "host_scheduler.h"
#include "kernels/persistent_dataflow.h"
#include "kernels/persistent_grid.h"
#include "kernels/persistent_host.h"
#include "kernels/persistent_host_relay.h"
#include "kernels/persistent_on_chip.h"
#include "kernels/standard_kernels.h"

using namespace holdfast;

namespace {

constexpr int kIterations = 6;

/* The watchdog of the fault cases. Each expects every healthy block (a CPU thread here) to have
 * arrived, or published its first half-sweep, before a wait expires; 0.2 s did not promise that
 * on a loaded 2-core CI machine. */
constexpr double kFaultTimeout = 2.0;

/* Interior 0, as the problem starts. */
struct Grid : EmulatedGrid {
    explicit Grid(int size) : EmulatedGrid(size, kIterations, false) {}
};

/* The launch's zeroed control block with the dataflow counters behind it, and the host flags. */
struct Launch {
    int blocks;
    ControlBlock* control;
    HostFlag* flags;
    PersistentArgs args;

    Launch(Grid& grid, int block_count, double timeout_seconds, int fault, int fault_block)
        : Launch(Problem{grid.u.data(), grid.f.data(), grid.n, grid.h2}, block_count, timeout_seconds, fault, fault_block)
    {
    }
    Launch(Problem problem, int block_count, double timeout_seconds, int fault, int fault_block) : blocks(block_count)
    {
        const size_t control_bytes = sizeof(ControlBlock) + sizeof(StepCounter) * size_t(blocks);
        control = static_cast<ControlBlock*>(std::aligned_alloc(kLineBytes, control_bytes));
        std::memset(static_cast<void*>(control), 0, control_bytes);
        const size_t flag_bytes = sizeof(HostFlag) * size_t(host_flag_count(blocks));
        flags = static_cast<HostFlag*>(std::aligned_alloc(kFlagLineBytes, flag_bytes));
        std::memset(static_cast<void*>(flags), 0, flag_bytes);
        args = PersistentArgs{problem,
                              2 * kIterations,
                              control,
                              reinterpret_cast<StepCounter*>(control + 1),
                              flags,
                              static_cast<long long>(timeout_seconds * 1e9),
                              fault,
                              fault_block,
                              1,
                              nullptr,
                              0,
                              nullptr,
                              StreamGeometry{}, 0};
    }
    ~Launch()
    {
        std::free(control);
        std::free(flags);
    }
    Launch(const Launch&) = delete;
    Launch& operator=(const Launch&) = delete;
};

int failures = 0;

void report(bool passed, const std::string& what)
{
    std::printf("%s %s\n", passed ? "PASS" : "FAIL", what.c_str());
    failures += passed ? 0 : 1;
}

std::string describe(const char* mode, int n, int blocks)
{
    return std::string(mode) + " n=" + std::to_string(n) + " blocks=" + std::to_string(blocks);
}

/* active: the blocks with work, which report their half-sweeps (every block for the grid stride). */
void run_device_only(const char* mode, void (*kernel)(PersistentArgs), int n, int blocks, int active)
{
    Grid grid(n);
    Launch launch(grid, blocks, 10.0, HF_FAULT_NONE, 0);
    emulate_launch(blocks, [&launch, kernel] { kernel(launch.args); });
    const EmulatedWork work(launch.control->work);
    report(grid.matches() && launch.control->error.code == 0 && work.complete(active, launch.args.steps),
           describe(mode, n, blocks) + ", " + work.describe());
}

/* HF_FAULT_SKIP_HALF_SWEEP: the fault block skips the last half-sweep and counts honestly; the
 * tally names it (the GPU self-test shows the same at a converged grid, where the array cannot). */
void run_skip_half_sweep(const char* mode, void (*kernel)(PersistentArgs), int blocks, int fault_block)
{
    Grid grid(11);
    Launch launch(grid, blocks, 10.0, HF_FAULT_SKIP_HALF_SWEEP, fault_block);
    emulate_launch(blocks, [&launch, kernel] { kernel(launch.args); });
    const EmulatedWork work(launch.control->work);
    report(launch.control->error.code == 0 && work.blocks == blocks && work.fewest == launch.args.steps - 1 &&
               work.fewest_block == fault_block && work.most == launch.args.steps,
           std::string(mode) + ", block " + std::to_string(fault_block) + " skips a half-sweep: " + work.describe());
}

/* The one-block kernel that holds u (and f) in its dynamic shared memory. */
void run_on_chip(int n, bool f_on_chip)
{
    Grid grid(n);
    Launch launch(grid, 1, 10.0, HF_FAULT_NONE, 0);
    emulate_launch(1, sizeof(double) * grid.u.size() * (f_on_chip ? 2 : 1),
                   [&launch, f_on_chip] { persistent_on_chip(launch.args, f_on_chip ? 1 : 0); });
    const EmulatedWork work(launch.control->work);
    report(grid.matches() && work.complete(1, launch.args.steps),
           describe(f_on_chip ? "on-chip with f" : "on-chip", n, 1) + ", " + work.describe());
}

HostScheduleOutcome run_host_mode(Launch& launch, int n, bool neighbour, double timeout, int never_signal,
                                  void (*kernel)(PersistentArgs) = persistent_host)
{
    std::thread device([&launch, kernel] { emulate_launch(launch.blocks, [&launch, kernel] { kernel(launch.args); }); });
    const HostSchedule schedule{launch.flags, active_band_count(launch.blocks, n), launch.args.steps, neighbour, false,
                                timeout, never_signal};
    const HostScheduleOutcome outcome = run_host_schedule(schedule);
    if (!outcome.completed) {
        abort_blocks(launch.flags, schedule.blocks);
    }
    device.join();
    return outcome;
}

void run_host(bool neighbour, int n, int blocks)
{
    Grid grid(n);
    Launch launch(grid, blocks, 10.0, HF_FAULT_NONE, 0);
    const HostScheduleOutcome outcome = run_host_mode(launch, n, neighbour, 10.0, -1);
    const EmulatedWork work(launch.control->work);
    report(outcome.completed && grid.matches() && launch.control->error.code == 0 &&
               work.complete(active_band_count(blocks, n), launch.args.steps),
           describe(neighbour ? "host-neighbour" : "host-lockstep", n, blocks) + ", " + work.describe());
}

void run_standard(int n, int blocks)
{
    Grid grid(n);
    for (int iteration = 0; iteration < kIterations; ++iteration) {
        emulate_launch(blocks, [&grid] { hf_red(grid.u.data(), grid.f.data(), grid.n, grid.h2); });
        emulate_launch(blocks, [&grid] { hf_black(grid.u.data(), grid.f.data(), grid.n, grid.h2); });
    }
    report(grid.matches(), describe("standard", n, blocks));
}

/* The cube (HF_PROBLEM_POISSON_3D) from a random interior, against the plain 3D reference: the
 * standard twins hf_red_3d / hf_black_3d, and the persistent-grid _3d kernels with every block's
 * half-sweeps counted. */
void run_standard_3d(int n, int blocks)
{
    EmulatedCube cube(n, kIterations);
    for (int iteration = 0; iteration < kIterations; ++iteration) {
        emulate_launch(blocks, [&cube] { hf_red_3d(cube.u.data(), cube.f.data(), cube.n, cube.h2); });
        emulate_launch(blocks, [&cube] { hf_black_3d(cube.u.data(), cube.f.data(), cube.n, cube.h2); });
    }
    report(cube.matches(), describe("standard 3d", n, blocks));
}

/* active: the blocks with work (every block for the grid stride; the bands of planes for the
 * dataflow counters). */
void run_device_only_3d(const char* mode, void (*kernel)(PersistentArgs), int n, int blocks, int fault, int fault_block,
                        int active = -1)
{
    EmulatedCube cube(n, kIterations);
    Launch launch(Problem{cube.u.data(), cube.f.data(), cube.n, cube.h2}, blocks, 10.0, fault, fault_block);
    emulate_launch(blocks, [&launch, kernel] { kernel(launch.args); });
    const EmulatedWork work(launch.control->work);
    const int steps = launch.args.steps;
    const int with_work = active < 0 ? blocks : active;
    const bool counted = fault == HF_FAULT_SKIP_HALF_SWEEP
                             ? work.blocks == with_work && work.fewest == steps - 1 && work.fewest_block == fault_block &&
                                   work.most == steps
                             : work.complete(with_work, steps) && cube.matches();
    report(launch.control->error.code == 0 && counted,
           describe(mode, n, blocks) + (fault == HF_FAULT_SKIP_HALF_SWEEP ? ", block " + std::to_string(fault_block) +
                                                                                 " skips a half-sweep"
                                                                           : std::string()) +
               ": " + work.describe());
}

/* The cube's one-block kernel holding u (and f) in its dynamic shared memory. */
void run_on_chip_3d(int n, bool f_on_chip)
{
    EmulatedCube cube(n, kIterations);
    Launch launch(Problem{cube.u.data(), cube.f.data(), cube.n, cube.h2}, 1, 10.0, HF_FAULT_NONE, 0);
    emulate_launch(1, sizeof(double) * cube.u.size() * (f_on_chip ? 2 : 1),
                   [&launch, f_on_chip] { persistent_on_chip_3d(launch.args, f_on_chip ? 1 : 0); });
    const EmulatedWork work(launch.control->work);
    report(cube.matches() && work.complete(1, launch.args.steps),
           describe(f_on_chip ? "on-chip 3d with f" : "on-chip 3d", n, 1) + ", " + work.describe());
}

/* The cube's persistent-host lockstep and neighbour: bands of planes, driven by the host's flags. */
void run_host_3d(bool neighbour, int n, int blocks)
{
    EmulatedCube cube(n, kIterations);
    Launch launch(Problem{cube.u.data(), cube.f.data(), cube.n, cube.h2}, blocks, 10.0, HF_FAULT_NONE, 0);
    const HostScheduleOutcome outcome = run_host_mode(launch, n, neighbour, 10.0, -1, persistent_host_3d);
    const EmulatedWork work(launch.control->work);
    report(outcome.completed && cube.matches() && launch.control->error.code == 0 &&
               work.complete(active_band_count(blocks, n), launch.args.steps),
           describe(neighbour ? "host-neighbour 3d" : "host-lockstep 3d", n, blocks) + ", " + work.describe());
}

/* The cube's persistent-host relay: one step word and one done word, grid-stride half-sweeps. */
void run_relay_3d(int n, int blocks, int fault, int fault_block)
{
    EmulatedCube cube(n, kIterations);
    Launch launch(Problem{cube.u.data(), cube.f.data(), cube.n, cube.h2}, blocks, 10.0, fault, fault_block);
    std::thread device([&launch] { emulate_launch(launch.blocks, [&launch] { persistent_host_relay_3d(launch.args); }); });
    const HostScheduleOutcome outcome =
        run_host_steps(HostStepSchedule{launch.flags, launch.args.steps, false, 10.0, -1});
    if (!outcome.completed) {
        abort_steps(launch.flags);
    }
    device.join();
    const EmulatedWork work(launch.control->work);
    const int steps = launch.args.steps;
    const bool counted = fault == HF_FAULT_SKIP_HALF_SWEEP
                             ? work.blocks == blocks && work.fewest == steps - 1 && work.fewest_block == fault_block &&
                                   work.most == steps
                             : work.complete(blocks, steps) && cube.matches();
    report(outcome.completed && outcome.handshakes == steps && launch.control->error.code == 0 && counted,
           describe("host-relay 3d", n, blocks) +
               (fault == HF_FAULT_SKIP_HALF_SWEEP ? ", block " + std::to_string(fault_block) + " skips a half-sweep" : "") +
               ": " + work.describe());
}

/* divide_by_six (stencil_3d.h) gives x / 6.0's bits: random bit patterns (every exponent, the
 * non-finite ones too), values of the cube's size, both sides of the guards, powers of two and their
 * neighbours, multiples of 3 (the exact quotients), zeros. */
void run_divide_by_six()
{
    long differ = 0;
    long checked = 0;
    const auto check = [&](double x) {
        const double fast = divide_by_six(x);
        const double divided = x / 6.0;
        ++checked;
        if (std::memcmp(&fast, &divided, sizeof fast) != 0) {
            if (differ++ < 5) {
                std::printf("     divide_by_six(%a) = %a, x / 6.0 = %a\n", x, fast, divided);
            }
        }
    };
    std::mt19937_64 random(6);
    for (int i = 0; i < 4000000; ++i) {
        const unsigned long long bits = random();
        double x;
        std::memcpy(&x, &bits, sizeof x);
        check(x);
    }
    std::uniform_real_distribution<double> cube_sized(-8.0, 8.0);
    std::uniform_real_distribution<double> significand(1.0, 2.0);
    std::uniform_int_distribution<int> near_small(-1000, -900);
    std::uniform_int_distribution<int> near_large(980, 1023);
    for (int i = 0; i < 2000000; ++i) {
        check(cube_sized(random));
        check(std::ldexp(significand(random), near_small(random)));
        check(-std::ldexp(significand(random), near_large(random)));
    }
    for (int e = -1074; e <= 1023; ++e) {
        const double power = std::ldexp(1.0, e);
        for (double x : {power, 3 * power, 5 * power, 7 * power}) {
            check(x);
            check(-std::nextafter(x, 0.0));
            check(std::nextafter(x, INFINITY));
        }
    }
    for (int m = 1; m < 200000; ++m) {
        check(m);
        check(m * 0x1p-960);
        check(m * 0x1p-1074);
    }
    for (double x : {0.0, -0.0, double(INFINITY), -double(INFINITY), double(NAN)}) {
        check(x);
    }
    report(differ == 0, "divide_by_six equals x / 6.0 bit for bit: " + std::to_string(differ) + " of " +
                            std::to_string(checked) + " differ");
}

void run_faults()
{
    {
        Grid grid(33);
        Launch launch(grid, 7, kFaultTimeout, HF_FAULT_SKIP_GRID_BARRIER, 1);
        emulate_launch(7, [&launch] { persistent_grid_two_slot(launch.args); });
        const DeviceError& error = launch.control->error;
        report(error.code == HF_WAIT_GRID_BARRIER && error.step == 0 && error.block != 1 &&
                   launch.control->arrivals.value == 6,
               "two-slot, block 1 skips the barrier: wait " + std::to_string(error.code) + ", block " +
                   std::to_string(error.block) + ", step " + std::to_string(error.step) + ", " +
                   std::to_string(launch.control->arrivals.value) + " of 7 arrived");
    }
    {
        Grid grid(33);
        Launch launch(grid, 7, kFaultTimeout, HF_FAULT_NEVER_PUBLISH, 0);
        emulate_launch(7, [&launch] { persistent_dataflow(launch.args); });
        /* The first wait to expire is block 1's (for block 0) or, down the chain, block 0's (for
         * block 1); either way block 0's counter is the one that stayed behind. */
        const DeviceError& error = launch.control->error;
        const StepCounter* counters = launch.args.counters;
        bool zero_is_behind = counters[0].completed == 0;
        for (int block = 1; block < 7; ++block) {
            zero_is_behind = zero_is_behind && counters[block].completed > 0;
        }
        report(error.code == HF_WAIT_NEIGHBOUR && std::abs(error.block - error.peer) == 1 && zero_is_behind,
               "dataflow, block 0 never publishes: wait " + std::to_string(error.code) + ", block " +
                   std::to_string(error.block) + ", step " + std::to_string(error.step) + ", peer " +
                   std::to_string(error.peer) + ", block 0 published " + std::to_string(counters[0].completed));
    }
    for (bool neighbour : {false, true}) {
        Grid grid(33);
        Launch launch(grid, 7, kFaultTimeout, HF_FAULT_NEVER_SIGNAL, 3);
        const HostScheduleOutcome outcome = run_host_mode(launch, 33, neighbour, kFaultTimeout, 3);
        report(!outcome.completed && outcome.stuck_block == 3 && outcome.stuck_step == 0,
               std::string(neighbour ? "host-neighbour" : "host-lockstep") + ", block 3 never signalled: stuck block " +
                   std::to_string(outcome.stuck_block) + " step " + std::to_string(outcome.stuck_step));
    }
}

}  // namespace

int main()
{
    for (int n : {3, 4, 11, 12, 33}) {
        for (int blocks : {1, 2, 7, 13}) {
            run_standard(n, blocks);
            run_device_only("grid-cooperative-groups", persistent_grid_cooperative_groups, n, blocks, blocks);
            run_device_only("grid-two-slot", persistent_grid_two_slot, n, blocks, blocks);
            run_device_only("dataflow", persistent_dataflow, n, blocks, active_band_count(blocks, n));
            run_host(false, n, blocks);
            run_host(true, n, blocks);
        }
        run_on_chip(n, false);
        run_on_chip(n, true);
    }
    for (int n : {3, 4, 5, 11, 12}) {
        for (int blocks : {1, 2, 7, 13}) {
            run_standard_3d(n, blocks);
            run_device_only_3d("grid-cooperative-groups 3d", persistent_grid_cooperative_groups_3d, n, blocks,
                               HF_FAULT_NONE, 0);
            run_device_only_3d("grid-two-slot 3d", persistent_grid_two_slot_3d, n, blocks, HF_FAULT_NONE, 0);
        }
    }
    for (int n : {3, 4, 5, 8, 9, 11, 12}) {
        for (int blocks : {1, 2, 7, 13}) {
            run_device_only_3d("dataflow 3d", persistent_dataflow_3d, n, blocks, HF_FAULT_NONE, 0,
                               active_band_count(blocks, n));
            run_host_3d(false, n, blocks);
            run_host_3d(true, n, blocks);
            run_relay_3d(n, blocks, HF_FAULT_NONE, 0);
        }
        run_on_chip_3d(n, false);
        run_on_chip_3d(n, true);
    }
    run_device_only_3d("dataflow 3d", persistent_dataflow_3d, 11, 13, HF_FAULT_SKIP_HALF_SWEEP, 8, 9);
    run_relay_3d(11, 7, HF_FAULT_SKIP_HALF_SWEEP, 5);
    run_device_only_3d("grid-cooperative-groups 3d", persistent_grid_cooperative_groups_3d, 11, 7,
                       HF_FAULT_SKIP_HALF_SWEEP, 3);
    run_device_only_3d("grid-two-slot 3d", persistent_grid_two_slot_3d, 11, 7, HF_FAULT_SKIP_HALF_SWEEP, 0);
    run_divide_by_six();
    run_faults();
    run_skip_half_sweep("grid-cooperative-groups", persistent_grid_cooperative_groups, 7, 3);
    run_skip_half_sweep("grid-two-slot", persistent_grid_two_slot, 7, 0);
    run_skip_half_sweep("dataflow", persistent_dataflow, 7, 6);
    std::printf("%s\n", failures == 0 ? "ALL PASSED" : "FAILURES");
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
