/*
 * prototype_pass.h: what one temporally blocked pass does, shared by every temporal kernel.
 *
 * A pass runs `sweeps` consecutive half-sweeps (at most the kernel's compile-time K), the first of
 * colour `first_colour`, reading the state before the pass from `in` and writing every interior
 * point of the state after it to `out`. Two buffers, because a block's ghost points are a
 * neighbour's owned points: updating in place, a block could read a ghost point that its
 * neighbour has already advanced in the same launch. `out` must hold the boundary already (it
 * never changes, so the host copies it once); the pass writes interior points only, each exactly
 * once, so consecutive passes swap `in` and `out`.
 *
 * Exactness: a half-sweep of colour c reads only points of colour 1 - c, so any order of the
 * updates inside it gives the sequential reference's values; each update below is the reference's
 * arithmetic in the reference's order, so with contraction off the result is bit for bit equal.
 */
#ifndef HOLDFAST_PROTOTYPE_DEVICE_TEMPORAL_PASS_H
#define HOLDFAST_PROTOTYPE_DEVICE_TEMPORAL_PASS_H

namespace holdfast::prototype {

struct TemporalPass {
    const double* in;  /* the state before the pass (n x n, boundary included) */
    double* out;       /* the state after it: interior points written, boundary left alone */
    const double* f;   /* right-hand side (n x n) */
    int n;
    double h2;
    int first_colour;  /* colour of the first half-sweep: 0 red ((i + j) even), 1 black */
    int sweeps;        /* half-sweeps in this pass, 1 .. K */
};

/* u = (south + north + east + west - h2 * f) / 4: stencil.h's update_point, whose sum reads
 * u[c + n] + u[c - n] + u[c + 1] + u[c - 1] in that order, written as a value. h2_f is the
 * product h2 * f, computed once where a kernel keeps it (the same operation, so the same bits). */
__host__ __device__ __forceinline__ double updated_value_of_product(double south, double north, double east,
                                                                    double west, double h2_f)
{
    return (south + north + east + west - h2_f) * 0.25;
}

__host__ __device__ __forceinline__ double updated_value(double south, double north, double east, double west,
                                                         double h2, double f)
{
    return updated_value_of_product(south, north, east, west, h2 * f);
}

/* Whether 0 <= value < limit, in one comparison. */
__host__ __device__ __forceinline__ bool within(int value, int limit)
{
    return static_cast<unsigned int>(value) < static_cast<unsigned int>(limit);
}

/* Passes of a run of `total` half-sweeps, `per_pass` each (the last may be shorter). */
__host__ __device__ __forceinline__ int pass_count(int total, int per_pass) { return (total + per_pass - 1) / per_pass; }

/* Pass number `index` of a run: buffers alternate, starting from `start` (the initial state),
 * so the run ends in `start` when pass_count is even and in `scratch` when it is odd. Both the
 * host (one launch per pass) and the persistent kernels (one pass per grid barrier) use it. */
__host__ __device__ __forceinline__ TemporalPass temporal_pass_of(double* start, double* scratch, const double* f, int n,
                                                                  double h2, int total, int per_pass, int index)
{
    const int first = index * per_pass;
    const bool even = (index & 1) == 0;
    return TemporalPass{even ? start : scratch, even ? scratch : start, f, n, h2, first & 1,
                        total - first < per_pass ? total - first : per_pass};
}

}  // namespace holdfast::prototype

#endif /* HOLDFAST_PROTOTYPE_DEVICE_TEMPORAL_PASS_H */
