/*
 * emulated_grid.h: the problem of DESIGN.md on the host for the CPU-emulation tests, with the
 * sequential reference after a number of iterations.
 */
#ifndef HOLDFAST_TESTS_EMULATED_GRID_H
#define HOLDFAST_TESTS_EMULATED_GRID_H

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

/* A problem's arrays on the host, n points per side (`points` in all), and the reference's. */
struct EmulatedArrays {
    int n;
    double h2;
    std::vector<double> u;
    std::vector<double> f;
    std::vector<double> expected; /* the reference after the iterations of the test */

    EmulatedArrays(int size, size_t points) : n(size), h2((1.0 / (size - 1)) * (1.0 / (size - 1))), u(points), f(points) {}

    bool matches() const { return std::memcmp(u.data(), expected.data(), u.size() * sizeof(double)) == 0; }
};

struct EmulatedGrid : EmulatedArrays {
    /* random_interior: a seeded random interior (a check that can fail), else 0 as in DESIGN.md. */
    EmulatedGrid(int size, int iterations, bool random_interior) : EmulatedArrays(size, size_t(size) * size)
    {
        const double d = 1.0 / (n - 1);
        std::mt19937_64 random(static_cast<unsigned long long>(n));
        std::uniform_real_distribution<double> interior(-1.0, 1.0);
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) {
                const double exact = std::sin(2 * M_PI * j * d) * std::cos(2 * M_PI * i * d);
                const bool boundary = i == 0 || j == 0 || i == n - 1 || j == n - 1;
                u[size_t(i) * n + j] = boundary ? exact : random_interior ? interior(random) : 0.0;
                f[size_t(i) * n + j] = -8 * M_PI * M_PI * exact;
            }
        }
        expected = u;
        for (int step = 0; step < 2 * iterations; ++step) {
            reference_half_sweep(expected, step & 1);
        }
    }

    /* One half-sweep of `colour`, row by row: update_point's arithmetic and order. */
    void reference_half_sweep(std::vector<double>& grid, int colour) const
    {
        double* e = grid.data();
        for (int i = 1; i < n - 1; ++i) {
            for (int j = 1; j < n - 1; ++j) {
                if (((i + j) & 1) == colour) {
                    const size_t c = size_t(i) * n + j;
                    e[c] = (e[c + n] + e[c - n] + e[c + 1] + e[c - 1] - h2 * f[c]) * 0.25;
                }
            }
        }
    }
};

#endif /* HOLDFAST_TESTS_EMULATED_GRID_H */
