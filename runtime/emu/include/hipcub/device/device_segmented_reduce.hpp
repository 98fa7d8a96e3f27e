// cu2hip CPU SIMT emulator: <hipcub/device/device_segmented_reduce.hpp> is not emulated.
#pragma once
#error "cu2hip-emu: <hipcub/device/device_segmented_reduce.hpp> is not emulated (the emulated hipCUB subset: warp/block/device reduce and scan; docs/emulator.md)"
