/*
 * holdfast_nccl_halo_probe: the halo exchange between two GPUs of one node (issue 24, the overhead
 * breakdown's rows), in-kernel through NCCL windows (LL lines) against ncclSend / ncclRecv from the host,
 * as a table of µs per one-way exchange (holdfast_nccl_probe.h). Built beside holdfast_bands_nccl_check,
 * only where NCCL 2.28+ is found. Exit status: 0 measured, 1 failed, 2 bad usage, 77 fewer than 2 GPUs.
 *
 *   holdfast_nccl_halo_probe [--gpus 0,1] [--lines 1,4096,8193] [--rounds 2000]
 */
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "holdfast_nccl_probe.h"
#include "int_list.h"

namespace {

struct Options {
    int gpu_a = 0;
    int gpu_b = 1;
    std::vector<int> lines{1, 4096, 8193};
    int rounds = 2000;
};

bool parse(int argc, char** argv, Options* options)
{
    for (int i = 1; i < argc; i += 2) {
        const std::string option = argv[i];
        if (i + 1 >= argc) {
            return false;
        }
        const char* value = argv[i + 1];
        if (option == "--gpus") {
            const std::vector<int> gpus = list_of(value);
            if (gpus.size() != 2) {
                return false;
            }
            options->gpu_a = gpus[0];
            options->gpu_b = gpus[1];
        } else if (option == "--lines") {
            options->lines = list_of(value);
        } else if (option == "--rounds") {
            options->rounds = std::atoi(value);
        } else {
            return false;
        }
    }
    return !options->lines.empty() && options->rounds >= 1;
}

/* What a count of lines is, in the terms of the overhead breakdown's rows. */
std::string meaning(int lines)
{
    if (lines == 1) {
        return "1 line";
    }
    if (lines == 4096) {
        return "a colour row of N = 8193";
    }
    if (lines == 8193) {
        return "a whole row of N = 8193 (a band's send at k = 1)";
    }
    return std::to_string(lines) + " lines";
}

std::string probe_error()
{
    char line[1024];
    hf_nccl_probe_last_error(line, sizeof line);
    return line;
}

}  // namespace

int main(int argc, char** argv)
{
    Options options;
    if (!parse(argc, argv, &options)) {
        std::fprintf(stderr, "usage: %s [--gpus 0,1] [--lines 1,4096,8193] [--rounds 2000]\n", argv[0]);
        return 2;
    }
    const size_t count = options.lines.size();
    std::vector<double> in_kernel(count);
    std::vector<double> host(count);
    const hf_status status = hf_nccl_halo_probe_pair(options.gpu_a, options.gpu_b, static_cast<int32_t>(count),
                                                     options.lines.data(), options.rounds, in_kernel.data(), host.data());
    if (status == HF_ERR_UNSUPPORTED || status == HF_ERR_NO_DEVICE) {
        std::printf("SKIP %s\n", probe_error().c_str());
        return status == HF_ERR_NO_DEVICE || probe_error().find("needs 2 GPUs") != std::string::npos ? 77 : 1;
    }
    if (status != HF_OK) {
        std::printf("FAIL status %d: %s\n", status, probe_error().c_str());
        return 1;
    }
    std::printf("halo exchange between GPUs %d and %d, us per one-way exchange (round trip / 2), %d round trips timed "
                "by device events after a warm-up, the smaller of the two GPUs' figures\n",
                options.gpu_a, options.gpu_b, options.rounds);
    std::printf("%-50s %8s %26s %26s\n", "what", "doubles", "in-kernel (window, LL)", "host ncclSend/ncclRecv");
    for (size_t i = 0; i < count; ++i) {
        std::printf("%-50s %8d %26.2f %26.2f\n", meaning(options.lines[i]).c_str(), options.lines[i],
                    in_kernel[i] * 1e6, host[i] * 1e6);
    }
    return 0;
}
