/*
 * emulated_cube.h: the 3D Poisson problem (HF_PROBLEM_POISSON_3D) on the host for the CPU-emulation
 * tests: a seeded random interior (a check that can fail), and the plain sequential reference after
 * a number of iterations, as ReferenceSolver3D writes it.
 */
#ifndef HOLDFAST_TESTS_EMULATED_CUBE_H
#define HOLDFAST_TESTS_EMULATED_CUBE_H

#include <cmath>
#include <random>

#include "emulated_grid.h"

struct EmulatedCube : EmulatedArrays {
    EmulatedCube(int size, int iterations) : EmulatedArrays(size, size_t(size) * size * size)
    {
        const double d = 1.0 / (n - 1);
        std::mt19937_64 random(static_cast<unsigned long long>(n) * 3);
        std::uniform_real_distribution<double> interior(-1.0, 1.0);
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) {
                for (int k = 0; k < n; ++k) {
                    const double exact = std::sin(M_PI * i * d) * std::sin(M_PI * j * d) * std::cos(M_PI * k * d);
                    const bool boundary = i == 0 || j == 0 || k == 0 || i == n - 1 || j == n - 1 || k == n - 1;
                    u[at(i, j, k)] = boundary ? exact : interior(random);
                    f[at(i, j, k)] = 3 * M_PI * M_PI * exact;
                }
            }
        }
        expected = u;
        for (int step = 0; step < 2 * iterations; ++step) {
            reference_half_sweep(step & 1);
        }
    }

    size_t at(int i, int j, int k) const { return (size_t(i) * n + j) * n + k; }

    /* One half-sweep of `colour` ((i + j + k) % 2), plane by plane, row by row: the neighbours added
     * in planes i + 1, i - 1, rows j + 1, j - 1, columns k + 1, k - 1, minus h2 * f, then / 6. */
    void reference_half_sweep(int colour)
    {
        std::vector<double>& e = expected;
        for (int i = 1; i < n - 1; ++i) {
            for (int j = 1; j < n - 1; ++j) {
                for (int k = 1; k < n - 1; ++k) {
                    if (((i + j + k) & 1) == colour) {
                        e[at(i, j, k)] = (e[at(i + 1, j, k)] + e[at(i - 1, j, k)] + e[at(i, j + 1, k)] +
                                          e[at(i, j - 1, k)] + e[at(i, j, k + 1)] + e[at(i, j, k - 1)] -
                                          h2 * f[at(i, j, k)]) /
                                         6.0;
                    }
                }
            }
        }
    }
};

#endif /* HOLDFAST_TESTS_EMULATED_CUBE_H */
