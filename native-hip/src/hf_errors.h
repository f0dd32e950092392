/*
 * hf_errors.h: status codes and the thread-local error message behind hf_last_error().
 */
#ifndef HOLDFAST_HF_ERRORS_H
#define HOLDFAST_HF_ERRORS_H

#include "holdfast_native.h"

namespace holdfast {

/* Forgets the message of an earlier call: every entry point starts with it. */
void clear_error();

/* Records a printf-style message for hf_last_error() and returns status, so that a failure is
 * one line: return fail(HF_ERR_INVALID_ARGUMENT, "n = %d is below 3", n); */
hf_status fail(hf_status status, const char* format, ...) __attribute__((format(printf, 2, 3)));

/* Appends to the current message (for a second fact about the same failure). */
void append_error(const char* format, ...) __attribute__((format(printf, 1, 2)));

/* Keeps the first failure: status = first_failure(status, release()). */
inline hf_status first_failure(hf_status earlier, hf_status later) { return earlier != HF_OK ? earlier : later; }

/* The file name of a path, for messages that say where a call failed. */
const char* base_name(const char* path);

}  // namespace holdfast

#define HF_RETURN_IF_FAILED(expression)            \
    do {                                           \
        const hf_status hf_status_ = (expression); \
        if (hf_status_ != HF_OK) {                 \
            return hf_status_;                     \
        }                                          \
    } while (0)

#endif /* HOLDFAST_HF_ERRORS_H */
