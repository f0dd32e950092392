/*
 * hf_errors.cpp: status names and the thread-local error message.
 */
#include "hf_errors.h"

#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace holdfast {
namespace {

constexpr size_t kMessageCapacity = 2048;
thread_local char message[kMessageCapacity];

void append_formatted(const char* format, va_list arguments)
{
    const size_t used = std::strlen(message);
    if (used + 1 < kMessageCapacity) {
        std::vsnprintf(message + used, kMessageCapacity - used, format, arguments);
    }
}

}  // namespace

void clear_error() { message[0] = '\0'; }

const char* base_name(const char* path)
{
    const char* slash = std::strrchr(path, '/');
    return slash != nullptr ? slash + 1 : path;
}

hf_status fail(hf_status status, const char* format, ...)
{
    message[0] = '\0';
    va_list arguments;
    va_start(arguments, format);
    append_formatted(format, arguments);
    va_end(arguments);
    return status;
}

void append_error(const char* format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    append_formatted(format, arguments);
    va_end(arguments);
}

}  // namespace holdfast

extern "C" {

const char* hf_status_name(hf_status status)
{
    switch (status) {
    case HF_OK: return "HF_OK";
    case HF_ERR_INVALID_ARGUMENT: return "HF_ERR_INVALID_ARGUMENT";
    case HF_ERR_NO_DEVICE: return "HF_ERR_NO_DEVICE";
    case HF_ERR_UNSUPPORTED: return "HF_ERR_UNSUPPORTED";
    case HF_ERR_NOT_CORESIDENT: return "HF_ERR_NOT_CORESIDENT";
    case HF_ERR_WATCHDOG: return "HF_ERR_WATCHDOG";
    case HF_ERR_OUT_OF_MEMORY: return "HF_ERR_OUT_OF_MEMORY";
    case HF_ERR_RUNTIME: return "HF_ERR_RUNTIME";
    case HF_ERR_INCOMPLETE_WORK: return "HF_ERR_INCOMPLETE_WORK";
    default: return "HF_STATUS_UNKNOWN";
    }
}

int64_t hf_last_error(char* buffer, int64_t capacity)
{
    const size_t length = std::strlen(holdfast::message);
    if (buffer != nullptr && capacity > 0) {
        const size_t copied = length < static_cast<size_t>(capacity) ? length : static_cast<size_t>(capacity) - 1;
        std::memcpy(buffer, holdfast::message, copied);
        buffer[copied] = '\0';
    }
    return static_cast<int64_t>(length);
}

}  // extern "C"
