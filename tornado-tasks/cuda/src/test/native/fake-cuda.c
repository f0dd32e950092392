// A CPU stand-in for libcuda.so.1: enough of the driver API to run the CUDA backend's GPU tests
// on a machine without a GPU (see run-tests-on-fake-driver.sh). Device memory is host memory and
// every operation is synchronous, so it checks what Java passes to the driver (kernel arguments
// read from kernelParams exactly as a GPU reads them, copies, graph capture and replay, error
// paths), not timing or asynchrony. Kernels are C versions of the test kernels (TestKernels) and
// of the project's red and black kernels, found by name (BandKernels' red and black in a module whose source
// has their parameter lowRow; a captured device-to-device copy is a graph node too). Blocks run one after another, so a
// persistent kernel that waits cannot run here: waitForever records the watchdog's error at once,
// as a GPU does after the timeout, and fillPersistent checks that the barrier's lines were zeroed.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
#include <time.h>
#include <stdio.h>

typedef int CUresult;
typedef void (*body_fn)(void **params, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy);

static void k_halfSweep(void **p, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy) {
    double *u = *(double **)p[0]; double *f = *(double **)p[1]; int n = *(int *)p[2]; double h2 = *(double *)p[3]; int colour = *(int *)p[4];
    int j = bx * bdx + tx + 1; int i = by * bdy + ty + 1;
    if (i < n - 1 && j < n - 1 && ((i + j) & 1) == colour) { int k = i * n + j; u[k] = (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - h2 * f[k]) * 0.25; }
}
static void k_axpy(void **p, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy) {
    float *y = *(float **)p[0]; float *x = *(float **)p[1]; float a = *(float *)p[2]; int n = *(int *)p[3];
    int i = bx * bdx + tx; if (i < n) { volatile float m = a * x[i]; y[i] = m + y[i]; }
}
static void k_widen(void **p, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy) {
    long long *out = *(long long **)p[0]; int *in = *(int **)p[1]; long long offset = *(long long *)p[2]; bool negate = *(bool *)p[3]; int n = *(int *)p[4];
    int i = bx * bdx + tx; if (i < n) { long long v = in[i] + offset; out[i] = negate ? -v : v; }
}
static void k_store(void **p, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy) {
    long long *out = *(long long **)p[0]; long long value = *(long long *)p[1]; out[0] = value;
}
static void k_empty(void **p, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy) {}
/* The persistent control block: error line (code, block, step, index), arrivals line, generation line. */
struct control { int error[32]; int arrivals[32]; int generation[32]; };
static int fake_cluster = 1;
static void k_fillPersistent(void **p, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy) {
    int *out = *(int **)p[0]; int n = *(int *)p[1]; struct control *c = *(struct control **)p[2]; long long ns = *(long long *)p[3];
    if (c->arrivals[0] != 0 || c->generation[0] != 0 || ns <= 0) { out[0] = -1; return; }
    for (int i = bx * bdx + tx; i < n; i += gdx * bdx) out[i] = i;
}
static void k_waitForever(void **p, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy) {
    int step = *(int *)p[1]; struct control *c = *(struct control **)p[2];
    if (bx == 1 && tx == 0 && c->error[0] == 0) { c->error[0] = 2; c->error[1] = bx; c->error[2] = step; c->error[3] = bx; }
}
static void k_clusterRanks(void **p, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy) {
    int *out = *(int **)p[0]; if (tx == 0) out[bx] = bx / fake_cluster * 100 + bx % fake_cluster;
}

/* The block's threads run one after another here, so thread 0 does the whole block's exchange through shared memory. */
static void k_reverseChunks(void **p, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy) {
    double *in = *(double **)p[0]; double *out = *(double **)p[1];
    if (tx == 0) for (int t = 0; t < bdx; t++) out[bx * bdx + t] = in[bx * bdx + bdx - 1 - t];
}

static void red_black(void **p, int colour, int first, int stride) {
    double *u = *(double **)p[0]; double *f = *(double **)p[1]; int n = *(int *)p[2]; double h2 = *(double *)p[3];
    int half = (n - 1) / 2; int points = (n - 2) * half;
    for (int q = first; q < points; q += stride) {
        int i = 1 + q / half; int j = 1 + 2 * (q % half) + ((i + 1 + colour) & 1);
        if (j < n - 1) { int c = i * n + j; u[c] = (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25; }
    }
}
static void k_red(void **p, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy) { red_black(p, 0, bx * bdx + tx, gdx * bdx); }
static void k_black(void **p, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy) { red_black(p, 1, bx * bdx + tx, gdx * bdx); }

/* BandKernels' red and black: RedBlackKernels' on a band of rows whose row 0 is global row lowRow. */
static void band_red_black(void **p, int colour, int first, int stride) {
    double *u = *(double **)p[0]; double *f = *(double **)p[1]; int rows = *(int *)p[2]; int n = *(int *)p[3];
    double h2 = *(double *)p[4]; int low = *(int *)p[5];
    int half = (n - 1) / 2; int points = (rows - 2) * half;
    for (int q = first; q < points; q += stride) {
        int i = 1 + q / half; int j = 1 + 2 * (q % half) + ((i + low + 1 + colour) & 1);
        if (j < n - 1) { int c = i * n + j; u[c] = (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25; }
    }
}
static void k_bandRed(void **p, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy) { band_red_black(p, 0, bx * bdx + tx, gdx * bdx); }
static void k_bandBlack(void **p, int bx, int by, int bz, int tx, int ty, int tz, int gdx, int gdy, int bdx, int bdy) { band_red_black(p, 1, bx * bdx + tx, gdx * bdx); }

struct kernel { const char *name; body_fn body; int nparams; int sizes[8]; };
static struct kernel KERNELS[] = {
    {"halfSweep", k_halfSweep, 5, {8, 8, 4, 8, 4}},
    {"axpy", k_axpy, 4, {8, 8, 4, 4}},
    {"widen", k_widen, 5, {8, 8, 8, 1, 4}},
    {"store", k_store, 2, {8, 8}},
    {"empty", k_empty, 0, {0}},
    {"fillPersistent", k_fillPersistent, 4, {8, 4, 8, 8}},
    {"waitForever", k_waitForever, 4, {8, 4, 8, 8}},
    {"clusterRanks", k_clusterRanks, 1, {8}},
    {"red", k_red, 4, {8, 8, 4, 8}},
    {"black", k_black, 4, {8, 8, 4, 8}},
    {"reverseChunks", k_reverseChunks, 2, {8, 8}},
    {"bandRed", k_bandRed, 6, {8, 8, 4, 4, 8, 4}},
    {"bandBlack", k_bandBlack, 6, {8, 8, 4, 4, 8, 4}},
};
#define NKERNELS (sizeof KERNELS / sizeof KERNELS[0])

struct launch { int kernel; unsigned g[3], b[3]; unsigned char values[64]; };
struct graph { int count, capacity; struct launch *launches; };
struct stream { int capturing; struct graph *capture; };

static void run(int kernel, const unsigned g[3], const unsigned b[3], void **params) {
    struct kernel *k = &KERNELS[kernel];
    for (unsigned bz = 0; bz < g[2]; bz++) for (unsigned by = 0; by < g[1]; by++) for (unsigned bx = 0; bx < g[0]; bx++)
    for (unsigned tz = 0; tz < b[2]; tz++) for (unsigned ty = 0; ty < b[1]; ty++) for (unsigned tx = 0; tx < b[0]; tx++)
        k->body(params, bx, by, bz, tx, ty, tz, g[0], g[1], b[0], b[1]);
}

/* A captured device-to-device copy is recorded as kernel COPY: target, source and bytes in its values. */
#define COPY (-2)
static void run_recorded(struct launch *l) {
    if (l->kernel == COPY) {
        uint64_t d, s, n; memcpy(&d, l->values, 8); memcpy(&s, l->values + 8, 8); memcpy(&n, l->values + 16, 8);
        memmove((void *)d, (void *)s, n);
        return;
    }
    struct kernel *k = &KERNELS[l->kernel];
    void *params[8]; int offset = 0;
    for (int i = 0; i < k->nparams; i++) { params[i] = l->values + offset; offset += 8; }
    run(l->kernel, l->g, l->b, params);
}

CUresult cuGetErrorName(CUresult e, const char **s) {
    switch (e) { case 0: *s = "CUDA_SUCCESS"; return 0; case 1: *s = "CUDA_ERROR_INVALID_VALUE"; return 0;
    case 2: *s = "CUDA_ERROR_OUT_OF_MEMORY"; return 0; case 500: *s = "CUDA_ERROR_NOT_FOUND"; return 0;
    case 400: *s = "CUDA_ERROR_INVALID_HANDLE"; return 0; default: *s = NULL; return 1; }
}
CUresult cuGetErrorString(CUresult e, const char **s) {
    switch (e) { case 0: *s = "no error"; return 0; case 1: *s = "invalid argument"; return 0;
    case 2: *s = "out of memory"; return 0; case 500: *s = "named symbol not found"; return 0;
    case 400: *s = "invalid resource handle"; return 0; default: *s = NULL; return 1; }
}
CUresult cuInit(unsigned flags) { return 0; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
CUresult cuDeviceGet(int *d, int ordinal) { if (ordinal != 0) return 101; *d = 0; return 0; }
CUresult cuDeviceGetCount(int *c) { *c = 1; return 0; }
CUresult cuDeviceGetName(char *name, int len, int dev) { snprintf(name, len, "Fake H200"); return 0; }
CUresult cuDeviceTotalMem_v2(size_t *bytes, int dev) { *bytes = 150110011392ULL; return 0; }
CUresult cuDeviceGetAttribute(int *v, int a, int dev) {
    switch (a) { case 1: *v = 1024; break; case 8: *v = 49152; break; case 10: *v = 32; break; case 12: *v = 65536; break;
    case 13: *v = 1980000; break; case 16: *v = 132; break; case 36: *v = 2619000; break; case 37: *v = 6144; break;
    case 38: *v = 62914560; break; case 39: *v = 2048; break; case 75: *v = 9; break; case 76: *v = 0; break;
    case 81: *v = 233472; break; case 95: *v = 1; break; case 97: *v = 232448; break; case 106: *v = 32; break;
    case 120: *v = 1; break;
    default: return 1; }
    return 0;
}
static int retained;
CUresult cuDevicePrimaryCtxRetain(void **ctx, int dev) { retained++; *ctx = (void *)0x10; return 0; }
CUresult cuDevicePrimaryCtxRelease_v2(int dev) { if (retained == 0) return 201; retained--; return 0; }
CUresult cuCtxSetCurrent(void *ctx) { return ctx == (void *)0x10 ? 0 : 201; }
CUresult cuCtxSynchronize(void) { return 0; }
CUresult cuMemGetInfo_v2(size_t *free, size_t *total) { *free = 100000000000ULL; *total = 150110011392ULL; return 0; }
CUresult cuMemAlloc_v2(uint64_t *p, size_t n) { if (n == 0) return 1; void *m = malloc(n); if (!m) return 2; memset(m, 0xAB, n); *p = (uint64_t)m; return 0; }
CUresult cuMemFree_v2(uint64_t p) { free((void *)p); return 0; }
CUresult cuMemAllocHost_v2(void **p, size_t n) { *p = malloc(n); return 0; }
CUresult cuMemHostAlloc(void **p, size_t n, unsigned flags) { *p = malloc(n); return 0; }
CUresult cuMemFreeHost(void *p) { free(p); return 0; }
CUresult cuMemcpyHtoD_v2(uint64_t d, const void *s, size_t n) { memcpy((void *)d, s, n); return 0; }
CUresult cuMemcpyDtoH_v2(void *d, uint64_t s, size_t n) { memcpy(d, (void *)s, n); return 0; }
static int capturing(void *s) { return s && ((struct stream *)s)->capturing; }
CUresult cuMemcpyHtoDAsync_v2(uint64_t d, const void *s, size_t n, void *st) { if (capturing(st)) return 900; memcpy((void *)d, s, n); return 0; }
CUresult cuMemcpyDtoHAsync_v2(void *d, uint64_t s, size_t n, void *st) { if (capturing(st)) return 900; memcpy(d, (void *)s, n); return 0; }
static struct launch *record(void *s);
CUresult cuMemcpyDtoDAsync_v2(uint64_t d, uint64_t s, size_t n, void *st) {
    if (capturing(st)) { struct launch *l = record(st); uint64_t bytes = n; l->kernel = COPY; memcpy(l->values, &d, 8); memcpy(l->values + 8, &s, 8); memcpy(l->values + 16, &bytes, 8); return 0; }
    memmove((void *)d, (void *)s, n); return 0;
}
CUresult cuMemsetD8Async(uint64_t d, unsigned char v, size_t n, void *st) { memset((void *)d, v, n); return 0; }
CUresult cuMemsetD32Async(uint64_t d, unsigned v, size_t n, void *st) { for (size_t i = 0; i < n; i++) ((unsigned *)d)[i] = v; return 0; }
CUresult cuStreamCreate(void **s, unsigned flags) { *s = calloc(1, sizeof(struct stream)); return 0; }
CUresult cuStreamDestroy_v2(void *s) { free(s); return 0; }
CUresult cuStreamSynchronize(void *s) { return capturing(s) ? 900 : 0; }
CUresult cuStreamBeginCapture_v2(void *s, int mode) { struct stream *st = s; if (st->capturing) return 1; st->capturing = 1; st->capture = calloc(1, sizeof(struct graph)); return 0; }
CUresult cuStreamEndCapture(void *s, void **g) { struct stream *st = s; if (!st->capturing) return 1; st->capturing = 0; *g = st->capture; st->capture = NULL; return 0; }
static double now_ms(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
CUresult cuEventCreate(void **e, unsigned flags) { *e = calloc(1, sizeof(double)); return 0; }
CUresult cuEventRecord(void *e, void *s) { if (capturing(s)) return 900; *(double *)e = now_ms(); return 0; }
CUresult cuEventSynchronize(void *e) { return 0; }
CUresult cuEventQuery(void *e) { return 0; }
CUresult cuEventElapsedTime_v2(float *ms, void *a, void *b) { *ms = (float)(*(double *)b - *(double *)a); return 0; }
CUresult cuEventDestroy_v2(void *e) { free(e); return 0; }
/* A module whose source has the band kernels' parameter lowRow resolves red and black to bandRed and bandBlack. */
#define BAND_MODULE ((void *)0x21)
CUresult cuModuleLoadData(void **m, const void *image) {
    if (memcmp(image, "\x7f" "ELF-FAKE", 9) != 0) return 200;
    *m = strstr((const char *)image + 9, "int lowRow") ? BAND_MODULE : (void *)0x20; return 0;
}
CUresult cuModuleUnload(void *m) { return 0; }
CUresult cuModuleGetFunction(void **f, void *m, const char *name) {
    if (m == BAND_MODULE && strcmp(name, "red") == 0) name = "bandRed";
    if (m == BAND_MODULE && strcmp(name, "black") == 0) name = "bandBlack";
    for (unsigned i = 0; i < NKERNELS; i++) if (strcmp(KERNELS[i].name, name) == 0) { *f = (void *)(uintptr_t)(0x1000 + i); return 0; }
    return 500;
}
static int kernel_of(void *f) { uintptr_t id = (uintptr_t)f; return id >= 0x1000 && id < 0x1000 + NKERNELS ? (int)(id - 0x1000) : -1; }
/* CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES per kernel: a launch with more dynamic shared memory fails, as on a GPU. */
static int max_dynamic_shared[NKERNELS];
CUresult cuFuncGetAttribute(int *v, int a, void *f) {
    int k = kernel_of(f); if (k < 0) return 400;
    *v = a == 0 ? 1024 : a == 4 ? 24 : a == 8 ? (max_dynamic_shared[k] ? max_dynamic_shared[k] : 49152) : 0; return 0;
}
CUresult cuFuncSetAttribute(void *f, int a, int v) {
    int k = kernel_of(f); if (k < 0) return 400;
    if (a == 8) { if (v < 0 || v > 232448) return 1; max_dynamic_shared[k] = v; }
    return 0;
}
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *n, void *f, int block, size_t shared) { *n = 2048 / block; return 0; }
/* A new node at the end of the graph the stream captures. */
static struct launch *record(void *s) {
    struct graph *gr = ((struct stream *)s)->capture;
    if (gr->count == gr->capacity) { gr->capacity = gr->capacity ? 2 * gr->capacity : 16; gr->launches = realloc(gr->launches, gr->capacity * sizeof(struct launch)); }
    return &gr->launches[gr->count++];
}
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz, unsigned shared, void *s, void **params, void **extra) {
    int k = kernel_of(f); if (k < 0) return 400;
    if (gx == 0 || gy == 0 || gz == 0 || bx * by * bz > 1024) return 1;
    if (shared > (unsigned)(max_dynamic_shared[k] ? max_dynamic_shared[k] : 49152)) return 1;
    unsigned g[3] = {gx, gy, gz}, b[3] = {bx, by, bz};
    if (capturing(s)) {
        struct launch *l = record(s);
        l->kernel = k; memcpy(l->g, g, sizeof g); memcpy(l->b, b, sizeof b);
        for (int i = 0; i < KERNELS[k].nparams; i++) memcpy(l->values + 8 * i, params[i], KERNELS[k].sizes[i]);
        return 0;
    }
    run(k, g, b, params);
    return 0;
}
CUresult cuLaunchCooperativeKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz, unsigned shared, void *s, void **params) {
    return cuLaunchKernel(f, gx, gy, gz, bx, by, bz, shared, s, params, NULL);
}
/* CUlaunchConfig and CUlaunchAttribute as cuda.h lays them out. */
struct launch_attribute { int id; int pad; unsigned value[16]; };
struct launch_config { unsigned g[3], b[3], shared; void *stream; struct launch_attribute *attrs; unsigned count; };
CUresult cuLaunchKernelEx(const struct launch_config *config, void *f, void **params, void **extra) {
    int cluster = 1;
    for (unsigned i = 0; i < config->count; i++) {
        if (config->attrs[i].id == 4) cluster = (int)config->attrs[i].value[0];
        else if (config->attrs[i].id == 2 && config->attrs[i].value[0] != 1) return 1;
        else if (config->attrs[i].id != 2) return 1;
    }
    if (cluster < 1 || config->g[0] % cluster != 0 || cluster > 16) return 912;
    fake_cluster = cluster;
    CUresult r = cuLaunchKernel(f, config->g[0], config->g[1], config->g[2], config->b[0], config->b[1], config->b[2], config->shared,
                                config->stream, params, extra);
    fake_cluster = 1;
    return r;
}
CUresult cuOccupancyMaxActiveClusters(int *n, void *f, const struct launch_config *config) {
    int cluster = 1;
    for (unsigned i = 0; i < config->count; i++) if (config->attrs[i].id == 4) cluster = (int)config->attrs[i].value[0];
    *n = cluster > 16 ? 0 : 2048 / (int)config->b[0] * 132 / cluster / 2; return 0;
}
CUresult cuGraphGetNodes(void *g, void **nodes, size_t *n) { *n = ((struct graph *)g)->count; return 0; }
CUresult cuGraphInstantiateWithFlags(void **exec, void *g, unsigned long long flags) {
    struct graph *copy = calloc(1, sizeof *copy); struct graph *src = g;
    copy->count = copy->capacity = src->count; copy->launches = malloc(src->count * sizeof(struct launch) + 1);
    memcpy(copy->launches, src->launches, src->count * sizeof(struct launch)); *exec = copy; return 0;
}
CUresult cuGraphUpload(void *exec, void *s) { return 0; }
CUresult cuGraphLaunch(void *exec, void *s) { struct graph *g = exec; for (int i = 0; i < g->count; i++) run_recorded(&g->launches[i]); return 0; }
CUresult cuGraphExecDestroy(void *exec) { struct graph *g = exec; free(g->launches); free(g); return 0; }
CUresult cuGraphDestroy(void *gr) { struct graph *g = gr; free(g->launches); free(g); return 0; }
