/*
 * standard_launch.h: hf_launch_standard's work (arguments checked by the C ABI).
 */
#ifndef HOLDFAST_STANDARD_LAUNCH_H
#define HOLDFAST_STANDARD_LAUNCH_H

#include "holdfast_native.h"

namespace holdfast {

hf_status launch_standard(double* u, const double* f, int n, int iterations, double h2, int blocks, int threads,
                          void* stream);

}  // namespace holdfast

#endif /* HOLDFAST_STANDARD_LAUNCH_H */
