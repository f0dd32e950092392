/*
 * abi_describe.cpp: hf_abi_describe(), the struct layouts and enum sizes this library was
 * compiled with (holdfast_native.h's and holdfast_bands.h's), so that a binding can check its own
 * layouts against them.
 */
#include <cstddef>
#include <string>

#include "holdfast_bands.h"
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
    abi.add_struct<hf_problem>("hf_problem")
        .HF_FIELD(hf_problem, kind)
        .HF_FIELD(hf_problem, n)
        .HF_FIELD(hf_problem, h2);
    abi.add_struct<hf_variant_info>("hf_variant_info")
        .HF_FIELD(hf_variant_info, mode)
        .HF_FIELD(hf_variant_info, name)
        .HF_FIELD(hf_variant_info, kernel)
        .HF_FIELD(hf_variant_info, planner)
        .HF_FIELD(hf_variant_info, description)
        .HF_FIELD(hf_variant_info, traits)
        .HF_FIELD(hf_variant_info, faults)
        .HF_FIELD(hf_variant_info, work_split)
        .HF_FIELD(hf_variant_info, default_threads)
        .HF_FIELD(hf_variant_info, is_default)
        .HF_FIELD(hf_variant_info, supported)
        .HF_FIELD(hf_variant_info, problem);
    abi.add_struct<hf_run_config>("hf_run_config")
        .HF_FIELD(hf_run_config, mode)
        .HF_FIELD(hf_run_config, variant)
        .HF_FIELD(hf_run_config, blocks)
        .HF_FIELD(hf_run_config, threads_per_block)
        .HF_FIELD(hf_run_config, sweeps_per_exchange)
        .HF_FIELD(hf_run_config, host_polling)
        .HF_FIELD(hf_run_config, watchdog_seconds)
        .HF_FIELD(hf_run_config, fault)
        .HF_FIELD(hf_run_config, fault_block);
    abi.add_struct<hf_plan>("hf_plan")
        .HF_FIELD(hf_plan, mode)
        .HF_FIELD(hf_plan, variant)
        .HF_FIELD(hf_plan, kernel)
        .HF_FIELD(hf_plan, note)
        .HF_FIELD(hf_plan, n)
        .HF_FIELD(hf_plan, blocks)
        .HF_FIELD(hf_plan, active_blocks)
        .HF_FIELD(hf_plan, threads_per_block)
        .HF_FIELD(hf_plan, cluster_size)
        .HF_FIELD(hf_plan, sweeps_per_exchange)
        .HF_FIELD(hf_plan, shared_bytes)
        .HF_FIELD(hf_plan, blocks_per_sm)
        .HF_FIELD(hf_plan, sm_count)
        .HF_FIELD(hf_plan, on_chip)
        .HF_FIELD(hf_plan, f_on_chip)
        .HF_FIELD(hf_plan, host_polling)
        .HF_FIELD(hf_plan, fault)
        .HF_FIELD(hf_plan, watchdog_seconds)
        .HF_FIELD(hf_plan, fault_block)
        .HF_FIELD(hf_plan, device)
        .HF_FIELD(hf_plan, problem);
    abi.add_struct<hf_run_report>("hf_run_report")
        .HF_FIELD(hf_run_report, device_ms)
        .HF_FIELD(hf_run_report, host_ms)
        .HF_FIELD(hf_run_report, handshakes)
        .HF_FIELD(hf_run_report, error_code)
        .HF_FIELD(hf_run_report, error_block)
        .HF_FIELD(hf_run_report, error_step)
        .HF_FIELD(hf_run_report, error_peer)
        .HF_FIELD(hf_run_report, work_expected)
        .HF_FIELD(hf_run_report, work_blocks_expected)
        .HF_FIELD(hf_run_report, work_blocks)
        .HF_FIELD(hf_run_report, work_fewest)
        .HF_FIELD(hf_run_report, work_fewest_block)
        .HF_FIELD(hf_run_report, work_most)
        .HF_FIELD(hf_run_report, work_most_block);
    abi.add_struct<hf_bands_config>("hf_bands_config")
        .HF_FIELD(hf_bands_config, bands)
        .HF_FIELD(hf_bands_config, ghost_rows)
        .HF_FIELD(hf_bands_config, blocks_per_band)
        .HF_FIELD(hf_bands_config, threads_per_block)
        .HF_FIELD(hf_bands_config, watchdog_seconds)
        .HF_FIELD(hf_bands_config, fault)
        .HF_FIELD(hf_bands_config, fault_band)
        .HF_FIELD(hf_bands_config, pass);
    abi.add_struct<hf_band_layout>("hf_band_layout")
        .HF_FIELD(hf_band_layout, first_row)
        .HF_FIELD(hf_band_layout, end_row)
        .HF_FIELD(hf_band_layout, low_row)
        .HF_FIELD(hf_band_layout, high_row)
        .HF_FIELD(hf_band_layout, receive_bytes);
    abi.add_struct<hf_bands_session_info>("hf_bands_session_info")
        .HF_FIELD(hf_bands_session_info, n)
        .HF_FIELD(hf_bands_session_info, bands)
        .HF_FIELD(hf_bands_session_info, ghost_rows)
        .HF_FIELD(hf_bands_session_info, first_band)
        .HF_FIELD(hf_bands_session_info, band_count)
        .HF_FIELD(hf_bands_session_info, blocks_per_band)
        .HF_FIELD(hf_bands_session_info, threads_per_block)
        .HF_FIELD(hf_bands_session_info, device)
        .HF_FIELD(hf_bands_session_info, watchdog_seconds)
        .HF_FIELD(hf_bands_session_info, flag_base)
        .HF_FIELD(hf_bands_session_info, runs)
        .HF_FIELD(hf_bands_session_info, pass)
        .HF_FIELD(hf_bands_session_info, items_per_band);
    abi.add_enum("hf_status", HF_STATUS_COUNT)
        .add_enum("hf_problem_kind", HF_PROBLEM_COUNT)
        .add_enum("hf_trait", HF_TRAIT_COUNT)
        .add_enum("hf_split", HF_SPLIT_COUNT)
        .add_enum("hf_poll", HF_POLL_COUNT)
        .add_enum("hf_fault", HF_FAULT_COUNT)
        .add_enum("hf_wait", HF_WAIT_COUNT)
        .add_enum("hf_ll_line", HF_LL_LINE_COUNT);
    return abi;
}

#undef HF_FIELD

}  // namespace

extern "C" const char* hf_abi_describe(void)
{
    static const AbiDescription abi = describe();
    return abi.text();
}
