/*
 * abi_describe.cpp: hf_abi_describe(), the struct layouts and enum sizes this library was
 * compiled with, so that a binding can check its own layouts against them.
 */
#include <cstddef>
#include <string>

#include "holdfast_native.h"

namespace {

class AbiDescription {
public:
    template <typename Struct>
    AbiDescription& add_struct(const char* name)
    {
        text_ += "struct " + std::string(name) + " " + std::to_string(sizeof(Struct)) + " " +
                 std::to_string(alignof(Struct)) + "\n";
        return *this;
    }

    AbiDescription& add_field(const char* name, size_t offset, size_t size)
    {
        text_ += "field " + std::string(name) + " " + std::to_string(offset) + " " + std::to_string(size) + "\n";
        return *this;
    }

    AbiDescription& add_enum(const char* name, int count)
    {
        text_ += "enum " + std::string(name) + " " + std::to_string(count) + "\n";
        return *this;
    }

    const char* text() const { return text_.c_str(); }

private:
    std::string text_;
};

#define HF_FIELD(type, field) add_field(#field, offsetof(type, field), sizeof(type::field))

AbiDescription describe()
{
    AbiDescription abi;
    abi.add_struct<hf_run_config>("hf_run_config")
        .HF_FIELD(hf_run_config, mode)
        .HF_FIELD(hf_run_config, blocks)
        .HF_FIELD(hf_run_config, threads_per_block)
        .HF_FIELD(hf_run_config, host_polling)
        .HF_FIELD(hf_run_config, watchdog_seconds)
        .HF_FIELD(hf_run_config, fault)
        .HF_FIELD(hf_run_config, fault_block);
    abi.add_struct<hf_run_report>("hf_run_report")
        .HF_FIELD(hf_run_report, device_ms)
        .HF_FIELD(hf_run_report, host_ms)
        .HF_FIELD(hf_run_report, handshakes)
        .HF_FIELD(hf_run_report, blocks)
        .HF_FIELD(hf_run_report, active_blocks)
        .HF_FIELD(hf_run_report, threads_per_block)
        .HF_FIELD(hf_run_report, blocks_per_sm)
        .HF_FIELD(hf_run_report, sm_count)
        .HF_FIELD(hf_run_report, error_code)
        .HF_FIELD(hf_run_report, error_block)
        .HF_FIELD(hf_run_report, error_step)
        .HF_FIELD(hf_run_report, error_peer)
        .HF_FIELD(hf_run_report, on_chip);
    abi.add_struct<hf_capacity>("hf_capacity")
        .HF_FIELD(hf_capacity, blocks_per_sm)
        .HF_FIELD(hf_capacity, sm_count)
        .HF_FIELD(hf_capacity, cooperative_launch)
        .HF_FIELD(hf_capacity, device);
    abi.add_struct<hf_standard_kernels>("hf_standard_kernels")
        .HF_FIELD(hf_standard_kernels, red)
        .HF_FIELD(hf_standard_kernels, black)
        .HF_FIELD(hf_standard_kernels, empty);
    abi.add_enum("hf_status", HF_STATUS_COUNT)
        .add_enum("hf_mode", HF_MODE_COUNT)
        .add_enum("hf_poll", HF_POLL_COUNT)
        .add_enum("hf_fault", HF_FAULT_COUNT)
        .add_enum("hf_wait", HF_WAIT_COUNT);
    return abi;
}

#undef HF_FIELD

}  // namespace

extern "C" const char* hf_abi_describe(void)
{
    static const AbiDescription abi = describe();
    return abi.text();
}
