/*
 * planner.h: the one owner of a persistent run's plan.
 *
 * hf_plan_run resolves the variant, asks the device what the variant's kernel can have
 * (occupancy, shared memory, cooperative launch), lets the row's planner hook choose the blocks
 * and the placement, refuses a grid that cannot be co-resident, and fills the hf_plan that the
 * caller shows and passes back unchanged. The rules read only plain values, so the host-only
 * test (tests/planner_test.cpp) checks them against a pretend H200.
 */
#ifndef HOLDFAST_PLANNER_H
#define HOLDFAST_PLANNER_H

#include "device.h"
#include "variant_table.h"

namespace holdfast {

constexpr int kMaxN = 46340; /* n * n must fit in an int, as in the Java kernels */
constexpr int kMaxN3D = 1290; /* the cube's: n * n * n must fit in an int (Poisson3DProblem.MAX_N) */
constexpr double kDefaultWatchdogSeconds = 10.0;
constexpr double kMaxWatchdogSeconds = 1e6; /* keeps the deadline in ticks well inside 64 bits */

/* Points of one colour per thread up to which one block holding the grid on chip is the fastest
 * grid (when u and f fit in its shared memory). On the H200 one block beat every multi-block
 * grid up to about that load (N = 33 at 256 threads, 2 points per thread) and lost well beyond it
 * (N = 101, 20 points per thread); the figures: docs/results.md, runs/small. */
constexpr int kOnChipPointsPerThread = 5; /* the Java twins read it through hf_plan_twin */

/* ---------------------------------------------------------------- the on-chip variants' rules
 * (docs/persistent-variants.md has the measurements behind the numbers) */

/* One warp holds the grid (no block barrier at all) up to this many points of a colour: two per
 * lane. */
constexpr int kOneWarpPoints = 64;
/* A block holds at most this many points of a colour in registers (16 slots x 256 threads). */
constexpr int kMostRegisterPoints = 4096;

/* How many points of a colour each thread keeps (a built slot count) and how many threads:
 * the fewest slots whose block-size bound holds `points`, then the fewest threads (a multiple of
 * 32) for them; one_warp > 0 fixes the block at that many threads. {0, 0} when nothing holds them. */
struct RegisterShape {
    int slots;
    int threads;
};
RegisterShape register_shape(int points, int one_warp);

/* The cluster the cluster variants take for n when not asked: blocks and half-sweeps per exchange
 * (k is then lowered while the band and its ghost rows do not fit). First row with n <= largest_n
 * of the problem's table (the square's measured, the cube's not yet). */
struct ClusterShape {
    int largest_n;
    int blocks;
    int sweeps_per_exchange;
};
ClusterShape preferred_cluster_shape(int n, int problem = HF_PROBLEM_POISSON_2D);

/* `auto`: the rule table and the order of candidates are auto_rule.h's. */

/* What planning asks the device: the facts for a row's kernel, whether a finished plan fits (a
 * cluster plan: launchable, and its occupancy at least all its clusters) and, for a plan of several
 * clusters, how many of its clusters can be resident at once (none: the grid is not sized by it).
 * The host-only test pretends. */
struct PlanDevice {
    hf_status (*facts)(const VariantRow& row, int threads, DeviceFacts* facts);
    hf_status (*fits)(const VariantRow& row, const hf_plan& plan);
    hf_status (*active_clusters)(const VariantRow& row, const hf_plan& plan, int* clusters) = nullptr;
};

/* Planner hooks (VariantRow::planner). */

/* persistent-grid block: one block holding the grid as colour planes, its threads' points in
 * registers; one warp up to kOneWarpPoints points of a colour. Sizes its block; requested
 * blocks must be 0 or 1, sweeps per exchange 0 or 1. */
hf_status plan_block_on_chip(const PlanInput& input, PlanChoice* choice);

/* The cluster variants: one cluster (requested blocks, or preferred_cluster_shape) holding the
 * grid in bands with k ghost rows (requested, or the preferred k lowered until it fits). Sizes its
 * block. The layouts differ in how halos travel: pushed before the cluster barrier
 * (persistent-grid cluster), or st.async stores each block waits for (persistent-dataflow cluster).
 * The cube (input.problem HF_PROBLEM_POISSON_3D) in slabs of planes with k ghost planes, the same
 * rule with its own preferred shape; a size whose slab does not fit registers or shared memory is
 * refused, naming what a block would need and what it holds. */
hf_status plan_cluster_barrier_on_chip(const PlanInput& input, PlanChoice* choice);
hf_status plan_cluster_async_on_chip(const PlanInput& input, PlanChoice* choice);

/* As many blocks as are useful (HF_SPLIT_GRID_STRIDE: one thread per point of a colour;
 * HF_SPLIT_ROW_BANDS: one row each) and co-resident, or exactly the requested number. */
hf_status plan_spread(const PlanInput& input, PlanChoice* choice);

/* plan_spread, except that a small grid goes to one block that holds u and f in shared memory
 * (at most kOnChipPointsPerThread points of a colour per thread); and a grid of one block, chosen
 * or requested, runs on chip whenever u fits (f too when it also fits). */
hf_status plan_alone_on_chip(const PlanInput& input, PlanChoice* choice);

/* persistent-dataflow resident (resident_plan.cpp): one block per SM holding its band (fewer where
 * there are fewer rows, or where bands would be thinner than an asked k), k from the caller or the
 * auto rule, f on chip when it fits; refuses a band that does not fit. The cube in slabs of planes,
 * refused in one line where one plane and its two ghost planes do not fit a block. */
hf_status plan_resident(const PlanInput& input, PlanChoice* choice);

/* The LL mailbox of a resident plan (VariantRow::mailbox_lines). */
int64_t resident_mailbox_lines_of(const hf_plan& plan);

/* persistent-grid cluster-bands (kernels/cluster_bands.h): every SM holds its band as in
 * plan_resident, the blocks in clusters of 16 (the widest the device launches, and narrower where
 * the rows do not give 16 bands of k rows), as many whole clusters as the SMs hold; requested
 * blocks are whole clusters of the widest size that divides them. k and f on chip as in
 * plan_resident (k = 3 unless asked); the layout adds an inbox per block for the edges of its
 * neighbours in the cluster (cluster_bands_layout.h). plan_row then lowers the cluster count to
 * what the occupancy API says is co-resident. */
hf_status plan_cluster_bands(const PlanInput& input, PlanChoice* choice);

/* The temporally blocked stream (persistent-grid temporal): input.requested_sweeps is k, resolved
 * already; as many blocks as there are items of a pass (plan_stream_geometry for the co-resident
 * maximum: a single wave), or exactly the requested number (they share the items grid-stride).
 * Runs kStreamThreads threads per block. */
hf_status plan_temporal_stream(const PlanInput& input, PlanChoice* choice);

/* temporal3d: the cube's temporally blocked stream (persistent-grid temporal on HF_PROBLEM_POISSON_3D):
 * k resolved already; each block takes stream_3d_shared_bytes(k) of dynamic shared memory, so the
 * co-resident blocks are what the shared memory and the kernel's registers allow (two an SM up to
 * k = 4, one above, on an H200); as many blocks as a pass has items (plan_stream_geometry_3d for
 * that maximum), or exactly the requested number. Sizes its block: kStream3dThreads threads whatever
 * was asked (the tile's rows are spread over 16 warps). */
hf_status plan_temporal_stream_3d(const PlanInput& input, PlanChoice* choice);

/* The kernel a row runs at `sweeps` per exchange: the row's own, or for a row that blocks in time
 * the one for that k (0: the k of the auto rule for the row at n, else the row's default); refuses a
 * k the row has no kernel for. */
hf_status kernel_for_sweeps(const VariantRow& row, int sweeps, int n, const KernelRef** kernel, int* resolved_sweeps);

/* n within 3 .. kMaxN. */
hf_status check_size(int n);

/* A problem the library solves: its kind, n (3 .. kMaxN, kMaxN3D for the cube), and a spacing squared. */
hf_status check_problem(const hf_problem& problem);

/* hf_plan_run and hf_session_open: checks the problem and the config, then plans on the current
 * device; "auto" tries the candidates of the auto rule in turn. */
hf_status plan_run(const hf_problem& problem, const hf_run_config& config, hf_plan* plan);

/* hf_plan_twin: the named variant's plan with the occupancy of another kernel (blocks_per_sm). */
hf_status plan_twin(const hf_problem& problem, const hf_run_config& config, int blocks_per_sm, hf_plan* plan);

/* plan_run with the device's answers from `device`: resolves the row of (problem, mode, variant),
 * `auto` by the rules, then plans the row. A variant of the mode that solves another problem only
 * is refused in one line naming the mode's variants for this one. */
hf_status plan_with(const hf_run_config& config, const hf_problem& problem, const PlanDevice& device, hf_plan* plan);

/* The plan of one row (the problem is the row's, of n points per side). */
hf_status plan_row(const hf_run_config& config, int n, int row_index, const PlanDevice& device, hf_plan* plan);

/* The block size a row is asked for: the config's, else the row's default; 0 for a row that
 * sizes its block (default_threads 0), which does not take the config's. */
int threads_asked(const hf_run_config& config, const VariantRow& row);

/* The plan for this row on a device with these facts (the part of plan_run after the device
 * was asked); the problem is the row's. */
hf_status plan_from_facts(const hf_run_config& config, int n, int row_index, const DeviceFacts& facts,
                          hf_plan* plan);

/* A plan of several clusters whose blocks were not asked for: planned again for as many clusters
 * as the device says can be resident at once (device.active_clusters), where that is fewer. */
hf_status size_by_active_clusters(const hf_run_config& config, int n, int row_index, const DeviceFacts& facts,
                                  const PlanDevice& device, hf_plan* plan);


/* The checks that need the iteration count: a fault needs a half-sweep to wait at. */
hf_status check_run(const hf_plan& plan, int iterations);

/* The mode (variant) label of messages, e.g. "persistent-grid (two-slot)". */
const char* label_of(const hf_plan& plan);

}  // namespace holdfast

#endif /* HOLDFAST_PLANNER_H */
