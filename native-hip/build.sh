#!/usr/bin/env bash
# Builds libholdfast_native with every GPU compiler this machine has (Maven runs it in phase
# compile; it also runs on its own).
#
#   CUDA, when nvcc is on PATH or in /usr/local/cuda/bin: target/cuda, then
#        target/lib/libholdfast_native.so and target/bin/holdfast_native_{selftest,bench}; where
#        NCCL 2.28+ is found (NCCL_HOME, or the system's), target/lib/libholdfast_nccl_bands.so and
#        target/bin/holdfast_bands_nccl_check too
#   HIP,  when hipcc is on PATH: target/hip (AMD gfx90a, HIP_PLATFORM=amd; a compile check,
#        nothing runs it)
# The first build also runs the host-only tests (ctest: the persistent-host scheduler, and the
# kernels' code on CPU threads against the sequential reference).
#
# A missing compiler is skipped with one line that says so; a compiler that fails fails the build.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="$here/target"
jobs="$(nproc 2>/dev/null || echo 2)"
skipped=()

# Runs a step quietly into a log; shows the log and fails when the step fails.
quietly() { # log, command...
    local log="$1"
    shift
    "$@" >"$log" 2>&1 || {
        cat "$log" >&2
        echo "native-hip: failed: $* (log: $log)" >&2
        return 1
    }
}

configure_and_build() { # build_dir, cmake arguments...
    local build_dir="$1"
    shift
    quietly "$build_dir.configure.log" cmake -S "$here" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release "$@"
    quietly "$build_dir.build.log" cmake --build "$build_dir" --parallel "$jobs"
    if grep -i 'warning' "$build_dir.build.log"; then
        echo "native-hip: the build above has warnings" >&2
    fi
    quietly "$build_dir.test.log" ctest --test-dir "$build_dir" --output-on-failure --no-tests=ignore
    grep -E 'tests passed|No tests were found' "$build_dir.test.log" || true
}

find_nvcc() {
    if command -v nvcc >/dev/null 2>&1; then
        command -v nvcc
    elif [[ -x /usr/local/cuda/bin/nvcc ]]; then
        echo /usr/local/cuda/bin/nvcc
    fi
}

build_cuda() {
    local nvcc="$1"
    mkdir -p "$target/cuda" "$target/lib" "$target/bin"
    echo "native-hip: CUDA build with $nvcc"
    configure_and_build "$target/cuda" -DGPU_RUNTIME=CUDA -DCMAKE_CUDA_COMPILER="$nvcc"
    cp "$target/cuda/libholdfast_native.so" "$target/lib/"
    cp "$target/cuda/holdfast_native_selftest" "$target/cuda/holdfast_native_bench" "$target/bin/"
    # The NCCL glue, where CMake found NCCL 2.28+ (NCCL_HOME): beside libholdfast_native, where the Java bridge
    # (band windows, halo probe) looks for it, with the band check and the halo probe's table program.
    if [[ -f "$target/cuda/libholdfast_nccl_bands.so" ]]; then
        cp "$target/cuda/libholdfast_nccl_bands.so" "$target/lib/"
        cp "$target/cuda/holdfast_bands_nccl_check" "$target/cuda/holdfast_nccl_halo_probe" "$target/bin/"
    fi
}

# The clang that hipcc drives (Debian: clang++-15), as CMake's HIP compiler.
find_hip_clang() {
    local clang
    clang="$(HIPCC_VERBOSE=1 hipcc --offload-arch=gfx90a --version 2>&1 | sed -n 's/^hipcc-cmd: *\([^ ]*\).*/\1/p' | head -n 1)"
    if [[ -z "$clang" ]]; then
        clang="$(hipconfig --hipclangpath)/clang++"
    fi
    echo "$clang"
}

# CMake 3.21+ looks for <ROCm root>/lib/cmake/hip-lang/hip-lang-config.cmake. Upstream ROCm has
# it there; Debian installs it under lib/<multiarch>/cmake, with the device bitcode under
# lib/<multiarch>/amdgcn/bitcode, which clang does not find on its own either. For that layout
# we give CMake a root whose lib/cmake/hip-lang links to Debian's, add the multiarch CMake
# folder to the package search path (amd_comgr, hsa-runtime64), and tell clang where ROCm is.
build_hip() { # run_tests: ON or OFF
    local rocm clang build_dir="$target/hip" run_tests="$1"
    export HIP_PLATFORM=amd # hipcc would pick NVIDIA where nvcc is installed
    rocm="$(hipconfig --rocmpath)"
    clang="$(find_hip_clang)"
    mkdir -p "$build_dir"
    local -a arguments=(-DGPU_RUNTIME=HIP -DCMAKE_HIP_COMPILER="$clang" -DCMAKE_HIP_ARCHITECTURES=gfx90a
        -DHOLDFAST_BUILD_SELFTEST=ON -DHOLDFAST_BUILD_TESTS="$run_tests")
    if [[ ! -f "$rocm/lib/cmake/hip-lang/hip-lang-config.cmake" ]]; then
        local lang_config bitcode root="$build_dir/rocm-root"
        lang_config="$(find "$rocm/lib" -path '*/cmake/hip-lang/hip-lang-config.cmake' -print -quit)"
        bitcode="$(find "$rocm/lib" -name ocml.bc -printf '%h\n' -quit)"
        if [[ -z "$lang_config" || -z "$bitcode" ]]; then
            echo "native-hip: hipcc found, but no hip-lang CMake package or device bitcode under $rocm/lib" >&2
            return 1
        fi
        mkdir -p "$root/lib/cmake"
        ln -sfn "$(dirname "$lang_config")" "$root/lib/cmake/hip-lang"
        export CMAKE_PREFIX_PATH="$(dirname "$(dirname "$lang_config")")${CMAKE_PREFIX_PATH:+:$CMAKE_PREFIX_PATH}"
        arguments+=(-DCMAKE_HIP_COMPILER_ROCM_ROOT="$root"
            "-DCMAKE_HIP_FLAGS=--rocm-path=$rocm --rocm-device-lib-path=$bitcode")
    fi
    echo "native-hip: HIP build (gfx90a) with $clang, ROCm at $rocm"
    configure_and_build "$build_dir" "${arguments[@]}"
}

nvcc="$(find_nvcc)"
if [[ -n "$nvcc" ]]; then
    build_cuda "$nvcc"
else
    skipped+=("CUDA (nvcc is neither on PATH nor in /usr/local/cuda/bin)")
fi

if command -v hipcc >/dev/null 2>&1; then
    build_hip "$([[ -n "$nvcc" ]] && echo OFF || echo ON)" # the CUDA build already ran the host tests
else
    skipped+=("HIP (hipcc is not on PATH: apt-get install hipcc libamdhip64-dev)")
fi

if ((${#skipped[@]} > 0)); then
    joined="$(printf '%s; ' "${skipped[@]}")"
    echo "native-hip: skipped ${joined%; }"
fi
