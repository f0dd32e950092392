/*
 * A stand-in libcuda.so.1 for trying the TornadoVM runtime on a machine without a GPU: enough of
 * the driver API that TornadoVM's PTX backend starts, compiles kernels to PTX and "runs" them.
 * Device memory is host memory and copies are memcpy, but kernels never execute, so results are
 * wrong by design: this checks the plumbing (JDK modules, SDK jars, argfile, PTX generation), not
 * the answers. Each PTX module TornadoVM loads is written to $FAKE_CUDA_PTX_DIR (if set), where
 * ptxas can check it. Only the symbols TornadoVM 5.2's libtornado-ptx.so imports are defined, and
 * one more: Holdfast's own CUDA binding (used by its harness, in the same process as TornadoVM) is
 * told "not supported" at its first call beyond the device query, so that it gives up cleanly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;
enum { OK = 0 };

static long modules;
static long allocations;

/* For the plumbing check (TornadoVmPlumbing): what TornadoVM asked of the driver so far. */
long fake_cuda_allocations(void) { return allocations; }
long fake_cuda_modules(void) { return modules; }

CUresult cuInit(unsigned flags) { (void) flags; return OK; }
CUresult cuDriverGetVersion(int* version) { *version = 13000; return OK; }
CUresult cuDeviceGetCount(int* count) { *count = 1; return OK; }
CUresult cuDeviceGet(int* device, int ordinal) { *device = ordinal; return OK; }
CUresult cuDeviceGetName(char* name, int len, int device) { (void) device; snprintf(name, len, "Fake H200 (no GPU)"); return OK; }
CUresult cuDeviceTotalMem_v2(size_t* bytes, int device) { (void) device; *bytes = (size_t) 8 << 30; return OK; }
CUresult cuMemGetInfo_v2(size_t* free_bytes, size_t* total) { *free_bytes = (size_t) 8 << 30; *total = (size_t) 8 << 30; return OK; }

/* Attribute numbers from cuda.h (CUdevice_attribute); an H200's values, 1 for the rest. */
CUresult cuDeviceGetAttribute(int* value, int attribute, int device) {
    (void) device;
    switch (attribute) {
        case 1: case 2: case 3: *value = 1024; break;          /* threads per block, block dims x, y */
        case 4: *value = 64; break;                            /* block dim z */
        case 5: *value = 2147483647; break;                    /* grid dim x */
        case 6: case 7: *value = 65535; break;                 /* grid dims y, z */
        case 8: *value = 49152; break;                         /* shared memory per block */
        case 9: *value = 65536; break;                         /* constant memory */
        case 10: *value = 32; break;                           /* warp size */
        case 12: *value = 65536; break;                        /* registers per block */
        case 13: *value = 1980000; break;                      /* clock rate, kHz */
        case 16: *value = 132; break;                          /* multiprocessors */
        case 36: *value = 2619000; break;                      /* memory clock, kHz */
        case 37: *value = 5120; break;                         /* memory bus width */
        case 38: *value = 52428800; break;                     /* L2 bytes */
        case 39: *value = 2048; break;                         /* threads per multiprocessor */
        case 75: *value = 9; break;                            /* compute capability major */
        case 76: *value = 0; break;                            /* minor */
        case 81: *value = 233472; break;                       /* shared memory per multiprocessor */
        case 97: *value = 232448; break;                       /* shared memory per block, opt-in */
        default: *value = 1; break;
    }
    return OK;
}

/* Holdfast's binding retains the primary context first: CUDA_ERROR_NOT_SUPPORTED stops it there. */
CUresult cuDevicePrimaryCtxRetain(void** context, int device) { (void) context; (void) device; return 801; }

CUresult cuCtxCreate_v4(void** context, void* params, unsigned flags, int device) {
    (void) params; (void) flags; (void) device; *context = malloc(16); return OK;
}
CUresult cuCtxDestroy_v2(void* context) { free(context); return OK; }
CUresult cuCtxSetCurrent(void* context) { (void) context; return OK; }
CUresult cuCtxGetStreamPriorityRange(int* least, int* greatest) { *least = 0; *greatest = -5; return OK; }

CUresult cuMemAlloc_v2(CUdeviceptr* pointer, size_t bytes) { allocations++; *pointer = (CUdeviceptr) calloc(1, bytes ? bytes : 1); return OK; }
CUresult cuMemFree_v2(CUdeviceptr pointer) { free((void*) pointer); return OK; }
CUresult cuMemAllocHost_v2(void** pointer, size_t bytes) { allocations++; *pointer = calloc(1, bytes ? bytes : 1); return OK; }
CUresult cuMemFreeHost(void* pointer) { free(pointer); return OK; }
CUresult cuMemHostRegister_v2(void* pointer, size_t bytes, unsigned flags) { (void) pointer; (void) bytes; (void) flags; return OK; }
CUresult cuMemHostUnregister(void* pointer) { (void) pointer; return OK; }
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void* src, size_t bytes, void* stream) {
    (void) stream; memcpy((void*) dst, src, bytes); return OK;
}
CUresult cuMemcpyDtoHAsync_v2(void* dst, CUdeviceptr src, size_t bytes, void* stream) {
    (void) stream; memcpy(dst, (const void*) src, bytes); return OK;
}

CUresult cuStreamCreateWithPriority(void** stream, unsigned flags, int priority) {
    (void) flags; (void) priority; *stream = malloc(16); return OK;
}
CUresult cuStreamDestroy_v2(void* stream) { free(stream); return OK; }
CUresult cuStreamSynchronize(void* stream) { (void) stream; return OK; }
CUresult cuStreamWaitEvent(void* stream, void* event, unsigned flags) { (void) stream; (void) event; (void) flags; return OK; }
CUresult cuStreamBeginCapture_v2(void* stream, int mode) { (void) stream; (void) mode; return OK; }
CUresult cuStreamEndCapture(void* stream, void** graph) { (void) stream; *graph = malloc(16); return OK; }
CUresult cuStreamIsCapturing(void* stream, int* status) { (void) stream; *status = 0; return OK; }

CUresult cuEventCreate(void** event, unsigned flags) { (void) flags; *event = malloc(16); return OK; }
CUresult cuEventDestroy_v2(void* event) { free(event); return OK; }
CUresult cuEventRecord(void* event, void* stream) { (void) event; (void) stream; return OK; }
CUresult cuEventSynchronize(void* event) { (void) event; return OK; }
CUresult cuEventQuery(void* event) { (void) event; return OK; }
CUresult cuEventElapsedTime_v2(float* ms, void* start, void* end) { (void) start; (void) end; *ms = 0.001f; return OK; }

CUresult cuGraphInstantiateWithFlags(void** exec, void* graph, unsigned long long flags) {
    (void) graph; (void) flags; *exec = malloc(16); return OK;
}
CUresult cuGraphLaunch(void* exec, void* stream) { (void) exec; (void) stream; return OK; }
CUresult cuGraphExecDestroy(void* exec) { free(exec); return OK; }
CUresult cuGraphDestroy(void* graph) { free(graph); return OK; }

static CUresult load(void** module, const void* image) {
    const char* dir = getenv("FAKE_CUDA_PTX_DIR");
    if (dir != NULL) {
        char path[4096];
        snprintf(path, sizeof path, "%s/module-%ld.ptx", dir, modules);
        FILE* out = fopen(path, "w");
        if (out != NULL) {
            fputs((const char*) image, out);
            fclose(out);
        }
    }
    modules++;
    *module = malloc(16);
    return OK;
}
CUresult cuModuleLoadData(void** module, const void* image) { return load(module, image); }
CUresult cuModuleLoadDataEx(void** module, const void* image, unsigned count, void* options, void** values) {
    (void) count; (void) options; (void) values; return load(module, image);
}
CUresult cuModuleUnload(void* module) { free(module); return OK; }
CUresult cuModuleGetFunction(void** function, void* module, const char* name) { (void) module; (void) name; *function = malloc(16); return OK; }
CUresult cuOccupancyMaxPotentialBlockSize(int* min_grid, int* block, void* function, void* to_shared, size_t shared, int limit) {
    (void) function; (void) to_shared; (void) shared; *min_grid = 264; *block = limit > 0 && limit < 1024 ? limit : 1024; return OK;
}
CUresult cuLaunchKernel(void* function, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        void* stream, void** params, void** extra) {
    (void) function; (void) gx; (void) gy; (void) gz; (void) bx; (void) by; (void) bz; (void) shared; (void) stream; (void) params;
    (void) extra;
    return OK;
}
