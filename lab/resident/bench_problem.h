/*
 * bench_problem.h: the problem of DESIGN.md with a seeded random interior, its sequential
 * reference on the CPU, and the full-array comparison (resident_bench only).
 */
#ifndef HOLDFAST_TOOLS_RESIDENT_BENCH_PROBLEM_H
#define HOLDFAST_TOOLS_RESIDENT_BENCH_PROBLEM_H

#include <cmath>
#include <cstddef>
#include <cstring>
#include <random>
#include <vector>

namespace bench {

struct HostProblem {
    int n;
    double h2;
    std::vector<double> initial; /* boundary from the exact solution, random interior */
    std::vector<double> f;
};

inline HostProblem make_problem(int n)
{
    HostProblem problem{n, 0.0, std::vector<double>(size_t(n) * n), std::vector<double>(size_t(n) * n)};
    const double d = 1.0 / (n - 1);
    problem.h2 = d * d;
    std::mt19937_64 random(0x5eedULL + static_cast<unsigned long long>(n));
    std::uniform_real_distribution<double> interior(-1.0, 1.0);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const double exact = std::sin(2 * M_PI * j * d) * std::cos(2 * M_PI * i * d);
            const bool boundary = i == 0 || j == 0 || i == n - 1 || j == n - 1;
            problem.initial[size_t(i) * n + j] = boundary ? exact : interior(random);
            problem.f[size_t(i) * n + j] = -8 * M_PI * M_PI * exact;
        }
    }
    return problem;
}

/* The sequential reference: red then black, row by row, update_point's arithmetic and order. */
inline void reference_iterations(std::vector<double>& u, const HostProblem& problem, int iterations)
{
    const int n = problem.n;
    double* e = u.data();
    const double* f = problem.f.data();
    for (int iteration = 0; iteration < iterations; ++iteration) {
        for (int colour = 0; colour < 2; ++colour) {
            for (int i = 1; i < n - 1; ++i) {
                for (int j = 1 + ((i + 1 + colour) & 1); j < n - 1; j += 2) {
                    const size_t c = size_t(i) * n + j;
                    e[c] = (e[c + n] + e[c - n] + e[c + 1] + e[c - 1] - problem.h2 * f[c]) * 0.25;
                }
            }
        }
    }
}

struct Difference {
    bool identical;
    double max_abs;
    long long differing; /* points that differ */
};

inline Difference compare(const double* actual, const double* expected, size_t count)
{
    Difference difference{std::memcmp(actual, expected, count * sizeof(double)) == 0, 0.0, 0};
    if (!difference.identical) {
        for (size_t k = 0; k < count; ++k) {
            if (std::memcmp(&actual[k], &expected[k], sizeof(double)) != 0) {
                ++difference.differing;
                const double gap = std::fabs(actual[k] - expected[k]);
                difference.max_abs = std::isnan(gap) || gap > difference.max_abs ? gap : difference.max_abs;
            }
        }
    }
    return difference;
}

}  // namespace bench

#endif /* HOLDFAST_TOOLS_RESIDENT_BENCH_PROBLEM_H */
