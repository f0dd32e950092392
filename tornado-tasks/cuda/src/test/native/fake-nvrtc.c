// A stand-in for NVRTC, for run-tests-on-fake-driver.sh: "compiles" to a fake ELF image holding the
// source, which fake-cuda.c accepts; fails, with a log, on a source that uses undefined_name.
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
struct program { char *source; char *name; char *log; };
const char *nvrtcGetErrorString(int r) { return r == 0 ? "NVRTC_SUCCESS" : r == 6 ? "NVRTC_ERROR_COMPILATION" : "NVRTC_ERROR unknown"; }
int nvrtcVersion(int *major, int *minor) { *major = 13; *minor = 0; return 0; }
int nvrtcCreateProgram(struct program **p, const char *src, const char *name, int n, const char *const *h, const char *const *i) {
    *p = calloc(1, sizeof **p); (*p)->source = strdup(src); (*p)->name = strdup(name ? name : "default_program"); (*p)->log = strdup(""); return 0;
}
int nvrtcDestroyProgram(struct program **p) { free((*p)->source); free((*p)->name); free((*p)->log); free(*p); *p = NULL; return 0; }
int nvrtcCompileProgram(struct program *p, int n, const char *const *options) {
    int arch = 0;
    for (int i = 0; i < n; i++) if (strncmp(options[i], "--gpu-architecture=sm_", 22) == 0) arch = 1;
    if (!arch) return 5;
    if (strstr(p->source, "undefined_name")) {
        free(p->log); p->log = malloc(512);
        snprintf(p->log, 512, "%s(2): error: identifier \"undefined_name\" is undefined\n\n1 error detected in the compilation of \"%s\".\n", p->name, p->name);
        return 6;
    }
    return 0;
}
int nvrtcGetProgramLogSize(struct program *p, size_t *n) { *n = strlen(p->log) + 1; return 0; }
int nvrtcGetProgramLog(struct program *p, char *log) { strcpy(log, p->log); return 0; }
int nvrtcGetCUBINSize(struct program *p, size_t *n) { *n = 9 + strlen(p->source); return 0; }
int nvrtcGetCUBIN(struct program *p, char *out) { memcpy(out, "\x7f" "ELF-FAKE", 9); memcpy(out + 9, p->source, strlen(p->source)); return 0; }
