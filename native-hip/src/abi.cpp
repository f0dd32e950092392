/*
 * abi.cpp: the C ABI of holdfast_native.h. Each entry point forgets the previous message,
 * checks its pointers, and hands the work to the file that does that job: device.cpp,
 * variant_table.cpp, planner.cpp, session.cpp and execute.cpp, standard_launch.cpp,
 * driver_api.cpp, overhead_probe.cpp. No runtime call is made here.
 */
#include "device.h"
#include "driver_api.h"
#include "overhead_probe.h"
#include "hf_errors.h"
#include "holdfast_native.h"
#include "planner.h"
#include "runtime_check.h"
#include "session.h"
#include "standard_launch.h"
#include "variant_table.h"

#ifndef HF_VERSION
#define HF_VERSION "0.0.0"
#endif

using namespace holdfast;

namespace {

constexpr int kDefaultStandardThreads = 256;

hf_status null_output(const char* function) { return fail(HF_ERR_INVALID_ARGUMENT, "%s: null output pointer", function); }

hf_status check_problem(const double* u, const double* f, int n, int iterations)
{
    if (u == nullptr || f == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "u and f must be device pointers, got u = %p, f = %p",
                    static_cast<const void*>(u), static_cast<const void*>(f));
    }
    if (n < 3 || n > kMaxN) {
        return fail(HF_ERR_INVALID_ARGUMENT, "n = %d is outside 3 .. %d", n, kMaxN);
    }
    if (iterations < 0 || iterations > (1 << 29)) {
        return fail(HF_ERR_INVALID_ARGUMENT, "iterations = %d is outside 0 .. 2^29", iterations);
    }
    return HF_OK;
}

hf_status check_copy(const void* destination, const void* source, int64_t bytes)
{
    if (destination == nullptr || source == nullptr || bytes < 0) {
        return fail(HF_ERR_INVALID_ARGUMENT, "copy of %lld bytes from %p to %p", static_cast<long long>(bytes),
                    source, destination);
    }
    return HF_OK;
}

}  // namespace

extern "C" {

/* ------------------------------------------------------------------ library and device */

const char* hf_version(void) { return HF_VERSION; }

int32_t hf_abi_version(void) { return HF_ABI_VERSION; }

const char* hf_runtime_name(void) { return HF_RUNTIME_NAME; }

hf_status hf_runtime_version(int32_t* runtime_version, int32_t* driver_version)
{
    clear_error();
    if (runtime_version == nullptr || driver_version == nullptr) {
        return null_output("hf_runtime_version");
    }
    return runtime_versions(runtime_version, driver_version);
}

hf_status hf_device_count(int32_t* count)
{
    clear_error();
    if (count == nullptr) {
        return null_output("hf_device_count");
    }
    return device_count(count);
}

hf_status hf_cooperative_launch_supported(int32_t* supported)
{
    clear_error();
    if (supported == nullptr) {
        return null_output("hf_cooperative_launch_supported");
    }
    return cooperative_launch_supported(supported);
}

/* ------------------------------------------------------------------ the variant table */

int32_t hf_variant_count(void) { return variant_count(); }

hf_status hf_variant_at(int32_t index, hf_variant_info* info)
{
    clear_error();
    if (info == nullptr) {
        return null_output("hf_variant_at");
    }
    if (index < 0 || index >= variant_count()) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_variant_at: index %d is outside 0 .. %d", index, variant_count() - 1);
    }
    const VariantRow& row = variant_row(index);
    hf_variant_info described{};
    copy_name(described.mode, row.mode);
    copy_name(described.name, row.name);
    copy_name(described.kernel, row.kernel.name);
    copy_name(described.planner, row.planner.name);
    copy_name(described.description, row.description);
    described.traits = row.traits;
    described.faults = row.faults;
    described.work_split = row.work_split;
    described.default_threads = row.default_threads;
    described.is_default = row.is_default ? 1 : 0;
    described.supported = row.supported() ? 1 : 0;
    described.problem = row.problem;
    *info = described;
    return HF_OK;
}

/* ------------------------------------------------------------------ persistent runs */

hf_status hf_session_open(const hf_problem* problem, const hf_run_config* config, void* stream, hf_session** session)
{
    clear_error();
    if (problem == nullptr || config == nullptr || session == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_session_open: null problem, config or session");
    }
    *session = nullptr;
    return open_session(*problem, *config, static_cast<hipStream_t>(stream), session);
}

hf_status hf_session_plan(const hf_session* session, hf_plan* plan)
{
    clear_error();
    if (session == nullptr || plan == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_session_plan: null session or plan");
    }
    *plan = session->plan;
    return HF_OK;
}

hf_status hf_session_run(hf_session* session, double* u, const double* f, int32_t iterations, hf_run_report* report)
{
    clear_error();
    if (session == nullptr || report == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_session_run: null session or report");
    }
    return run_session(*session, u, f, iterations, report);
}

hf_status hf_session_close(hf_session* session)
{
    clear_error();
    return session == nullptr ? HF_OK : close_session(session);
}

hf_status hf_run(const hf_problem* problem, const hf_run_config* config, double* u, const double* f, int32_t iterations,
                 void* stream, hf_plan* plan, hf_run_report* report)
{
    clear_error();
    if (problem == nullptr || config == nullptr || report == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_run: null problem, config or report");
    }
    *report = hf_run_report{};
    report->error_block = report->error_step = report->error_peer = -1;
    HF_RETURN_IF_FAILED(check_problem(u, f, problem->n, iterations));
    /* The plan first, so that the caller sees it also when the session cannot open or the run fails. */
    hf_plan planned{};
    const hf_status planning = plan_run(*problem, *config, &planned);
    if (plan != nullptr) {
        *plan = planned;
    }
    HF_RETURN_IF_FAILED(planning);
    hf_session* session = nullptr;
    HF_RETURN_IF_FAILED(open_planned_session(*problem, planned, static_cast<hipStream_t>(stream), &session));
    const hf_status status = run_session(*session, u, f, iterations, report);
    return first_failure(status, close_session(session));
}

hf_status hf_plan_run(const hf_problem* problem, const hf_run_config* config, hf_plan* plan)
{
    clear_error();
    if (problem == nullptr || config == nullptr || plan == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_plan_run: null problem, config or plan");
    }
    return plan_run(*problem, *config, plan);
}

hf_status hf_plan_twin(const hf_problem* problem, const hf_run_config* config, int32_t blocks_per_sm, hf_plan* plan)
{
    clear_error();
    if (problem == nullptr || config == nullptr || plan == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_plan_twin: null problem, config or plan");
    }
    return plan_twin(*problem, *config, blocks_per_sm, plan);
}

int64_t hf_allocation_count(void) { return allocation_count(); }

/* ------------------------------------------------------------------ kernels by name */

hf_status hf_get_kernel(const char* name, void** function)
{
    clear_error();
    if (name == nullptr || function == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_get_kernel: null name or output pointer");
    }
    *function = nullptr;
    return kernel_handle(name, function);
}

hf_status hf_launch_standard(double* u, const double* f, int32_t n, int32_t iterations, double h2, int32_t blocks,
                             int32_t threads_per_block, void* stream)
{
    clear_error();
    HF_RETURN_IF_FAILED(check_problem(u, f, n, iterations));
    const int threads = threads_per_block == 0 ? kDefaultStandardThreads : threads_per_block;
    if (blocks < 1 || threads < 1 || threads > 1024) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_launch_standard: %d blocks of %d threads", blocks, threads);
    }
    return launch_standard(u, f, n, iterations, h2, blocks, threads, stream);
}

hf_status hf_launch_benchmark(int32_t count, void* stream, double* queued_seconds_per_launch,
                              double* synced_seconds_per_launch)
{
    clear_error();
    if (count < 1 || queued_seconds_per_launch == nullptr || synced_seconds_per_launch == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_launch_benchmark: count = %d, outputs must not be null", count);
    }
    return launch_benchmark(count, stream, queued_seconds_per_launch, synced_seconds_per_launch);
}

/* ------------------------------------------------------------------ overhead probes */

namespace {

/* Both exchange probes: the arguments checked once, for the function that was called. */
hf_status checked_halo_probe(const char* function, int32_t form, int32_t blocks, int32_t threads_per_block,
                             int32_t lines, int32_t rounds, void* stream, double* seconds_per_round)
{
    clear_error();
    if (blocks < 1 || threads_per_block < 1 || threads_per_block > 1024 || lines < 1 || rounds < 1 ||
        seconds_per_round == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT,
                    "%s: blocks = %d, threads_per_block = %d (1 .. 1024), lines = %d, rounds = %d must be positive, "
                    "the output not null",
                    function, blocks, threads_per_block, lines, rounds);
    }
    return holdfast::probe_halo_exchange(form, blocks, threads_per_block, lines, rounds, stream, seconds_per_round);
}

}  // namespace

hf_status hf_probe_halo_exchange(int32_t blocks, int32_t threads_per_block, int32_t lines, int32_t rounds,
                                 void* stream, double* seconds_per_round)
{
    return checked_halo_probe("hf_probe_halo_exchange", HF_LL_LINE_COUNT, blocks, threads_per_block, lines, rounds,
                              stream, seconds_per_round);
}

hf_status hf_probe_halo_exchange_form(int32_t form, int32_t blocks, int32_t threads_per_block, int32_t lines,
                                      int32_t rounds, void* stream, double* seconds_per_round)
{
    if (form < 0 || form >= HF_LL_LINE_COUNT) {
        clear_error();
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_probe_halo_exchange_form: form = %d, not an HF_LL_LINE_* (0 .. %d)",
                    form, HF_LL_LINE_COUNT - 1);
    }
    return checked_halo_probe("hf_probe_halo_exchange_form", form, blocks, threads_per_block, lines, rounds, stream,
                              seconds_per_round);
}

hf_status hf_probe_cluster_barrier(int32_t cluster_size, int32_t threads_per_block, int32_t rounds, void* stream,
                                   double* seconds_per_round)
{
    clear_error();
    if (cluster_size < 1 || cluster_size > 16 || threads_per_block < 1 || threads_per_block > 1024 || rounds < 1 ||
        seconds_per_round == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT,
                    "hf_probe_cluster_barrier: cluster_size = %d (1 .. 16), threads_per_block = %d (1 .. 1024), "
                    "rounds = %d must be positive, the output not null",
                    cluster_size, threads_per_block, rounds);
    }
    return probe_cluster_barrier(cluster_size, threads_per_block, rounds, stream, seconds_per_round);
}

hf_status hf_probe_dsmem_exchange(int32_t cluster_size, int32_t threads_per_block, int32_t doubles_per_edge,
                                  int32_t rounds, void* stream, double* seconds_per_round)
{
    clear_error();
    if (cluster_size < 2 || cluster_size > 16 || threads_per_block < 1 || threads_per_block > 1024 ||
        doubles_per_edge < 1 || doubles_per_edge > kDsmemProbeMaxWidth || rounds < 1 || seconds_per_round == nullptr) {
        return fail(HF_ERR_INVALID_ARGUMENT,
                    "hf_probe_dsmem_exchange: cluster_size = %d (2 .. 16), threads_per_block = %d (1 .. 1024), "
                    "doubles_per_edge = %d (1 .. %d), rounds = %d must be positive, the output not null",
                    cluster_size, threads_per_block, doubles_per_edge, kDsmemProbeMaxWidth, rounds);
    }
    return probe_dsmem_exchange(cluster_size, threads_per_block, doubles_per_edge, rounds, stream, seconds_per_round);
}

/* ------------------------------------------------------------------ test and diagnostic helpers */

hf_status hf_device_alloc(int64_t bytes, void** pointer)
{
    clear_error();
    if (pointer == nullptr || bytes <= 0) {
        return fail(HF_ERR_INVALID_ARGUMENT, "hf_device_alloc: %lld bytes, output %p", static_cast<long long>(bytes),
                    static_cast<void*>(pointer));
    }
    return device_alloc(bytes, pointer);
}

hf_status hf_device_free(void* pointer)
{
    clear_error();
    return device_free(pointer);
}

hf_status hf_copy_to_device(void* device_destination, const void* host_source, int64_t bytes)
{
    clear_error();
    HF_RETURN_IF_FAILED(check_copy(device_destination, host_source, bytes));
    return copy_to_device(device_destination, host_source, bytes);
}

hf_status hf_copy_to_host(void* host_destination, const void* device_source, int64_t bytes)
{
    clear_error();
    HF_RETURN_IF_FAILED(check_copy(host_destination, device_source, bytes));
    return copy_to_host(host_destination, device_source, bytes);
}

}  // extern "C"
