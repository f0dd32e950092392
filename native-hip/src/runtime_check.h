/*
 * runtime_check.h: every GPU runtime call is checked, and a failure becomes a status code and a
 * message (never an exit). Allocations are counted as they are made (hf_allocation_count).
 *
 *   HF_CHECK(hipMalloc(&p, bytes));          returns the status on failure
 *   HF_ALLOCATE(hipMalloc(&p, bytes));       the same, and counts the allocation
 *   HF_CHECK_AFTER(status, hipFree(p));      clean-up: keeps an earlier failure's message
 */
#ifndef HOLDFAST_RUNTIME_CHECK_H
#define HOLDFAST_RUNTIME_CHECK_H

#include <cstdint>

#include "hf_errors.h"
#include "hf_gpu.h"

namespace holdfast {

/* Turns a runtime error into a status and the thread's message ("call failed at file:line: text"). */
hf_status runtime_failure(hipError_t error, const char* call, const char* file, int line);

/* For clean-up after an earlier failure: checks the call but keeps the first failure's message. */
hf_status check_after(hf_status earlier, hipError_t error, const char* call, const char* file, int line);

/* Counts one device or pinned allocation or event creation. */
void count_allocation();
int64_t allocation_count();

}  // namespace holdfast

#define HF_CHECK(call)                                                                  \
    do {                                                                                \
        const hipError_t hf_error_ = (call);                                            \
        if (hf_error_ != hipSuccess) {                                                  \
            return ::holdfast::runtime_failure(hf_error_, #call, __FILE__, __LINE__);   \
        }                                                                               \
    } while (0)

#define HF_ALLOCATE(call)                 \
    do {                                  \
        HF_CHECK(call);                   \
        ::holdfast::count_allocation();   \
    } while (0)

#define HF_CHECK_AFTER(status, call) \
    status = ::holdfast::check_after((status), (call), #call, __FILE__, __LINE__)

#endif /* HOLDFAST_RUNTIME_CHECK_H */
