# lab_boundary.cmake: product code never depends on the top-level lab folder (experiments, probes,
# device kits). Run by ctest as `cmake -DROOT=<repository> -P lab_boundary.cmake`; fails, naming
# file and line, when
#   - a native source or header of the library, its self-test or its tests includes a path into the
#     lab, or a header whose name only a lab file has (structure tools would draw an arrow into it);
#   - a build file (CMakeLists.txt, native-hip/build.sh, any pom.xml) names a path in the lab;
#   - Java main sources hold a string literal that starts with the lab's folder.
cmake_minimum_required(VERSION 3.20)
if(NOT ROOT OR NOT IS_DIRECTORY "${ROOT}/native-hip")
    message(FATAL_ERROR "lab_boundary: give -DROOT=<the repository's root>")
endif()
set(lab "${ROOT}/lab")
set(problems "")

# Basenames of every file in the lab that no product folder also has.
file(GLOB_RECURSE lab_files LIST_DIRECTORIES false "${lab}/*")
file(GLOB_RECURSE native_files LIST_DIRECTORIES false "${ROOT}/native-hip/src/*" "${ROOT}/native-hip/include/*"
    "${ROOT}/native-hip/selftest/*" "${ROOT}/native-hip/tests/*")
set(native_names "")
foreach(file IN LISTS native_files)
    get_filename_component(name "${file}" NAME)
    list(APPEND native_names "${name}")
endforeach()
set(lab_only_names "")
foreach(file IN LISTS lab_files)
    get_filename_component(name "${file}" NAME)
    if(name MATCHES "\\.(h|hpp|cuh|c|cc|cpp|cu)$" AND NOT name IN_LIST native_names)
        list(APPEND lab_only_names "${name}")
    endif()
endforeach()

# Appends "file:line: text" for every line of FILE that matches REGEX.
function(scan file regex why)
    file(STRINGS "${file}" lines REGEX "${regex}")
    file(RELATIVE_PATH relative "${ROOT}" "${file}")
    foreach(line IN LISTS lines)
        string(STRIP "${line}" line)
        list(APPEND problems "${relative}: ${why}: ${line}")
    endforeach()
    set(problems "${problems}" PARENT_SCOPE)
endfunction()

set(into_lab "(^|[^A-Za-z0-9_-])lab/")
foreach(file IN LISTS native_files)
    if(file MATCHES "\\.(h|hpp|cuh|c|cc|cpp|cu)$")
        scan("${file}" "^[ \t]*#[ \t]*include[ \t]*[\"<]([^\">]*/)?(lab/|\\.\\./\\.\\./)" "includes a path into the lab")
        file(STRINGS "${file}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
        foreach(line IN LISTS includes)
            string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" included "${line}")
            get_filename_component(included "${included}" NAME)
            if(included IN_LIST lab_only_names)
                file(RELATIVE_PATH relative "${ROOT}" "${file}")
                list(APPEND problems "${relative}: includes ${included}, which only the lab has")
            endif()
        endforeach()
    endif()
endforeach()

file(GLOB_RECURSE build_files LIST_DIRECTORIES false "${ROOT}/native-hip/CMakeLists.txt"
    "${ROOT}/native-hip/*/CMakeLists.txt")
file(GLOB poms "${ROOT}/pom.xml" "${ROOT}/*/pom.xml" "${ROOT}/*/*/pom.xml")
list(APPEND build_files "${ROOT}/native-hip/build.sh" ${poms})
foreach(file IN LISTS build_files)
    scan("${file}" "${into_lab}" "a build file names the lab")
endforeach()

file(GLOB_RECURSE java_files LIST_DIRECTORIES false "${ROOT}/*/src/main/*.java" "${ROOT}/*/*/src/main/*.java")
foreach(file IN LISTS java_files)
    scan("${file}" "\"(\\./)?lab/" "product code reads the lab")
endforeach()

if(problems)
    # (file(STRINGS) splits a line at each ';', so a line may show as several)
    list(JOIN problems "\n  " listed)
    message(FATAL_ERROR "lab_boundary: product code depends on the lab:\n  ${listed}")
endif()
message(STATUS "lab_boundary: no product file includes, builds or reads anything under lab/")
