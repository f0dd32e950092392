/*
 * emulated_work.h: what a kernel's work tally (device/work_count.h) says after an emulated run,
 * read as the host reads it (work_check.cpp).
 */
#ifndef HOLDFAST_TESTS_EMULATED_WORK_H
#define HOLDFAST_TESTS_EMULATED_WORK_H

#include <string>

#include "persistent_args.h"

struct EmulatedWork {
    int blocks;
    int fewest;
    int fewest_block;
    int most;

    explicit EmulatedWork(const holdfast::WorkTally& tally)
        : blocks(static_cast<int>(tally.blocks)),
          fewest(static_cast<int>(~static_cast<unsigned int>(tally.lowest >> 32))),
          fewest_block(static_cast<int>(tally.lowest & 0xffffffffu)),
          most(static_cast<int>(tally.highest >> 32))
    {
    }

    /* Every one of `active` blocks reported exactly `steps` half-sweeps. */
    bool complete(int active, int steps) const { return blocks == active && fewest == steps && most == steps; }

    std::string describe() const
    {
        return std::to_string(blocks) + " blocks reported " + std::to_string(fewest) + " .. " + std::to_string(most) +
               " half-sweeps (fewest: block " + std::to_string(fewest_block) + ")";
    }
};

#endif /* HOLDFAST_TESTS_EMULATED_WORK_H */
