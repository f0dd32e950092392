/*
 * problem.h: the problem and the sequential reference for the temporal tools (host only).
 *
 * Boundary from the exact solution sin(2 pi x) cos(2 pi y), f = -8 pi^2 sin cos, and a seeded
 * random interior in [-1, 1), so that every half-sweep changes the array (a converged fixed point
 * would hide a skipped one). The reference runs the half-sweeps in the reference's order and
 * arithmetic; rows of one half-sweep are independent (each reads only the other colour), so
 * splitting them over threads gives the same bits.
 */
#ifndef HOLDFAST_TOOLS_TEMPORAL_PROBLEM_H
#define HOLDFAST_TOOLS_TEMPORAL_PROBLEM_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <thread>
#include <vector>

namespace temporal_tools {

struct HostProblem {
    int n;
    double h2;
    std::vector<double> u; /* the start state */
    std::vector<double> f;
};

inline HostProblem make_problem(int n, uint64_t seed)
{
    HostProblem p{n, 0.0, std::vector<double>(size_t(n) * n), std::vector<double>(size_t(n) * n)};
    const double d = 1.0 / (n - 1);
    p.h2 = d * d;
    const double pi = 3.14159265358979323846;
    std::vector<double> sin_x(static_cast<size_t>(n)), cos_y(static_cast<size_t>(n)); /* separable: n trig calls */
    for (int k = 0; k < n; ++k) {
        sin_x[size_t(k)] = std::sin(2 * pi * k * d);
        cos_y[size_t(k)] = std::cos(2 * pi * k * d);
    }
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const size_t c = size_t(i) * n + j;
            const double exact = sin_x[size_t(j)] * cos_y[size_t(i)];
            p.f[c] = -8 * pi * pi * exact;
            if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
                p.u[c] = exact;
            } else {
                uint64_t x = seed ^ (c * 0x9E3779B97F4A7C15ull); /* splitmix64 of the index */
                x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
                x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
                x ^= x >> 31;
                p.u[c] = double(x >> 11) * 0x1.0p-52 - 1.0; /* [-1, 1) */
            }
        }
    }
    return p;
}

/* One half-sweep of `colour` over rows [first, end). */
inline void half_sweep_rows(double* u, const double* f, int n, double h2, int colour, int first, int end)
{
    for (int i = first; i < end; ++i) {
        for (int j = 1 + ((i + 1 + colour) & 1); j < n - 1; j += 2) {
            const size_t c = size_t(i) * n + j;
            u[c] = (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
        }
    }
}

/* Half-sweeps first .. first + count - 1 of a run (half-sweep s has colour s & 1: red first),
 * from the state in u, on up to `threads` threads. */
inline void reference_half_sweeps(std::vector<double>& u, const std::vector<double>& f, int n, double h2, int first,
                                  int count, int threads)
{
    const int rows = n - 2;
    threads = std::max(1, std::min(threads, rows / 64 + 1));
    for (int sweep = first; sweep < first + count; ++sweep) {
        const int colour = sweep & 1;
        if (threads == 1) {
            half_sweep_rows(u.data(), f.data(), n, h2, colour, 1, n - 1);
            continue;
        }
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t) {
            const int first = 1 + int(int64_t(rows) * t / threads);
            const int end = 1 + int(int64_t(rows) * (t + 1) / threads);
            pool.emplace_back(half_sweep_rows, u.data(), f.data(), n, h2, colour, first, end);
        }
        for (std::thread& thread : pool) {
            thread.join();
        }
    }
}

inline double max_abs_diff(const std::vector<double>& a, const std::vector<double>& b)
{
    double max = 0;
    for (size_t k = 0; k < a.size(); ++k) {
        const double diff = std::fabs(a[k] - b[k]);
        if (std::isnan(diff)) {
            return diff;
        }
        max = std::max(max, diff);
    }
    return max;
}

}  // namespace temporal_tools

#endif /* HOLDFAST_TOOLS_TEMPORAL_PROBLEM_H */
