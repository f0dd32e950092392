/*
 * int_list.h: a comma-separated option value ("1,4096,8193") as numbers, for the C++ check programs
 * built beside the NCCL glue (holdfast_bands_nccl_check, holdfast_nccl_halo_probe).
 */
#ifndef HOLDFAST_SELFTEST_INT_LIST_H
#define HOLDFAST_SELFTEST_INT_LIST_H

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

inline std::vector<int> list_of(const char* text)
{
    std::vector<int> values;
    std::stringstream stream(text);
    for (std::string item; std::getline(stream, item, ',');) {
        values.push_back(std::atoi(item.c_str()));
    }
    return values;
}

#endif /* HOLDFAST_SELFTEST_INT_LIST_H */
