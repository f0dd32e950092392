/*
 * nccl_glue_message.h: the messages of libholdfast_nccl_bands' sources. The library does not link
 * libholdfast_native, so it cannot record into hf_last_error's message (hf_errors.cpp); each of its
 * headers has a last-error call of its own, reading a thread-local message of its source file, which
 * these two helpers write and read.
 */
#ifndef HOLDFAST_NCCL_GLUE_MESSAGE_H
#define HOLDFAST_NCCL_GLUE_MESSAGE_H

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <string>

#include "holdfast_native.h"

namespace holdfast {

/* Formats one line into `message` and returns status: a variadic fail() of a source file forwards here. */
inline hf_status record_message(std::string& message, hf_status status, const char* format, va_list arguments)
{
    char line[512];
    std::vsnprintf(line, sizeof line, format, arguments);
    message = line;
    return status;
}

/* A last-error call's body: the message into buffer (truncated, terminated), its whole length returned. */
inline int64_t copy_message(const std::string& message, char* buffer, int64_t capacity)
{
    const int64_t length = static_cast<int64_t>(message.size());
    if (buffer != nullptr && capacity > 0) {
        const size_t copied = static_cast<size_t>(length < capacity - 1 ? length : capacity - 1);
        message.copy(buffer, copied);
        buffer[copied] = '\0';
    }
    return length;
}

}  // namespace holdfast

#endif /* HOLDFAST_NCCL_GLUE_MESSAGE_H */
