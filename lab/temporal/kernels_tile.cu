/* kernels_tile.cu: the tile kernels, K = 1, 2, 3, 4, 8, on 64 x 64 tiles (256 threads) and
 * 128 x 64 tiles (512 threads). */
#include "kernel_tables.h"

namespace temporal_tools {

const TileKernels kTileKernels[] = {
    tile_kernels<1, 64, 64, 256>(),  tile_kernels<2, 64, 64, 256>(),  tile_kernels<3, 64, 64, 256>(),
    tile_kernels<4, 64, 64, 256>(),  tile_kernels<8, 64, 64, 256>(),  tile_kernels<1, 128, 64, 512>(),
    tile_kernels<2, 128, 64, 512>(), tile_kernels<3, 128, 64, 512>(), tile_kernels<4, 128, 64, 512>(),
    tile_kernels<8, 128, 64, 512>(),
};
const int kTileKernelCount = int(sizeof kTileKernels / sizeof kTileKernels[0]);

}  // namespace temporal_tools
